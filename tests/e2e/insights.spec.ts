import type { TestApp } from '#tests/helpers/app.ts';
import {
  createCompanyUser,
  createSignedInUser,
  insertCompany,
  insertEnquiry,
  insertFunnelChat,
  insertProperty,
  unique,
} from '#tests/helpers/factories.ts';
import { addSessionCookie, expect, expectNoSeriousA11yViolations, seededTest } from './fixtures.ts';

/** The Insights tab: the funnel for seeded chats, per property and per source; a new agency's empty state. */

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function seed(app: TestApp) {
  const { company, ...user } = await createCompanyUser(app, {
    name: 'Rowan Lettings',
    slug: unique('rowan'),
  });
  const birch = await insertProperty(app, company.id, company.slug, { propertyName: 'Birch House' });
  const cedar = await insertProperty(app, company.id, company.slug, { propertyName: 'Cedar Flat' });
  const chats = [
    {
      propertyId: birch.id,
      source: 'rightmove',
      at: daysAgo(3),
      turns: 3,
      lead: { status: 'let' as const },
      viewings: ['attended' as const],
    },
    {
      propertyId: birch.id,
      source: 'rightmove',
      at: daysAgo(4),
      turns: 2,
      lead: { status: 'viewing_booked' as const },
      viewings: ['booked' as const],
    },
    { propertyId: birch.id, source: 'zoopla', at: daysAgo(5), turns: 1, lead: { status: 'new' as const } },
    { propertyId: birch.id, source: 'rightmove', at: daysAgo(6), turns: 0 },
    {
      propertyId: cedar.id,
      source: 'zoopla',
      at: daysAgo(7),
      turns: 2,
      lead: { status: 'viewed' as const },
      viewings: ['attended' as const],
    },
    { propertyId: cedar.id, source: 'facebook', at: daysAgo(8), turns: 1 },
    { propertyId: cedar.id, source: null, at: daysAgo(9), turns: 0 },
    // Older than 30 days: only in the 90-day view.
    { propertyId: cedar.id, source: 'zoopla', at: daysAgo(45), turns: 2, lead: { status: 'new' as const } },
  ];
  for (const chat of chats) await insertFunnelChat(app, company.id, chat);
  await insertEnquiry(app, company.id, {
    propertyId: birch.id,
    source: 'rightmove',
    at: daysAgo(3),
    replySeconds: 120,
  });
  await insertEnquiry(app, company.id, {
    propertyId: cedar.id,
    source: 'zoopla',
    at: daysAgo(4),
    replySeconds: 240,
  });

  // An agency whose tenants also text its WhatsApp and SMS numbers: a thread opens no link.
  const texting = await createCompanyUser(app, { name: 'Alder Lettings', slug: unique('alder') });
  const alder = await insertProperty(app, texting.company.id, texting.company.slug, {
    propertyName: 'Alder Court',
  });
  const threads = [
    { source: 'rightmove', turns: 2, lead: { status: 'new' as const } },
    {
      source: null,
      channel: 'whatsapp' as const,
      turns: 3,
      lead: { status: 'viewing_booked' as const },
      viewings: ['booked' as const],
    },
    { source: null, channel: 'sms' as const, turns: 1 },
  ];
  for (const [index, chat] of threads.entries())
    await insertFunnelChat(app, texting.company.id, {
      propertyId: alder.id,
      at: daysAgo(2 + 2 * index),
      ...chat,
    });
  await insertEnquiry(app, texting.company.id, {
    propertyId: alder.id,
    source: 'rightmove',
    at: daysAgo(2),
    replySeconds: 60,
  });

  const empty = await createSignedInUser(app);
  await insertCompany(app.ctx.db, empty.userId, { name: 'New Start Lettings', slug: unique('newstart') });
  return { cookie: user.cookie, textingCookie: texting.cookie, emptyCookie: empty.cookie };
}

const test = seededTest(seed);

