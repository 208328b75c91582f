import { readFileSync } from 'node:fs';
import { TZDate } from '@date-fns/tz';
import type { Locator, Page } from '@playwright/test';
import { addDays, format, previousWednesday, subDays } from 'date-fns';
import type { TestApp } from '#tests/helpers/app.ts';
import {
  createCompanyUser,
  createSignedInUser,
  insertChat,
  insertLead,
  insertProperty,
  scoreBreakdown,
  unique,
} from '#tests/helpers/factories.ts';
import {
  expect,
  expectFingerReaches,
  expectNoSeriousA11yViolations,
  fingerReaches,
  holdRequests,
  seededTest,
} from './fixtures.ts';

/**
 * The dashboard needs leads, and only a finished chat makes one: these tests seed the server's
 * embedded database before it starts (the running server holds it locked), then sign in with
 * the session cookie made while seeding.
 */

type Agent = { cookie: string; companyName: string; companySlug: string };
type Seeded = {
  properties: Agent;
  leads: Agent;
  /** Signed in, but has not registered a company yet. */
  noCompanyCookie: string;
  /** A company with one listing and no leads: its lead comes from a real chat. */
  chat: Agent & { propertySlug: string };
  /** Leads with passed-on questions and availability said on a known day, and one listing. */
  desk: Agent & {
    propertyName: string;
    saturdayMeant: string;
    /** A second session of the desk's agent, for the test that logs out: the first stays signed in. */
    logOutCookie: string;
  };
  /** A company with no leads at all. */
  empty: Agent;
  leadNames: string[];
  /** How the table shows the first lead's date and time ('5 Jan, 15:07'). */
  firstLeadShown: string;
};

/**
 * Seeded leads are dated in the past weeks, not on fixed days: a lead older than 12 months would be
 * deleted by the nightly retention purge, should a run of this spec span 03:30.
 */
const LONDON = 'Europe/London';
function londonAt(day: Date, hours: number, minutes: number): Date {
  return new Date(
    new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes, LONDON).getTime(),
  );
}
const leadsFrom = subDays(new Date(), 30);
// A Wednesday two to three weeks ago, when a tenant wrote "this Saturday after 6".
const saidOn = previousWednesday(subDays(new Date(), 14));

const tenants = [
  { name: 'Sarah Jones', profession: 'Nurse', rating: '8', availability: 'Weekday evenings', people: 2 },
  { name: 'Tom Brown', profession: 'Software engineer', rating: '10', availability: 'Tomorrow', people: 1 },
  { name: 'Amira Khan', profession: 'Teacher', rating: '9', availability: 'Weekends', people: 3 },
  { name: 'Ben Hughes', profession: 'Student', rating: '2', availability: 'pending', people: 4 },
  { name: 'Chloe Evans', profession: 'Retired', rating: '5', availability: 'available', people: 2 },
  { name: 'Dan Wright', profession: 'Electrician', rating: null, availability: null, people: null },
];

