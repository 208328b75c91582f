import type { Page } from '@playwright/test';
import type { DashboardDto, LeadDetailDto } from '#shared/schemas/leads.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertProperty, unique } from '#tests/helpers/factories.ts';
import {
  expect,
  expectFingerSized,
  expectNoSeriousA11yViolations,
  holdRequests,
  seededTest,
} from './fixtures.ts';
import { conversationLog, messageBox, send } from './tenant.ts';

/**
 * A tenant on a phone: the public chat from the link to the lead on the agent's dashboard. The
 * agencies are seeded into the server's embedded database before it starts.
 */

const PHONE = { width: 360, height: 740 };

function ukDateIn(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}
const MOVE_IN = ukDateIn(40);

type Agency = { cookie: string; companyId: string; companySlug: string; companyName: string };

async function seed(app: TestApp) {
  const agency = async (name: string, overrides: Record<string, unknown>) => {
    const { company, ...user } = await createCompanyUser(app, {
      name,
      slug: unique('e2e-chat'),
      ...overrides,
    });
    return {
      cookie: user.cookie,
      companyId: company.id,
      companySlug: company.slug,
      companyName: company.name,
    };
  };
  const harbour = await agency('Harbour Lettings', { email: 'lettings@harbour.example' });
  const elm = await insertProperty(app, harbour.companyId, harbour.companySlug, {
    propertyName: '2 Bed Flat, Elm Road',
    propertyAddress: '14 Elm Road, Leeds LS6 2AB',
    vacancyDate: MOVE_IN,
  });
  const oak = await insertProperty(app, harbour.companyId, harbour.companySlug, {
    propertyName: 'Studio Apartment',
    propertyAddress: '3 Oak Street, Leeds LS2 7HY',
    propertyRentalPrice: '£750 pcm',
    numberOfBedrooms: 0,
    parkingSpace: 'None',
  });
  const closed = await agency('Quiet Homes', {
    accountLimit: 30,
    currentCount: 0,
    email: 'hello@quiet-homes.example',
    phone: '0113 496 0000',
  });
  const oakfield = await agency('Oakfield Lettings & Sales', {});
  // A listing whose name fills a phone's strip: its rent and bedrooms must still show.
  const cardigan = await insertProperty(app, oakfield.companyId, oakfield.companySlug, {
    propertyName: '3 Bed Semi-Detached House, Cardigan Road',
    propertyRentalPrice: '£1,450 pcm',
    numberOfBedrooms: 3,
  });
  return {
    oakfield: { ...oakfield, cardiganSlug: cardigan.slug },
    harbour: { ...harbour, elmSlug: elm.slug, oakSlug: oak.slug },
    closed: { ...closed, email: 'hello@quiet-homes.example', phone: '0113 496 0000' },
  };
}

const test = seededTest(seed);

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`chat-${name}.png`), fullPage: false });
}

