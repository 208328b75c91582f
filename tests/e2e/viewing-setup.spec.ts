import type { Page } from '@playwright/test';
import {
  DEFAULT_VIEWING_SCHEDULE,
  SUGGESTED_WINDOWS,
  type ViewingTimesResponse,
} from '#shared/schemas/viewings.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { addMember, createCompanyUser, insertProperty, unique } from '#tests/helpers/factories.ts';
import { editListing } from './dashboard.ts';
import { expect, seededTest } from './fixtures.ts';

/**
 * A new agency sets up viewings as a newcomer would: from the suggested hours, with listings free
 * in a few months (as the demo's are), on a phone and at a desk; and a negotiator reads the hours.
 */

/** dd/mm/yyyy, `days` from today. */
function ukDateIn(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;
}

async function seed(app: TestApp) {
  const { company, ...owner } = await createCompanyUser(
    app,
    { name: 'Quay Lettings', slug: unique('quay') },
    { firstName: 'Olive' },
  );
  const later = await insertProperty(app, company.id, company.slug, {
    propertyName: 'Flat 9, Quay Street',
    vacancyDate: ukDateIn(90),
  });
  await insertProperty(app, company.id, company.slug, {
    propertyName: 'House 3, Mill Lane',
    vacancyDate: ukDateIn(20),
    viewingSettings: { bookingOff: true, windows: null, partiesPerSlot: null, blockedDates: [] },
  });
  // Another agency whose owner has set hours, where a negotiator works.
  const { company: other } = await createCompanyUser(
    app,
    {
      name: 'Dock Lettings',
      slug: unique('dock'),
      viewingSchedule: { ...DEFAULT_VIEWING_SCHEDULE, windows: SUGGESTED_WINDOWS },
    },
    { firstName: 'Omar' },
  );
  const negotiator = await addMember(app, other.id, 'negotiator');
  return {
    ownerCookie: owner.cookie,
    negotiatorCookie: negotiator.cookie,
    companySlug: company.slug,
    laterSlug: later.slug,
  };
}

const test = seededTest(seed);

async function openViewings(page: Page) {
  await page.getByRole('tab', { name: 'Viewings' }).click();
  await expect(page.getByRole('heading', { name: 'Viewing hours' })).toBeVisible();
}

test('on a phone the first dashboard tab can be reached again after opening another', async ({
  openAs,
  page,
  seeded,
}) => {
  await openAs(seeded.ownerCookie, { viewport: { width: 390, height: 844 } });
  const leadsTab = page.getByRole('tab', { name: 'Property Leads' });
  await expect(leadsTab).toBeVisible();
  expect((await leadsTab.boundingBox())!.x).toBeGreaterThanOrEqual(0);
  await page.getByRole('tab', { name: 'Viewings' }).click();
  await leadsTab.click({ timeout: 5_000 });
  await expect(leadsTab).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: test.info().outputPath('tabs-390.png') });
});

test('on a phone the Viewings tab fits the screen before any hours are set', async ({
  page,
  openAs,
  seeded,
}) => {
  await openAs(seeded.ownerCookie, { viewport: { width: 390, height: 844 } });
  // By keyboard: on today's main the tab row cannot be scrolled to every tab by touch.
  await page.getByRole('tab', { name: 'Viewings' }).focus();
  await expect(page.getByRole('button', { name: 'Use weekday evenings and Saturday morning' })).toBeVisible();
  // Nothing wider than the phone: no sideways scrolling of the page.
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter(
        (element) => element.getBoundingClientRect().right > 391 && !element.closest('[role="tablist"]'),
      )
      .map((element) => `${element.tagName}.${element.className}`.slice(0, 120)),
  );
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('viewings-empty-390.png'), fullPage: true });
});

test('on a phone each quiet-hours time sits beside its own label, so no "to" is left at a line end, and its tick box matches the others', async ({
  page,
  openAs,
  seeded,
}) => {
  await openAs(seeded.ownerCookie, { viewport: { width: 390, height: 844 } });
  await openViewings(page);
  const quietHours = page.getByRole('group', { name: 'Quiet hours (UK time)' });
  for (const name of ['From', 'to']) {
    const label = (await quietHours.getByText(name, { exact: true }).boundingBox())!;
    const input = (await quietHours.getByLabel(name, { exact: true }).boundingBox())!;
    // The label's middle is level with its input's, on the same line.
    expect(Math.abs(label.y + label.height / 2 - (input.y + input.height / 2)), name).toBeLessThan(4);
  }
  // Its tick box is in the product's colour, as the bank-holidays one above it is.
  const accent = (name: string | RegExp) =>
    page.getByRole('checkbox', { name }).evaluate((box) => getComputedStyle(box).accentColor);
  expect(await accent('Send nothing but replies between these times')).toBe(
    await accent(/^Closed on England and Wales bank holidays/),
  );
  await quietHours.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('quiet-hours-390.png') });
});

test('the suggested hours offer times for a listing free in three months, and the tab says why a listing offers none', async ({
  page,
  openAs,
  seeded,
}) => {
  await openAs(seeded.ownerCookie, { viewport: { width: 1280, height: 900 } });
  await openViewings(page);
  await page.getByRole('button', { name: 'Use weekday evenings and Saturday morning' }).click();
  await page.getByRole('button', { name: 'Save viewing hours' }).click();
  await expect(page.getByText('Viewing hours saved')).toBeVisible();

  // The chat offers the listing free in three months its first weeks of viewings.
  const slots = (await (
    await page.request.get(`/api/chat/${seeded.companySlug}/slots?propertySlug=${seeded.laterSlug}`)
  ).json()) as ViewingTimesResponse;
  expect(slots.slots.length).toBeGreaterThan(0);

  const offered = page.getByRole('list', { name: 'Times offered in the chat' });
  await expect(offered.getByRole('listitem').filter({ hasText: 'Flat 9, Quay Street' })).toContainText(
    `Tenants are offered times from ${slots.slots[0]!.label} (viewings open 28 days before the vacancy date)`,
  );
  await expect(offered.getByRole('listitem').filter({ hasText: 'House 3, Mill Lane' })).toContainText(
    'Booking is off for this listing',
  );
  await page.screenshot({ path: test.info().outputPath('viewings-1280.png'), fullPage: true });

  // The listing's form says the same where its viewing rules are.
  const dialog = await editListing(page, 'Flat 9, Quay Street');
  await dialog.locator('summary', { hasText: 'Viewings' }).click();
  await expect(dialog.getByTestId('viewing-times-note')).toContainText(
    `Tenants are offered times from ${slots.slots[0]!.label}`,
  );
  await dialog.getByLabel('Tenants can book a viewing in the chat').uncheck();
  await expect(dialog.getByTestId('viewing-times-note')).toContainText('Booking is off for this listing');
  await page.screenshot({ path: test.info().outputPath('listing-form-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('listing-form-390.png') });
});

test('a negotiator reads the viewing hours, with nothing to save', async ({ page, openAs, seeded }) => {
  await openAs(seeded.negotiatorCookie, { viewport: { width: 390, height: 844 } });
  await openViewings(page);
  await expect(
    page.getByText('Only an owner or admin of the agency can change the viewing hours.'),
  ).toBeVisible();
  const hours = page.getByRole('definition').filter({ hasText: '17:00–19:00' });
  await expect(hours).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Save viewing hours' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Monday from' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('viewings-negotiator-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('viewings-negotiator-1280.png'), fullPage: true });
});
