import type { Page } from '@playwright/test';
import type { DashboardDto } from '#shared/schemas/leads.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertLead, insertProperty, unique } from '#tests/helpers/factories.ts';
import { expect, seededTest } from './fixtures.ts';
import { conversationLog, send } from './tenant.ts';

/**
 * A tenant on a 390 px phone types each kind of messy message the assistant must understand
 * (a listing by postcode district, children, a move-in after a tenancy ends, a rent offer,
 * income arithmetic, an answer beside another's, a person asked for, digits in an email, a
 * name as texted, a short answer), and the summary shows the right values; the agent's
 * dashboard marks the lead that asked for a person.
 */

async function seed(app: TestApp) {
  const { company, ...user } = await createCompanyUser(app, {
    name: 'Harbour Lettings',
    slug: unique('e2e-messy'),
    email: 'lettings@harbour.example',
  });
  await insertProperty(app, company.id, company.slug, {
    propertyName: '2 Bed Flat, Elm Road',
    propertyAddress: '14 Elm Road, Leeds LS6 2AB',
    propertyRentalPrice: '£1,200 pcm',
  });
  await insertProperty(app, company.id, company.slug, {
    propertyName: 'Studio Apartment',
    propertyAddress: '3 Oak Street, Leeds LS2 7HY',
    propertyRentalPrice: '£750 pcm',
    numberOfBedrooms: 0,
  });
  // A lead from an earlier chat whose tenant asked for a person, for the dashboard.
  await insertLead(app.ctx.db, company.id, {
    name: 'Nia Evans',
    email: 'nia@example.com',
    personRequested: true,
    rating: '7',
    score: 7,
  });
  return { cookie: user.cookie, companyId: company.id, companySlug: company.slug };
}

const test = seededTest(seed);

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test.describe('messy messages on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('each kind of messy message lands in the right field, and the summary shows it', async ({
    page,
    seeded,
  }) => {
    await page.goto(`/chatbot/${seeded.companySlug}`);
    const log = conversationLog(page);
    await expect(log).toContainText('welcome to Harbour Lettings');

    const steps: [message: string, reply: string | RegExp | null, shot: string][] = [
      ['the LS2 one for 750', 'Studio Apartment', '1-listing-by-district-and-price'],
      ['our tenancy ends end of feb so we could move 1st march', /1 March/, '2-move-in'],
      ['me my husband n our 3 kids', '5 people', '3-children'],
      [
        'we could pay £800 a month if that helps',
        "can't accept offers above the advertised rent of £750 pcm",
        '4-rent-offer',
      ],
      ['28k and 32k, 60k combined', '£60,000 a year', '5-income-arithmetic'],
      ["im a nurse, he's between jobs", 'Nurse', '6-answer-in-its-own-field'],
      [
        'can i spk to a real persn',
        'a person at Harbour Lettings will get in touch with you',
        '7-person-requested',
      ],
      ['sam.jones1990@gmail.com 07700 900123', null, '8-email-with-digits'],
      ['sam jones here', 'Sam', '9-name'],
    ];
    for (const [message, reply, shot] of steps) {
      const answer = await send(page, message);
      if (reply) await expect(answer).toContainText(reply);
      await shoot(page, shot);
    }
    const summary = await send(page, 'wkends');
    await expect(summary).toContainText("Here's a summary");
    await summary.scrollIntoViewIfNeeded();
    await shoot(page, '10-summary');
    for (const line of [
      '• Property: Studio Apartment, 3 Oak Street, Leeds LS2 7HY',
      /• Move-in: 1 March \d{4}/,
      '• People: 5',
      '• Income: £60,000 a year',
      '• Occupation: Nurse',
      '• Name: Sam Jones',
      '• Email: sam.jones1990@gmail.com',
      '• Phone: 07700 900123',
      '• Viewing availability: Weekends',
    ])
      await expect(summary).toContainText(line);

    await page.getByRole('button', { name: "Yes, that's right" }).click();
    await expect(log).toContainText('We will be in touch to book the viewing');
    const leads = async () =>
      (
        (await (
          await page.request.get(`/api/companies/${seeded.companyId}/dashboard`, {
            headers: { cookie: seeded.cookie },
          })
        ).json()) as DashboardDto
      ).leads;
    const sam = async () => (await leads()).find((lead) => lead.name === 'Sam Jones');
    await expect.poll(sam).toBeDefined();
    expect(await sam()).toMatchObject({
      personRequested: true,
      numberOfPeople: 5,
      income: '£60,000 per year',
    });
  });

  for (const width of [390, 1280]) {
    test(`the dashboard marks the lead that asked for a person (${width} px)`, async ({
      page,
      openAs,
      seeded,
    }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await openAs(seeded.cookie);
      const marker = page.getByTestId('person-requested').first();
      await marker.scrollIntoViewIfNeeded();
      await expect(marker).toBeVisible();
      await expect(marker).toContainText('Asked for a person');
      await shoot(page, `dashboard-${width}`);
      if (width === 390) await page.getByRole('button', { name: 'Details for Nia Evans' }).click();
      else await page.getByRole('row', { name: /Nia Evans/ }).click();
      await expect(page.getByRole('dialog').getByText('Asked for a person')).toBeVisible();
      await shoot(page, `dashboard-panel-${width}`);
    });
  }
});
