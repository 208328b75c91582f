import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app.ts';
import { setUpTestApp } from '#tests/helpers/suite.ts';

describe('public site configuration and crawler files', () => {
  const app = setUpTestApp({ APP_URL: 'https://letlead.example', CONTACT_EMAIL: 'team@letlead.example' });

  it('exposes the public contact email', async () => {
    const response = await fetch(`${app.url}/api/public/config`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ contactEmail: 'team@letlead.example' });
  });

  it('falls back to hello@ the site host when no contact email is configured', async () => {
    const plain = await createTestApp({ APP_URL: 'https://agents.example.co.uk' });
    try {
      expect(await (await fetch(`${plain.url}/api/public/config`)).json()).toEqual({
        contactEmail: 'hello@agents.example.co.uk',
      });
    } finally {
      await plain.close();
    }
  });

  it('serves robots.txt pointing crawlers at the sitemap on this address', async () => {
    const response = await fetch(`${app.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('Sitemap: https://letlead.example/sitemap.xml');
    expect(text).toContain('Disallow: /api/');
  });

  it('serves a sitemap of the public pages with absolute URLs', async () => {
    const response = await fetch(`${app.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(
      expect.arrayContaining([
        'https://letlead.example/',
        'https://letlead.example/pricing',
        'https://letlead.example/demovideo',
        'https://letlead.example/gdpr',
      ]),
    );
    expect(locations.every((location) => location.startsWith('https://letlead.example/'))).toBe(true);
  });
});
