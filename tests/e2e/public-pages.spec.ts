import { readFileSync } from 'node:fs';
import { expect, expectFingerSized, expectNoSeriousA11yViolations, test } from './fixtures.ts';

const publicPages = [
  { path: '/', title: /LetLead: AI tenant screening and automated lead qualification/ },
  { path: '/pricing', title: /Pricing \| LetLead/ },
  { path: '/demovideo', title: /Demo: AI tenant screening in four steps \| LetLead/ },
  { path: '/gdpr', title: /Privacy policy and GDPR \| LetLead/ },
];

test.describe('every public page', () => {
  for (const { path, title } of publicPages) {
    test(`${path} is prerendered with its own title, description and link preview`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain('data-prerendered');
      expect(html).toMatch(new RegExp(`<title>${title.source}`));
      const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1] ?? '';
      expect(description.length).toBeGreaterThan(60);
      // Absolute URLs on the configured APP_URL.
      const url = html.match(/<meta property="og:url" content="([^"]+)"/)?.[1] ?? '';
      expect(new URL(url).pathname).toBe(path);
      expect(html).toContain(`<link rel="canonical" href="${url}"`);
      expect(html).toContain(`<meta property="og:image" content="${new URL(url).origin}/og-image.png"`);
      expect(html).not.toContain('__LETLEAD_');
    });

    test(`${path} has no serious accessibility violations at phone and desktop widths`, async ({ page }) => {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      }
    });
  }

  test('load only the islands script, with no React', async ({ page }) => {
    // The islands' own build (scripts/build-web.ts) and its manifest.
    const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest-site.json', 'utf8')) as Record<
      string,
      { file: string }
    >;
    const islandFiles = new Set(Object.values(manifest).map((chunk) => `/${chunk.file}`));
    for (const { path } of publicPages) {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(scripts[0], path).toMatch(/^\/assets\/site-[\w-]+\.js$/);
      expect(
        scripts.filter((script) => !islandFiles.has(script)),
        path,
      ).toEqual([]);
      // One small script: every island is enhanced without React.
      expect(scripts, path).toHaveLength(1);
      page.removeAllListeners('request');
    }
  });

  test('send scripts and styles compressed at build time, and pages compressed too', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const script = html.match(/<script type="module"[^>]* src="([^"]+)"/)?.[1] ?? '';
    expect(script).toMatch(/^\/assets\//);
    const plain = await request.get(script, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    const body = await plain.body();
    for (const encoding of ['br', 'gzip']) {
      // Playwright decodes the body: it must be the same script, sent in fewer bytes.
      const response = await request.get(script, { headers: { 'accept-encoding': `${encoding}, deflate` } });
      expect(response.headers()['content-encoding']).toBe(encoding);
      expect(response.headers().vary).toMatch(/accept-encoding/i);
      expect(Number(response.headers()['content-length'])).toBeLessThan(body.length / 2);
      expect((await response.body()).equals(body)).toBe(true);
    }
    const page = await request.get('/pricing', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.headers()['content-encoding']).toBe('br');
    expect(page.headers().vary).toMatch(/Cookie, Accept-Encoding/);
    expect(await page.text()).toContain('Simple monthly plans');
  });

  test('titles and descriptions differ from page to page, also after moving between pages', async ({
    page,
  }) => {
    await page.goto('/');
    const landing = await page.locator('meta[name="description"]').getAttribute('content');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /Privacy policy/ })
      .click();
    await expect(page).toHaveTitle('Privacy policy and GDPR | LetLead');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).not.toBe(landing);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Watch Our Demo' }).click();
    await expect(page).toHaveTitle('Demo: AI tenant screening in four steps | LetLead');
  });

  test('icons, the web manifest, robots.txt and the sitemap are served', async ({ request }) => {
    for (const [path, type] of [
      ['/favicon.svg', 'image/svg+xml'],
      ['/apple-touch-icon.png', 'image/png'],
      ['/icon-192.png', 'image/png'],
      ['/og-image.png', 'image/png'],
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type']).toContain(type);
    }
    const manifest = await (await request.get('/site.webmanifest')).json();
    expect(manifest.name).toBe('LetLead');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
    // An agency's chat link is its public listing page: search engines may find it.
    expect(robots).not.toMatch(/^Disallow: \/chatbot/m);
    expect(robots).toMatch(/^Disallow: \/my-account$/m);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(/<loc>http:\/\/localhost:\d+\/gdpr<\/loc>/);
  });

  test('a chat link shared in a message previews with the brand icon, colour and image, like the site', async ({
    request,
  }) => {
    const html = await (await request.get('/chatbot/any-agency/any-home')).text();
    expect(html).toContain('<meta property="og:title" content="Chat with the letting agency"');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/og-image\.png"/);
    expect(html).toContain('<meta property="og:site_name" content="LetLead"');
    expect(html).toContain('<meta name="theme-color" content="#0f766e"');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"');
    expect(html).not.toContain('__LETLEAD_');
  });

  test('a visitor with a session cookie gets the app itself, which still shows the landing page when signed out', async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext({ baseURL: server.url });
    await context.addCookies([{ name: 'letlead.session_token', value: 'expired', url: server.url }]);
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(await response?.text()).not.toContain('data-prerendered');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('AI tenant screening');
    // The app's React components attach the same enhancements as the prerendered page's script.
    const question = page.getByRole('button', { name: 'What is LetLead?' });
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    const demo = page.getByRole('figure', { name: /Demo: a tenant chats/ });
    await demo.getByRole('button', { name: 'Qualification Dashboard' }).click();
    await expect(demo.getByRole('table', { name: 'Qualification Dashboard' })).toBeVisible();
    await context.close();
  });
});

