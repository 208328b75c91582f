import type { Page } from '@playwright/test';
import type { TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertProperty, unique } from '#tests/helpers/factories.ts';
import { expect, expectNoSeriousA11yViolations, seededTest } from './fixtures.ts';
import { conversationLog, messageBox, send, tap } from './tenant.ts';

/**
 * A tenant on a phone asks what tenants ask: a fully described listing answers from its facts, a
 * bare one passes the questions on honestly, and they reach the agent with the lead. An offer above
 * the rent is declined. Only the agency and its listings are seeded.
 */

async function seed(app: TestApp) {
  const { company, ...user } = await createCompanyUser(app, {
    name: 'Headingley Homes',
    slug: unique('headingley'),
  });
  const described = await insertProperty(app, company.id, company.slug, {
    propertyName: '1 Bed Garden Flat, Ash Grove',
    propertyAddress: '9 Ash Grove, Leeds LS6 1AA',
    propertyRentalPrice: '£1,200 pcm',
    vacancyDate: null,
    furnishing: 'furnished',
    petsPolicy: 'allowed',
    billsIncluded: false,
    deposit: 1384,
    councilTaxBand: 'C',
    epcRating: 'B',
    minimumTermMonths: 12,
    features: ['garden', 'dishwasher'],
    description: 'A quiet ground-floor flat with its own lawn, ten minutes from Headingley station.',
  });
  const bare = await insertProperty(app, company.id, company.slug, {
    propertyName: '2 Bed Flat, Cliff Road',
    propertyAddress: '21 Cliff Road, Leeds LS6 2EU',
    vacancyDate: null,
  });
  return {
    cookie: user.cookie,
    companySlug: company.slug,
    describedSlug: described.slug,
    bareSlug: bare.slug,
  };
}

const test = seededTest(seed);

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** What tenants ask, and what the described listing says to each. */
const QUESTIONS: Array<[question: string, answer: string]> = [
  ['can I bring my dog?', 'Yes, pets are welcome here.'],
  ['is it furnished?', "It's let furnished."],
  ['are bills included?', "Bills aren't included"],
  ['how much is the deposit?', 'The deposit is £1,384.'],
  ['is there a garden?', "Yes, there's a garden."],
  ['what council tax band is it?', "It's in council tax band C."],
];

/** Sentences that state a listing fact: a bare listing's replies must hold none of them. */
const STATED_FACT =
  /pets are welcome|don't allow pets|let (?:furnished|part-furnished|unfurnished)|bills are included|bills aren't included|deposit is £|council tax band [A-H]|there's a garden/i;

async function openChat(page: Page, companySlug: string, propertySlug: string) {
  await page.goto(`/chatbot/${companySlug}/${propertySlug}`);
  await expect(conversationLog(page)).toContainText('welcome to Headingley Homes');
}

test('a described listing answers pets, furniture, bills, deposit, garden and council tax, and declines a higher offer', async ({
  page,
  seeded,
}, testInfo) => {
  await openChat(page, seeded.companySlug, seeded.describedSlug);
  for (const [question, answer] of QUESTIONS) {
    const reply = await send(page, question);
    await expect(reply, question).toContainText(answer);
    await expect(reply, question).not.toContainText(/pass (?:that|those|your question|it) on/i);
  }
  await page.screenshot({ path: testInfo.outputPath('answers-described-390.png') });

  const offer = await send(page, 'can I offer £100 more a month to secure it?');
  await expect(offer).toContainText("we can't accept offers above the advertised rent of £1,200 pcm");
  await expect(offer).toContainText('every applicant is considered at the same rent');
  await expect(offer).not.toContainText(/pass/i);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('answers-offer-390.png') });
});

test('a bare listing passes the same questions on, and the lead lists them for the agent', async ({
  openAs,
  page,
  seeded,
}, testInfo) => {
  test.setTimeout(120_000);
  await openChat(page, seeded.companySlug, seeded.bareSlug);
  for (const [question] of QUESTIONS) {
    const reply = await send(page, question);
    await expect(reply, question).toContainText(
      /pass (?:that|those|your question|yours|your request) on to the team/i,
    );
    await expect(reply, question).not.toContainText(STATED_FACT);
  }
  await page.screenshot({ path: testInfo.outputPath('answers-bare-390.png') });

  // The tenant finishes the chat.
  const moveIn = new Date(Date.now() + 40 * 86_400_000).toLocaleDateString('en-GB', {
    timeZone: 'Europe/London',
  });
  await send(page, `2 of us, both nurses, £58k together, could move in on ${moveIn}`);
  await send(page, 'Amira Haddad');
  await send(page, 'amira.haddad@example.com, 07700 900456');
  await expect(await tap(page, 'Weekday evenings')).toContainText(
    /Is that all correct\?|Does that all look right\?|Is everything there correct\?/,
  );
  await expect(await tap(page, "Yes, that's right")).toContainText('We will be in touch to book the viewing');
  await expect(messageBox(page)).toBeDisabled();
  await expect(page.getByText('Thank you, your request has been sent')).toBeVisible();

  // The agent opens the lead on their phone: every passed-on question is there to answer.
  await openAs(seeded.cookie);
  await page.getByRole('button', { name: 'Details for Amira Haddad' }).tap();
  const sheet = page.getByRole('dialog', { name: 'Amira Haddad' });
  const section = sheet.getByRole('region', { name: 'Questions the assistant passed on to you' });
  await expect(section).toContainText(`${QUESTIONS.length} questions passed on`);
  const items = section.getByRole('listitem');
  await expect(items).toHaveCount(QUESTIONS.length);
  for (const [question] of QUESTIONS) {
    await expect(items.filter({ hasText: question }), question).toHaveCount(1);
  }
  await expectNoSeriousA11yViolations(page);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('answers-lead-390.png') });
});
