import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { collectErrors, expect, expectFingerSized, expectNoSeriousA11yViolations, test } from './fixtures.ts';

const sectionsInOrder = ['demo', 'features', 'pricing', 'about-us', 'faq', 'contact'];

/** A section has been scrolled to when its heading is on screen. */
async function expectScrolledTo(page: Page, id: string) {
  await expect(page.locator(`#${id}`).getByRole('heading', { level: 2 }).first()).toBeInViewport();
}

test.describe('the landing page', () => {
  test('is served prerendered, with its sections in the spec order, and comes alive without errors', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('data-prerendered');
    expect(html).toContain('AI tenant screening that');
    expect(html).toContain('<meta property="og:image" content="http');
    expect(html).not.toContain('__LETLEAD_');

    const errors = collectErrors(page);
    await page.goto('/');
    await expect(page).toHaveTitle(/AI tenant screening and automated (lead )?qualification/i);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /24\/7/);

    const order = await page.evaluate(() =>
      [...document.querySelectorAll('main > section[id]')].map((s) => s.id),
    );
    expect(order).toEqual(sectionsInOrder);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // Once its script has run, the FAQ answers to clicks.
    await page.getByRole('button', { name: 'What is LetLead?' }).click();
    await expect(page.getByRole('button', { name: 'What is LetLead?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(errors).toEqual([]);
  });

  test('states the marketing claims as the spec gives them', async ({ page }) => {
    await page.goto('/');
    const text = await page.locator('main').innerText();
    for (const claim of [
      /24\/7/,
      /5–10 minutes/,
      /top 10/,
      /Up to 500/,
      /8–10 listings a week/,
      /About 41 hours/,
      /under 5 minutes/,
      /Unlimited AI agents/,
      /stored securely with access limited to authorised staff/,
    ]) {
      expect(text).toMatch(claim);
    }
  });

  test('navigation links scroll to their sections and the hero buttons lead where the spec says', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['Features', 'features'],
      ['Pricing', 'pricing'],
      ['About Us', 'about-us'],
      ['Contact', 'contact'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expectScrolledTo(page, id);
    }

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: /^Learn More/ }).click();
    await expect(page).toHaveURL(/#demo$/);
    await expectScrolledTo(page, 'demo');

    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();

    await page
      .getByRole('main')
      .getByRole('link', { name: /^Sign Up Now/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.goBack();

    const hero = page.getByRole('region', { name: /AI tenant screening that/ });
    await hero.getByRole('link', { name: 'Watch Our Demo' }).click();
    await expect(page).toHaveURL(/\/demovideo$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('See how LetLead works');
    await page.goBack();

    await page
      .getByRole('region', { name: /AI tenant screening that/ })
      .getByRole('link', { name: /pricing/i })
      .click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('has Get Started buttons to sign-up and plan cards from the plan table', async ({ page }) => {
    await page.goto('/');
    const getStarted = page.getByRole('link', { name: /^Get Started/ });
    expect(await getStarted.count()).toBeGreaterThanOrEqual(5);
    for (const href of await getStarted.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')),
    )) {
      expect(href).toMatch(/^\/signup/);
    }
    const pricing = page.getByRole('region', { name: 'Simple monthly plans that grow with you' });
    for (const [plan, price, credits] of [
      ['Free', '£0', '30'],
      ['Small', '£35', '500'],
      ['Medium', '£70', '1,500'],
      ['Large', '£140', '5,000'],
    ]) {
      const card = pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan }) });
      await expect(card).toContainText(price);
      await expect(card).toContainText(`${credits} enquiry credits a month`);
    }
    await expect(pricing.getByRole('listitem').filter({ hasText: 'Most Popular' })).toContainText('Medium');
  });

  test('on a phone, the links under the hero, the demo buttons and the footer links fit a finger', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const hero = page.getByRole('region', { name: /AI tenant screening that/ });
    await expectFingerSized(hero.getByRole('link', { name: /^(Watch Our Demo|See plans and pricing)$/ }), 2);
    await expectFingerSized(
      page.getByRole('button', { name: /^(Pause the demo|Conversation|Qualification Dashboard)$/ }),
      3,
    );
    // Features, Demo, About Us and Contact; Pricing, Watch Our Demo, Sign Up, Sign In; the policy.
    await expectFingerSized(page.getByRole('contentinfo').locator('a, button'), 9);
  });

  test('footer buttons scroll smoothly to their sections and the legal link opens the privacy policy', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [label, id] of [
      ['Features', 'features'],
      ['Demo', 'demo'],
      ['About Us', 'about-us'],
      ['Contact', 'contact'],
    ] as const) {
      await footer.getByRole('button', { name: label, exact: true }).click();
      await expectScrolledTo(page, id);
      await expect(page.locator(`#${id}`)).toBeFocused();
    }
    await footer.getByRole('link', { name: /Privacy policy/ }).click();
    await expect(page).toHaveURL(/\/gdpr$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  });

  test('the FAQ has the spec questions and keeps one answer open at a time', async ({ page }) => {
    await page.goto('/#faq');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.getByRole('heading', { level: 3 });
    await expect(questions).toHaveCount(7);
    await expect(questions).toHaveText([
      'What is LetLead?',
      'Is my data secure and compliant with UK GDPR?',
      'How does the AI qualify tenants?',
      'How quickly can I start using LetLead?',
      'What happens to qualified leads?',
      'How do I get started?',
      'Can I use LetLead for multiple properties?',
    ]);

    const security = faq.getByRole('button', { name: 'Is my data secure and compliant with UK GDPR?' });
    const multiple = faq.getByRole('button', { name: 'Can I use LetLead for multiple properties?' });
    await expect(faq.getByText(/processor/)).toBeHidden();

    await security.click();
    await expect(security).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText(/LetLead is your processor/)).toBeVisible();

    await multiple.click();
    await expect(multiple).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText(/create unlimited AI agents/)).toBeVisible();
    await expect(security).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByText(/LetLead is your processor/)).toBeHidden();

    await multiple.click();
    await expect(multiple).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.locator('[data-state="open"]')).toHaveCount(0);
  });

  test('contact shows the public contact email and Sign Up Now', async ({ page, server }) => {
    await page.goto('/#contact');
    const contact = page.getByRole('region', { name: "Questions? We're happy to help" });
    const expected = `hello@${new URL(server.url).hostname}`;
    await expect(contact.getByRole('link', { name: expected })).toHaveAttribute('href', `mailto:${expected}`);
    await contact.getByRole('link', { name: 'Sign Up Now' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('the product picture arrives as AVIF at a sensible width, and a broken one says so', async ({
    page,
    browser,
  }) => {
    const imageRequest = page.waitForRequest((request) =>
      request.url().includes('/images/product-dashboard.png'),
    );
    await page.goto('/');
    await page.locator('#demo').getByRole('link', { name: 'Watch Our Demo' }).scrollIntoViewIfNeeded();
    const url = new URL((await imageRequest).url());
    expect(url.searchParams.get('f')).toBe('avif');
    expect(Number(url.searchParams.get('w'))).toBeLessThanOrEqual(1280);
    await expect(page.getByRole('img', { name: /LetLead dashboard listing qualified leads/ })).toBeVisible();

    const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const broken = await context.newPage();
    await broken.route('**/images/**', (route) => route.abort());
    await broken.goto('/');
    await broken.locator('#demo').getByRole('link', { name: 'Watch Our Demo' }).scrollIntoViewIfNeeded();
    await expect(broken.getByText('Failed to load image')).toBeVisible();
    await context.close();
  });

  test('has no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'How does the AI qualify tenants?' }).click();
    await expectNoSeriousA11yViolations(page);
  });
});

/**
 * Scrolls through the whole page as a visitor would, then waits for every picture to have loaded:
 * lazy pictures load as they near the viewport.
 */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let top = 0; top < height; top += step / 2) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0)),
    )
    .toBe(true);
}