for (const width of [390, 1280]) {
  test(`the Insights tab shows the funnel for seeded chats at ${width} px`, async ({
    page,
    context,
    seeded,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await addSessionCookie(context, seeded.server.url, seeded.cookie);
    // The tab's code is its own chunk, fetched after the dashboard's first screen (dashboard.spec.ts).
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (/insights-tab.*\.js$/.test(request.url())) chunks.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('tab', { name: 'Property Leads' })).toBeVisible();
    await page.getByRole('tab', { name: 'Insights' }).click();

    const funnel = page.getByRole('figure', { name: /Funnel/ });
    const stages = funnel.getByRole('listitem');
    await expect(stages).toHaveCount(6);
    await expect(stages.nth(0)).toContainText('Link opens7');
    await expect(stages.nth(1)).toContainText('Chats5');
    await expect(stages.nth(2)).toContainText('Leads4');
    await expect(stages.nth(2)).toContainText('80% of chats');
    await expect(stages.nth(3)).toContainText('Viewings booked3');
    await expect(stages.nth(4)).toContainText('Attended2');
    await expect(stages.nth(5)).toContainText('Let1');
    await expect(page.getByText('Median first reply to portal enquiries: 3 min (2 enquiries)')).toBeVisible();
    expect(chunks.length).toBeGreaterThan(0);

    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /Birch House/ })).toContainText('Birch House433211001');
    await expect(table.getByRole('row', { name: /Cedar Flat/ })).toContainText('Cedar Flat321110001');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`insights-property-${width}.png`), fullPage: true });

    await page.getByRole('button', { name: 'Source' }).click();
    await expect(page.getByRole('button', { name: 'Source' })).toHaveAttribute('aria-pressed', 'true');
    await expect(table.getByRole('row', { name: /Rightmove/ })).toContainText('Rightmove322211');
    await expect(table.getByRole('row', { name: /Zoopla/ })).toContainText('Zoopla222110');
    await expect(table.getByRole('row', { name: /Facebook/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Direct \(no source\)/ })).toBeVisible();

    // The 90-day view takes in the older chat.
    await page.getByLabel('Period').click();
    await page.getByRole('option', { name: 'Last 90 days' }).click();
    await expect(stages.nth(0)).toContainText('Link opens8');
    await expect(table.getByRole('row', { name: /Zoopla/ })).toContainText('Zoopla333110');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`insights-source-${width}.png`), fullPage: true });
  });
}

test('WhatsApp and SMS threads count apart from link opens, and by source under their channel', async ({
  openAs,
  page,
  seeded,
}) => {
  await openAs(seeded.textingCookie, { viewport: { width: 390, height: 900 }, tab: 'Insights' });
  const stages = page.getByRole('figure', { name: /Funnel/ }).getByRole('listitem');
  await expect(stages.nth(0)).toContainText('Link opens1');
  await expect(stages.nth(0)).toContainText('and 2 WhatsApp and SMS threads (no link opened)');
  await expect(stages.nth(1)).toContainText('Chats3');
  await expect(stages.nth(2)).toContainText('Leads2');
  await expect(stages.nth(3)).toContainText('Viewings booked1');
  await expect(page.getByText('Median first reply to portal enquiries: 1 min (1 enquiry)')).toBeVisible();
  await page.getByRole('button', { name: 'Source' }).click();
  const table = page.getByRole('table');
  // Link opens, chats, leads, viewings booked.
  await expect(table.getByRole('row', { name: /Rightmove/ })).toContainText('Rightmove1110');
  await expect(table.getByRole('row', { name: /WhatsApp/ })).toContainText('WhatsApp0111');
  await expect(table.getByRole('row', { name: /SMS/ })).toContainText('SMS0100');
  await expect(table.getByRole('row', { name: /Direct/ })).toHaveCount(0);
});

test('a new agency sees what the Insights tab will show, and a custom period is checked', async ({
  openAs,
  page,
  seeded,
}, testInfo) => {
  await openAs(seeded.emptyCookie, { viewport: { width: 390, height: 900 }, tab: 'Insights' });
  await expect(page.getByText(/Nothing to show for .* yet\./)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('insights-empty-390.png'), fullPage: true });

  await page.getByLabel('Period').click();
  await page.getByRole('option', { name: 'Custom dates' }).click();
  await page.getByLabel('From').fill('31/03/2026');
  await page.getByLabel('To').fill('01/03/2026');
  await expect(page.getByRole('alert')).toHaveText('The end date must not be before the start date.');
  await page.getByLabel('To').fill('30/04/2026');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Nothing to show for 31 Mar 2026 – 30 Apr 2026 yet.')).toBeVisible();
});
