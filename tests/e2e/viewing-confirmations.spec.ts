import { eq } from 'drizzle-orm';
import { channelMessages, companies, viewings } from '#server/db/schema.ts';
import { runViewingMessages } from '#server/features/viewings/confirmations.ts';
import { setNow } from '#server/lib/clock.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { bookInNewChat, freeTimesOf } from '#tests/helpers/chat-booking.ts';
import { createCompanyUser, insertProperty, tenantFields, unique } from '#tests/helpers/factories.ts';
import { everyDay, viewingSchedule } from '#tests/helpers/viewing-schedule.ts';
import { expect, expectNoSeriousA11yViolations, linkFromOutbox, seededTest } from './fixtures.ts';

/**
 * The day-before confirmation as tenants meet it: one on SMS (the development phone) who cannot
 * make it and picks another time in the thread, one with email only who confirms from the email's
 * button; then the agent's Viewings tab with confirmed, awaiting and released viewings.
 */

const SMS_PHONE = '07700900321';

type Seeded = { cookie: string; companySlug: string; emailTenant: string; manageToken: string };

async function seed(app: TestApp): Promise<Seeded> {
  const { company, ...user } = await createCompanyUser(app, {
    name: 'Canal Lettings',
    slug: unique('canal'),
    // No quiet hours, so the requests go out whatever the hour the test runs.
    quietHours: null,
    viewingSchedule: viewingSchedule(everyDay('08:00', '20:00')),
  });
  const property = await insertProperty(app, company.id, company.slug, {
    propertyName: 'Flat 4, Lock House',
    propertyAddress: '4 Lock House, Canal Street, Manchester M1 1AA',
    vacancyDate: null,
  });
  const slots = await freeTimesOf(app, property.id);
  const ahead = slots.filter((slot) => Date.parse(slot.startsAt) > Date.now() + 2 * 86_400_000);
  const book = async (index: number, name: string, options: { email?: string; phone?: string }) =>
    bookInNewChat(app, {
      companyId: company.id,
      propertyId: property.id,
      slot: ahead[index]!,
      fields: tenantFields({ name, email: options.email ?? null, phone: options.phone ?? null }),
      conversation: {
        ...(options.phone ? { channel: 'sms' as const, contactPhone: options.phone } : {}),
        status: 'ended',
      },
    });
  const emailTenant = `${unique('sarah')}@example.test`;
  const sms = await book(0, 'Tom Price', { phone: '+447700900321' });
  const byEmail = await book(12, 'Sarah Jones', { email: emailTenant });
  const confirmed = await book(30, 'Priya Shah', { email: `${unique('priya')}@example.test` });
  await app.ctx.db.update(viewings).set({ confirmedAt: new Date() }).where(eq(viewings.id, confirmed.id));
  const released = await book(40, 'Amy Khan', { email: `${unique('amy')}@example.test` });
  await app.ctx.db.update(viewings).set({ status: 'released' }).where(eq(viewings.id, released.id));
  // Each request as it goes out 24 hours before its viewing.
  for (const viewing of [sms, byEmail]) {
    setNow(new Date(viewing.startsAt.getTime() - 24 * 3_600_000 + 60_000));
    await runViewingMessages(app.ctx);
  }
  setNow(undefined);
  // The thread as the tenant finds it: the request arrived a minute ago.
  await app.ctx.db
    .update(channelMessages)
    .set({ createdAt: new Date(Date.now() - 60_000) })
    .where(eq(channelMessages.companyId, company.id));
  await app.ctx.db
    .update(companies)
    .set({ quietHours: { from: '20:00', to: '08:00' } })
    .where(eq(companies.id, company.id));
  return { cookie: user.cookie, companySlug: company.slug, emailTenant, manageToken: byEmail.manageToken };
}

const test = seededTest(seed);
test.describe.configure({ mode: 'serial' });

test('on SMS the tenant cannot make it, and picks another time in the thread', async ({ page, seeded }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dev/phone?company=${seeded.companySlug}&phone=${SMS_PHONE}&channel=sms`);
  const thread = page.getByLabel('Messages');
  await expect(thread).toContainText('Reply YES to confirm or CHANGE to pick another time');
  const send = async (text: string) => {
    const before = await page.locator('.msg').count();
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(async () => page.locator('.msg').count()).toBeGreaterThan(before + 1);
  };
  await send("sorry something came up, can't make it");
  await expect(thread).toContainText('Which of these times suits you better?');
  await expect(thread).toContainText('Reply 1, 2 or 3');
  await page.screenshot({ path: test.info().outputPath(`phone-change-390.png`) });
  // The times are on three different days, so the third is more than a day ahead at any hour the
  // test runs: the moved viewing stays awaiting confirmation (one within a day would count as
  // confirmed by its booking), as the agent's view below expects.
  await send('3');
  await expect(thread).toContainText('Done: your viewing of Flat 4, Lock House is now on');
  await page.screenshot({ path: test.info().outputPath(`phone-moved-390.png`) });
});

test('with email only, the tenant confirms from the email in one tap', async ({ page, seeded }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dev/mail');
  await expect(page.getByText(`Please confirm your viewing:`).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`outbox-390.png`) });
  const link = await linkFromOutbox(page.request, seeded.emailTenant, `/viewings/${seeded.manageToken}`);
  expect(link).toContain('?confirm=1');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your viewing is confirmed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText("you're confirmed for");
  await expect(page.getByText('You have confirmed you are coming.')).toBeVisible();
  // The address bar no longer asks to confirm: a reload shows the page as it is.
  expect(new URL(page.url()).search).toBe('');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath(`manage-confirmed-390.png`), fullPage: true });
});

test('the agent sees confirmed, awaiting and released at a glance', async ({ page, openAs, seeded }) => {
  for (const width of [1280, 390]) {
    await openAs(seeded.cookie, { viewport: { width, height: 900 }, tab: 'Viewings' });
    const upcoming = page.getByRole('list', { name: 'Upcoming viewings' });
    await expect(upcoming.getByRole('listitem').filter({ hasText: 'Sarah Jones' })).toContainText(
      'Confirmed',
    );
    await expect(upcoming.getByRole('listitem').filter({ hasText: 'Priya Shah' })).toContainText('Confirmed');
    await expect(upcoming.getByRole('listitem').filter({ hasText: 'Tom Price' })).toContainText('Awaiting');
    await expect(upcoming.getByRole('listitem').filter({ hasText: 'Amy Khan' })).toContainText('Released');
    await expect(page.getByText(/2 confirmed · 1 awaiting confirmation · 1 released/)).toBeVisible();
    await expect(page.getByLabel('Release unconfirmed viewings')).toHaveValue('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`viewings-tab-${width}.png`), fullPage: true });
  }
  await page.getByLabel('Release unconfirmed viewings').selectOption('12');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Confirmation settings saved')).toBeVisible();
});
