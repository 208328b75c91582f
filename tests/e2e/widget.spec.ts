import { createServer, type Server } from 'node:http';
import type { TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, unique } from '#tests/helpers/factories.ts';
import { freePort } from '#tests/helpers/free-port.ts';
import { test as base, collectErrors, expect, type LetLeadServer, startSeededServer } from './fixtures.ts';

/**
 * The website widget on an agency's own site: another origin, with its own Content Security
 * Policy that allows only our script and frame (no inline styles). The launcher opens the chat
 * in a panel, full screen on a phone; Escape closes it; nothing is logged as an error.
 */

type Seeded = { server: LetLeadServer; companySlug: string; host: string };

async function seed(app: TestApp) {
  const { company } = await createCompanyUser(app, { name: 'Harbour Lettings', slug: unique('widget') });
  return { companySlug: company.slug };
}

/** The agency's own site, on another port (another origin), with a strict CSP of its own. */
async function startHostSite(appUrl: string, companySlug: string): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const appOrigin = new URL(appUrl).origin;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour Lettings</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Harbour Lettings</h1><p>Homes to rent in Leeds.</p><a href="#listings">Our listings</a></main>
<script src="${appOrigin}/widget.js" data-company="${companySlug}" async></script></body></html>`;
  const server = createServer((request, response) => {
    if (request.url === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'self'; script-src ${appOrigin}; frame-src ${appOrigin}; style-src 'self'; img-src 'self'`,
    });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, server };
}

const test = base.extend<object, { seeded: Seeded; server: LetLeadServer }>({
  seeded: [
    async ({}, use) => {
      const { server, seeded, stop } = await startSeededServer(seed);
      const host = await startHostSite(server.url, seeded.companySlug);
      await use({ server, companySlug: seeded.companySlug, host: host.url });
      await new Promise((resolve) => host.server.close(resolve));
      await stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  server: [async ({ seeded }, use) => use(seeded.server), { scope: 'worker' }],
});

for (const { width, height, isPhone } of [
  { width: 390, height: 844, isPhone: true },
  { width: 1280, height: 800, isPhone: false },
]) {
  test(`the widget opens the chat on a foreign-origin page at ${width} px`, async ({ page, seeded }) => {
    await page.setViewportSize({ width, height });
    const errors = collectErrors(page);
    await page.goto(seeded.host);
    const launcher = page.getByRole('button', { name: 'Chat with us' });
    await expect(launcher).toBeVisible();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');

    await launcher.click();
    const panel = page.getByRole('dialog', { name: 'Chat with us' });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close chat' })).toBeFocused();
    const frame = page.frameLocator('iframe[title="Chat with us: chat"]');
    await expect(frame.getByText(/Hi, welcome to Harbour Lettings/)).toBeVisible({ timeout: 15_000 });
    const src = await page.locator('iframe').getAttribute('src');
    expect(src).toBe(`${seeded.server.url}/chatbot/${seeded.companySlug}?src=website`);

    const box = (await panel.boundingBox())!;
    if (isPhone) {
      expect(box).toMatchObject({ x: 0, y: 0, width, height });
    } else {
      expect(box.width).toBe(400);
      expect(box.x + box.width).toBe(width - 20);
    }
    await page.screenshot({ path: test.info().outputPath(`widget-${width}.png`) });

    // Focus stays in the panel: back from the close button goes to the chat, not the page.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    // The FAQ opens in a tab of its own: the chat stays in the panel.
    const faq = page.waitForEvent('popup');
    await frame.getByRole('link', { name: 'FAQ' }).click();
    await expect(await faq).toHaveURL(`${seeded.server.url}/#faq`);
    await (await faq).close();
    await expect(frame.getByText(/Hi, welcome to Harbour Lettings/)).toBeVisible();
    // Escape inside the chat closes the panel too.
    await frame.getByRole('textbox', { name: 'Message' }).focus();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();

    await launcher.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');

    expect(errors).toEqual([]);
  });
}
