import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { TestApp } from '#tests/helpers/app.ts';
import {
  createCompanyUser,
  insertLead,
  insertPhoto,
  insertProperty,
  unique,
} from '#tests/helpers/factories.ts';
import { viewingSchedule } from '#tests/helpers/viewing-schedule.ts';
import { editListing } from './dashboard.ts';
import { expect, expectFingerSized, expectNoSeriousA11yViolations, seededTest } from './fixtures.ts';

/** A negotiator on a phone adds a listing with its details and a photo; a tenant then sees the photo. */

async function seed(app: TestApp) {
  const { company, ...user } = await createCompanyUser(app, {
    name: 'Canal Side Lettings',
    slug: unique('canal-side'),
    viewingSchedule: viewingSchedule(
      [
        ...[1, 2, 3, 4, 5].map((day) => ({ day, start: '17:00', end: '19:00' })),
        { day: 6, start: '10:00', end: '13:00' },
      ],
      { slotMinutes: 20, minNoticeHours: 12 },
    ),
  });
  // A listing with two photos and a lead about it, for the lead panel.
  const listing = await insertProperty(app, company.id, company.slug, { propertyName: 'Loft, Mill Street' });
  await insertPhoto(app, listing, { position: 0 });
  await insertPhoto(app, listing, { position: 1 });
  await insertLead(app.ctx.db, company.id, {
    propertyId: listing.id,
    propertyName: 'Loft, Mill Street',
    name: 'Priya Shah',
  });
  return { cookie: user.cookie, companySlug: company.slug };
}

const test = seededTest(seed);

