import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, leads, properties } from '#server/db/schema.ts';
import { notifyNewLead } from '#server/features/leads/lead-email.ts';
import type { AuthUser } from '#shared/schemas/auth.ts';
import type { DashboardDto, LeadDetailDto } from '#shared/schemas/leads.ts';
import type { AuditResponse, Member } from '#shared/schemas/team.ts';
import { sendJson } from '#tests/helpers/app.ts';
import {
  addMember,
  createCompanyUser,
  createSignedInUser,
  insertLead,
  insertProperty,
  TEST_PASSWORD,
  unique,
} from '#tests/helpers/factories.ts';
import { emailsTo, newestEmailTo } from '#tests/helpers/outbox.ts';
import { setUpCompanyUser, setUpTestApp } from '#tests/helpers/suite.ts';

/**
 * A new agency tries the team, over real HTTP: the owner invites an admin and a negotiator (the
 * emails arrive in the dev outbox), each joins from the emailed link, the negotiator works a
 * lead, roles keep billing, the team and closure from those who may not, ownership changes hands
 * and the audit log shows what happened.
 */
describe('the team', () => {
  const app = setUpTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '10000' });
  const owner = setUpCompanyUser(app, { name: 'Harbour & Hale Lettings' });

  const send = (method: string, path: string, cookie: string | undefined, body?: unknown) =>
    sendJson(app, method, path, cookie, body);

  /** The newest email to an address in the dev outbox, and the invitation token its link carries. */
  async function invitationEmail(to: string) {
    const email = await newestEmailTo(app, to);
    expect(email, `an email to ${to}`).toBeDefined();
    const link = /(http\S+\/join#token=\S+)/.exec(email!.text)?.[1];
    expect(link).toBeDefined();
    return { email: email!, token: decodeURIComponent(new URL(link!).hash.replace('#token=', '')) };
  }

  const companyPath = (suffix = '') => `/api/companies/${owner.company.id}${suffix}`;

  it('invites an admin and a negotiator; each joins from the emailed link; the roles hold', async () => {
    const adminEmail = `${unique('ada')}@example.test`;
    const negotiatorEmail = `${unique('nico')}@example.test`;

    const invited = await send('POST', companyPath('/invitations'), owner.cookie, {
      email: adminEmail,
      role: 'admin',
    });
    expect(invited.status).toBe(201);
    expect(invited.json.message).toBe(`Invitation sent to ${adminEmail}.`);
    expect(
      (
        await send('POST', companyPath('/invitations'), owner.cookie, {
          email: negotiatorEmail,
          role: 'negotiator',
        })
      ).status,
    ).toBe(201);
    // Bad input: a clear message, nothing saved.
    const bad = await send('POST', companyPath('/invitations'), owner.cookie, {
      email: 'nope',
      role: 'owner',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Role must be admin or negotiator.');
    const open = await send('GET', companyPath('/invitations'), owner.cookie);
    expect((open.json.invitations as { email: string }[]).map((i) => i.email).sort()).toEqual(
      [adminEmail, negotiatorEmail].sort(),
    );

    const adminMail = await invitationEmail(adminEmail);
    expect(adminMail.email.subject).toBe('Join Harbour & Hale Lettings on LetLead');
    expect(adminMail.email.text).toContain('as an admin');

    // The admin is new to LetLead: they make their account from the link and are signed in.
    const preview = await send('POST', '/api/invitations/preview', undefined, { token: adminMail.token });
    expect(preview.json).toMatchObject({
      companyName: 'Harbour & Hale Lettings',
      email: adminEmail,
      role: 'admin',
    });
    const joined = await send('POST', '/api/invitations/signup', undefined, {
      token: adminMail.token,
      firstName: 'Ada',
      lastName: 'Admin',
      password: TEST_PASSWORD,
    });
    expect(joined.status).toBe(201);
    expect(joined.json).toMatchObject({
      email: adminEmail,
      role: 'admin',
      company: { id: owner.company.id },
    });
    const adminCookie = joined.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const adminMe = await send('GET', '/api/auth/user', adminCookie);
    expect((adminMe.json as AuthUser).role).toBe('admin');
    // The link is used up.
    expect(
      (await send('POST', '/api/invitations/preview', undefined, { token: adminMail.token })).status,
    ).toBe(404);

    // The negotiator already has an account: they sign in and accept.
    const negotiatorMail = await invitationEmail(negotiatorEmail);
    const negotiator = await createSignedInUser(app, { email: negotiatorEmail, firstName: 'Nico' });
    const stranger = await createSignedInUser(app);
    const wrongPerson = await send('POST', '/api/invitations/accept', stranger.cookie, {
      token: negotiatorMail.token,
    });
    expect(wrongPerson.status).toBe(403);
    expect(wrongPerson.json.message).toBe(
      `This invitation was sent to ${negotiatorEmail}. Sign in with that address to accept it.`,
    );
    const accepted = await send('POST', '/api/invitations/accept', negotiator.cookie, {
      token: negotiatorMail.token,
    });
    expect(accepted.status).toBe(200);
    const negotiatorMe = (await send('GET', '/api/auth/user', negotiator.cookie)).json as AuthUser;
    expect(negotiatorMe).toMatchObject({ role: 'negotiator', company: { id: owner.company.id } });
    expect((await send('GET', '/api/auth/user', owner.cookie)).json.role).toBe('owner');

    const members = (await send('GET', companyPath('/members'), adminCookie)).json.members as Member[];
    expect(members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [adminEmail, 'admin'],
      [negotiatorEmail, 'negotiator'],
    ]);

    // The negotiator works a lead from new to viewed, with a note.
    const lead = await insertLead(app.ctx.db, owner.company.id, { name: 'Sam Patel' });
    for (const status of ['contacted', 'viewed'] as const) {
      const moved = await send('PATCH', `/api/leads/${lead.id}`, negotiator.cookie, { status });
      expect(moved.status).toBe(200);
    }
    expect(
      (await send('POST', `/api/leads/${lead.id}/notes`, negotiator.cookie, { body: 'Loved the garden.' }))
        .status,
    ).toBe(201);
    const detail = (await send('GET', `/api/leads/${lead.id}`, negotiator.cookie)).json as LeadDetailDto;
    expect(detail.status).toBe('viewed');
    expect(detail.activity.slice(0, 3).map((a) => [a.kind, a.actor?.id])).toEqual([
      ['note', negotiator.userId],
      ['status_changed', negotiator.userId],
      ['status_changed', negotiator.userId],
    ]);

    // …and cannot open billing, the team or account closure.
    const refusals: [string, string, unknown, string][] = [
      ['GET', '/api/stripe/subscription-status', undefined, "Only the company's owner can manage billing."],
      [
        'POST',
        '/api/stripe/create-portal-session',
        undefined,
        "Only the company's owner can manage billing.",
      ],
      [
        'GET',
        companyPath('/members'),
        undefined,
        "Only the company's owner or an admin can manage the team and read the audit log.",
      ],
      [
        'POST',
        companyPath('/invitations'),
        { email: 'x@example.test', role: 'admin' },
        "Only the company's owner or an admin can manage the team and read the audit log.",
      ],
      [
        'DELETE',
        companyPath(),
        { confirm: owner.company.name, password: TEST_PASSWORD },
        "Only the company's owner can close the account.",
      ],
      [
        'GET',
        companyPath('/api-keys'),
        undefined,
        "Only the company's owner or an admin can manage webhooks and API keys.",
      ],
    ];
    for (const [method, path, body, message] of refusals) {
      const refused = await send(method, path, negotiator.cookie, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.json.message).toBe(message);
    }
    // Only the owner closes the account: the admin is refused too.
    const adminClose = await send('DELETE', companyPath(), adminCookie, {
      confirm: owner.company.name,
      password: TEST_PASSWORD,
    });
    expect(adminClose.status).toBe(403);
    expect((await send('GET', '/api/stripe/subscription-status', adminCookie)).status).toBe(403);

    // An admin changes roles; nobody changes the owner's but by a handover.
    const promoted = await send('PATCH', companyPath(`/members/${negotiator.userId}`), adminCookie, {
      role: 'admin',
    });
    expect(promoted.status).toBe(200);
    expect(promoted.json.role).toBe('admin');
    const demoteOwner = await send('PATCH', companyPath(`/members/${owner.userId}`), adminCookie, {
      role: 'negotiator',
    });
    expect(demoteOwner.status).toBe(403);
    expect(
      (
        await send('PATCH', companyPath(`/members/${negotiator.userId}`), owner.cookie, {
          role: 'negotiator',
        })
      ).json.role,
    ).toBe('negotiator');

    // The owner hands the company to the admin and becomes an admin.
    const adminId = (adminMe.json as AuthUser).id;
    const toNegotiator = await send('POST', companyPath('/ownership'), owner.cookie, {
      userId: negotiator.userId,
    });
    expect(toNegotiator.status).toBe(400);
    expect(toNegotiator.json.message).toBe(
      'Ownership can be handed only to an admin. Make them an admin first.',
    );
    const handed = await send('POST', companyPath('/ownership'), owner.cookie, { userId: adminId });
    expect(handed.status).toBe(200);
    expect((handed.json.members as Member[]).map((m) => [m.userId, m.role])).toEqual([
      [adminId, 'owner'],
      [owner.userId, 'admin'],
      [negotiator.userId, 'negotiator'],
    ]);
    expect((await send('GET', '/api/auth/user', owner.cookie)).json.role).toBe('admin');
    expect((await send('GET', '/api/stripe/subscription-status', adminCookie)).status).toBe(200);
    expect((await send('POST', companyPath('/ownership'), owner.cookie, { userId: adminId })).status).toBe(
      403,
    );

    // The audit log: who opened the lead, role changes, the handover; a negotiator cannot read it.
    expect((await send('GET', companyPath('/audit'), negotiator.cookie)).status).toBe(403);
    const audit = (await send('GET', companyPath('/audit'), adminCookie)).json as AuditResponse;
    const actions = audit.events.map((event) => event.action);
    expect(actions[0]).toBe('ownership_transferred');
    expect(actions).toEqual(
      expect.arrayContaining(['member_invited', 'member_joined', 'lead_opened', 'role_changed']),
    );
    const opened = audit.events.find((event) => event.action === 'lead_opened');
    expect(opened).toMatchObject({ subjectId: lead.id, actor: `Nico Agent (${negotiatorEmail})` });

    // Removing a member: they lose access at once, and their leads go back to nobody.
    await send('PATCH', `/api/leads/${lead.id}`, owner.cookie, { assigneeId: negotiator.userId });
    expect((await send('DELETE', companyPath(`/members/${negotiator.userId}`), adminCookie)).status).toBe(
      204,
    );
    expect((await send('GET', `/api/leads/${lead.id}`, negotiator.cookie)).status).toBe(404);
    expect((await send('GET', '/api/auth/user', negotiator.cookie)).json).toMatchObject({
      company: null,
      role: null,
    });
    const [row] = await app.ctx.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.assigneeId).toBeNull();
  });

  it('assigns leads and listings to members: My leads, the activity, the CSV and the notices', async () => {
    const agency = await createCompanyUser(app, { name: unique('Assign Lettings') });
    const negotiatorEmail = `${unique('nia')}@example.test`;
    await send('POST', `/api/companies/${agency.company.id}/invitations`, agency.cookie, {
      email: negotiatorEmail,
      role: 'negotiator',
    });
    const { token } = await invitationEmail(negotiatorEmail);
    const joined = await send('POST', '/api/invitations/signup', undefined, {
      token,
      firstName: 'Nia',
      lastName: 'Negotiator',
      password: TEST_PASSWORD,
    });
    const negotiatorId = (joined.json as AuthUser).id;
    const negotiatorCookie = joined.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');

    const assignees = await send('GET', `/api/companies/${agency.company.id}/assignees`, negotiatorCookie);
    expect(assignees.json.assignees).toEqual(
      expect.arrayContaining([{ userId: negotiatorId, name: 'Nia Negotiator' }]),
    );

    const mine = await insertLead(app.ctx.db, agency.company.id, { name: 'Mine' });
    await insertLead(app.ctx.db, agency.company.id, { name: 'Not mine' });
    const assigned = await send('PATCH', `/api/leads/${mine.id}`, negotiatorCookie, {
      assigneeId: negotiatorId,
    });
    expect(assigned.status).toBe(200);
    expect((assigned.json as LeadDetailDto).assigneeId).toBe(negotiatorId);
    expect((assigned.json as LeadDetailDto).activity[0]).toMatchObject({
      kind: 'assigned',
      detail: { from: null, to: negotiatorId, toName: 'Nia Negotiator' },
    });
    const stranger = await createCompanyUser(app);
    const notMember = await send('PATCH', `/api/leads/${mine.id}`, agency.cookie, {
      assigneeId: stranger.userId,
    });
    expect(notMember.status).toBe(400);
    expect(notMember.json.message).toBe('The assignee must be a member of your team.');

    const myLeads = (
      await send('GET', `/api/companies/${agency.company.id}/dashboard?assignee=me`, negotiatorCookie)
    ).json as unknown as DashboardDto;
    expect(myLeads.leads.map((l) => l.name)).toEqual(['Mine']);
    const all = (await send('GET', `/api/companies/${agency.company.id}/dashboard`, negotiatorCookie))
      .json as unknown as DashboardDto;
    expect(all.leads).toHaveLength(2);

    const csv = await fetch(`${app.url}/api/companies/${agency.company.id}/leads.csv`, {
      headers: { cookie: agency.cookie },
    });
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]!.endsWith(',Assignee,Source')).toBe(true);
    expect(lines.find((line) => line.includes('Mine'))!.endsWith(',Nia Negotiator,Direct (no source)')).toBe(
      true,
    );

    // A listing's new leads email its assignee; a negotiator cannot assign listings.
    const property = await insertProperty(app, agency.company.id, agency.company.slug);
    expect(
      (await send('PATCH', `/api/properties/${property.id}`, negotiatorCookie, { assigneeId: negotiatorId }))
        .status,
    ).toBe(403);
    const given = await send('PATCH', `/api/properties/${property.id}`, agency.cookie, {
      assigneeId: negotiatorId,
    });
    expect(given.status).toBe(200);
    expect(given.json.assigneeId).toBe(negotiatorId);
    const [stored] = await app.ctx.db.select().from(properties).where(eq(properties.id, property.id));
    expect(stored!.assigneeId).toBe(negotiatorId);

    const listingLead = await insertLead(app.ctx.db, agency.company.id, {
      name: 'Listing Lead',
      propertyId: property.id,
      propertyName: property.propertyName,
    });
    const otherLead = await insertLead(app.ctx.db, agency.company.id, { name: 'Agency Lead' });
    await notifyNewLead(app.ctx, {
      companyId: agency.company.id,
      leadId: listingLead.id,
      email: { kind: 'now' },
    });
    await notifyNewLead(app.ctx, {
      companyId: agency.company.id,
      leadId: otherLead.id,
      email: { kind: 'now' },
    });
    const toNegotiator = await emailsTo(app, negotiatorEmail);
    expect(toNegotiator.map((email) => email.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('Listing Lead')]),
    );
    expect(toNegotiator.map((email) => email.subject).join()).not.toContain('Agency Lead');
    const toCompany = await emailsTo(app, agency.company.email!);
    expect(toCompany.map((email) => email.subject).join()).toContain('Agency Lead');
  });

  it('logs a lead opened once per person per day, however often it is opened', async () => {
    const agency = await createCompanyUser(app, { name: unique('Audit Lettings') });
    const colleague = await addMember(app, agency.company.id, 'admin');
    const lead = await insertLead(app.ctx.db, agency.company.id, { name: 'Often Opened' });
    const openedEvents = () =>
      app.ctx.db
        .select({ actor: auditEvents.actorUserId, at: auditEvents.at })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'lead_opened'), eq(auditEvents.subjectId, lead.id)));

    // Twenty openings by the owner, five of them at once, and two by a colleague: one event each.
    for (let i = 0; i < 15; i += 1) {
      expect((await send('GET', `/api/leads/${lead.id}`, agency.cookie)).status).toBe(200);
    }
    const atOnce = await Promise.all(
      Array.from({ length: 5 }, () => send('GET', `/api/leads/${lead.id}`, agency.cookie)),
    );
    expect(atOnce.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    await send('GET', `/api/leads/${lead.id}`, colleague.cookie);
    await send('GET', `/api/leads/${lead.id}`, colleague.cookie);
    expect((await openedEvents()).map((event) => event.actor).sort()).toEqual(
      [agency.userId, colleague.userId].sort(),
    );

    // The next day, opening it again is news: a second event for the owner.
    await app.ctx.db
      .update(auditEvents)
      .set({ at: sql`${auditEvents.at} - interval '1 day'` })
      .where(and(eq(auditEvents.action, 'lead_opened'), eq(auditEvents.subjectId, lead.id)));
    await send('GET', `/api/leads/${lead.id}`, agency.cookie);
    await send('GET', `/api/leads/${lead.id}`, agency.cookie);
    const events = await openedEvents();
    expect(events.filter((event) => event.actor === agency.userId)).toHaveLength(2);
    expect(events.filter((event) => event.actor === colleague.userId)).toHaveLength(1);

    // The audit log page shows the owner's openings as two lines, not twenty-two.
    const audit = (await send('GET', `/api/companies/${agency.company.id}/audit`, agency.cookie))
      .json as AuditResponse;
    expect(audit.events.filter((event) => event.action === 'lead_opened')).toHaveLength(3);
  });
});