/** How much the pixels of a screenshot vary: 0 for a flat box (an empty placeholder), far more for a picture. */
async function pixelSpread(png: Buffer): Promise<number> {
  const { channels } = await sharp(png).stats();
  return Math.max(...channels.slice(0, 3).map((channel) => channel.stdev));
}

test.describe('the landing page in a full-page screenshot', () => {
  for (const width of [390, 1280]) {
    test(`shows the How it works picture at ${width} px, not an empty box`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await scrollThrough(page);
      const picture = page.getByRole('img', { name: /LetLead dashboard listing qualified leads/ });
      await expect(picture).toBeVisible();
      const box = (await picture.boundingBox())!;
      expect(box.width).toBeGreaterThan(width < 1024 ? width - 64 : 480);
      expect(box.height / box.width).toBeCloseTo(1600 / 2560, 2);

      // The picture as the full-page screenshot draws it: the dashboard drawing, not a grey box.
      const screenshot = await page.screenshot({ fullPage: true });
      // Where the picture is on the whole page (the page may still be scrolling back smoothly).
      const top = await picture.evaluate((image) => image.getBoundingClientRect().top + window.scrollY);
      const region = await sharp(screenshot)
        .extract({
          left: Math.round(box.x),
          top: Math.round(top),
          width: Math.floor(box.width),
          height: Math.floor(box.height),
        })
        .png()
        .toBuffer();
      expect(await pixelSpread(region)).toBeGreaterThan(20);
    });
  }
});

test.describe('the landing page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('folds the navigation into a menu that opens, leads to sections and closes', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();

    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    for (const label of ['Features', 'Pricing', 'About Us', 'Contact', 'Sign In', 'Sign Up Now']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }

    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#pricing$/);
    await expectScrolledTo(page, 'pricing');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('has no serious accessibility violations with the menu open', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectNoSeriousA11yViolations(page);
  });
});

