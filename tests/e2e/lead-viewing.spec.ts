import { eq } from 'drizzle-orm';
import { conversations, viewings } from '#server/db/schema.ts';
import { handleChatTurn } from '#server/features/chat/conversation.ts';
import { endConversation } from '#server/features/chat/end-conversation.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertProperty, unique } from '#tests/helpers/factories.ts';
import { everyDay, viewingSchedule } from '#tests/helpers/viewing-schedule.ts';
import { addSessionCookie, expect, seededTest } from './fixtures.ts';

/**
 * The lead says what happened to its viewing: a tenant books a time in the chat, then moves it and
 * cancels it from the manage page, and the agent's lead shows each in turn.
 */

function moveInDate(): string {
  return new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-GB', { timeZone: 'Europe/London' });
}

/** An instant as the lead panel writes a day: "Mon 14 Dec". */
function dayLabel(instant: Date): string {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...options }).format(instant);
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}`;
}

async function seed(app: TestApp) {
  const { company, ...user } = await createCompanyUser(app, {
    name: 'Quayside Lettings',
    slug: unique('quayside'),
    // Every day 09:00–18:00, a week's notice: every time offered is more than a week ahead, so
    // its weekday alone ("Monday") would name an earlier day than its date does.
    viewingSchedule: viewingSchedule(everyDay('09:00', '18:00'), { minNoticeHours: 168, horizonDays: 21 }),
  });
  const property = await insertProperty(app, company.id, company.slug, {
    propertyName: 'Flat 4, Harbour View',
    vacancyDate: null,
  });
  // The tenant's chat, turn by turn through the assistant, booking the second time it offers.
  let sessionKey: string | null = null;
  let offered: string[] = [];
  for (const message of [
    `we'd like to move in on ${moveInDate()}`,
    '2',
    '£58,000 a year between us',
    "I'm a nurse",
    'Lucy Green',
    `${unique('lucy')}@example.com`,
    '07700 900123',
    "Yes, that's right",
    null,
  ]) {
    const reply = await handleChatTurn(app.ctx, {
      companySlug: company.slug,
      request: {
        message: message ?? offered[1]!,
        userSessionKey: sessionKey,
        propertySlug: property.slug,
        src: null,
        enquiryToken: null,
      },
    });
    sessionKey = reply.sessionKey;
    offered = reply.quickReplies;
  }
  const [conversation] = await app.ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.sessionKey, sessionKey!));
  await endConversation(app.ctx, conversation!.id);
  const [viewing] = await app.ctx.db
    .select()
    .from(viewings)
    .where(eq(viewings.conversationId, conversation!.id));
  if (!viewing) throw new Error('The chat booked no viewing');
  return { cookie: user.cookie, token: viewing.manageToken, startsAt: viewing.startsAt.toISOString() };
}

const test = seededTest(seed);

test('the lead shows the time booked, then the new time, then no booking once the tenant cancels', async ({
  page,
  browser,
  baseURL,
  seeded,
}) => {
  test.setTimeout(120_000);
  const booked = new Date(seeded.startsAt);
  const agent = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await addSessionCookie(agent, baseURL!, seeded.cookie);
  const dashboard = await agent.newPage();
  const row = dashboard.getByRole('row', { name: /Lucy Green/ });
  const panel = dashboard.getByRole('dialog', { name: /Lucy Green/ });
  const answer = (label: string) =>
    panel.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
  const status = panel.getByRole('combobox', { name: 'Status of Lucy Green' });
  /** The leads table afresh, the lead's row showing `rowStatus`, then its panel. */
  const openLead = async (rowStatus: string) => {
    await dashboard.goto('/');
    await expect(row).toContainText(rowStatus);
    await row.click();
    await expect(panel).toBeVisible();
    await expect(status).toHaveText(rowStatus);
  };

  // Booked: the availability names the one day booked, not the next such weekday as well.
  await openLead('Viewing booked');
  await expect(answer('Viewing')).toContainText(`${dayLabel(booked)}`);
  await expect(answer('Viewing')).toContainText('awaiting confirmation');
  const availability = answer('Availability');
  await expect(availability).toContainText(dayLabel(booked));
  // One day ("Mon 14 Dec (evening)"), not "Mon 30 Nov (evening), Mon 14 Dec (evening)".
  await expect(availability.locator('span[title]').last()).toHaveText(
    new RegExp(`^${dayLabel(booked)}( \\((morning|afternoon|evening)\\))?$`),
  );

  // The tenant moves it to a time on another day.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/viewings/${seeded.token}`);
  await page.getByRole('button', { name: 'Choose another time' }).click();
  const days = page.getByRole('group', { name: 'Choose a day' }).getByRole('radio');
  await days.nth((await days.count()) - 1).check({ force: true });
  await page
    .getByRole('group', { name: /^Times on / })
    .getByRole('radio')
    .first()
    .check({ force: true });
  await page.getByRole('button', { name: 'Move my viewing' }).click();
  await expect(page.getByRole('status')).toContainText('Moved to');
  const movedDay = (await page.getByRole('status').innerText()).match(
    /(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w* (\d{1,2}) ([A-Z][a-z]{2})/,
  );
  expect(movedDay).not.toBeNull();
  const moved = `${movedDay![1]} ${movedDay![2]} ${movedDay![3]}`;
  expect(moved).not.toBe(dayLabel(booked));

  await openLead('Viewing booked');
  await expect(answer('Viewing')).toContainText(moved);
  await expect(answer('Viewing')).not.toContainText(dayLabel(booked));
  await expect(answer('Availability')).toContainText(moved);
  await expect(answer('Availability')).not.toContainText(dayLabel(booked));
  await expect(panel.getByText(`Viewing moved by tenant to ${moved}`)).toBeVisible();

  // The tenant cancels: the lead is no longer "Viewing booked", and says who cancelled.
  await page.getByRole('button', { name: 'Cancel viewing' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('heading', { name: 'Viewing cancelled' })).toBeVisible();

  await openLead('New');
  await expect(answer('Viewing')).toContainText('cancelled');
  await expect(panel.getByText('Viewing cancelled by tenant')).toBeVisible();
  await expect(panel.getByText('Moved from Viewing booked to New')).toBeVisible();
  await panel.getByText('Viewing cancelled by tenant').scrollIntoViewIfNeeded();
  await dashboard.screenshot({ path: test.info().outputPath('lead-viewing-cancelled-1280.png') });
  // The export says the same: the lead is new, its viewing cancelled.
  const [company] = (await (await dashboard.request.get('/api/companies')).json()) as { id: string }[];
  const csv = await (await dashboard.request.get(`/api/companies/${company!.id}/leads.csv`)).text();
  const lucy = csv.split('\r\n').find((line) => line.includes('Lucy Green'));
  expect(lucy).toMatch(/,New,,\d{4}-\d{2}-\d{2} \d{2}:\d{2},Cancelled,/);
  await dashboard.setViewportSize({ width: 390, height: 844 });
  await panel.getByText('Viewing cancelled by tenant').scrollIntoViewIfNeeded();
  await dashboard.screenshot({ path: test.info().outputPath('lead-viewing-cancelled-390.png') });
  await agent.close();
});
