import ICAL from 'ical.js';
import { viewings } from '#server/db/schema.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { bookInNewChat, freeTimesOf } from '#tests/helpers/chat-booking.ts';
import { createCompanyUser, insertProperty, tenantFields, unique } from '#tests/helpers/factories.ts';
import { everyDay, viewingSchedule } from '#tests/helpers/viewing-schedule.ts';
import { measureServedScripts } from '../../bench/lib/served.ts';
import {
  expect,
  expectFingerReaches,
  expectNoSeriousA11yViolations,
  holdRequests,
  seededTest,
} from './fixtures.ts';

/**
 * A viewing booked as the chat books it (the same use case), then seen by the tenant on their
 * phone through the manage link, and by the agent in the Viewings tab and the calendar feed.
 */

type Seeded = {
  cookie: string;
  companySlug: string;
  manageToken: string;
  tenantName: string;
  propertyName: string;
  pastTenantName: string;
};

async function seed(app: TestApp): Promise<Seeded> {
  const { company, ...user } = await createCompanyUser(app, {
    name: 'Canal Lettings',
    slug: unique('canal'),
    // Every day 08:00–20:00, so that there are free slots whatever the day the test runs.
    viewingSchedule: viewingSchedule(everyDay('08:00', '20:00'), { horizonDays: 40 }),
  });
  const propertyName = 'Flat 4, Lock House';
  const property = await insertProperty(app, company.id, company.slug, { propertyName, vacancyDate: null });
  const slots = await freeTimesOf(app, property.id);
  // Two days ahead: the viewing shows in this week or the next, and can be moved.
  const slot = slots.find((s) => Date.parse(s.startsAt) > Date.now() + 2 * 86_400_000) ?? slots[0]!;
  const tenantName = 'Sarah Jones';
  const viewing = await bookInNewChat(app, {
    companyId: company.id,
    propertyId: property.id,
    slot,
    fields: tenantFields({ propertyId: property.id, name: tenantName }),
  });
  // And one that began a few minutes ago, for the agent to mark.
  const pastTenantName = 'Tom Price';
  const startsAt = new Date(Date.now() - 10 * 60_000);
  await app.ctx.db.insert(viewings).values({
    companyId: company.id,
    propertyId: property.id,
    propertyName,
    propertyAddress: '4 Lock House, Canal Street, Manchester M1 1AA',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    manageToken: unique('manage-token'),
    tenantName: pastTenantName,
    tenantPhone: '07700900456',
  });
  return {
    cookie: user.cookie,
    companySlug: company.slug,
    manageToken: viewing.manageToken,
    tenantName,
    propertyName,
    pastTenantName,
  };
}

const test = seededTest(seed);

test.describe.configure({ mode: 'serial' });

