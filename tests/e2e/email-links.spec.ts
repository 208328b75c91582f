import { eq } from 'drizzle-orm';
import { companies, conversations, devEmails, viewings } from '#server/db/schema.ts';
import { notifyNewLead } from '#server/features/chat/lead-email.ts';
import { sendDailyAgendas } from '#server/features/viewings/agent-viewings.ts';
import { loadBookingRules, slotsFor } from '#server/features/viewings/booking.ts';
import { bookChatSlot } from '#server/features/viewings/chat-booking.ts';
import { runViewingMessages } from '#server/features/viewings/confirmations.ts';
import { cancelByToken, rescheduleByToken } from '#server/features/viewings/manage.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import {
  createSignedInUser,
  insertCompany,
  insertLead,
  insertProperty,
  tenantFields,
  unique,
} from '#tests/helpers/factories.ts';
import { addSessionCookie, expect, seededTest } from './fixtures.ts';

/**
 * Every email the product sends, written by the product's own use cases into the development
 * outbox, and every link in each (text and HTML) followed: none may lead to a missing page.
 */

type SentEmail = { subject: string; links: string[] };
type Seeded = { cookie: string; emails: SentEmail[] };

const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '23:30' }));

async function seed(app: TestApp): Promise<Seeded> {
  const user = await createSignedInUser(app);
  const company = await insertCompany(app.ctx.db, user.userId, {
    name: 'Canal Lettings',
    slug: unique('canal'),
  });
  await app.ctx.db
    .update(companies)
    .set({
      viewingSchedule: {
        windows: everyDay,
        slotMinutes: 30,
        bufferMinutes: 0,
        minNoticeHours: 0,
        horizonDays: 14,
        partiesPerSlot: 1,
        openOnBankHolidays: true,
      },
    })
    .where(eq(companies.id, company.id));
  const property = await insertProperty(app, company.id, company.slug, {
    propertyName: 'Flat 4, Lock House',
    vacancyDate: null,
  });
  const book = async (pick: (slots: { startsAt: string }[]) => { startsAt: string; label: string }) => {
    const [conversation] = await app.ctx.db
      .insert(conversations)
      .values({ sessionKey: unique('session'), companyId: company.id, propertyId: property.id })
      .returning();
    const rules = await loadBookingRules(app.ctx.db, property.id);
    const slots = await slotsFor(app.ctx.db, rules!);
    const booking = await bookChatSlot(app.ctx, {
      conversationId: conversation!.id,
      propertyId: property.id,
      slot: pick(slots as { startsAt: string; label: string }[]) as never,
      fields: tenantFields({ propertyId: property.id, email: `${unique('tenant')}@example.test` }),
    });
    if (booking.kind !== 'booked') throw new Error('The seed could not book a viewing');
    return { viewing: booking.viewing, slots };
  };
  // Booked (tenant's confirmation, agency's notice), moved, cancelled.
  const first = await book((slots) => slots.at(-1)! as never);
  await rescheduleByToken(app.ctx, first.viewing.manageToken, first.slots.at(-2)!.startsAt);
  await cancelByToken(app.ctx, first.viewing.manageToken);
  // The day-before confirmation request (whatever the hour: no quiet hours here) and today's agenda.
  const second = await book((slots) => slots[0]! as never);
  await app.ctx.db.update(companies).set({ quietHours: null }).where(eq(companies.id, company.id));
  await app.ctx.db.update(viewings).set({ confirmedAt: null }).where(eq(viewings.id, second.viewing.id));
  await runViewingMessages(app.ctx);
  await sendDailyAgendas(app.ctx);
  // A new lead; a team invitation; a password reset and an address to verify.
  const lead = await insertLead(app.ctx.db, company.id);
  await notifyNewLead(app.ctx, { companyId: company.id, leadId: lead.id, email: { kind: 'now' } });
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

  const rows = await app.ctx.db.select().from(devEmails);
  const emails = rows.map((row) => ({
    subject: row.subject,
    links: [
      ...new Set([
        ...(row.text.match(/https?:\/\/[^\s<>"]+/g) ?? []),
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
    /booked/i,
    /moved/i,
    /cancelled/i,
    /please confirm your viewing/i,
    /today's viewings/i,
    /lead/i,
    /join/i,
    /password/i,
    /verify|confirm your/i,
  ]) {
    expect(subjects).toMatch(expected);
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

test('"See your viewings" in the agency\'s email opens the Viewings tab', async ({
  page,
  context,
  baseURL,
  seeded,
}) => {
  await addSessionCookie(context, baseURL!, seeded.cookie);
  const notice = seeded.emails.find(
    (email) => /^New viewing/i.test(email.subject) || /booked/i.test(email.subject),
  );
  const viewingsLink = seeded.emails
    .flatMap((email) => email.links)
    .find((link) => !link.includes('/viewings/') && /tab=viewings|viewings/.test(link));
  expect(notice, 'an agency booking notice was sent').toBeTruthy();
  expect(viewingsLink, 'the notice links to the viewings').toBeTruthy();
  const url = new URL(viewingsLink!);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('tab', { name: 'Viewings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Viewings', exact: true })).toBeVisible();
});
