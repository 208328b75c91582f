import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { chatTranscripts, conversations } from '#server/db/schema.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import {
  createSignedInUser,
  insertCompany,
  insertLead,
  insertProperty,
  unique,
} from '#tests/helpers/factories.ts';
import {
  addSessionCookie,
  test as base,
  expect,
  expectNoSeriousA11yViolations,
  type LetLeadServer,
  startSeededServer,
} from './fixtures.ts';

/**
 * The dashboard needs leads, and only a finished chat makes one: these tests seed the server's
 * embedded database before it starts (the running server holds it locked), then sign in with
 * the session cookie made while seeding.
 */

type Agent = { cookie: string; companyName: string; companySlug: string };
type Seeded = {
  server: LetLeadServer;
  properties: Agent;
  leads: Agent;
  /** Signed in, but has not registered a company yet. */
  noCompanyCookie: string;
  /** A company with one listing and no leads: its lead comes from a real chat. */
  chat: Agent & { propertySlug: string };
  leadNames: string[];
};

const breakdown = {
  total: 8,
  max: 10,
  parts: [
    { label: 'Affordability', points: 4, max: 4, reason: 'Income is 35 times the monthly rent' },
    { label: 'Move-in fit', points: 1, max: 2, reason: 'Moving in 20 days after the vacancy date' },
    { label: 'Occupancy', points: 1, max: 1, reason: '2 people for 2 bedrooms' },
    { label: 'Occupation', points: 1, max: 1, reason: 'Nurse' },
    { label: 'Contact', points: 1, max: 1, reason: 'Name and email given' },
    { label: 'Viewing readiness', points: 0, max: 1, reason: 'No viewing availability given' },
  ],
};

const tenants = [
  { name: 'Sarah Jones', profession: 'Nurse', rating: '8', availability: 'Weekday evenings', people: 2 },
  { name: 'Tom Brown', profession: 'Software engineer', rating: '10', availability: 'Tomorrow', people: 1 },
  { name: 'Amira Khan', profession: 'Teacher', rating: '9', availability: 'Weekends', people: 3 },
  { name: 'Ben Hughes', profession: 'Student', rating: '2', availability: 'pending', people: 4 },
  { name: 'Chloe Evans', profession: 'Retired', rating: '5', availability: 'available', people: 2 },
  { name: 'Dan Wright', profession: 'Electrician', rating: null, availability: null, people: null },
];

async function seed(app: TestApp) {
  const makeAgent = async (companyName: string, credits: { accountLimit: number; currentCount: number }) => {
    const user = await createSignedInUser(app as TestApp);
    const company = await insertCompany(app.ctx.db, user.userId, {
      name: companyName,
      slug: unique('e2e-lettings'),
      ...credits,
    });
    return { user, company };
  };
  // 3 of 30 credits left (10 %): critical. 6 of 30 (20 %): low.
  const propertiesAgent = await makeAgent('Oakwood Lettings', { accountLimit: 30, currentCount: 3 });
  const leadsAgent = await makeAgent('Riverside Homes', { accountLimit: 30, currentCount: 6 });

  const companyId = leadsAgent.company.id;
  const [conversation] = await app.ctx.db
    .insert(conversations)
    .values({
      sessionKey: unique('session'),
      companyId,
      status: 'ended',
      messages: [
        {
          id: 'm1',
          sender: 'ai',
          content: 'Hello! I am the AI assistant for Riverside Homes.',
          timestamp: '2025-01-05T15:00:00.000Z',
        },
        {
          id: 'm2',
          sender: 'user',
          content: 'Hi, 2 of us, both nurses, £42k together',
          timestamp: '2025-01-05T15:01:00.000Z',
        },
      ],
    })
    .returning();
  const [transcript] = await app.ctx.db
    .insert(chatTranscripts)
    .values({
      companyId,
      conversationId: conversation!.id,
      fileName: 'chat.txt',
      content: 'AI: Hello!',
      processed: true,
    })
    .returning();
  for (const [index, tenant] of tenants.entries()) {
    await insertLead(app.ctx.db, companyId, {
      name: tenant.name,
      email: `${tenant.name.split(' ')[0]!.toLowerCase()}@example.test`,
      profession: tenant.profession,
      rating: tenant.rating,
      score: tenant.rating === null ? null : Number(tenant.rating),
      availability: tenant.availability,
      numberOfPeople: tenant.people,
      propertyName: index === 3 ? 'any' : '2 Bed Flat, Elm Road',
      propertyLocation: index === 3 ? null : '14 Elm Road, Leeds LS6 2AB',
      createdAt: new Date(Date.UTC(2025, 0, 5 + index, 15, 7)),
      ...(index === 0
        ? { conversationId: conversation!.id, chatTranscriptId: transcript!.id, scoreBreakdown: breakdown }
        : {}),
    });
  }
  const agent = ({ user, company }: typeof leadsAgent): Agent => ({
    cookie: user.cookie,
    companyName: company.name,
    companySlug: company.slug,
  });
  const noCompany = await createSignedInUser(app as TestApp);
  const chatAgent = await makeAgent('Harbour Lets', { accountLimit: 30, currentCount: 30 });
  const listing = await insertProperty(app, chatAgent.company.id, chatAgent.company.slug, {
    slug: unique('harbour-flat'),
  });
  return {
    properties: agent(propertiesAgent),
    leads: agent(leadsAgent),
    noCompanyCookie: noCompany.cookie,
    chat: { ...agent(chatAgent), propertySlug: listing.slug },
  };
}