/**
 * Opens the landing page with a controllable clock and stops time once its script has made the
 * demo playable. Pause then play restarts the current step's timer at the stopped time, so each
 * step below is exact.
 */
async function openDemoWithStoppedClock(page: Page) {
  await page.clock.install();
  await page.goto('/');
  const demo = page.getByRole('figure', { name: /Demo: a tenant chats with the AI assistant/ });
  await expect(demo.getByRole('button', { name: /the demo$/ })).toBeEnabled();
  await page.clock.pauseAt(Date.now() + 60_000);
  return demo;
}

function demoMessages(demo: Locator) {
  return demo
    .getByRole('list', { name: 'Demo conversation' })
    .getByRole('listitem')
    .filter({ hasNotText: 'The assistant is typing' });
}

test.describe('the hero demo', () => {
  test('advances a message every 1.5 s, shows the dashboard 1 s after the last, then starts again', async ({
    page,
  }) => {
    const demo = await openDemoWithStoppedClock(page);
    const messages = demoMessages(demo);
    // Wherever the demo had got to, restart the current step's timer now.
    await demo.getByRole('button', { name: 'Pause the demo' }).click();
    await demo.getByRole('button', { name: 'Play the demo' }).click();
    if (await demo.getByRole('table').isVisible()) {
      await page.clock.runFor(6000);
    }
    const shown = await messages.count();
    expect(shown).toBeGreaterThanOrEqual(1);

    for (let count = shown + 1; count <= 7; count += 1) {
      await page.clock.runFor(1499);
      await expect(messages).toHaveCount(count - 1);
      await page.clock.runFor(1);
      await expect(messages).toHaveCount(count);
    }
    await expect(messages.last()).toContainText('We will be in touch to book the viewing');

    await page.clock.runFor(999);
    await expect(demo.getByRole('table')).toHaveCount(0);
    await page.clock.runFor(1);
    const table = demo.getByRole('table', { name: 'Qualification Dashboard' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Property', 'Score']);
    await expect(table.getByRole('row')).toHaveCount(5);
    for (const score of ['95%', '82%', '75%', '57%']) await expect(table).toContainText(score);

    // Then it starts again from the first message.
    await page.clock.runFor(5999);
    await expect(table).toBeVisible();
    await page.clock.runFor(1);
    await expect(table).toBeHidden();
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText("I'm Riverside Lettings' AI assistant");
    await page.clock.runFor(1500);
    await expect(messages).toHaveCount(2);
  });

  test('can be paused, and switched between the conversation and the dashboard', async ({ page }) => {
    const demo = await openDemoWithStoppedClock(page);
    await demo.getByRole('button', { name: 'Pause the demo' }).click();
    const before = await demo.getByRole('list', { name: 'Demo conversation' }).getByRole('listitem').count();
    await page.clock.runFor(10_000);
    await expect(demo.getByRole('list', { name: 'Demo conversation' }).getByRole('listitem')).toHaveCount(
      before,
    );

    await demo.getByRole('button', { name: 'Qualification Dashboard' }).click();
    await expect(demo.getByRole('table', { name: 'Qualification Dashboard' })).toBeVisible();
    await expect(demo.getByRole('button', { name: 'Qualification Dashboard' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await demo.getByRole('button', { name: 'Conversation' }).click();
    await expect(demo.getByRole('list', { name: 'Demo conversation' }).getByRole('listitem')).toHaveCount(7);

    await demo.getByRole('button', { name: 'Play the demo' }).click();
    await page.clock.runFor(1000);
    await expect(demo.getByRole('table', { name: 'Qualification Dashboard' })).toBeVisible();
  });

  test('shows the whole conversation with nothing it hides covering the header above', async ({ page }) => {
    await page.goto('/');
    const demo = page.getByRole('figure', { name: /Demo: a tenant chats with the AI assistant/ });
    await demo.getByRole('button', { name: 'Conversation' }).click();
    await expect(demo.getByRole('list', { name: 'Demo conversation' }).getByRole('listitem')).toHaveCount(7);
    // The oldest messages overflow the top of their box, hidden: contrast checks must still find the
    // header's own colours behind its text.
    await expectNoSeriousA11yViolations(page);
  });

  test.describe('for visitors who prefer less motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('shows the whole conversation, still', async ({ page }) => {
      const demo = await openDemoWithStoppedClock(page);
      const messages = demo.getByRole('list', { name: 'Demo conversation' }).getByRole('listitem');
      await expect(messages).toHaveCount(7);
      await expect(demo.getByRole('button', { name: 'Play the demo' })).toBeVisible();
      await page.clock.runFor(30_000);
      await expect(messages).toHaveCount(7);
    });
  });
});