async function seed(app: TestApp): Promise<Seeded> {
  const makeAgent = async (companyName: string, credits: { accountLimit: number; currentCount: number }) => {
    const { company, ...user } = await createCompanyUser(app as TestApp, {
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
  const { conversation, transcript } = await insertChat(app.ctx.db, companyId, {
    conversation: {
      messages: [
        {
          id: 'm1',
          sender: 'ai',
          content: 'Hello! I am the AI assistant for Riverside Homes.',
          timestamp: londonAt(leadsFrom, 15, 0).toISOString(),
        },
        {
          id: 'm2',
          sender: 'user',
          content: 'Hi, 2 of us, both nurses, £42k together',
          timestamp: londonAt(leadsFrom, 15, 1).toISOString(),
        },
      ],
    },
    transcript: { content: 'AI: Hello!', processed: true },
    lead: false,
  });
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
      createdAt: londonAt(addDays(leadsFrom, index), 15, 7),
      ...(index === 0
        ? { conversationId: conversation.id, chatTranscriptId: transcript.id, scoreBreakdown }
        : {}),
    });
  }
  const agent = ({ user, company }: typeof leadsAgent): Agent => ({
    cookie: user.cookie,
    companyName: company.name,
    companySlug: company.slug,
  });
  const deskAgent = await makeAgent('Canal Side Lets', { accountLimit: 30, currentCount: 30 });
  // Said on WhatsApp on a Wednesday: "this Saturday after 6" was the Saturday three days on, in the evening.
  await insertChat(app.ctx.db, deskAgent.company.id, {
    conversation: {
      channel: 'whatsapp',
      messages: [
        {
          id: 'm1',
          sender: 'user',
          content: 'Is there parking? Are pets allowed?',
          timestamp: londonAt(saidOn, 12, 0).toISOString(),
        },
      ],
      createdAt: londonAt(saidOn, 12, 0),
    },
    transcript: {
      content: 'User: Is there parking? Are pets allowed?',
      extractedData: { openQuestions: ['Is there parking?', 'Are pets allowed?'] },
    },
    lead: {
      name: 'Priya Patel',
      email: 'priya@example.test',
      contactNumber: '+447700900456',
      availability: 'This Saturday after 6',
      rating: '9',
      score: 9,
      createdAt: londonAt(saidOn, 12, 20),
    },
  });
  for (const [index, name] of ['Oliver Grant', 'Mia Clarke', 'Noah Price'].entries()) {
    await insertLead(app.ctx.db, deskAgent.company.id, {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.test`,
      rating: String(4 + index),
      score: 4 + index,
      availability: 'Weekends',
      status: index === 2 ? 'viewing_booked' : 'new',
      createdAt: londonAt(subDays(saidOn, 3 - index), 10, 0),
    });
  }
  const deskListing = await insertProperty(app, deskAgent.company.id, deskAgent.company.slug, {
    slug: unique('canal-flat'),
    propertyName: '1 Bed Flat, Canal Wharf',
  });
  const noCompany = await createSignedInUser(app as TestApp);
  const chatAgent = await makeAgent('Harbour Lets', { accountLimit: 30, currentCount: 30 });
  const emptyAgent = await makeAgent('Quiet Street Lettings', { accountLimit: 30, currentCount: 30 });
  const listing = await insertProperty(app, chatAgent.company.id, chatAgent.company.slug, {
    slug: unique('harbour-flat'),
  });
  return {
    properties: agent(propertiesAgent),
    leads: agent(leadsAgent),
    noCompanyCookie: noCompany.cookie,
    chat: { ...agent(chatAgent), propertySlug: listing.slug },
    desk: {
      ...agent(deskAgent),
      logOutCookie: await secondSession(app, deskAgent.user),
      propertyName: deskListing.propertyName,
      saturdayMeant: format(addDays(saidOn, 3), 'EEE d MMM'),
    },
    empty: agent(emptyAgent),
    leadNames: tenants.map((t) => t.name),
    firstLeadShown: format(leadsFrom, 'd MMM, 15:07'),
  };
}

const test = seededTest(seed);

async function secondSession(app: TestApp, user: { email: string; password: string }): Promise<string> {
  const { headers } = await app.ctx.auth.api.signInEmail({ body: user, returnHeaders: true });
  return headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function screenshot(page: Page, name: string) {
  // Show each table from its first column, as an agent arriving at it would see it.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('.overflow-auto, .overflow-x-auto'))
      element.scrollLeft = 0;
  });
  for (const width of [1280, 820]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`dashboard-${name}-${width}.png`), fullPage: true });
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
    openAs,
  }) => {
    // A long walk through the listing form and its dialogs: about 30 s on a quiet machine.
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const agent = seeded.properties;
    await openAs(agent.cookie);

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
    // The name is the cell's first line (who looks after the listing follows it).
    const nameCells = table.locator('tbody tr td:nth-child(2) > div > span:first-child');
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
    // At a desk the toast leaves the header (the company name, the agency link, the account) free.
    const headerBox = await page.getByRole('banner').boundingBox();
    const toastBox = await toast(page, 'URL copied to clipboard!').boundingBox();
    expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
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

    // The agency-wide link. The copy toasts above stack and fade as they leave: the button is
    // pressed once they are gone, so that the toast checked below is the agency link's own.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Generate AI Agent' }).click();
    const agentDialog = page.getByRole('dialog', { name: 'AI Agent URL' });
    const agencyLink = `${baseURL}/chatbot/${agent.companySlug}`;
    await expect(agentDialog.getByLabel('AI agent link')).toHaveValue(agencyLink);
    await expect(agentDialog.getByLabel('AI agent link')).toHaveAttribute('readonly', '');
    await expectNoSeriousA11yViolations(page);
    await agentDialog.getByRole('button', { name: 'Copy', exact: true }).click();
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
  test('search, sort, open, export and delete leads', async ({ page, seeded, openAs }) => {
    await openAs(seeded.leads.cookie);
    await expect(page.getByRole('heading', { level: 1, name: seeded.leads.companyName })).toBeVisible();
    await expect(page.getByText('Warning: Running low on credits')).toBeVisible();
    await expect(page.getByText('6 of 30 remaining')).toBeVisible();

    const table = page.getByRole('table', { name: /Property leads/ });
    // Every column, from the column chooser (the defaults are checked in "leads that fit the screen").
    await page.getByRole('button', { name: /^Columns/ }).click();
    for (const column of ['Location', 'Price', 'Beds', 'Email', 'Profession', 'People']) {
      await page.getByRole('menuitemcheckbox', { name: column }).click();
    }
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader')).toHaveText([
      '',
      'Date/Time',
      'Property',
      'Location',
      'Price',
      'Beds',
      'Name',
      'Status',
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
    const names = table.locator('tbody tr[data-index] td:nth-child(7)');
    // Newest first.
    await expect(names).toHaveText([...seeded.leadNames].reverse());

    const sarah = table.getByRole('row', { name: /Sarah Jones/ });
    await expect(sarah.getByRole('cell')).toHaveText([
      '',
      seeded.firstLeadShown,
      '2 Bed Flat, Elm Road',
      '14 Elm Road, Leeds LS6 2AB',
      '£1,200 pcm',
      '2',
      'Sarah Jones',
      'New',
      'sarah@example.test',
      '07700 900123',
      '£42,000',
      'Nurse',
      '2',
      '01/03/2027',
      'Weekday evenings',
      '8/10',
      '',
    ]);
    // The table shows the income's amount; the whole answer is on hover.
    await expect(sarah.getByTitle('£42,000 per year')).toHaveText('£42,000');
    const cell = (row: RegExp, column: number) =>
      table.getByRole('row', { name: row }).getByRole('cell').nth(column);
    await expect(cell(/Ben Hughes/, 2)).toHaveText('any');
    await expect(cell(/Ben Hughes/, 3)).toHaveText('-');
    await expect(cell(/Dan Wright/, 15)).toHaveText('-');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'leads');

    // Rating sorts as numbers (10 above 9); its first click puts the highest score first, and
    // the unrated stay last both ways.
    const bestFirst = page.getByRole('button', { name: 'Best first' });
    const highestFirst = [
      'Tom Brown',
      'Amira Khan',
      'Sarah Jones',
      'Chloe Evans',
      'Ben Hughes',
      'Dan Wright',
    ];
    const lowestFirst = ['Ben Hughes', 'Chloe Evans', 'Sarah Jones', 'Amira Khan', 'Tom Brown', 'Dan Wright'];
    const expectRatingSort = async (direction: 'ascending' | 'descending', order: string[]) => {
      await expect(table.getByRole('columnheader', { name: 'Rating' })).toHaveAttribute(
        'aria-sort',
        direction,
      );
      await expect(names).toHaveText(order);
    };
    await expect(bestFirst).toHaveAttribute('aria-pressed', 'false');
    await table.getByRole('button', { name: 'Rating' }).click();
    await expectRatingSort('descending', highestFirst);
    await expect(bestFirst).toHaveAttribute('aria-pressed', 'true');
    await table.getByRole('button', { name: 'Rating' }).click();
    await expectRatingSort('ascending', lowestFirst);
    await expect(bestFirst).toHaveAttribute('aria-pressed', 'false');
    // "Best first" is the same view in one click; pressed again, it goes back to newest first.
    await bestFirst.click();
    await expect(bestFirst).toHaveAttribute('aria-pressed', 'true');
    await expectRatingSort('descending', highestFirst);
    await page.evaluate(() => {
      for (const element of document.querySelectorAll('.overflow-auto')) element.scrollLeft = 0;
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: test.info().outputPath(`dashboard-leads-best-first-${width}.png`),
        fullPage: true,
      });
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

  test('a user without a company is asked to register one', async ({ page, openAs, seeded }) => {
    await openAs(seeded.noCompanyCookie);
    await expect(page.getByRole('dialog', { name: 'Register your company' })).toBeVisible();
    // The open dialog hides the page behind it from the accessibility tree: look at the markup.
    await expect(page.locator('h1', { hasText: 'Property Manager' })).toBeVisible();
    await expect(page.locator('button', { hasText: 'Generate AI Agent' })).toHaveCount(0);
  });

  test('signed out meanwhile: a toast, then home after 500 ms', async ({ page, context, seeded, openAs }) => {
    await openAs(seeded.leads.cookie);
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
    openAs,
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

    await openAs(seeded.chat.cookie);
    await expect(page.getByText('Showing 1 of 1 results')).toBeVisible();
    const row = page.getByRole('row', { name: /Priya Shah/ });
    await expect(row).toContainText('07700 900456');
    await expect(row).toContainText(/\d+\/10/);
    await row.click();
    const sheet = page.getByRole('dialog', { name: 'Priya Shah' });
    // The email is not among the table's decision columns; the panel shows every answer.
    await expect(sheet).toContainText('priya.shah@example.com');
    await expect(sheet.getByRole('listitem').filter({ hasText: 'Affordability' })).toContainText(/\d\/4/);
    await expect(
      sheet.getByText('2 of us, both nurses, £58k together, could move in on 01/03/2027'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'chat-lead-sheet');
  });
});

/** Fails unless each element lies wholly inside the viewport's width (no sideways scrolling to see it). */
async function expectInViewWidth(page: Page, locators: ReturnType<Page['locator']>[]) {
  const width = page.viewportSize()!.width;
  for (const locator of locators) {
    const box = await locator.boundingBox();
    expect(box, `${locator} has a box`).not.toBeNull();
    expect(box!.x, `${locator} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${locator} ends inside the screen`).toBeLessThanOrEqual(width);
  }
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(width);
}

/** Whether nothing in a table cell runs past its edge (or is cut to an ellipsis). */
function isWhole(cell: Locator) {
  return cell.evaluate((td) =>
    [td, ...td.querySelectorAll('*')].every(
      (element) => element.clientWidth === 0 || element.scrollWidth <= element.clientWidth,
    ),
  );
}

test.describe("dashboard: the agent's desk", () => {
  const decisionColumns = ['Name', 'Rating', 'Property', 'Move In', 'Income', 'Contact'];

  test('at 1280 px the decision columns are in view; the column chooser is remembered', async ({
    page,
    seeded,
    openAs,
  }) => {
    await openAs(seeded.desk.cookie, { viewport: { width: 1280, height: 900 } });
    const table = page.getByRole('table', { name: /Property leads/ });
    await expect(table.getByRole('columnheader')).toHaveText([
      '',
      'Date/Time',
      'Property',
      'Name',
      'Status',
      'Contact',
      'Income',
      'Move In',
      'Availability',
      'Rating',
      'Actions',
    ]);
    await expectInViewWidth(
      page,
      decisionColumns.map((name) => table.getByRole('columnheader', { name, exact: true })),
    );
    // The table itself does not scroll sideways either.
    const scroller = table.locator('xpath=..');
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    // The availability keeps the tenant's words and shows the day they meant.
    await expect(table.getByRole('row', { name: /Priya Patel/ })).toContainText('This Saturday after 6');
    await expect(table.getByRole('row', { name: /Priya Patel/ })).toContainText(
      `${seeded.desk.saturdayMeant} (evening)`,
    );
    // The channel a lead came on is in its row.
    await expect(
      table.getByRole('row', { name: /Priya Patel/ }).getByRole('img', { name: 'WhatsApp' }),
    ).toBeVisible();
    await expect(
      table.getByRole('row', { name: /Noah Price/ }).getByRole('img', { name: /WhatsApp|SMS/ }),
    ).toHaveCount(0);
    // What an agent scans (dates, income, phone, status, score) is whole, not cut at its cell's edge.
    const headers = await table.getByRole('columnheader').allTextContents();
    for (const name of ['Priya Patel', 'Noah Price']) {
      const cells = table.getByRole('row', { name: new RegExp(name) }).getByRole('cell');
      for (const column of ['Date/Time', 'Status', 'Contact', 'Income', 'Move In', 'Rating']) {
        const cell = cells.nth(headers.indexOf(column));
        await expect(cell, `${name}'s ${column}`).not.toHaveText('-');
        expect(await isWhole(cell), `${name}'s ${column} is whole`).toBe(true);
      }
    }
    await expect(table.getByRole('row', { name: /Noah Price/ })).toContainText('Viewing booked');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('desk-leads-table-1280.png'), fullPage: true });

    // Hide Income, show Email: the table follows at once and after a reload.
    await page.getByRole('button', { name: /^Columns/ }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Income' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Email' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Income' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'Income' })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Email' })).toBeVisible();
    await page.reload();
    await expect(table.getByRole('columnheader', { name: 'Email' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Income' })).toHaveCount(0);
    // Every column still sorts.
    await table.getByRole('button', { name: 'Email' }).click();
    await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(table.locator('tbody tr[data-index]').first()).toContainText('Mia Clarke');
    // The side panel still shows the hidden column's answer.
    await table.getByRole('row', { name: /Priya Patel/ }).click();
    await expect(page.getByRole('dialog', { name: 'Priya Patel' })).toContainText('Income');
  });

  test('passed-on questions: marked in the table, ticked in the side panel, kept after a reload', async ({
    page,
    seeded,
    openAs,
  }) => {
    await openAs(seeded.desk.cookie, { viewport: { width: 1280, height: 900 } });
    const table = page.getByRole('table', { name: /Property leads/ });
    const priya = table.getByRole('row', { name: /Priya Patel/ });
    await expect(priya.getByRole('img', { name: '2 questions passed on, 2 not answered yet' })).toBeVisible();
    await priya.click();
    const sheet = page.getByRole('dialog', { name: 'Priya Patel' });
    await expect(
      sheet.getByRole('heading', { name: 'Questions the assistant passed on to you' }),
    ).toBeVisible();
    await expect(sheet.getByText(`${seeded.desk.saturdayMeant} (evening)`)).toBeVisible();
    const parking = sheet.getByRole('checkbox', { name: 'Is there parking?' });
    await expect(parking).not.toBeChecked();
    await parking.check();
    await expect(parking).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(priya.getByRole('img', { name: '2 questions passed on, 1 not answered yet' })).toBeVisible();
    await priya.click();
    await expect(sheet.getByRole('checkbox', { name: 'Is there parking?' })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('desk-lead-panel-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('desk-lead-panel-390.png'), fullPage: true });
    // The availability is not cut on a phone: its words fit their badge.
    const badge = sheet.getByTitle('This Saturday after 6');
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectInViewWidth(page, [badge, sheet.getByText(`${seeded.desk.saturdayMeant} (evening)`)]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await priya.click();
    await expect(sheet.getByRole('checkbox', { name: 'Is there parking?' })).toBeChecked();
    await expect(sheet.getByRole('checkbox', { name: 'Are pets allowed?' })).not.toBeChecked();
    await sheet.getByRole('checkbox', { name: 'Are pets allowed?' }).check();
    await page.keyboard.press('Escape');
    await expect(priya.getByRole('img', { name: '2 questions passed on, all answered' })).toBeVisible();
  });

  test('on a 390 px phone: cards with the name, score and phone in view, sorting and search', async ({
    page,
    seeded,
    openAs,
  }) => {
    await openAs(seeded.desk.cookie, { viewport: { width: 390, height: 844 } });
    const cards = page.getByRole('list', { name: 'Property leads' }).getByRole('listitem');
    await expect(cards).toHaveCount(4);
    const priya = cards.filter({ hasText: 'Priya Patel' });
    const call = priya.getByRole('link', { name: 'Call Priya Patel on 07700 900456' });
    await expect(call).toHaveAttribute('href', 'tel:+447700900456');
    await expect(priya.getByRole('link', { name: 'Email Priya Patel' })).toHaveAttribute(
      'href',
      'mailto:priya@example.test',
    );
    await expectInViewWidth(page, [
      priya.getByRole('heading', { name: 'Priya Patel' }),
      priya.getByText('9/10'),
      call,
    ]);
    await expect(priya.getByRole('img', { name: /2 questions passed on/ })).toBeVisible();
    await expect(priya).toContainText(`${seeded.desk.saturdayMeant} (evening)`);
    await expect(priya.getByText('WhatsApp', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('desk-leads-cards-390.png'), fullPage: true });

    // Sort by name, then the other way; the search still narrows the cards.
    const names = page.getByRole('list', { name: 'Property leads' }).getByRole('heading');
    await page.getByRole('combobox', { name: 'Sort leads by' }).click();
    await page.getByRole('option', { name: 'Name' }).click();
    await expect(names).toHaveText(['Mia Clarke', 'Noah Price', 'Oliver Grant', 'Priya Patel']);
    await page.getByRole('button', { name: /Sorted ascending/ }).click();
    await expect(names).toHaveText(['Priya Patel', 'Oliver Grant', 'Noah Price', 'Mia Clarke']);
    await page.getByRole('searchbox', { name: 'Search leads' }).fill('oliver');
    await expect(names).toHaveText(['Oliver Grant']);
    await page.getByRole('searchbox', { name: 'Search leads' }).fill('nobody at all');
    const empty = page.getByText('No leads match "nobody at all".');
    await expectInViewWidth(page, [empty]);
  });

  test("on a 390 px phone the lead's panel and the board are a finger's size to use", async ({
    page,
    seeded,
    openAs,
  }) => {
    await openAs(seeded.desk.cookie, { viewport: { width: 390, height: 844 } });
    const cards = page.getByRole('list', { name: 'Property leads' }).getByRole('listitem');
    await cards
      .filter({ hasText: 'Priya Patel' })
      .getByRole('button', { name: /Details/ })
      .click();
    const sheet = page.getByRole('dialog', { name: 'Priya Patel' });
    for (const control of [
      sheet.getByRole('combobox', { name: 'Status of Priya Patel' }),
      sheet.getByRole('combobox', { name: 'Assigned to' }),
      sheet.getByRole('link', { name: '07700 900456' }),
      sheet.getByRole('link', { name: 'priya@example.test' }),
    ]) {
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    }
    // The close button is drawn small in the corner; a finger just beside it still closes.
    const close = sheet.getByRole('button', { name: 'Close' });
    expect(await fingerReaches(close, -18, 0)).toBe(true);
    expect(await fingerReaches(close, 0, 18)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('desk-lead-sheet-390.png') });
    await close.click();
    await expect(sheet).toBeHidden();

    await page.getByRole('button', { name: 'Board' }).click();
    const chooser = page.getByRole('group', { name: 'Column to show' });
    for (const button of await chooser.getByRole('button').all()) {
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    }
    await expectFingerReaches(page.getByRole('button', { name: /^Move .+ to…$/ }).first());
    // The drag handle, drawn small beside the name, likewise.
    await expectFingerReaches(page.getByRole('button', { name: /^Move [^…]+$/ }).first());
    await page.screenshot({ path: test.info().outputPath('desk-board-390.png'), fullPage: true });

    // The account pages' header: back to the dashboard, and My Account.
    await page.goto('/team');
    const account = page.getByRole('navigation', { name: 'Account' });
    for (const link of [
      account.getByRole('link', { name: 'Dashboard' }),
      account.getByRole('link', { name: 'My Account' }),
    ]) {
      const box = (await link.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(40);
    }
  });

  test('an agency with no leads sees the whole empty message at any width', async ({
    page,
    seeded,
    openAs,
  }) => {
    await openAs(seeded.empty.cookie);
    for (const width of [390, 820, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const message = page.getByText(
        'No leads yet - When customers use your chatbot, their information will appear here.',
      );
      await expect(message).toBeVisible();
      await expectInViewWidth(page, [message]);
    }
  });

  test('the property list on a phone: cards with the copy-link button in view', async ({
    page,
    seeded,
    openAs,
  }) => {
    await openAs(seeded.desk.cookie, { viewport: { width: 390, height: 844 } });
    await page.getByRole('tab', { name: /Property List/ }).click();
    const card = page.getByRole('list', { name: 'Properties' }).getByRole('listitem').first();
    await expect(card).toContainText(seeded.desk.propertyName);
    const copy = card.getByRole('button', { name: `Copy AI agent link for ${seeded.desk.propertyName}` });
    await expectInViewWidth(page, [
      copy,
      card.getByRole('button', { name: `Edit ${seeded.desk.propertyName}` }),
    ]);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('desk-properties-cards-390.png'), fullPage: true });
  });

  test("the tab row on a phone: a finger's size, and every tab reachable with the next one in sight", async ({
    page,
    seeded,
    openAs,
  }) => {
    await openAs(seeded.desk.cookie, { viewport: { width: 390, height: 844 } });
    const row = page.getByRole('tablist', { name: 'Dashboard sections' });
    const names = ['Property Leads', 'Property List', 'Viewings', 'Enquiries', 'Insights', 'Live'];
    for (const [index, name] of names.entries()) {
      const tab = row.getByRole('tab', { name });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const rowBox = (await row.boundingBox())!;
      const tabBox = (await tab.boundingBox())!;
      expect(tabBox.height).toBeGreaterThanOrEqual(40);
      // The tapped tab sits wholly in the row, and the tab after it shows, so the row reads as more.
      expect(tabBox.x).toBeGreaterThanOrEqual(rowBox.x);
      expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width);
      const next = names[index + 1];
      if (next) {
        const nextBox = (await row.getByRole('tab', { name: next }).boundingBox())!;
        expect(nextBox.x).toBeLessThan(rowBox.x + rowBox.width - 16);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: test.info().outputPath('desk-tabs-390.png') });

    // At a desk the row keeps its 32 px tabs.
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const name of names) {
      expect((await row.getByRole('tab', { name }).boundingBox())!.height).toBe(32);
    }
  });

  test("on a phone, upright or on its side, a toast never covers an open dialog's buttons", async ({
    page,
    seeded,
    openAs,
  }) => {
    await openAs(seeded.desk.cookie, { viewport: { width: 390, height: 844 } });
    await expect(page.getByRole('tab', { name: 'Property Leads' })).toBeVisible();
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 844, height: 390 },
    ]) {
      await page.setViewportSize(viewport);
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
      await page.getByRole('button', { name: 'Generate AI Agent' }).click();
      const dialog = page.getByRole('dialog', { name: 'AI Agent URL' });
      await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
      const shown = toast(page, 'URL copied to clipboard!');
      await expect(shown).toHaveAttribute('data-mounted', 'true');
      // Where it comes to rest: it slides in.
      await shown.evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)));
      const toastBox = (await shown.boundingBox())!;
      for (const button of [
        dialog.getByRole('button', { name: 'Copy', exact: true }),
        dialog.getByRole('link', { name: /Open/ }),
        dialog.getByRole('button', { name: 'Close' }).first(),
      ]) {
        const box = (await button.boundingBox())!;
        const overlaps =
          box.x < toastBox.x + toastBox.width &&
          toastBox.x < box.x + box.width &&
          box.y < toastBox.y + toastBox.height &&
          toastBox.y < box.y + box.height;
        expect(overlaps, `the toast covers ${await button.textContent()} at ${viewport.width} px`).toBe(
          false,
        );
      }
      await page.screenshot({ path: test.info().outputPath(`desk-toast-over-dialog-${viewport.width}.png`) });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('logging out leaves no 401 in the console', async ({ page, seeded, openAs }) => {
    const unauthorised: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) unauthorised.push(response.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && /401/.test(message.text())) unauthorised.push(message.text());
    });
    await openAs(seeded.desk.logOutCookie);
    await page
      .getByRole('table', { name: /Property leads/ })
      .getByRole('row', { name: /Priya Patel/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Priya Patel' })).toContainText('Score breakdown');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    // Anything late would land now.
    await page.waitForTimeout(1000);
    expect(unauthorised).toEqual([]);
  });
});