const test = base.extend<
  { signIn: (agent: Agent) => Promise<void> },
  { seeded: Seeded; server: LetLeadServer }
>({
  seeded: [
    async ({}, use) => {
      const { server, seeded, stop } = await startSeededServer(seed);
      await use({ server, ...seeded, leadNames: tenants.map((t) => t.name) });
      await stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  server: [async ({ seeded }, use) => use(seeded.server), { scope: 'worker' }],
  signIn: async ({ context, baseURL }, use) => {
    await use(async (agent) => {
      await addSessionCookie(context, baseURL!, agent.cookie);
    });
  },
});

async function screenshot(page: Page, name: string) {
  // Show each table from its first column, as an agent arriving at it would see it.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('.overflow-auto, .overflow-x-auto'))
      element.scrollLeft = 0;
  });
  for (const width of [1280, 820]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/dashboard-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });
}

test.describe('dashboard: properties and agent links', () => {
  test('add → edit → copy link → delete a property, and the agency link', async ({
    page,
    context,
    baseURL,
    seeded,
    signIn,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const agent = seeded.properties;
    await signIn(agent);
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: agent.companyName })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Property Leads' })).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByText('No leads yet - When customers use your chatbot, their information will appear here.'),
    ).toBeVisible();
    await expect(page.getByText('Critical: Only 3 credits left!')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Property List' }).click();
    await expect(
      page.getByText('No properties found. Add your first property to get started.'),
    ).toBeVisible();

    // Add: the empty form names every missing field.
    await page.getByRole('button', { name: 'Add Property' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Property' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Property' }).click();
    for (const message of [
      'Property name is required',
      'Property address is required',
      'Rental price is required',
      'Number of bedrooms must be 0 or greater',
      'Parking space is required',
      'Vacancy date is required',
      'Landlord is required',
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);

    // An impossible date is red and refused with its message.
    await dialog.getByLabel('Property name').fill('Garden Flat, Oak Street');
    await dialog.getByLabel('Address').fill('3 Oak Street, York YO1 7AB');
    await dialog.getByLabel('Rental price').fill('£950 pcm');
    await dialog.getByLabel('Bedrooms').fill('1');
    await dialog.getByLabel('Parking space').fill('On-street permit');
    const vacancy = dialog.getByRole('textbox', { name: /^Vacancy date/ });
    await vacancy.pressSequentially('31042027');
    await expect(vacancy).toHaveValue('31/04/2027');
    await expect(vacancy).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Landlord').fill('Mr Khan 07700 900456');
    await dialog.getByRole('button', { name: 'Add Property' }).click();
    await expect(dialog.getByText('Vacancy date must be a real date (dd/mm/yyyy)')).toBeVisible();
    await expect(dialog).toBeVisible();
    await screenshot(page, 'property-form');

    await vacancy.fill('');
    await vacancy.pressSequentially('300427');
    await expect(vacancy).toHaveValue('30/04/27');
    await dialog.getByRole('button', { name: 'Add Property' }).click();
    await expect(toast(page, 'Property added')).toBeVisible();
    await expect(dialog).toBeHidden();

    await addProperty(page, {
      name: 'Studio, Mill Lane',
      address: '9 Mill Lane, Leeds LS2 8AA',
      rent: '£300 pw',
      bedrooms: '0',
      parking: 'None',
      date: '01/06/2027',
      landlord: 'Ms Lee',
    });
    await addProperty(page, {
      name: '2 Bed House, Elm Road',
      address: '14 Elm Road, Leeds LS6 2AB',
      rent: '£1,200 pcm',
      bedrooms: '2',
      parking: 'Driveway',
      date: '15/05/2027',
      landlord: 'Mrs Patel 07700 900123',
    });

    // Newest first by default.
    const table = page.getByRole('table', { name: /Properties/ });
    const nameCells = table.locator('tbody tr td:nth-child(2)');
    await expect(nameCells).toHaveText([
      '2 Bed House, Elm Road',
      'Studio, Mill Lane',
      'Garden Flat, Oak Street',
    ]);
    await expect(table.getByRole('columnheader', { name: 'Date', exact: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(
      page.getByRole('heading', { name: 'Properties Listed' }).locator('..').locator('..'),
    ).toContainText('3');

    // Sort by rent: £300 pw is £1,300 a month.
    await table.getByRole('button', { name: 'Rental Price' }).click();
    await expect(nameCells).toHaveText([
      'Garden Flat, Oak Street',
      '2 Bed House, Elm Road',
      'Studio, Mill Lane',
    ]);
    await table.getByRole('button', { name: 'Rental Price' }).click();
    await expect(nameCells).toHaveText([
      'Studio, Mill Lane',
      '2 Bed House, Elm Road',
      'Garden Flat, Oak Street',
    ]);
    await table.getByRole('button', { name: 'Vacancy Date' }).click();
    await expect(nameCells).toHaveText([
      'Garden Flat, Oak Street',
      '2 Bed House, Elm Road',
      'Studio, Mill Lane',
    ]);

    // Search by name or address.
    const search = page.getByRole('searchbox', { name: 'Search properties by name or address' });
    await search.fill('leeds');
    await expect(nameCells).toHaveText(['2 Bed House, Elm Road', 'Studio, Mill Lane']);
    await search.fill('garden');
    await expect(nameCells).toHaveText(['Garden Flat, Oak Street']);
    await search.fill('');
    await expect(nameCells).toHaveCount(3);

    // Edit keeps the link.
    await page.getByRole('button', { name: 'Edit Garden Flat, Oak Street' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Property' });
    await expect(editDialog.getByLabel('Property name')).toHaveValue('Garden Flat, Oak Street');
    await expect(editDialog.getByRole('textbox', { name: /^Vacancy date/ })).toHaveValue('30/04/2027');
    await editDialog.getByLabel('Rental price').fill('£975 pcm');
    await editDialog.getByLabel('Bedrooms').fill('-1');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(editDialog.getByText('Number of bedrooms must be 0 or greater')).toBeVisible();
    await editDialog.getByLabel('Bedrooms').fill('1');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Property updated')).toBeVisible();
    await expect(table.getByRole('row', { name: /Garden Flat, Oak Street/ })).toContainText('£975 pcm');

    // Each property's own link: copy and open.
    await page.getByRole('button', { name: 'Copy AI agent link for Garden Flat, Oak Street' }).click();
    await expect(toast(page, 'URL copied to clipboard!')).toBeVisible();
    const propertyLink = await page.evaluate(() => navigator.clipboard.readText());
    expect(propertyLink).toBe(`${baseURL}/chatbot/${agent.companySlug}/garden-flat-oak-street`);
    const [propertyPage] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'Open AI agent for Garden Flat, Oak Street in a new tab' }).click(),
    ]);
    await expect(propertyPage).toHaveURL(propertyLink);
    await propertyPage.close();
    for (const name of ['Studio, Mill Lane', '2 Bed House, Elm Road']) {
      await page.getByRole('button', { name: `Copy AI agent link for ${name}` }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
        new RegExp(`^${baseURL}/chatbot/${agent.companySlug}/[a-z0-9-]+$`),
      );
    }

    // The agency-wide link.
    await page.getByRole('button', { name: 'Generate AI Agent' }).click();
    const agentDialog = page.getByRole('dialog', { name: 'AI Agent URL' });
    const agencyLink = `${baseURL}/chatbot/${agent.companySlug}`;
    await expect(agentDialog.getByLabel('AI agent link')).toHaveValue(agencyLink);
    await expect(agentDialog.getByLabel('AI agent link')).toHaveAttribute('readonly', '');
    // The copy toasts above stack and fade as they leave; the dialog is checked once they are gone.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);
    await agentDialog.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page, 'URL copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(agencyLink);
    const [agencyPage] = await Promise.all([
      page.waitForEvent('popup'),
      agentDialog.getByRole('link', { name: /Open/ }).click(),
    ]);
    await expect(agencyPage).toHaveURL(agencyLink);
    await agencyPage.close();
    await page.keyboard.press('Escape');
    await expect(agentDialog).toBeHidden();

    await screenshot(page, 'properties');

    // Delete: Cancel keeps it; confirming removes it.
    await page.getByRole('button', { name: 'Delete Studio, Mill Lane' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete property' });
    await expect(
      confirm.getByText('Are you sure you want to delete this property? This action cannot be undone.'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(nameCells).toHaveCount(3);
    await page.getByRole('button', { name: 'Delete Studio, Mill Lane' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Property deleted')).toBeVisible();
    await expect(nameCells).toHaveCount(2);
    await expect(table).not.toContainText('Studio, Mill Lane');
    await expect(page.getByText('Showing 2 of 2 properties')).toBeVisible();
  });
});

async function addProperty(
  page: Page,
  p: {
    name: string;
    address: string;
    rent: string;
    bedrooms: string;
    parking: string;
    date: string;
    landlord: string;
  },
) {
  await page.getByRole('button', { name: 'Add Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Property' });
  await dialog.getByLabel('Property name').fill(p.name);
  await dialog.getByLabel('Address').fill(p.address);
  await dialog.getByLabel('Rental price').fill(p.rent);
  await dialog.getByLabel('Bedrooms').fill(p.bedrooms);
  await dialog.getByLabel('Parking space').fill(p.parking);
  await dialog.getByRole('textbox', { name: /^Vacancy date/ }).pressSequentially(p.date.replaceAll('/', ''));
  await dialog.getByLabel('Landlord').fill(p.landlord);
  await dialog.getByRole('button', { name: 'Add Property' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('dashboard: leads', () => {
  test('search, sort, open, export and delete leads', async ({ page, seeded, signIn }) => {
    await signIn(seeded.leads);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: seeded.leads.companyName })).toBeVisible();
    await expect(page.getByText('Warning: Running low on credits')).toBeVisible();
    await expect(page.getByText('6 of 30 remaining')).toBeVisible();

    const table = page.getByRole('table', { name: /Property leads/ });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Date/Time',
      'Property',
      'Location',
      'Price',
      'Beds',
      'Name',
      'Email',
      'Contact',
      'Income',
      'Profession',
      'People',
      'Move In',
      'Availability',
      'Rating',
      'Actions',
    ]);
    await expect(page.getByText('Showing 6 of 6 results')).toBeVisible();
    const names = table.locator('tbody tr[data-index] td:nth-child(6)');
    // Newest first.
    await expect(names).toHaveText([...seeded.leadNames].reverse());

    const sarah = table.getByRole('row', { name: /Sarah Jones/ });
    await expect(sarah.getByRole('cell')).toHaveText([
      '5 Jan, 15:07',
      '2 Bed Flat, Elm Road',
      '14 Elm Road, Leeds LS6 2AB',
      '£1,200 pcm',
      '2',
      'Sarah Jones',
      'sarah@example.test',
      '07700 900123',
      '£42,000 per year',
      'Nurse',
      '2',
      '01/03/2027',
      'Weekday evenings',
      '8/10',
      '',
    ]);
    await expect(
      table
        .getByRole('row', { name: /Ben Hughes/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('any');
    await expect(
      table
        .getByRole('row', { name: /Ben Hughes/ })
        .getByRole('cell')
        .nth(2),
    ).toHaveText('-');
    await expect(
      table
        .getByRole('row', { name: /Dan Wright/ })
        .getByRole('cell')
        .nth(13),
    ).toHaveText('-');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'leads');

    // Rating sorts as numbers (10 above 9); its first click puts the highest score first, and
    // the unrated stay last both ways.
    const bestFirst = page.getByRole('button', { name: 'Best first' });
    await expect(bestFirst).toHaveAttribute('aria-pressed', 'false');
    await table.getByRole('button', { name: 'Rating' }).click();
    await expect(table.getByRole('columnheader', { name: 'Rating' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(names).toHaveText([
      'Tom Brown',
      'Amira Khan',
      'Sarah Jones',
      'Chloe Evans',
      'Ben Hughes',
      'Dan Wright',
    ]);
    await expect(bestFirst).toHaveAttribute('aria-pressed', 'true');
    await table.getByRole('button', { name: 'Rating' }).click();
    await expect(table.getByRole('columnheader', { name: 'Rating' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(names).toHaveText([
      'Ben Hughes',
      'Chloe Evans',
      'Sarah Jones',
      'Amira Khan',
      'Tom Brown',
      'Dan Wright',
    ]);
    await expect(bestFirst).toHaveAttribute('aria-pressed', 'false');
    // "Best first" is the same view in one click; pressed again, it goes back to newest first.
    await bestFirst.click();
    await expect(bestFirst).toHaveAttribute('aria-pressed', 'true');
    await expect(table.getByRole('columnheader', { name: 'Rating' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(names).toHaveText([
      'Tom Brown',
      'Amira Khan',
      'Sarah Jones',
      'Chloe Evans',
      'Ben Hughes',
      'Dan Wright',
    ]);
    await page.evaluate(() => {
      for (const element of document.querySelectorAll('.overflow-auto')) element.scrollLeft = 0;
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/dashboard-leads-best-first-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await bestFirst.click();
    await expect(bestFirst).toHaveAttribute('aria-pressed', 'false');
    await expect(names).toHaveText([...seeded.leadNames].reverse());
    // A new column starts ascending.
    await table.getByRole('button', { name: 'Name' }).click();
    await expect(names).toHaveText([
      'Amira Khan',
      'Ben Hughes',
      'Chloe Evans',
      'Dan Wright',
      'Sarah Jones',
      'Tom Brown',
    ]);
    await table.getByRole('button', { name: 'People' }).click();
    await expect(names.first()).toHaveText('Tom Brown');
    await expect(names.last()).toHaveText('Dan Wright');

    // Search matches any field.
    const search = page.getByRole('searchbox', { name: 'Search leads' });
    await search.fill('teacher');
    await expect(names).toHaveText(['Amira Khan']);
    await expect(page.getByText('Showing 1 of 6 results')).toBeVisible();
    await search.fill('07700 900123');
    await expect(page.getByText('Showing 6 of 6 results')).toBeVisible();
    await search.fill('tomorrow');
    await expect(names).toHaveText(['Tom Brown']);
    await search.fill('nobody at all');
    await expect(page.getByText('No leads match "nobody at all".')).toBeVisible();
    await expect(page.getByText('Showing 0 of 6 results')).toBeVisible();
    await search.fill('');

    // The side panel: answers, score breakdown and transcript; keyboard opens it too.
    await sarah.click();
    const sheet = page.getByRole('dialog', { name: 'Sarah Jones' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText('Score breakdown')).toBeVisible();
    await expect(sheet.getByRole('listitem').filter({ hasText: 'Affordability' })).toContainText('4/4');
    await expect(sheet.getByRole('listitem').filter({ hasText: 'Affordability' })).toContainText(
      'Income is 35 times the monthly rent',
    );
    await expect(sheet.getByRole('listitem').filter({ hasText: 'Viewing readiness' })).toContainText('0/1');
    await expect(sheet.getByText('Hi, 2 of us, both nurses, £42k together')).toBeVisible();
    await expect(sheet.getByText('Hello! I am the AI assistant for Riverside Homes.')).toBeVisible();
    await expect(sheet.getByRole('link', { name: '07700 900123' })).toHaveAttribute(
      'href',
      'tel:+447700900123',
    );
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'lead-sheet');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    await table.getByRole('row', { name: /Amira Khan/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(table.getByRole('row', { name: /Ben Hughes/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Ben Hughes' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Ben Hughes' })).toContainText(
      'No chat transcript was saved for this lead.',
    );
    await page.keyboard.press('Escape');

    // CSV export.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-.+\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toContain('Date/Time,Property,Location,Price,Beds,Name,Email,Contact');

    // Delete: Cancel keeps it, confirming erases it.
    await table.getByRole('button', { name: 'Delete lead Chloe Evans' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete lead' });
    await expect(
      confirm.getByText('Are you sure you want to delete this lead? This action cannot be undone.'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Showing 6 of 6 results')).toBeVisible();
    await table.getByRole('button', { name: 'Delete lead Chloe Evans' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Lead deleted')).toBeVisible();
    await expect(page.getByText('Showing 5 of 5 results')).toBeVisible();
    await expect(table).not.toContainText('Chloe Evans');

    // A lead deleted elsewhere meanwhile: the failure is told, and the table refreshes.
    await table.getByRole('button', { name: 'Delete lead Ben Hughes' }).click();
    const leadId = await page.evaluate(async () => {
      const user = await (await fetch('/api/auth/user')).json();
      const dashboard = await (await fetch(`/api/companies/${user.company.id}/dashboard`)).json();
      const ben = dashboard.leads.find((l: { name: string }) => l.name === 'Ben Hughes');
      await fetch(`/api/leads/${ben.id}`, { method: 'DELETE' });
      return ben.id as string;
    });
    expect(leadId).toBeTruthy();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Failed to delete lead')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Showing 4 of 4 results')).toBeVisible();
  });

  test('a user without a company is asked to register one', async ({ page, context, baseURL, seeded }) => {
    await addSessionCookie(context, baseURL!, seeded.noCompanyCookie);
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: 'Register your company' })).toBeVisible();
    // The open dialog hides the page behind it from the accessibility tree: look at the markup.
    await expect(page.locator('h1', { hasText: 'Property Manager' })).toBeVisible();
    await expect(page.locator('button', { hasText: 'Generate AI Agent' })).toHaveCount(0);
  });

  test('signed out meanwhile: a toast, then home after 500 ms', async ({ page, context, seeded, signIn }) => {
    await signIn(seeded.leads);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: seeded.leads.companyName })).toBeVisible();
    await context.clearCookies();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(toast(page, 'You are logged out. Logging in again...')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: seeded.leads.companyName })).toBeHidden();
  });
});

test.describe('dashboard: a lead from a real chat', () => {
  test('a finished chat on a property link shows as a lead with its score and transcript', async ({
    page,
    request,
    seeded,
    signIn,
  }) => {
    const { companySlug, propertySlug } = seeded.chat;
    const say = async (message: string, userSessionKey: string | null) => {
      const response = await request.post(`/api/chat/${companySlug}`, {
        data: { message, userSessionKey, propertySlug, conversationHistory: [] },
      });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { response: string; sessionKey: string };
    };
    const { sessionKey } = await say('', null);
    for (const message of [
      '2 of us, both nurses, £58k together, could move in on 01/03/2027',
      'Priya Shah',
      'priya.shah@example.com and 07700 900456',
      'weekday evenings',
      'yes',
    ]) {
      await say(message, sessionKey);
    }
    const ended = await request.post(`/api/chat/${companySlug}/end`, {
      data: { userSessionKey: sessionKey },
    });
    expect(((await ended.json()) as { leadCreated: boolean }).leadCreated).toBe(true);

    await signIn(seeded.chat);
    await page.goto('/');
    await expect(page.getByText('Showing 1 of 1 results')).toBeVisible();
    const row = page.getByRole('row', { name: /Priya Shah/ });
    await expect(row).toContainText('priya.shah@example.com');
    await expect(row).toContainText('07700 900456');
    await expect(row).toContainText(/\d+\/10/);
    await row.click();
    const sheet = page.getByRole('dialog', { name: 'Priya Shah' });
    await expect(sheet.getByRole('listitem').filter({ hasText: 'Affordability' })).toContainText(/\d\/4/);
    await expect(
      sheet.getByText('2 of us, both nurses, £58k together, could move in on 01/03/2027'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'chat-lead-sheet');
  });
});