function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });
}

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('add a listing with details and a photo on a phone, and a tenant sees the photo', async ({
  openAs,
  page,
  seeded,
}) => {
  await openAs(seeded.cookie, { tab: 'Property List' });
  await page.getByRole('button', { name: 'Add Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Property' });

  await dialog.getByLabel('Property name').fill('1 Bed Flat, Canal Street');
  await dialog.getByLabel('Address').fill('8 Canal Street, Manchester M1 3HE');
  await dialog.getByLabel('Rental price').fill('£1,250 pcm');
  await dialog.getByLabel('Bedrooms').fill('1');
  await dialog.getByLabel('Parking space').fill('On-street permit');
  await dialog.getByRole('textbox', { name: /^Vacancy date/ }).pressSequentially('01092027');
  await dialog.getByLabel('Landlord').fill('Mr Okafor 07700 900456');

  await page.screenshot({ path: test.info().outputPath('listings-form-top-390.png') });
  // The optional group opens on demand, and says what the deposit may be for this rent.
  await dialog.getByText('Details tenants ask about').click();
  await dialog.getByLabel('Furnishing').selectOption('furnished');
  await dialog.getByLabel('Pets').selectOption('considered');
  await dialog.getByLabel('Bills included').selectOption('no');
  await dialog.getByLabel('Council tax band').selectOption('B');
  await dialog.getByLabel('EPC rating').selectOption('C');
  await expect(dialog.getByText("Up to £1,442 (5 weeks' rent) under the Tenant Fees Act 2019")).toBeVisible();
  await dialog.getByLabel('Minimum term').fill('12');
  await dialog.getByRole('checkbox', { name: 'balcony' }).check();
  await dialog.getByRole('checkbox', { name: 'dishwasher' }).check();
  await dialog.getByLabel('Other features').fill('cellar, home office');
  await dialog
    .getByLabel('Description')
    .fill('A bright flat overlooking the canal, five minutes from Piccadilly.');

  // A deposit above the cap is refused with the Act's reason, before anything is sent.
  await dialog.getByLabel('Deposit').fill('1500');
  await dialog.getByRole('button', { name: 'Add Property' }).click();
  await expect(
    dialog.getByText("Deposit can be at most 5 weeks' rent (£1,442) under the Tenant Fees Act 2019"),
  ).toBeVisible();
  await dialog.getByLabel('Deposit').fill('1442');

  // A photo from the phone's gallery, and a text file renamed to .jpg that is turned away.
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#4a7a8c' } })
    .jpeg()
    .toBuffer();
  let chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText('notes.txt: photos must be JPEG, PNG, WebP or HEIC images')).toBeVisible();
  chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles({ name: 'living-room.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(dialog.getByRole('img', { name: 'New: living-room.jpg' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('listings-form-390.png'), fullPage: true });

  await dialog.getByRole('button', { name: 'Add Property' }).click();
  await expect(toast(page, 'Property added')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Saved with every detail and the photo.
  await expect(page.getByText('1 Bed Flat, Canal Street').first()).toBeVisible();
  const properties = await (
    await page.request.get(`/api/companies/${await companyId(page)}/properties`)
  ).json();
  const saved = properties.find(
    (p: { propertyName: string }) => p.propertyName === '1 Bed Flat, Canal Street',
  );
  expect(saved).toMatchObject({
    furnishing: 'furnished',
    petsPolicy: 'considered',
    billsIncluded: false,
    councilTaxBand: 'B',
    epcRating: 'C',
    deposit: 1442,
    minimumTermMonths: 12,
    features: ['balcony', 'dishwasher', 'cellar', 'home office'],
  });
  expect(saved.photos).toHaveLength(1);
  expect(saved.photos[0]).toMatchObject({ width: 1200, height: 900 });

  // The tenant's chat page shows the photo in its header.
  await page.goto(`/chatbot/${seeded.companySlug}/${saved.slug}`);
  const headerPhoto = page.getByRole('img', { name: '1 Bed Flat, Canal Street (1 of 1)' });
  await expect(headerPhoto).toBeVisible();
  // Loaded through the image helper, not a broken link.
  await expect
    .poll(() => headerPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('listings-chat-390.png') });
});

async function companyId(page: Page): Promise<string> {
  const user = await (await page.request.get('/api/auth/user')).json();
  return user.company.id;
}

test("every control on a lead's and a listing's card is at least 40 px for a finger", async ({
  page,
  openAs,
  seeded,
}) => {
  await openAs(seeded.cookie);
  const leadCard = page.getByRole('listitem').filter({
    has: page.getByRole('button', { name: 'Details for Priya Shah' }),
  });
  await expect(leadCard).toBeVisible();
  // Call, Email and Details.
  await expectFingerSized(leadCard.locator('button, a[href]'), 3);
  await leadCard.screenshot({ path: test.info().outputPath('lead-card-390.png') });
  await page.getByRole('tab', { name: 'Property List' }).click();
  const card = page
    .getByRole('list', { name: 'Properties' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Loft, Mill Street', exact: true }) });
  await expect(card).toBeVisible();
  // Edit, Delete, Looked after by, Copy and Open.
  await expectFingerSized(card.locator('button, a[href]'), 5);
  await card.screenshot({ path: test.info().outputPath('listing-card-390.png') });
});

test("the lead panel shows the photos of the lead's listing", async ({ page, openAs, seeded }) => {
  await openAs(seeded.cookie);
  // On a phone the leads are cards; each opens its panel from its Details button.
  await page.getByRole('button', { name: 'Details for Priya Shah' }).click();
  const sheet = page.getByRole('dialog', { name: 'Priya Shah' });
  await expect(sheet.getByRole('list', { name: 'Photos of Loft, Mill Street' }).getByRole('img')).toHaveCount(
    2,
  );
  await expect(sheet.getByRole('img', { name: 'Loft, Mill Street (1 of 2)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('listings-lead-390.png') });
});

test('a listing gets its own viewing hours and a blocked day, and keeps them when edited again', async ({
  openAs,
  page,
  seeded,
}, testInfo) => {
  await openAs(seeded.cookie);
  const dialog = await editListing(page, 'Loft, Mill Street');

  // Following the agency: the group is folded and says so; opened, it names the agency's hours.
  await dialog.getByText("Viewings (the agency's hours)").click();
  await expect(dialog.getByText('Mon 17:00–19:00, Tue 17:00–19:00')).toBeVisible();
  await dialog.getByLabel('Different hours for this property').check();
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await dialog.getByRole('button', { name: `Remove ${day} 17:00–19:00` }).click();
  }
  await dialog.getByRole('button', { name: 'Add hours on Sunday' }).click();
  await dialog.getByLabel('Parties per viewing').fill('4');
  await dialog.getByRole('textbox', { name: 'Dates with no viewings' }).pressSequentially('26122031');
  await dialog.getByRole('button', { name: 'Add date' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove 26 Dec 2031' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('property-viewings-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByText('Viewings (its own rules)').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('property-viewings-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Property updated')).toBeVisible();
  const expected = {
    bookingOff: false,
    windows: [
      { day: 6, start: '10:00', end: '13:00' },
      { day: 7, start: '10:00', end: '12:00' },
    ],
    partiesPerSlot: 4,
    blockedDates: ['2031-12-26'],
  };
  const settings = async () =>
    (
      (await (await page.request.get(`/api/companies/${await companyId(page)}/properties`)).json()) as {
        propertyName: string;
        viewingSettings: unknown;
      }[]
    ).find((p) => p.propertyName.startsWith('Loft'))?.viewingSettings;
  expect(await settings()).toEqual(expected);

  // Edited again for something else: the viewing rules are kept, and the group says they are its own.
  await page.getByRole('button', { name: 'Edit Loft, Mill Street' }).first().click();
  await expect(dialog.getByText('(its own rules)')).toBeVisible();
  await dialog.getByLabel('Property name').fill('Loft, Mill Street (top floor)');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  expect(await settings()).toEqual(expected);
});
