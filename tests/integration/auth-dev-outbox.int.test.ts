import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '#tests/helpers/suite.ts';
import { call, cookieFrom, freshIp, onTestServer, signupBody } from './auth-helpers.ts';

describe('accounts without SMTP_URL: the development outbox', () => {
  const app = setUpTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '1000' });

  it('lists the verification email with its link on /dev/mail, and the link verifies the account', async () => {
    const body = signupBody({ companyName: 'Outbox Lettings' });
    expect((await call(app, 'POST', '/api/auth/signup', body, { ip: freshIp() })).status).toBe(201);

    const page = await fetch(`${app.url}/dev/mail`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Verify your email for LetLead');
    expect(html).toContain(body.email);
    const link = html.match(/href="(http[^"]+\/api\/auth\/verify-email\?token=[^"]+)"/)?.[1];
    expect(link).toBeDefined();

    const verify = await fetch(onTestServer(app, link!), { redirect: 'manual' });
    expect(verify.headers.get('location')).toBe('/login?verified=1');
    const login = await call(
      app,
      'POST',
      '/api/auth/login',
      { email: body.email, password: body.password },
      { ip: freshIp() },
    );
    expect(login.status).toBe(200);
    const me = await call(app, 'GET', '/api/auth/user', undefined, { cookie: cookieFrom(login) });
    expect((await me.json()).company.name).toBe('Outbox Lettings');
  });

  it('escapes what it shows', async () => {
    await app.ctx.sendEmail({
      to: 'x@example.test',
      subject: '<script>alert(1)</script>',
      text: 'Hello <b>',
    });
    const html = await (await fetch(`${app.url}/dev/mail`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });
});