test.describe("dashboard: the first screen's code", () => {
  const LATER_TABS = ['Property List', 'Viewings', 'Enquiries', 'Insights', 'Live'];
  const laterTabChunk = /\/assets\/(properties|viewings|enquiries|insights|live)-tab-[\w-]+\.js$/;

  test('the leads show while the other tabs are still on their way; a tab not there yet says it is loading', async ({
    page,
    seeded,
    openAs,
  }) => {
    // The other tabs' code is held back until the agent has opened the Property List.
    const { release: releaseTabs } = await holdRequests(page, laterTabChunk);
    await openAs(seeded.leads.cookie);
    await expect(
      page.getByRole('table', { name: /Property leads/ }).getByRole('row', { name: /Tom Brown/ }),
    ).toBeVisible();

    await page.getByRole('tab', { name: 'Property List' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Property List' });
    await expect(panel.getByRole('status')).toHaveText('Loading…');
    // Not a bare spinner: the tab's shape, its heading's block where the heading comes.
    const placeholder = panel.locator('[data-placeholder="heading"]');
    await expect(placeholder).toBeVisible();
    const placeholderBox = (await placeholder.boundingBox())!;
    releaseTabs();
    const heading = panel.getByRole('heading', { name: 'Property List' });
    await expect(heading).toBeVisible();
    await expect(panel.getByRole('status')).toHaveCount(0);
    expect(Math.abs((await heading.boundingBox())!.y - placeholderBox.y)).toBeLessThanOrEqual(2);
  });

  test('the phone layout comes after the first screen: the leads wait for it and show each number laid out once', async ({
    page,
    seeded,
    openAs,
  }) => {
    // The parser is held back: the dashboard draws its header and tabs without it, and the table
    // says it is loading rather than showing numbers as stored that would change a moment later.
    const { release, held } = await holdRequests(page, /\/assets\/phone-[\w-]+\.js$/);
    await openAs(seeded.desk.cookie);
    await expect(page.getByRole('tab', { name: 'Property Leads' })).toBeVisible();
    await expect(page.getByText('Loading leads...')).toBeVisible();
    await expect.poll(() => held.length).toBe(1);
    await expect(page.getByText('+447700900456')).toHaveCount(0);
    release();
    const row = page.getByRole('table', { name: /Property leads/ }).getByRole('row', { name: /Priya Patel/ });
    await expect(row).toContainText('07700 900456');
    await expect(page.getByText('Loading leads...')).toHaveCount(0);
    // The search text was made with the layout too.
    await page.getByRole('searchbox', { name: 'Search leads' }).fill('07700 900456');
    await expect(row).toBeVisible();
  });

  test("a lead opened before its panel's code has come says it is loading, then shows the lead", async ({
    page,
    seeded,
    openAs,
  }) => {
    const { release: releasePanel } = await holdRequests(page, /\/assets\/lead-sheet-[\w-]+\.js$/);
    await openAs(seeded.leads.cookie);
    await page
      .getByRole('table', { name: /Property leads/ })
      .getByRole('row', { name: /Tom Brown/ })
      .click();
    const loading = page.getByRole('status').filter({ hasText: 'Loading…' });
    await expect(loading).toBeVisible();
    releasePanel();
    await expect(page.getByRole('dialog', { name: 'Tom Brown' })).toBeVisible();
    await expect(loading).toHaveCount(0);
  });

  test("once the leads are shown the other tabs' code is fetched, and each tab opens with no loading state", async ({
    page,
    seeded,
    openAs,
  }) => {
    const fetched = new Set<string>();
    page.on('request', (request) => {
      const chunk = laterTabChunk.exec(request.url());
      if (chunk) fetched.add(chunk[1]!);
    });
    // A tab's "Loading…" while its code comes, however briefly it shows.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { tabLoadingSeen: seen });
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role="tabpanel"] [role="status"]')) {
          if (status.textContent === 'Loading…')
            seen.push(status.closest('[role="tabpanel"]')?.getAttribute('aria-labelledby') ?? '');
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await openAs(seeded.leads.cookie);
    await expect(
      page.getByRole('table', { name: /Property leads/ }).getByRole('row', { name: /Tom Brown/ }),
    ).toBeVisible();
    await expect
      .poll(() => [...fetched].sort())
      .toEqual(['enquiries', 'insights', 'live', 'properties', 'viewings']);
    // And what they import (zod's schemas, the form library: not part of the first screen) has come.
    await page.waitForLoadState('networkidle');

    for (const name of LATER_TABS) {
      await page.getByRole('tab', { name }).click();
      await expect(page.getByRole('tabpanel', { name })).not.toBeEmpty();
    }
    expect(
      await page.evaluate(() => (window as unknown as { tabLoadingSeen: string[] }).tabLoadingSeen),
    ).toEqual([]);
  });
});