async function leadsOf(page: Page, agency: Agency): Promise<DashboardDto['leads']> {
  const response = await page.request.get(`/api/companies/${agency.companyId}/dashboard`, {
    headers: { cookie: agency.cookie },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as DashboardDto).leads;
}

test.describe('the public chat on a phone', () => {
  test('a tenant answers in free text, asks about parking, confirms, and the lead appears', async ({
    page,
    seeded,
  }) => {
    const { harbour } = seeded;
    await page.goto(`/chatbot/${harbour.companySlug}/${harbour.elmSlug}`);

    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Lettings' })).toBeVisible();
    // What a search result or a shared link shows: the listing and the agency.
    await expect(page).toHaveTitle('2 Bed Flat, Elm Road: chat with Harbour Lettings | LetLead');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^Ask Harbour Lettings about 2 Bed Flat, Elm Road/,
    );
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.getByText('AI Assistant', { exact: true })).toBeVisible();
    await expect(page.getByText('Online', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/#faq');
    // Where the tenant gives their details, what is kept of them.
    await expect(page.getByRole('link', { name: /How your data is used/ })).toHaveAttribute(
      'href',
      '/gdpr#tenants',
    );
    const log = page.getByRole('log', { name: 'Conversation' });
    await expect(log).toContainText('welcome to Harbour Lettings');
    await expect(messageBox(page)).toBeFocused();
    await expect(page.getByRole('button', { name: 'Submit Request' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'ASAP' })).toBeVisible();
    // FAQ and the three suggested replies fit a finger.
    await expectFingerSized(page.getByRole('link', { name: 'FAQ' }), 1);
    await expectFingerSized(page.getByRole('list', { name: 'Suggested replies' }).getByRole('button'), 3);
    await shoot(page, 'phone-start');
    await expectNoSeriousA11yViolations(page);

    // Blank messages are not sent; Shift+Enter makes a new line instead of sending.
    await messageBox(page).fill('   ');
    await messageBox(page).press('Enter');
    await expect(log.locator(':scope > div')).toHaveCount(1);
    await messageBox(page).fill('2 of us');
    await messageBox(page).press('Shift+Enter');
    await expect(messageBox(page)).toHaveValue('2 of us\n');
    await expect(log.locator(':scope > div')).toHaveCount(1);

    await send(page, `2 of us, both nurses, £58k together, could move in on ${MOVE_IN}`);
    await expectFingerSized(page.getByRole('button', { name: 'Submit Request' }), 1);
    await expect(await send(page, "actually it's 3 of us")).toContainText('3 people');
    await expect(await send(page, 'is there parking?')).toContainText(/one allocated space/i);
    await send(page, 'Sarah Jones');
    await send(page, 'sarah.jones@example.com, 07700 900123');
    await shoot(page, 'phone-middle');

    await page.getByRole('button', { name: 'Weekday evenings' }).click();
    await expect(log).toContainText(
      /Is that all correct\?|Does that all look right\?|Is everything there correct\?/,
    );
    await shoot(page, 'phone-summary');
    await page.getByRole('button', { name: "Yes, that's right" }).click();
    await expect(log).toContainText('We will be in touch to book the viewing');

    // The automatic save ends the chat by itself.
    await expect(messageBox(page)).toBeDisabled();
    await expect(messageBox(page)).toHaveAttribute('placeholder', 'Chat has ended');
    await expect(page.getByText('Thank you, your request has been sent')).toBeVisible();
    // The log has followed the closing message down to the note under it.
    await expect(page.getByRole('button', { name: 'Start a new chat' })).toBeInViewport({ ratio: 1 });
    await expectFingerSized(page.getByRole('button', { name: 'Start a new chat' }), 1);
    await shoot(page, 'phone-ended');
    await expectNoSeriousA11yViolations(page);

    await expect.poll(async () => (await leadsOf(page, harbour)).length).toBe(1);
    const [lead] = await leadsOf(page, harbour);
    expect(lead).toMatchObject({
      propertyName: '2 Bed Flat, Elm Road',
      name: 'Sarah Jones',
      email: 'sarah.jones@example.com',
      contactNumber: '+447700900123',
      numberOfPeople: 3,
      profession: 'Nurse',
      income: '£58,000 per year',
      moveInDate: MOVE_IN,
      availability: 'Weekday evenings',
      rating: '10',
    });
    const detail = await page.request.get(`/api/leads/${lead!.id}`, { headers: { cookie: harbour.cookie } });
    const body = (await detail.json()) as LeadDetailDto;
    expect(body.scoreBreakdown?.parts).toHaveLength(6);
    expect(body.transcript?.messages.some((m) => m.content === 'is there parking?')).toBe(true);
  });

  test('a refresh resumes the chat, and the agency link finds the property by street', async ({
    page,
    seeded,
  }) => {
    const { harbour } = seeded;
    await page.goto(`/chatbot/${harbour.companySlug}`);
    const log = page.getByRole('log', { name: 'Conversation' });
    await expect(log).toContainText('Harbour Lettings');
    await expect(await send(page, "I'd like the one on Oak Street please")).toContainText('Studio Apartment');

    await page.reload();
    await expect(log).toContainText("I'd like the one on Oak Street please");
    await expect(log.locator(':scope > div')).toHaveCount(3);

    await send(page, 'Just me, I am Tom Baker, tom.baker@example.com');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(messageBox(page)).toHaveAttribute('placeholder', 'Chat has ended');
    await expect
      .poll(async () => (await leadsOf(page, harbour)).find((l) => l.name === 'Tom Baker')?.propertyName)
      .toBe('Studio Apartment');
  });

  test('after a refresh on a listing link, the newest message shows whole under the listing strip', async ({
    page,
    seeded,
  }) => {
    const { harbour } = seeded;
    await page.goto(`/chatbot/${harbour.companySlug}/${harbour.elmSlug}`);
    await expect(conversationLog(page)).toContainText('welcome to Harbour Lettings');
    await send(page, `could move in ${MOVE_IN} if thats ok`);
    await send(page, 'me and my partner so 2 of us');
    await send(page, 'about 58k a year between us, both full time');
    await send(page, 'nurse at the royal infirmary');

    await page.reload();
    const log = conversationLog(page);
    await expect(log).toContainText('nurse at the royal infirmary');
    await expect(page.getByText('£1,200 pcm')).toBeVisible();
    await expect(log.locator(':scope > div').last()).toBeInViewport({ ratio: 1 });
  });

  test('with the keyboard open, the header, the newest message and the message box stay above it', async ({
    page,
    seeded,
  }) => {
    // The keyboard as Safari on iOS opens it: the page keeps its height, the part shown shrinks
    // (and is panned down when the page scrolls to the focused box). Headless Chromium has no
    // keyboard, so the visual viewport is a stand-in the test moves.
    await page.addInitScript(() => {
      const viewport = Object.assign(new EventTarget(), {
        width: window.innerWidth,
        height: window.innerHeight,
        offsetTop: 0,
        offsetLeft: 0,
        pageTop: 0,
        pageLeft: 0,
        scale: 1,
      });
      Object.defineProperty(window, 'visualViewport', { value: viewport });
    });
    const { harbour } = seeded;
    await page.goto(`/chatbot/${harbour.companySlug}/${harbour.elmSlug}`);
    await expect(conversationLog(page)).toContainText('welcome to Harbour Lettings');
    await send(page, `could move in ${MOVE_IN}`);
    await send(page, 'me and my partner so 2 of us');
    await send(page, 'about 58k a year between us, both full time');
    await messageBox(page).focus();

    const openKeyboard = (height: number, offsetTop: number) =>
      page.evaluate(
        ([height, offsetTop]) => {
          const viewport = window.visualViewport as unknown as EventTarget & Record<string, number>;
          viewport.height = height!;
          viewport.offsetTop = offsetTop!;
          viewport.dispatchEvent(new Event('resize'));
        },
        [height, offsetTop],
      );
    const newest = conversationLog(page).locator(':scope > div').last();
    for (const offsetTop of [0, 300]) {
      await openKeyboard(400, offsetTop);
      await expect
        .poll(async () => {
          const box = (await messageBox(page).boundingBox())!;
          return box.y + box.height;
        })
        .toBeLessThanOrEqual(offsetTop + 400);
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(header.y).toBeGreaterThanOrEqual(offsetTop);
      const composer = (await messageBox(page).boundingBox())!;
      await expect
        .poll(async () => {
          const box = (await newest.boundingBox())!;
          return box.y + box.height;
        })
        .toBeLessThanOrEqual(composer.y);
    }
    await expect(messageBox(page)).toBeFocused();
  });

  test('an agency out of credits sends a new visitor to its holding page with its contact details', async ({
    page,
    seeded,
  }) => {
    const { closed } = seeded;
    await page.goto(`/chatbot/${closed.companySlug}`);
    await expect(page).toHaveURL(/\/holdingpage\?company=/);
    await expect(page.getByRole('heading', { name: 'Not taking online enquiries right now' })).toBeVisible();
    await expect(page.getByRole('link', { name: closed.email })).toHaveAttribute(
      'href',
      `mailto:${closed.email}`,
    );
    await expect(page.getByRole('link', { name: closed.phone })).toBeVisible();
    await shoot(page, 'phone-holding-tenant');
    await expectNoSeriousA11yViolations(page);
  });

  test('the agent sees Credits Exhausted on the holding page', async ({ page, openAs, seeded }) => {
    await openAs(seeded.closed.cookie, { path: `/holdingpage?company=${seeded.closed.companySlug}` });
    await expect(page.getByRole('heading', { name: 'Credits Exhausted' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    await shoot(page, 'phone-holding-agent');
  });

  test('the first screen shows before the script loads, and the script takes it over without a hitch', async ({
    page,
    seeded,
  }) => {
    const { release } = await holdRequests(page, '**/assets/*.js');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`/chatbot/${seeded.harbour.companySlug}/${seeded.harbour.elmSlug}`, {
      waitUntil: 'commit',
    });
    // Drawn by the server: the header and the assistant typing, before any script has run.
    await expect(page.getByText('AI Assistant', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'AI Assistant is typing' })).toBeAttached();
    await expect(page.getByRole('link', { name: 'FAQ' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Harbour Lettings' })).toBeVisible();
    await expect(page.getByRole('log', { name: 'Conversation' }).locator('p').first()).toBeVisible();
    await expect(page.getByRole('textbox')).toBeEnabled();
    expect(errors).toEqual([]);
  });

  test('the chat loads at most 60 KB of JavaScript as served, and works', async ({ page, seeded }) => {
    // Every script the phone receives until the network is idle, weighed as bench/web.ts weighs
    // it: compressed body and response headers.
    const scripts: Promise<{ url: string; encoding: string | null; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        (async () => {
          const sizes = await request.sizes();
          const response = await request.response();
          return {
            url: request.url(),
            encoding: (await response?.headerValue('content-encoding')) ?? null,
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          };
        })(),
      );
    });
    await page.goto(`/chatbot/${seeded.harbour.companySlug}`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Harbour Lettings');
    const served = await Promise.all(scripts);
    expect(served.length).toBeGreaterThan(0);
    for (const script of served) expect(script.encoding, script.url).toMatch(/^(br|gzip)$/);
    const total = served.reduce((sum, script) => sum + script.bytes, 0);
    expect(total, served.map((script) => `${script.url} ${script.bytes} B`).join('\n')).toBeLessThanOrEqual(
      60 * 1024,
    );
    // The light build still talks: the tenant's message and the assistant's answer appear.
    const answer = await send(page, 'Hi, is the flat still available?');
    await expect(answer).not.toBeEmpty();
  });

  test("an agency's longer name shows in full in the header", async ({ page, seeded }) => {
    await page.goto(`/chatbot/${seeded.oakfield.companySlug}`);
    const heading = page.getByRole('heading', { level: 1, name: 'Oakfield Lettings & Sales' });
    await expect(heading).toBeVisible();
    const hidden = await heading.evaluate((el) => ({
      across: el.scrollWidth - el.clientWidth,
      down: el.scrollHeight - el.clientHeight,
    }));
    expect(hidden).toEqual({ across: 0, down: 0 });
  });

  for (const width of [390, 1280]) {
    test(`the listing strip shows the name, rent and bedrooms whole at ${width} px`, async ({
      page,
      seeded,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/chatbot/${seeded.oakfield.companySlug}/${seeded.oakfield.cardiganSlug}`);
      const strip = page
        .getByText('3 Bed Semi-Detached House, Cardigan Road', { exact: true })
        .locator('xpath=..');
      await expect(strip).toContainText('£1,450 pcm · 3 beds');
      await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Oakfield');
      // Nothing of it is cut off: every part of the strip's text fits the width it is given.
      const cut = await strip.evaluate((element) =>
        [element, ...element.querySelectorAll('*')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
          .map((el) => el.textContent),
      );
      expect(cut).toEqual([]);
      await shoot(page, `listing-strip-${width}`);
    });
  }

  test("a link to a listing that is gone shows the agency's chat with its other listings", async ({
    page,
    seeded,
  }) => {
    const { harbour } = seeded;
    // A 404 for search engines, which drop the address; the tenant still reaches the agency.
    const response = await page.goto(`/chatbot/${harbour.companySlug}/no-such-flat`);
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Lettings' })).toBeVisible();
    await expect(page.getByText('This listing is no longer available.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Company Not Found' })).toHaveCount(0);
    await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Harbour Lettings');
    await expect(page.getByRole('button', { name: /2 Bed Flat, Elm Road/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Studio Apartment/ })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'listing-gone');
  });

  test('an unknown agency shows Company Not Found', async ({ page, seeded }) => {
    // A 404 for search engines too, for a mistyped or deleted agency.
    expect(
      (await page.goto(`/chatbot/${seeded.harbour.companySlug}/${seeded.harbour.elmSlug}`))!.status(),
    ).toBe(200);
    const response = await page.goto('/chatbot/no-such-agency');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Company Not Found' })).toBeVisible();
    await expect(page.getByText('The requested chatbot could not be found.')).toBeVisible();
    // Kept out of search results, unlike a real agency's link.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('the busy and failure toasts', async ({ page, seeded }) => {
    const { harbour } = seeded;
    await page.goto(`/chatbot/${harbour.companySlug}/${harbour.elmSlug}`);
    await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Harbour Lettings');

    await page.route('**/api/chat/*', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            headers: { 'retry-after': '30' },
            body: JSON.stringify({ message: 'Too many requests. Please try again in 30 seconds.' }),
          })
        : route.continue(),
    );
    await messageBox(page).fill('Hello there');
    await messageBox(page).press('Enter');
    await expect(page.getByText('Service Busy')).toBeVisible();
    await expect(
      page.getByText('The service is currently busy. Please wait a moment and try again.'),
    ).toBeVisible();
    // Nothing typed is lost.
    await expect(messageBox(page)).toHaveValue('Hello there');

    await page.unroute('**/api/chat/*');
    await page.route('**/api/chat/*', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await messageBox(page).press('Enter');
    await expect(page.getByText('Failed to send message. Please try again later.')).toBeVisible();
  });
});

test.describe('the public chat on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('looks right at desktop width', async ({ page, seeded }) => {
    const { harbour } = seeded;
    await page.goto(`/chatbot/${harbour.companySlug}/${harbour.elmSlug}`);
    await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Harbour Lettings');
    await send(page, 'Hi, 2 of us, I am a teacher on £40,000, could move ASAP');
    await shoot(page, 'desktop-middle');
    await expectNoSeriousA11yViolations(page);
  });
});
