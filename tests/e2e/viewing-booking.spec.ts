import ICAL from 'ical.js';
import type { TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertProperty, unique } from '#tests/helpers/factories.ts';
import { everyDay, viewingSchedule } from '#tests/helpers/viewing-schedule.ts';
import {
  addSessionCookie,
  expect,
  expectFingerSized,
  expectNoSeriousA11yViolations,
  seededTest,
} from './fixtures.ts';
import { conversationLog, messageBox, send, tap, waitForEmail } from './tenant.ts';

/**
 * A tenant on a phone books a viewing in the chat from a property link, as they would: typing and
 * tapping, then moves and cancels it from the email's link; the agent sees it in the Viewings tab.
 * Only the agency and its listing are seeded.
 */

const AGENCY_EMAIL = 'lettings@canal-walk.example';

async function seed(app: TestApp) {
  const { company, ...user } = await createCompanyUser(app, {
    name: 'Canal Walk Lettings',
    slug: unique('canal-walk'),
    email: AGENCY_EMAIL,
    // Every day 09:00–18:00, so that there are free slots whatever the day the test runs.
    viewingSchedule: viewingSchedule(everyDay('09:00', '18:00')),
  });
  const property = await insertProperty(app, company.id, company.slug, {
    propertyName: 'Flat 2, Towpath Wharf',
    vacancyDate: null,
  });
  return { cookie: user.cookie, companySlug: company.slug, propertySlug: property.slug };
}

const test = seededTest(seed);

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const DAYS: Record<string, string> = {
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
  Sun: 'Sunday',
};
const MONTHS: Record<string, string> = {
  Jan: 'January',
  Feb: 'February',
  Mar: 'March',
  Apr: 'April',
  May: 'May',
  Jun: 'June',
  Jul: 'July',
  Aug: 'August',
  Sep: 'September',
  Oct: 'October',
  Nov: 'November',
  Dec: 'December',
};
const SLOT_LABEL = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d{1,2}) ([A-Z][a-z]{2}), (\d{2}:\d{2})$/;

/** "Sat 7 Mar, 10:00" as the closing sentence and the emails say it: "Saturday 7 March at 10:00". */
function longLabel(label: string): string {
  const [, day, date, month, time] = SLOT_LABEL.exec(label)!;
  return `${DAYS[day!]} ${date} ${MONTHS[month!]} at ${time}`;
}

