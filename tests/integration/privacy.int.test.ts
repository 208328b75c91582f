import { randomBytes } from 'node:crypto';
import { subDays, subMonths } from 'date-fns';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accounts,
  analyticsEvents,
  auditEvents,
  chatTranscripts,
  companies,
  conversations,
  leads,
  properties,
  sessions,
  users,
} from '#server/db/schema.ts';
import { purgeExpiredTenantData } from '#server/features/privacy/retention.ts';
import { browserFetch, type TestApp } from '#tests/helpers/app.ts';
import {
  createCompanyUser,
  insertChat,
  insertLead,
  insertProperty,
  TEST_PASSWORD,
  unique,
} from '#tests/helpers/factories.ts';
import { setUpCompanyUser, setUpTestApp } from '#tests/helpers/suite.ts';

/** A finished enquiry as the chat leaves it: conversation, transcript and lead, all made at `at`. */
async function insertEnquiry(app: TestApp, companyId: string, at: Date, withLead = true) {
  return insertChat(app.ctx.db, companyId, {
    conversation: {
      sessionKey: randomBytes(18).toString('base64url'),
      messages: [
        {
          id: '1',
          sender: 'user',
          content: 'Hi, is the flat still free? I am Sarah',
          timestamp: at.toISOString(),
        },
      ],
      lastActivityAt: at,
      endedAt: at,
      createdAt: at,
    },
    transcript: {
      fileName: 'chat-enquiry.txt',
      content: 'Tenant: Hi, is the flat still free? I am Sarah',
      createdAt: at,
    },
    lead: withLead && { createdAt: at },
  });
}

async function exists(
  app: TestApp,
  table: typeof leads | typeof chatTranscripts | typeof conversations,
  id: string,
) {
  const rows = await app.ctx.db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return rows.length === 1;
}

describe('retention purge', () => {
  const app = setUpTestApp();

  it('erases enquiries, transcripts, conversations and analytics older than 12 months, and keeps younger ones', async () => {
    const now = new Date('2027-06-15T12:00:00Z');
    const { company } = await createCompanyUser(app);
    const old = subDays(subMonths(now, 12), 1);
    const young = subDays(subMonths(now, 12), -1);

    const expired = await insertEnquiry(app, company.id, old);
    const kept = await insertEnquiry(app, company.id, young);
    const expiredNoLead = await insertEnquiry(app, company.id, old, false);
    const [idleActive] = await app.ctx.db
      .insert(conversations)
      .values({ sessionKey: unique('k'), companyId: company.id, createdAt: old, lastActivityAt: old })
      .returning();
    const [recentActive] = await app.ctx.db
      .insert(conversations)
      .values({ sessionKey: unique('k'), companyId: company.id, createdAt: young, lastActivityAt: now })
      .returning();
    const path = `/chatbot/${company.slug}`;
    await app.ctx.db.insert(analyticsEvents).values([
      { kind: 'pageview', path, createdAt: old },
      { kind: 'pageview', path, createdAt: young },
    ]);
    await app.ctx.db.insert(auditEvents).values([
      { companyId: company.id, action: 'lead_opened', subjectId: expired.lead!.id, at: old },
      { companyId: company.id, action: 'lead_opened', subjectId: kept.lead!.id, at: young },
    ]);

    const counts = await purgeExpiredTenantData(app.ctx, now);
    expect(counts).toEqual({
      leads: 1,
      transcripts: 2,
      conversations: 3,
      analyticsEvents: 1,
      auditEvents: 1,
    });
    const audit = await app.ctx.db.select().from(auditEvents).where(eq(auditEvents.companyId, company.id));
    expect(audit.map((event) => event.subjectId)).toEqual([kept.lead!.id]);

    expect(await exists(app, leads, expired.lead!.id)).toBe(false);
    expect(await exists(app, chatTranscripts, expired.transcript.id)).toBe(false);
    expect(await exists(app, conversations, expired.conversation.id)).toBe(false);
    expect(await exists(app, chatTranscripts, expiredNoLead.transcript.id)).toBe(false);
    expect(await exists(app, conversations, expiredNoLead.conversation.id)).toBe(false);
    expect(await exists(app, conversations, idleActive!.id)).toBe(false);

    expect(await exists(app, leads, kept.lead!.id)).toBe(true);
    expect(await exists(app, chatTranscripts, kept.transcript.id)).toBe(true);
    expect(await exists(app, conversations, kept.conversation.id)).toBe(true);
    expect(await exists(app, conversations, recentActive!.id)).toBe(true);
    const events = await app.ctx.db.select().from(analyticsEvents).where(eq(analyticsEvents.path, path));
    expect(events.map((e) => e.createdAt.toISOString())).toEqual([young.toISOString()]);
  });

  it('deletes in batches and is safe to run from two instances at once', async () => {
    const now = new Date('2028-01-10T03:30:00Z');
    const { company } = await createCompanyUser(app);
    const old = subMonths(now, 13);
    await app.ctx.db.insert(leads).values(
      Array.from({ length: 1_205 }, (_, i) => ({
        companyId: company.id,
        name: `Tenant ${i}`,
        createdAt: old,
      })),
    );

    // Leads of other tests in this file may be past this later cutoff too.
    const { rows } = await app.ctx.database.execute(
      `select count(*)::int as n from leads where created_at < $1`,
      [subMonths(now, 12).toISOString()],
    );
    const [first, second] = await Promise.all([
      purgeExpiredTenantData(app.ctx, now),
      purgeExpiredTenantData(app.ctx, now),
    ]);
    expect(first.leads + second.leads).toBe(rows[0]!.n);
    const left = await app.ctx.db.select({ id: leads.id }).from(leads).where(eq(leads.companyId, company.id));
    expect(left).toEqual([]);
    expect(await purgeExpiredTenantData(app.ctx, now)).toEqual({
      leads: 0,
      transcripts: 0,
      conversations: 0,
      analyticsEvents: 0,
      auditEvents: 0,
    });
  });

  it('is a daily job of the queue', async () => {
    const { rows } = await app.ctx.database.execute(`select name from pgboss.queue where name = $1`, [
      'retention-purge',
    ]);
    expect(rows).toEqual([{ name: 'retention-purge' }]);
  });
});

