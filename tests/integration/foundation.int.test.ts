import { describe, expect, it } from 'vitest';
import { createCompanyUser } from '#tests/helpers/factories.ts';
import { setUpTestApp } from '#tests/helpers/suite.ts';

describe('foundation', () => {
  const app = setUpTestApp();

  it('answers health and readiness', async () => {
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await fetch(`${app.url}/api/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
  });

  it('sends security headers with a strict script policy', async () => {
    const response = await fetch(`${app.url}/healthz`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a cookie-bearing state change from another origin', async () => {
    const { cookie } = await createCompanyUser(app);
    const response = await fetch(`${app.url}/api/anything`, {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toMatch(/origin/i);
  });

  it('answers malformed JSON with a clear 400', async () => {
    const response = await fetch(`${app.url}/api/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken":',
    });
    expect([400, 404]).toContain(response.status);
  });
});