/** An instant as a slot label on a London wall clock. */
function londonLabel(instant: Date): string {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...options }).format(instant);
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}, ${part({
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })}`;
}

/** The invitation attached to an outbox email, read by a calendar parser. */
function invitation(text: string) {
  const match = /--- (\S+\.ics) \((REQUEST|CANCEL)\) ---\n([\s\S]+)$/.exec(text);
  expect(match, 'an .ics invitation in the email').not.toBeNull();
  const calendar = new ICAL.Component(ICAL.parse(match![3]!.trim()));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate(),
  };
}

function moveInDate(): string {
  const date = new Date(Date.now() + 30 * 86_400_000);
  return date.toLocaleDateString('en-GB', { timeZone: 'Europe/London' });
}

test('a tenant books the third time offered, moves it and cancels it; the agent sees it', async ({
  page,
  browser,
  baseURL,
  seeded,
}, testInfo) => {
  test.setTimeout(180_000);
  const tenant = `${unique('lucy')}@example.com`;
  await page.goto(`/chatbot/${seeded.companySlug}/${seeded.propertySlug}`);
  const log = conversationLog(page);
  await expect(log).toContainText('welcome to Canal Walk Lettings');

  // Qualification, one question at a time, typed or tapped.
  await expect(await send(page, `we'd like to move in on ${moveInDate()}`)).toContainText(
    /how many (people|of you)/i,
  );
  await expect(await tap(page, '2')).toContainText(/income/i);
  await expect(await send(page, '£58,000 a year between us')).toContainText(/work|occupation/i);
  await expect(await send(page, "I'm a nurse")).toContainText(/name/i);
  await expect(await send(page, 'Lucy Green')).toContainText(/email/i);
  await expect(await send(page, tenant)).toContainText(/phone/i);
  const summary = await send(page, '07700 900123');
  await expect(summary).toContainText(
    /Is that all correct\?|Does that all look right\?|Is everything there correct\?/,
  );
  for (const fact of ['2', '58,000', 'Nurse', 'Lucy Green', tenant])
    await expect(summary).toContainText(fact);
  await page.screenshot({ path: testInfo.outputPath('booking-summary-390.png') });

  // The summary confirmed: up to four times spread over days, plus Other times.
  await expect(await tap(page, "Yes, that's right")).toContainText(/viewing/i);
  const offered = page.getByRole('button', { name: SLOT_LABEL });
  await expect(page.getByRole('button', { name: 'Other times', exact: true })).toBeVisible();
  const labels = await offered.allInnerTexts();
  expect(labels.length).toBeGreaterThanOrEqual(3);
  expect(labels.length).toBeLessThanOrEqual(4);
  // Every day is open, so each time offered is on a different day.
  expect(new Set(labels.map((label) => label.split(',')[0])).size).toBe(labels.length);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('booking-slots-390.png') });

  // "the third one", typed: the closing names its day and time. The times are on different days,
  // so the third is more than a day ahead at any hour the test runs (a booking within a day counts
  // as confirmed at once, and the manage page below expects one awaiting confirmation).
  const picked = labels[2]!.trim();
  const closing = await send(page, 'the third one');
  await expect(closing).toContainText(`Your viewing is booked for ${longLabel(picked)}.`);
  await expect(messageBox(page)).toBeDisabled();
  // The note under the chat says the viewing is booked, not that the agency will be in touch.
  const note = page.getByRole('status').filter({ hasText: 'Thank you, your request has been sent' });
  await expect(note).toContainText(`Your viewing is booked for ${picked}.`);
  await expect(note).not.toContainText('in touch to book');
  const manageLink = note.getByRole('link', { name: 'Change or cancel your viewing' });
  await expect(manageLink).toHaveAttribute('href', /\/viewings\/[A-Za-z0-9_-]{43}$/);
  // The chat has scrolled down to the closing words and the note, and their links fit a finger.
  await expect(log.locator(':scope > div').last()).toBeInViewport({ ratio: 1 });
  await expect(manageLink).toBeInViewport({ ratio: 1 });
  await expectFingerSized(note.locator('a, button'), 2);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('booking-closing-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('booking-closing-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });

  // The confirmation, with an invitation at that London time, and the agency told.
  const confirmation = await waitForEmail(page.request, tenant, 'Your viewing is booked');
  expect(confirmation.subject).toBe(`Your viewing is booked: ${longLabel(picked)}`);
  const booked = invitation(confirmation.text);
  expect(booked.method).toBe('REQUEST');
  expect(londonLabel(booked.start)).toBe(picked);
  await waitForEmail(page.request, AGENCY_EMAIL, `New viewing: Flat 2, Towpath Wharf, ${longLabel(picked)}`);

  // The agent sees it in the Viewings tab's week (this week's view or the next). Only the week's
  // own list: from Monday to Friday afternoon the time is also in this week, so the Upcoming list
  // above names it as well.
  const agent = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await addSessionCookie(agent, baseURL!, seeded.cookie);
  const dashboard = await agent.newPage();
  await dashboard.goto('/');
  await dashboard.getByRole('tab', { name: 'Viewings' }).click();
  // The week shown and loaded before deciding whether the viewing is in the next one.
  const week = dashboard.getByRole('region', { name: 'Viewings by day' });
  await expect(week).toBeVisible();
  await expect(week.getByRole('status')).toHaveCount(0);
  const entry = week.getByRole('listitem').filter({ hasText: 'Lucy Green' });
  if (!(await entry.isVisible())) await dashboard.getByRole('button', { name: 'Next week' }).click();
  await expect(entry).toContainText('Flat 2, Towpath Wharf');
  await expect(entry).toContainText(picked.split(', ')[1]!);
  await agent.close();

  // The manage link in the email: another time, then a cancellation, each emailed.
  const manage = /https?:\/\/\S+(\/viewings\/[A-Za-z0-9_-]{43})/.exec(confirmation.text);
  expect(manage, 'a manage link in the confirmation').not.toBeNull();
  expect(new URL((await manageLink.getAttribute('href'))!).pathname).toBe(manage![1]);
  await page.goto(manage![1]!);
  await expect(page.getByRole('heading', { name: 'Your viewing is booked' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The agency's phone and email, and the two ways to add the viewing to a calendar.
  await expectFingerSized(
    page
      .getByRole('region', { name: 'Viewing details' })
      .locator('a[href^="tel:"], a[href^="mailto:"], a:has-text("calendar")'),
    4,
  );
  await page.getByRole('button', { name: 'Choose another time' }).tap();
  // The day strip, then a time of that day.
  const day = page.getByRole('group', { name: 'Choose a day' }).getByRole('radio').nth(1);
  const dayLabel = (await day.locator('xpath=..').innerText()).split('\n').slice(0, 2).join(' ').trim();
  await day.check({ force: true });
  const other = page
    .getByRole('group', { name: /^Times on / })
    .getByRole('radio')
    .first();
  const otherLabel = `${dayLabel}, ${(await other.locator('xpath=..').innerText()).trim()}`;
  await other.check({ force: true });
  await page.screenshot({ path: testInfo.outputPath('booking-manage-390.png'), fullPage: true });
  await page.getByRole('button', { name: 'Move my viewing' }).tap();
  await expect(page.getByRole('status')).toContainText('Moved to');
  const moved = await waitForEmail(page.request, tenant, 'Your viewing has moved');
  const movedInvitation = invitation(moved.text);
  expect(movedInvitation).toMatchObject({
    method: 'REQUEST',
    uid: booked.uid,
    sequence: booked.sequence + 1,
  });
  expect(movedInvitation.start.getTime()).not.toBe(booked.start.getTime());
  expect(otherLabel).toContain(londonLabel(movedInvitation.start).split(', ')[1]!);
  expect(moved.subject).toBe(`Your viewing has moved: ${longLabel(londonLabel(movedInvitation.start))}`);
  await waitForEmail(page.request, AGENCY_EMAIL, 'Viewing moved: Flat 2, Towpath Wharf');

  await page.getByRole('button', { name: 'Cancel viewing' }).tap();
  await page.getByRole('button', { name: 'Yes, cancel it' }).tap();
  await expect(page.getByRole('heading', { name: 'Viewing cancelled' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('booking-cancelled-390.png'), fullPage: true });
  const cancelled = await waitForEmail(page.request, tenant, 'Viewing cancelled');
  expect(invitation(cancelled.text)).toMatchObject({
    method: 'CANCEL',
    uid: booked.uid,
    sequence: booked.sequence + 2,
  });
  await waitForEmail(page.request, AGENCY_EMAIL, 'Viewing cancelled: Flat 2, Towpath Wharf');
});
