import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { chatTranscripts, conversations } from '#server/db/schema.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertLead, insertProperty, unique } from '#tests/helpers/factories.ts';
import { expect, SESSION_SECRET, seededTest } from './fixtures.ts';

/**
 * In a real browser, against the production build: text a tenant or an agent typed is shown as
 * text (no XSS on the dashboard, the lead panel, the transcript or the chat page), every page
 * runs under a CSP that allows our own scripts only, the chat can be framed by an agency's site
 * while the dashboard cannot, and the client bundle carries no secret.
 */

const XSS = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=2</script>';

async function seed(app: TestApp) {
  const { company, ...user } = await createCompanyUser(
    app,
    {
      name: `${XSS} Lettings`,
      slug: unique('xss-lettings'),
    },
    { firstName: XSS, lastName: SCRIPT },
  );
  const property = await insertProperty(app, company.id, company.slug, {
    propertyName: `${SCRIPT} Loft`,
    propertyAddress: `${XSS} 1 High Street`,
    parkingSpace: '"><svg onload=window.__xss=3>',
    landlord: `${XSS} landlord`,
  });
  const [conversation] = await app.ctx.db
    .insert(conversations)
    .values({
      sessionKey: unique('session'),
      companyId: company.id,
      status: 'ended',
      messages: [
        { id: 'm1', sender: 'ai', content: `Hello from ${XSS}`, timestamp: '2026-01-05T15:00:00.000Z' },
        {
          id: 'm2',
          sender: 'user',
          content: `I am ${SCRIPT} and ${XSS}`,
          timestamp: '2026-01-05T15:01:00.000Z',
        },
      ],
    })
    .returning();
  const [transcript] = await app.ctx.db
    .insert(chatTranscripts)
    .values({
      companyId: company.id,
      conversationId: conversation!.id,
      fileName: 'chat.txt',
      content: `AI: Hello from ${XSS}`,
      processed: true,
    })
    .returning();
  const leadName = `${XSS} Mallory`;
  await insertLead(app.ctx.db, company.id, {
    name: leadName,
    email: 'mallory@example.test',
    profession: SCRIPT,
    availability: 'javascript:window.__xss=4',
    propertyName: property.propertyName,
    propertyLocation: property.propertyAddress,
    conversationId: conversation!.id,
    chatTranscriptId: transcript!.id,
    scoreBreakdown: {
      total: 1,
      max: 10,
      parts: [{ label: 'Occupation', points: 1, max: 1, reason: XSS }],
    },
  });
  return {
    cookie: user.cookie,
    companyName: company.name,
    companySlug: company.slug,
    propertySlug: property.slug,
    propertyName: property.propertyName,
    leadName,
  };
}

const test = seededTest(seed).extend<{ watch: Page }>({
  // The page, recording every CSP violation and every script that tried to run from data.
  watch: async ({ page }, use) => {
    await page.addInitScript(() => {
      const record = window as unknown as { __cspViolations: string[] };
      record.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        record.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await use(page);
  },
});

/** Nothing a tenant typed ran: no flag set, no element made from their markup, no CSP report. */
async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"], svg[onload], script:not([src])')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  ).toEqual([]);
}

test.describe('stored text is shown as text', () => {
  test('the dashboard, the lead panel and its transcript', async ({ openAs, watch: page, seeded }) => {
    await openAs(seeded.cookie);
    await expect(page.getByRole('heading', { level: 1, name: seeded.companyName })).toBeVisible();
    const table = page.getByRole('table');
    const row = table.getByRole('row', { name: /Mallory/ });
    await expect(row).toContainText(seeded.leadName);
    await expect(row).toContainText(SCRIPT);
    await expect(row).toContainText('javascript:window.__xss=4');
    await expect(row.getByRole('link', { name: 'javascript:window.__xss=4' })).toHaveCount(0);
    await expectNothingRan(page);

    await row.click();
    const panel = page.getByRole('dialog', { name: seeded.leadName });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(`Hello from ${XSS}`)).toBeVisible();
    await expect(panel.getByText(`I am ${SCRIPT} and ${XSS}`)).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Occupation' })).toContainText(XSS);
    await expectNothingRan(page);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Property List' }).click();
    await expect(page.getByText(seeded.propertyName).first()).toBeVisible();
    await expect(page.getByText(`${XSS} landlord`).first()).toBeVisible();
    await expectNothingRan(page);
  });

  test("the chat page shows the agency, the property and the tenant's words as text", async ({
    watch: page,
    seeded,
  }) => {
    await page.goto(`/chatbot/${seeded.companySlug}/${seeded.propertySlug}`);
    await expect(page.getByRole('heading', { level: 1, name: seeded.companyName })).toBeVisible();
    await expect(page.getByText(seeded.propertyName).first()).toBeVisible();
    const log = page.getByRole('log', { name: 'Conversation' });
    await expect(log).toContainText(seeded.companyName.replace(' Lettings', ''));
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(`My name is ${XSS} and I work as ${SCRIPT}`);
    await box.press('Enter');
    await expect(log.getByText(`My name is ${XSS} and I work as ${SCRIPT}`)).toBeVisible();
    await expect(log.locator(':scope > div')).toHaveCount(3);
    await expectNothingRan(page);
  });
});