test('the tenant sees, moves and cancels the viewing on a phone', async ({ page, seeded }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/viewings/${seeded.manageToken}`);
  await expect(page.getByRole('heading', { name: 'Your viewing is booked' })).toBeVisible();
  await expect(page.getByText(seeded.propertyName)).toBeVisible();
  await expect(page.getByText('With Canal Lettings')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('viewings-manage-390.png'), fullPage: true });

  // Length, end, and the agency and the place a tap away.
  await expect(page.getByText(/Until \d\d:\d\d · 30 minutes/)).toBeVisible();
  const phone = page.getByRole('link', { name: '020 7946 0000' });
  await expect(phone).toHaveAttribute('href', 'tel:02079460000');
  // A finger's size, and on one line: the number never breaks in the middle.
  expect((await phone.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  const numberLines = await phone.evaluate((link) => {
    const range = document.createRange();
    range.selectNodeContents([...link.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(numberLines).toBe(1);
  await expect(page.getByRole('link', { name: /@example\.test/ })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('link', { name: /open in maps/ })).toHaveAttribute(
    'href',
    /google\.com\/maps\/search/,
  );
  // Add to calendar: the invitation file, and Google Calendar.
  const ics = await page.request.get(
    (await page.getByRole('link', { name: 'Add to calendar (.ics)' }).getAttribute('href'))!,
  );
  expect(ics.headers()['content-type']).toContain('text/calendar');
  const [event] = new ICAL.Component(ICAL.parse(await ics.text())).getAllSubcomponents('vevent');
  expect(new ICAL.Event(event).summary).toBe(`Viewing: ${seeded.propertyName}`);
  await expect(page.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );

  // Moving: a strip of days, then the times of the day chosen; nothing to submit until a time is.
  await page.getByRole('button', { name: 'Choose another time' }).click();
  const move = page.getByRole('button', { name: 'Move my viewing' });
  await expect(move).toBeDisabled();
  const days = page.getByRole('group', { name: 'Choose a day' }).getByRole('radio');
  expect(await days.count()).toBeGreaterThan(1);
  // Christmas and Boxing Day are closed (England and Wales bank holidays by default).
  await expect(page.getByRole('group', { name: 'Choose a day' })).not.toContainText(/\b2[56] Dec\b/);
  await days.nth(1).check({ force: true });
  const times = page.getByRole('group', { name: /^Times on / }).getByRole('radio');
  expect(await times.count()).toBeLessThanOrEqual(24);
  const time = (await times.first().locator('xpath=..').innerText()).trim();
  await times.first().check({ force: true });
  await expectNoSeriousA11yViolations(page);
  // The strip scrolls inside the page: the page itself never scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('manage-move-390.png'), fullPage: true });
  await move.click();
  await expect(page.getByRole('status')).toContainText('Moved to');
  await expect(page.getByRole('status')).toContainText(time);
  // The form pressed is gone: the keyboard's place is the message saying what happened.
  await expect(page.getByRole('status')).toBeFocused();

  await page.getByRole('button', { name: 'Cancel viewing' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('heading', { name: 'Viewing cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose another time' })).toHaveCount(0);
  // Booking again: the property's chat, which offers the times free now.
  await expect(page.getByRole('link', { name: 'Book another viewing' })).toHaveAttribute(
    'href',
    new RegExp(`/chatbot/${seeded.companySlug}/`),
  );
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: test.info().outputPath('viewings-manage-cancelled-390.png'),
    fullPage: true,
  });
});

test("the tenant's phone loads the viewing page's own small script, not the dashboard's app", async ({
  browser,
  baseURL,
  seeded,
}) => {
  // Every script received until the network is idle, signed out, weighed as bench/web.ts weighs
  // it: compressed body and response headers.
  const served = await measureServedScripts(browser, `${baseURL}/viewings/${seeded.manageToken}`);
  const list = served.files.map((file) => `${file.url} ${file.transferred} B`).join('\n');
  for (const file of served.files) expect(file.encoding, file.url).toMatch(/^(br|gzip)$/);
  expect(served.files.length, list).toBe(1);
  expect(served.transferred, list).toBeLessThanOrEqual(45 * 1024);
});

test('a link that is not a viewing says so', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/viewings/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Viewing not found' })).toBeVisible();
  // A link cut short by a mail app: the same plain words, no validation jargon.
  await page.goto('/viewings/x7Kp2');
  await expect(page.getByRole('heading', { name: 'Viewing not found' })).toBeVisible();
  await expect(
    page.getByText('This viewing link is not valid. Please check the link in your email.'),
  ).toBeVisible();
  // Somewhere to go from here, a finger's size.
  await expect(
    page.getByText("The letting agent's newest email about your viewing has the right link."),
  ).toBeVisible();
  const home = page.getByRole('link', { name: 'Go to the home page' });
  expect((await home.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('viewing-not-found-390.png') });
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("the Viewings tab on a phone: every button a finger's size, the page never wider than the screen", async ({
  openAs,
  page,
  seeded,
}) => {
  await openAs(seeded.cookie, { viewport: { width: 390, height: 844 }, tab: 'Viewings' });
  const week = page.getByRole('region', { name: 'Viewings by day' });
  await expect(week).toBeVisible();
  const past = week.getByRole('listitem').filter({ hasText: seeded.pastTenantName });
  if (!(await past.isVisible())) {
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(past).toBeVisible();
  }
  const controls = [
    page.getByRole('button', { name: 'Day', exact: true }),
    page.getByRole('button', { name: 'Week', exact: true }),
    page.getByRole('button', { name: 'Today', exact: true }),
    past.getByRole('button', { name: 'Attended' }),
    past.getByRole('button', { name: 'No-show' }),
    past.getByRole('button', { name: 'Cancel' }),
    past.getByRole('link', { name: '07700 900456' }),
    page.getByRole('button', { name: 'Add hours on Monday' }),
    page.getByLabel('Release unconfirmed viewings'),
  ];
  // The two checkboxes are drawn 16 px, but a thumb just beside one still ticks it.
  for (const checkbox of [
    page.getByRole('checkbox', { name: 'Send nothing but replies between these times' }),
    page.getByRole('checkbox', { name: /^Closed on England and Wales bank holidays/ }),
  ]) {
    await expectFingerReaches(checkbox);
    const wasChecked = await checkbox.isChecked();
    const box = (await checkbox.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2 - 18);
    await expect(checkbox).toBeChecked({ checked: !wasChecked });
  }
  for (const control of controls) {
    await expect(control).toBeVisible();
    expect(
      (await control.boundingBox())!.height,
      (await control.textContent()) ?? undefined,
    ).toBeGreaterThanOrEqual(40);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('viewings-tab-390.png'), fullPage: true });
});

test('the agent sees the week in the Viewings tab, marks a viewing attended, finds it in the calendar feed and checks the viewing hours', async ({
  openAs,
  page,
  seeded,
}) => {
  await openAs(seeded.cookie, { viewport: { width: 1280, height: 900 }, tab: 'Viewings' });
  await expect(page.getByRole('heading', { name: 'Viewings' })).toBeVisible();
  // The seeded viewing is a few days ahead: this week's view or the next.
  await expect(page.getByText('Loading viewings…')).toHaveCount(0);
  // The viewing that has begun: marked attended. It began before the server started: seeded in the
  // first minutes of a Monday (or run just after Sunday's midnight), it is in last week's view.
  const week = page.getByRole('region', { name: 'Viewings by day' });
  const past = week.getByRole('listitem').filter({ hasText: seeded.pastTenantName });
  if (!(await past.isVisible())) {
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(past).toBeVisible();
  }
  // Its number was stored as typed (07700900456): shown laid out as everywhere else, and a tap calls it.
  await expect(past.getByRole('link', { name: '07700 900456' })).toHaveAttribute('href', /^tel:/);
  await past.getByRole('button', { name: 'Attended' }).click();
  await expect(past).toContainText('Attended');
  await expect(past.getByRole('button', { name: 'No-show' })).toHaveCount(0);
  // The buttons went with the mark: the keyboard's place is the viewing's card, not the page's top.
  await expect(past).toBeFocused();
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(page.getByText('Loading viewings…')).toHaveCount(0);
  if (!(await week.getByText(seeded.tenantName).isVisible())) {
    await page.getByRole('button', { name: 'Next week' }).click();
  }
  await expect(week.getByText(seeded.tenantName)).toBeVisible();
  await expect(week.getByRole('listitem').filter({ hasText: seeded.tenantName })).toContainText(
    seeded.propertyName,
  );
  await expectNoSeriousA11yViolations(page);

  // Viewing hours: a clear message on a bad value, then saved.
  await expect(
    page.getByRole('textbox', { name: 'Monday from' }).or(page.getByLabel('Monday from')),
  ).toHaveValue('08:00');
  await page.getByLabel('Viewing length').fill('0');
  await page.getByRole('button', { name: 'Save viewing hours' }).click();
  await expect(page.getByText('Viewing length must be between 5 and 240 minutes')).toBeVisible();
  await page.getByLabel('Viewing length').fill('45');
  await page.getByRole('button', { name: 'Save viewing hours' }).click();
  await expect(page.getByText('Viewing hours saved')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('viewings-tab-1280.png'), fullPage: true });

  // My Account: the private calendar address, and replacing it.
  await page.goto('/my-account');
  const address = page.getByRole('textbox', { name: 'Calendar address' });
  await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = await address.inputValue();
  const feed = await page.request.get(first);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  // As a calendar reads it: the viewing the agent marked, with its mark.
  const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent');
  const marked = events.map((event) => new ICAL.Event(event));
  expect(marked.map((event) => event.summary)).toContain(
    `Viewing: ${seeded.propertyName} with ${seeded.pastTenantName}`,
  );
  expect(marked.find((event) => event.summary.endsWith(seeded.pastTenantName))?.description).toContain(
    'Marked attended',
  );
  await page.getByRole('button', { name: 'Replace address' }).click();
  await expect(address).not.toHaveValue(first);
  expect((await page.request.get(first)).status()).toBe(404);
  await expectNoSeriousA11yViolations(page);
});

test('while the Viewings tab loads its cards show grey placeholders, not the word "Loading"', async ({
  openAs,
  page,
  seeded,
}) => {
  await openAs(seeded.cookie, { viewport: { width: 1280, height: 900 } });
  const { release } = await holdRequests(
    page,
    /\/api\/companies\/[^/]+\/(viewings|viewing-settings|viewing-schedule)/,
  );
  await page.getByRole('tab', { name: 'Viewings' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Confirmations and reminders' })).toBeVisible();
  // Announced to a screen reader, drawn as grey blocks: no card spells out "Loading".
  await expect(panel.getByRole('status').filter({ hasText: 'Loading viewings…' })).toHaveCount(1);
  await expect(panel.getByRole('status').filter({ hasText: 'Loading confirmation settings…' })).toHaveCount(
    1,
  );
  const drawnWords = await panel.evaluate((root) => {
    const words: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let shown = true;
      for (let el = node.parentElement; el && el !== root; el = el.parentElement) {
        const rect = el.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) shown = false;
      }
      if (shown) words.push(node.textContent ?? '');
    }
    return words.join(' ');
  });
  expect(drawnWords).not.toMatch(/Loading/);
  await page.screenshot({ path: test.info().outputPath('viewings-loading-1280.png'), fullPage: true });
  release();
  await expect(panel.getByRole('region', { name: 'Viewings by day' })).toBeVisible();
  await expect(panel.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
});