describe('data export', () => {
  const app = setUpTestApp();
  const owner = setUpCompanyUser(app, {
    stripeCustomerId: `cus_${unique('c')}`,
    stripeSubscriptionId: `sub_${unique('s')}`,
  });
  const other = setUpCompanyUser(app);

  it('downloads the company, its properties, leads, transcripts and chat link views as JSON', async () => {
    const property = await insertProperty(app, owner.company.id, owner.company.slug, { landlord: 'Mr Khan' });
    const enquiry = await insertEnquiry(app, owner.company.id, new Date());
    await app.ctx.db.insert(analyticsEvents).values([
      { kind: 'pageview', path: `/chatbot/${owner.company.slug}/${property.slug}` },
      { kind: 'pageview', path: `/chatbot/${other.company.slug}` },
      { kind: 'pageview', path: '/pricing' },
    ]);
    const otherLead = await insertLead(app.ctx.db, other.company.id, {
      email: `${unique('other')}@example.test`,
    });

    const response = await fetch(`${app.url}/api/companies/${owner.company.id}/export`, {
      headers: { cookie: owner.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="letlead-export-${owner.company.slug}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const text = await response.text();
    const data = JSON.parse(text);

    expect(data.account.email).toBe(owner.email);
    expect(data.company).toMatchObject({
      id: owner.company.id,
      name: owner.company.name,
      slug: owner.company.slug,
    });
    expect(data.properties).toEqual([expect.objectContaining({ id: property.id, landlord: 'Mr Khan' })]);
    expect(data.leads).toEqual([
      expect.objectContaining({ id: enquiry.lead!.id, email: enquiry.lead!.email }),
    ]);
    expect(data.transcripts).toEqual([
      expect.objectContaining({ id: enquiry.transcript.id, content: enquiry.transcript.content }),
    ]);
    expect(data.conversations[0].messages[0].content).toBe('Hi, is the flat still free? I am Sarah');
    expect(data.analytics).toEqual([
      expect.objectContaining({ kind: 'pageview', path: `/chatbot/${owner.company.slug}/${property.slug}` }),
    ]);

    // Nothing of another company, and no secret of any kind.
    expect(text).not.toContain(other.company.id);
    expect(text).not.toContain(otherLead.email!);
    const [account] = await app.ctx.db.select().from(accounts).where(eq(accounts.userId, owner.userId));
    const [session] = await app.ctx.db.select().from(sessions).where(eq(sessions.userId, owner.userId));
    expect(account?.password).toBeTruthy();
    expect(text).not.toContain(account!.password!);
    expect(text).not.toContain(session!.token);
    expect(text).not.toContain(owner.company.stripeCustomerId!);
    expect(text).not.toContain(owner.company.stripeSubscriptionId!);
    expect(text).not.toMatch(/password|stripe|token/i);
  });

  it('answers 401 signed out and 404 for another company', async () => {
    const signedOut = await fetch(`${app.url}/api/companies/${owner.company.id}/export`);
    expect(signedOut.status).toBe(401);
    const foreign = await fetch(`${app.url}/api/companies/${other.company.id}/export`, {
      headers: { cookie: owner.cookie },
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: 'Company not found' });
  });
});

describe('closing an account', () => {
  const app = setUpTestApp();

  async function close(id: string, cookie: string | undefined, body: unknown) {
    return browserFetch(app, 'DELETE', `/api/companies/${id}`, cookie, body);
  }

  it('erases the user, sessions, company and everything it holds, and signs the browser out', async () => {
    const owner = await createCompanyUser(app, { name: 'Harbour Lettings' });
    const bystander = await createCompanyUser(app);
    const property = await insertProperty(app, owner.company.id, owner.company.slug);
    const enquiry = await insertEnquiry(app, owner.company.id, new Date());
    const bystanderEnquiry = await insertEnquiry(app, bystander.company.id, new Date());
    await app.ctx.db
      .insert(analyticsEvents)
      .values({ kind: 'pageview', path: `/chatbot/${owner.company.slug}` });
    // An email waiting for an SMTP retry would otherwise reach them after the account is gone.
    await app.ctx.jobs.send('email', { to: owner.email, subject: 'Welcome', text: 'Hello' });

    const response = await close(owner.company.id, owner.cookie, {
      confirm: 'Harbour Lettings',
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect((await response.json()).message).toMatch(/closed/);
    const cleared = response.headers.getSetCookie().find((line) => line.includes('session_token'));
    expect(cleared).toMatch(/Max-Age=0/i);

    expect(await app.ctx.db.select().from(users).where(eq(users.id, owner.userId))).toEqual([]);
    expect(await app.ctx.db.select().from(sessions).where(eq(sessions.userId, owner.userId))).toEqual([]);
    expect(await app.ctx.db.select().from(accounts).where(eq(accounts.userId, owner.userId))).toEqual([]);
    expect(await app.ctx.db.select().from(companies).where(eq(companies.id, owner.company.id))).toEqual([]);
    expect(await app.ctx.db.select().from(properties).where(eq(properties.id, property.id))).toEqual([]);
    expect(await exists(app, leads, enquiry.lead!.id)).toBe(false);
    expect(await exists(app, chatTranscripts, enquiry.transcript.id)).toBe(false);
    expect(await exists(app, conversations, enquiry.conversation.id)).toBe(false);
    const views = await app.ctx.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.path, `/chatbot/${owner.company.slug}`));
    expect(views).toEqual([]);
    const queued = await app.ctx.database.execute(
      `select count(*)::int as n from pgboss.job where name = 'email' and data->>'to' = $1`,
      [owner.email],
    );
    expect(queued.rows[0]!.n).toBe(0);

    // The old cookie opens nothing, and the other company is untouched.
    const after = await fetch(`${app.url}/api/companies/${owner.company.id}/export`, {
      headers: { cookie: owner.cookie },
    });
    expect(after.status).toBe(401);
    expect(await exists(app, leads, bystanderEnquiry.lead!.id)).toBe(true);
    const stillThere = await app.ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(inArray(companies.id, [bystander.company.id]));
    expect(stillThere).toHaveLength(1);
  });

  it('needs the company name typed again and the right password, and keeps everything otherwise', async () => {
    const owner = await createCompanyUser(app, { name: 'Quay Homes' });
    const lead = await insertLead(app.ctx.db, owner.company.id);

    const wrongName = await close(owner.company.id, owner.cookie, {
      confirm: 'Quay',
      password: TEST_PASSWORD,
    });
    expect(wrongName.status).toBe(400);
    expect((await wrongName.json()).errors).toEqual({ confirm: 'The name does not match your company name' });

    const wrongPassword = await close(owner.company.id, owner.cookie, {
      confirm: 'Quay Homes',
      password: 'nope-nope-1',
    });
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json()).errors).toEqual({ password: 'That password is not correct' });

    const missing = await close(owner.company.id, owner.cookie, {});
    expect(missing.status).toBe(400);

    expect(await exists(app, leads, lead.id)).toBe(true);
    const me = await fetch(`${app.url}/api/companies/${owner.company.id}/export`, {
      headers: { cookie: owner.cookie },
    });
    expect(me.status).toBe(200);
  });

  it('answers 401 signed out and 404 for another company', async () => {
    const owner = await createCompanyUser(app, { name: 'Mill Lettings' });
    const other = await createCompanyUser(app, { name: 'Other Lettings' });
    const signedOut = await close(owner.company.id, undefined, {
      confirm: 'Mill Lettings',
      password: TEST_PASSWORD,
    });
    expect(signedOut.status).toBe(401);
    const foreign = await close(other.company.id, owner.cookie, {
      confirm: 'Other Lettings',
      password: TEST_PASSWORD,
    });
    expect(foreign.status).toBe(404);
    expect(await app.ctx.db.select().from(companies).where(eq(companies.id, other.company.id))).toHaveLength(
      1,
    );
  });

  it('refuses while a Stripe subscription still charges the card', async () => {
    const owner = await createCompanyUser(app, {
      name: 'Paid Lettings',
      accountType: 'small',
      stripeCustomerId: `cus_${unique('c')}`,
      stripeSubscriptionId: `sub_${unique('s')}`,
      subscriptionStatus: 'active',
    });
    const response = await close(owner.company.id, owner.cookie, {
      confirm: 'Paid Lettings',
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toMatch(/Cancel it under Manage Subscription first/);
    expect(await app.ctx.db.select().from(companies).where(eq(companies.id, owner.company.id))).toHaveLength(
      1,
    );
  });
});