test.describe('pages and headers', () => {
  test('every page runs under a CSP with our own scripts only, and shows no violation', async ({
    watch: page,
    seeded,
  }) => {
    const pages = [
      '/',
      '/pricing',
      '/demovideo',
      '/gdpr',
      '/login',
      '/signup',
      '/reset-password',
      '/update-password',
      '/checkout/cancel',
      '/holdingpage',
      `/chatbot/${seeded.companySlug}`,
      `/chatbot/${seeded.companySlug}/${seeded.propertySlug}`,
      '/no-such-page',
    ];
    for (const pathname of pages) {
      const response = await page.goto(pathname);
      const headers = response!.headers();
      const csp = headers['content-security-policy'] ?? '';
      const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc.trim(), pathname).toBe("script-src 'self'");
      expect(csp, pathname).not.toContain('unsafe-eval');
      const framing = csp
        .split(';')
        .find((part) => part.trim().startsWith('frame-ancestors'))
        ?.trim();
      const embeddable = pathname.startsWith('/chatbot/') || pathname === '/holdingpage';
      expect(framing, pathname).toBe(embeddable ? 'frame-ancestors *' : "frame-ancestors 'none'");
      // An inline script would be blocked by that policy: the HTML must not need one.
      const html = await response!.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>/g)].filter(
        ([, attributes]) =>
          !/\bsrc=/.test(attributes ?? '') && !/type="application\/(ld\+)?json"/.test(attributes ?? ''),
      );
      expect(inline, pathname).toEqual([]);
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
        pathname,
      ).toEqual([]);
    }
  });

  test("an agency's website can frame the chat, and no site can frame the dashboard", async ({
    page,
    seeded,
    baseURL,
  }) => {
    // An agency's website: another origin, serving a page with two frames.
    const agencySite: Server = createHttpServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<!doctype html><title>Agency</title>
<iframe id="chat" title="Chat with us" src="${baseURL}/chatbot/${seeded.companySlug}" width="400" height="600"></iframe>
<iframe id="dashboard" title="Dashboard" src="${baseURL}/login" width="400" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => agencySite.listen(0, '127.0.0.1', resolve));
    const port = (agencySite.address() as { port: number }).port;
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      const chat = page.frameLocator('#chat');
      await expect(chat.getByRole('log', { name: 'Conversation' })).toContainText(
        seeded.companyName.replace(' Lettings', ''),
      );
      await expect(chat.getByRole('textbox', { name: 'Message' })).toBeVisible();
      // The login page (like every page that is not the chat) is refused inside a frame: Chromium
      // shows its error page there instead.
      const dashboard = await (await page.$('#dashboard'))!.contentFrame();
      await expect.poll(() => dashboard!.url()).toMatch(/^chrome-error:/);
      expect(await dashboard!.locator('input').count()).toBe(0);
    } finally {
      await new Promise((resolve) => agencySite.close(resolve));
    }
  });
});

test('the client bundle and the prerendered pages carry no secret', async () => {
  const secrets = [
    /sk_(live|test)_[0-9a-zA-Z]{8,}/,
    /rk_(live|test)_[0-9a-zA-Z]{8,}/,
    /whsec_[0-9a-zA-Z]{8,}/,
    /postgres(ql)?:\/\/[^\s"'`]+@/,
    /redis:\/\/[^\s"'`]+@/,
    /smtps?:\/\/[^\s"'`]+:[^\s"'`]+@/,
    /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
    /SESSION_SECRET|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|AI_API_KEY|DATABASE_URL/,
    new RegExp(SESSION_SECRET),
  ];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(js|mjs|css|html|json|map|txt|xml|webmanifest)$/.test(name)) files.push(file);
    }
  };
  walk('dist/web');
  walk('dist/prerendered');
  expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const secret of secrets) expect(text, `${file} matches ${secret}`).not.toMatch(secret);
  }
});
