import { type AddressInfo, createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import type { OfferedTime } from '#agent/types.ts';
import {
  companies,
  devEmails,
  enquiries,
  viewings,
  webhookEndpoints,
  webhookMessages,
} from '#server/db/schema.ts';
import { sendEnquiryReply, sweepEnquiries } from '#server/features/enquiries/replies.ts';
import { sendWeeklySummaries } from '#server/features/insights/weekly-summary.ts';
import {
  DISABLE_AFTER_MS,
  deliverMessage,
  newMessageId,
  newWebhookSecret,
} from '#server/features/integrations/webhook-delivery.ts';
import { notifyNewLead, sendLeadDigest } from '#server/features/leads/lead-email.ts';
import { sendDailyAgendas } from '#server/features/viewings/agent-viewings.ts';
import { runViewingMessages } from '#server/features/viewings/confirmations.ts';
import { cancelByToken, rescheduleByToken } from '#server/features/viewings/manage.ts';
import { setNow } from '#server/lib/clock.ts';
import { londonDate, londonInstant } from '#shared/viewing-times.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { bookInNewChat, freeTimesOf } from '#tests/helpers/chat-booking.ts';
import {
  createCompanyUser,
  insertLead,
  insertProperty,
  tenantFields,
  unique,
} from '#tests/helpers/factories.ts';
import { everyDay, viewingSchedule } from '#tests/helpers/viewing-schedule.ts';
import { expect, seededTest } from './fixtures.ts';

/**
 * Every email the product sends, written by the product's own use cases into the development
 * outbox, and every link in each (text and HTML) followed: none may lead to a missing page.
 */

type SentEmail = { subject: string; links: string[] };
type Seeded = { cookie: string; emails: SentEmail[] };

async function seed(app: TestApp): Promise<Seeded> {
  const { company, ...user } = await createCompanyUser(app, {
    name: 'Canal Lettings',
    slug: unique('canal'),
    viewingSchedule: viewingSchedule(everyDay('00:00', '23:30'), {
      minNoticeHours: 0,
      openOnBankHolidays: true,
    }),
  });
  const property = await insertProperty(app, company.id, company.slug, {
    propertyName: 'Flat 4, Lock House',
    vacancyDate: null,
  });
  const book = async (slot: OfferedTime) =>
    bookInNewChat(app, {
      companyId: company.id,
      propertyId: property.id,
      slot,
      fields: tenantFields({ propertyId: property.id, email: `${unique('tenant')}@example.test` }),
    });
  // Booked (tenant's confirmation, agency's notice), moved, cancelled.
  const slots = await freeTimesOf(app, property.id);
  const first = await book(slots.at(-1)!);
  await rescheduleByToken(app.ctx, first.manageToken, slots.at(-2)!.startsAt);
  await cancelByToken(app.ctx, first.manageToken);
  // The day-before confirmation request (whatever the hour: no quiet hours here) and today's agenda,
  // with the clock held at 11:50 today: the first free time is 12:00, still to come and today's, at
  // any hour the test runs (the real clock could pass the time, or midnight, in between).
  setNow(londonInstant(londonDate(new Date()), 11 * 60 + 50)!);
  try {
    const second = await book((await freeTimesOf(app, property.id))[0]!);
    await app.ctx.db.update(companies).set({ quietHours: null }).where(eq(companies.id, company.id));
    await app.ctx.db.update(viewings).set({ confirmedAt: null }).where(eq(viewings.id, second.id));
    await runViewingMessages(app.ctx);
    await sendDailyAgendas(app.ctx);
  } finally {
    setNow(undefined);
  }
  // A new lead, then two more in one digest.
  const lead = await insertLead(app.ctx.db, company.id);
  await notifyNewLead(app.ctx, { companyId: company.id, leadId: lead.id, email: { kind: 'now' } });
  await app.ctx.db
    .update(companies)
    .set({ lastLeadEmailAt: new Date(Date.now() - 3_600_000) })
    .where(eq(companies.id, company.id));
  await insertLead(app.ctx.db, company.id);
  await insertLead(app.ctx.db, company.id);
  await sendLeadDigest(app.ctx, company.id);
  // A portal enquiry: the reply to the tenant, and the follow-up two days later.
  const [enquiry] = await app.ctx.db
    .insert(enquiries)
    .values({
      companyId: company.id,
      propertyId: property.id,
      source: 'rightmove',
      name: 'Priya Patel',
      email: `${unique('enquirer')}@example.test`,
      listing: { address: 'Flat 4, Lock House', postcode: null, price: null, reference: null },
    })
    .returning();
  await sendEnquiryReply(app.ctx, enquiry!.id);
  await sweepEnquiries(app.ctx, new Date(Date.now() + 49 * 3_600_000));
  // Monday's summary to the owner (the agency has leads awaiting contact).
  await sendWeeklySummaries(app.ctx);
  // A webhook endpoint failing for three days: its next failed try switches it off and emails the
  // owner. Its receiver is gone (a port just closed refuses the connection).
  const gone = createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  const { port } = gone.address() as AddressInfo;
  await new Promise((resolve) => gone.close(resolve));
  const [endpoint] = await app.ctx.db
    .insert(webhookEndpoints)
    .values({
      companyId: company.id,
      url: `http://127.0.0.1:${port}/hooks/letlead`,
      events: ['lead.created'],
      secret: newWebhookSecret(),
      failingSince: new Date(Date.now() - DISABLE_AFTER_MS - 60_000),
    })
    .returning();
  const [message] = await app.ctx.db
    .insert(webhookMessages)
    .values({
      id: newMessageId(),
      companyId: company.id,
      type: 'lead.created',
      payload: { type: 'lead.created', timestamp: new Date().toISOString(), data: { leadId: lead.id } },
    })
    .returning();
  await deliverMessage(app.ctx, { endpointId: endpoint!.id, messageId: message!.id, attempt: 1 });
  // A team invitation; a password reset; an address to verify, and a sign-up with an address that
  // already has an account.
  const headers = { origin: app.ctx.env.appUrl, cookie: user.cookie };
  await app.inject({
    method: 'POST',
    url: `/api/companies/${company.id}/invitations`,
    headers,
    payload: { email: `${unique('colleague')}@example.test`, role: 'negotiator' },
  });
  await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: app.ctx.env.appUrl },
    payload: { email: user.email },
  });
  await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { origin: app.ctx.env.appUrl },
    payload: {
      email: `${unique('newcomer')}@example.test`,
      password: 'Sunny-Flat-42!',
      firstName: 'Nia',
      lastName: 'Newcomer',
      companyName: 'Newcomer Homes',
      phone: '07700 900123',
    },
  });
  await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { origin: app.ctx.env.appUrl },
    payload: {
      email: user.email,
      password: 'Sunny-Flat-42!',
      firstName: 'Alex',
      lastName: 'Again',
      companyName: 'Canal Lettings Two',
      phone: '07700 900124',
    },
  });

  const rows = await app.ctx.db.select().from(devEmails);
  const emails = rows.map((row) => ({
    subject: row.subject,
    links: [
      ...new Set([
        // The body, not the calendar invitation the outbox appends (its lines are folded at 75
        // characters, which would cut its links in two; its event URL is the body's link).
        ...(row.text.split(/\n\n--- \S+\.ics \(/)[0]!.match(/https?:\/\/[^\s<>"]+/g) ?? []),
        ...[...(row.html ?? '').matchAll(/href="([^"]+)"/g)].map(([, href]) =>
          href!.replaceAll('&amp;', '&'),
        ),
      ]),
    ].filter((link) => link.startsWith(app.ctx.env.appUrl)),
  }));
  return { cookie: user.cookie, emails };
}

const test = seededTest(seed);

test('every link in every email the product sends opens a page that exists', async ({ request, seeded }) => {
  const subjects = seeded.emails.map((email) => email.subject).join('\n');
  // Each kind of email is there, so the test cannot pass on an empty outbox.
  for (const expected of [
    /^Your viewing is booked/m,
    /^New viewing/m,
    /^Your viewing has moved/m,
    /^Viewing moved/m,
    /^Viewing cancelled/m,
    /^Please confirm your viewing/m,
    /^Today's viewings/m,
    /^New lead \d+\/10/m,
    /^\d new leads for Canal Lettings/m,
    /^Your enquiry: Flat 4, Lock House/m,
    /^Still interested in Flat 4, Lock House\?/m,
    /^Your week at Canal Lettings/m,
    /^Your LetLead webhook endpoint has been switched off/m,
    /^Join Canal Lettings on LetLead/m,
    /^Reset your LetLead password/m,
    /^Verify your email for LetLead/m,
    /^You already have a LetLead account/m,
  ]) {
    expect(subjects).toMatch(expected);
  }
  // And each of them links to our pages, except the tenant's cancellation (nothing is left to
  // manage; the agency's notice of it, which names the listing, links to the viewings).
  for (const email of seeded.emails) {
    if (/^Viewing cancelled: (?!Flat 4, Lock House)/.test(email.subject)) continue;
    expect(email.links, email.subject).not.toEqual([]);
  }
  const broken: string[] = [];
  for (const email of seeded.emails) {
    for (const link of email.links) {
      const url = new URL(link);
      const response = await request.get(`${url.pathname}${url.search}`, { maxRedirects: 5 });
      if (response.status() >= 400) broken.push(`${email.subject}: ${url.pathname} → ${response.status()}`);
    }
  }
  expect(broken).toEqual([]);
});

/** An email's link as a path on the test server, where the agent opens it signed in. */
function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test('"See your insights" in the weekly summary opens the Insights tab', async ({ page, openAs, seeded }) => {
  const summary = seeded.emails.find((email) => /^Your week at /.test(email.subject));
  const link = summary?.links.find((candidate) => candidate.includes('tab=insights'));
  expect(link, 'the weekly summary links to the insights').toBeTruthy();
  // Opened on a phone, where the tab row scrolls sideways: the Insights tab is in view, not past its edge.
  await openAs(seeded.cookie, { path: pathOf(link!), viewport: { width: 390, height: 844 } });
  const insights = page.getByRole('tab', { name: 'Insights' });
  await expect(insights).toHaveAttribute('aria-selected', 'true');
  await expect(insights).toBeInViewport({ ratio: 1 });
});

test('"See your viewings" in the agency\'s email opens the Viewings tab', async ({
  page,
  openAs,
  seeded,
}) => {
  const notice = seeded.emails.find(
    (email) => /^New viewing/i.test(email.subject) || /booked/i.test(email.subject),
  );
  const viewingsLink = seeded.emails
    .flatMap((email) => email.links)
    .find((link) => !link.includes('/viewings/') && /tab=viewings|viewings/.test(link));
  expect(notice, 'an agency booking notice was sent').toBeTruthy();
  expect(viewingsLink, 'the notice links to the viewings').toBeTruthy();
  await openAs(seeded.cookie, { path: pathOf(viewingsLink!) });
  await expect(page.getByRole('tab', { name: 'Viewings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Viewings', exact: true })).toBeVisible();
});