test.describe('the demo page', () => {
  test('walks through the four steps with captions, on its own and with its controls', async ({ page }) => {
    await page.clock.install();
    await page.goto('/demovideo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('See how LetLead works');
    const steps = page.getByRole('heading', { level: 3 });
    await expect(steps).toHaveText(['Sign up', 'Create a link', 'Share with tenants', 'AI creates leads']);

    const walkthrough = page.getByRole('region', { name: 'Product walkthrough' });
    await expect(walkthrough.getByRole('button', { name: 'Next step' })).toBeEnabled();
    await page.clock.pauseAt(Date.now() + 60_000);
    await walkthrough.getByRole('button', { name: 'Pause the walkthrough' }).click();
    await walkthrough.getByRole('button', { name: '1. Sign up' }).click();
    await expect(walkthrough.getByText('Step 1 of 4: Sign up')).toBeVisible();

    await walkthrough.getByRole('button', { name: 'Next step' }).click();
    await expect(walkthrough.getByText('Step 2 of 4: Create a link')).toBeVisible();
    await expect(walkthrough.getByText(/generates its own AI agent link/)).toBeVisible();
    await walkthrough.getByRole('button', { name: 'Previous step' }).click();
    await expect(walkthrough.getByText('Step 1 of 4: Sign up')).toBeVisible();
    await walkthrough.getByRole('button', { name: '4. AI creates leads' }).click();
    await expect(walkthrough.getByText('Step 4 of 4: AI creates leads')).toBeVisible();
    await expect(walkthrough.getByRole('button', { name: '4. AI creates leads' })).toHaveAttribute(
      'aria-current',
      'step',
    );

    // Playing again, it moves on by itself and loops back to the start.
    await walkthrough.getByRole('button', { name: 'Play the walkthrough' }).click();
    await page.clock.runFor(6000);
    await expect(walkthrough.getByText('Step 1 of 4: Sign up')).toBeVisible();
    await page.clock.runFor(6000);
    await expect(walkthrough.getByText('Step 2 of 4: Create a link')).toBeVisible();
  });

  test('paused, its progress bar stands full rather than frozen part way', async ({ page }) => {
    // Real time (no test clock): the bar is a CSS animation that runs as the page plays.
    await page.goto('/demovideo');
    const walkthrough = page.getByRole('region', { name: 'Product walkthrough' });
    const bar = walkthrough.locator('[data-walkthrough-progress]');
    const filled = () =>
      bar.evaluate((element) => element.clientWidth / (element.parentElement?.clientWidth ?? 1));
    await expect.poll(filled).toBeGreaterThan(0);
    // At once: a bar still running would take the step's 6 s to fill.
    await walkthrough.getByRole('button', { name: 'Pause the walkthrough' }).click();
    await expect.poll(filled, { timeout: 2000 }).toBe(1);
    await walkthrough.getByRole('button', { name: '2. Create a link' }).click();
    await expect.poll(filled, { timeout: 2000 }).toBe(1);
    // Playing again, a step chosen part way fills the bar from empty.
    await walkthrough.getByRole('button', { name: 'Play the walkthrough' }).click();
    await expect.poll(filled).toBeGreaterThan(0.3);
    await walkthrough.getByRole('button', { name: '3. Share with tenants' }).click();
    await expect.poll(filled, { timeout: 1000 }).toBeLessThan(0.25);
  });

  test('leads on to sign-up and pricing', async ({ page }) => {
    await page.goto('/demovideo');
    await page.getByRole('main').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'See pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe('the privacy policy', () => {
  test('reads as a complete policy for a UK lettings service', async ({ page, server }) => {
    await page.goto('/gdpr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await expect(contents.getByRole('link')).toHaveCount(16);
    // On a phone each of the contents' links is a finger's size.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFingerSized(contents.getByRole('link'), 16);
    await page.screenshot({ path: test.info().outputPath('gdpr-contents-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath('gdpr-contents-1280.png') });
    const policy = page.getByRole('article');
    for (const heading of [
      'Controller and processor',
      'What we collect from letting agents',
      'What we collect from tenants',
      'How we use data and our lawful bases',
      'How long we keep data',
      'Sub-processors and sharing',
      'Cookies and browser storage',
      'Your rights and how to use them',
    ]) {
      await expect(policy.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    const text = await policy.innerText();
    expect(text).toMatch(/agency is the controller of tenant data/i);
    expect(text).toMatch(/LetLead is the agency's processor/i);
    expect(text).toMatch(
      /LetLead is the controller of the personal data of the people who hold LetLead accounts/i,
    );
    expect(text).toMatch(/up to 12 months after it is closed/);
    expect(text).toMatch(/Up to 7 years/);
    expect(text).toMatch(/Up to 12 months from the enquiry/);
    expect(text).toMatch(/within 72 hours/);
    expect(text).toMatch(/Stripe/);
    expect(text).toMatch(/Email delivery provider/);
    expect(text).toMatch(/hosting/i);
    expect(text).toMatch(/AI language model provider/);
    expect(text).toMatch(/Renters' Rights Act/);
    expect(text).toMatch(/Receiving benefits and having children never lower a score/);
    expect(text).toMatch(/session cookie/);
    expect(text).toMatch(/analytics are cookieless/i);
    expect(text).toMatch(/Information Commissioner's Office/);
    const email = `hello@${new URL(server.url).hostname}`;
    await expect(policy.getByRole('link', { name: email }).first()).toHaveAttribute(
      'href',
      `mailto:${email}`,
    );

    await contents.getByRole('link', { name: '8. How long we keep data' }).click();
    await expect(page).toHaveURL(/#retention$/);
    await expect(page.getByRole('heading', { name: 'How long we keep data' })).toBeInViewport();
  });
});

test.describe('the 404 page', () => {
  test('answers an unknown address with status 404 and offers a way home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    expect(await response?.text()).toContain('<meta name="robots" content="noindex"');
    await expect(page).toHaveTitle('Page not found | LetLead');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('AI tenant screening');
  });
});

test.describe('first-party analytics', () => {
  type Beacon = { events: { kind: string; path: string; metric?: string; referrer?: string | null }[] };

  function collectBeacons(page: import('@playwright/test').Page): Beacon[] {
    const beacons: Beacon[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics') {
        beacons.push(JSON.parse(request.postData() ?? '{}') as Beacon);
      }
    });
    return beacons;
  }

  test('sends a page view at once and the web vitals after 5 s, to our own server', async ({ page }) => {
    const beacons = collectBeacons(page);
    await page.clock.install();
    const accepted = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/analytics' && response.status() === 204,
    );
    await page.goto('/gdpr');
    await page.clock.fastForward(1000);
    await accepted;
    const events = () => beacons.flatMap((beacon) => beacon.events);
    const eventsOf = (kind: string) => events().filter((event) => event.kind === kind);
    expect(events()).toContainEqual({ kind: 'pageview', path: '/gdpr', referrer: null });
    expect(eventsOf('vital')).toEqual([]);

    await page.clock.fastForward(5000);
    // First Contentful Paint is known by then; the others follow as the visit goes on.
    await expect.poll(() => eventsOf('vital').map((event) => event.metric)).toContain('FCP');

    // Moving to another page counts that page too.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await page.clock.fastForward(1000);
    await expect.poll(() => eventsOf('pageview').map((event) => event.path)).toEqual(['/gdpr', '/pricing']);
  });

  test('counts nothing for a browser that sends Global Privacy Control', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true });
    });
    const beacons = collectBeacons(page);
    await page.clock.install();
    await page.goto('/');
    await expect(
      page
        .getByRole('button', { name: 'Open menu' })
        .or(page.getByRole('link', { name: 'Sign In' }))
        .first(),
    ).toBeVisible();
    await page.clock.fastForward(10_000);
    await page.waitForTimeout(500);
    expect(beacons).toEqual([]);
  });
});
