import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatTranscripts, companies, leadActivity, leads } from '#server/db/schema.ts';
import { setLeadStatusFromViewing } from '#server/features/leads/activity.ts';
import type { ChatResponse, EndChatResponse } from '#shared/schemas/chat.ts';
import type { DashboardDto, LeadActivityDto, LeadDetailDto } from '#shared/schemas/leads.ts';
import type { CompanyExport } from '#shared/schemas/privacy.ts';
import { browserFetch, sendJson, type TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertLead, insertProperty, unique } from '#tests/helpers/factories.ts';
import { postJson } from '#tests/helpers/post-json.ts';
import { setUpCompanyUser, setUpTestApp } from '#tests/helpers/suite.ts';

describe('lead pipeline', () => {
  const app = setUpTestApp();
  const owner = setUpCompanyUser(app);
  const other = setUpCompanyUser(app);

  // The status and the body only, as the assertions compare them whole.
  async function send(method: string, path: string, cookie: string | undefined, body?: unknown) {
    const { status, json } = await sendJson(app, method, path, cookie, body);
    return { status, json };
  }

  async function detail(leadId: string, agency = owner): Promise<LeadDetailDto> {
    const response = await send('GET', `/api/leads/${leadId}`, agency.cookie);
    expect(response.status).toBe(200);
    return response.json as LeadDetailDto;
  }

  async function statusOf(leadId: string) {
    const [row] = await app.ctx.db
      .select({ status: leads.status, lostReason: leads.lostReason })
      .from(leads)
      .where(eq(leads.id, leadId));
    return row;
  }

  describe('PATCH /api/leads/{id}', () => {
    it('moves a lead along, records who did it, and keeps a reason only while lost', async () => {
      const lead = await insertLead(app.ctx.db, owner.company.id);
      expect((await detail(lead.id)).status).toBe('new');

      const contacted = await send('PATCH', `/api/leads/${lead.id}`, owner.cookie, { status: 'contacted' });
      expect(contacted.status).toBe(200);
      expect(contacted.json).toMatchObject({ id: lead.id, status: 'contacted', lostReason: null });
      const [changed] = (contacted.json as LeadDetailDto).activity;
      expect(changed).toMatchObject({
        kind: 'status_changed',
        actor: { id: owner.userId },
        detail: { from: 'new', to: 'contacted' },
      });
      expect(changed!.actor!.name).not.toBe('');

      const lost = await send('PATCH', `/api/leads/${lead.id}`, owner.cookie, {
        status: 'lost',
        lostReason: '  Found a flat elsewhere ',
      });
      expect(lost.json).toMatchObject({ status: 'lost', lostReason: 'Found a flat elsewhere' });
      const reason = await send('PATCH', `/api/leads/${lead.id}`, owner.cookie, { lostReason: 'Moved away' });
      expect(reason.json).toMatchObject({ status: 'lost', lostReason: 'Moved away' });

      const back = await send('PATCH', `/api/leads/${lead.id}`, owner.cookie, { status: 'viewing_booked' });
      expect(back.json).toMatchObject({ status: 'viewing_booked', lostReason: null });
      expect((back.json as LeadDetailDto).activity.map((entry) => entry.detail.to ?? entry.kind)).toEqual([
        'viewing_booked',
        'lost',
        'lost',
        'contacted',
        'created',
      ]);

      // The same status again changes nothing and records nothing.
      const same = await send('PATCH', `/api/leads/${lead.id}`, owner.cookie, { status: 'viewing_booked' });
      expect((same.json as LeadDetailDto).activity).toHaveLength(5);
    });

    it('answers a clear 400 for a bad status, a lost lead without a reason, or a reason without loss', async () => {
      const lead = await insertLead(app.ctx.db, owner.company.id);
      const cases: [unknown, RegExp][] = [
        [{ status: 'archived' }, /Status must be one of: new, contacted, viewing_booked/],
        [{ status: 'lost' }, /A lost lead needs a reason/],
        [{ status: 'lost', lostReason: '   ' }, /Say why the lead was lost/],
        [{ status: 'contacted', lostReason: 'No reply' }, /Only a lost lead has a lost reason/],
        [{ lostReason: 'No reply' }, /Only a lost lead has a lost reason/],
        [{}, /Nothing to change/],
      ];
      for (const [body, message] of cases) {
        const response = await send('PATCH', `/api/leads/${lead.id}`, owner.cookie, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.json.message).toMatch(message);
      }
      expect(await statusOf(lead.id)).toEqual({ status: 'new', lostReason: null });
    });

    it('changes nothing when part of the change is refused: no assignee without the status', async () => {
      // Found by fuzzing: the assignee was saved (with its activity) before the status was refused.
      const lead = await insertLead(app.ctx.db, owner.company.id);
      const refused = await send('PATCH', `/api/leads/${lead.id}`, owner.cookie, {
        lostReason: 'No reply',
        assigneeId: owner.userId,
      });
      expect(refused).toEqual({
        status: 400,
        json: expect.objectContaining({ message: 'Only a lost lead has a lost reason.' }),
      });
      const [row] = await app.ctx.db
        .select({ assigneeId: leads.assigneeId })
        .from(leads)
        .where(eq(leads.id, lead.id));
      expect(row!.assigneeId).toBeNull();
      expect((await detail(lead.id)).activity.map((entry) => entry.kind)).toEqual(['created']);

      // Both at once, when both are allowed: one request, both recorded.
      const both = await send('PATCH', `/api/leads/${lead.id}`, owner.cookie, {
        status: 'contacted',
        assigneeId: owner.userId,
      });
      expect(both.status).toBe(200);
      expect(both.json).toMatchObject({ status: 'contacted', assigneeId: owner.userId });
      expect((both.json as LeadDetailDto).activity.map((entry) => entry.kind).sort()).toEqual([
        'assigned',
        'created',
        'status_changed',
      ]);
    });

    it("answers 404 for another company's lead and 401 signed out, changing nothing", async () => {
      const lead = await insertLead(app.ctx.db, owner.company.id);
      const foreign = await send('PATCH', `/api/leads/${lead.id}`, other.cookie, { status: 'let' });
      expect(foreign).toEqual({ status: 404, json: { message: 'Lead not found' } });
      expect((await send('PATCH', `/api/leads/${lead.id}`, undefined, { status: 'let' })).status).toBe(401);
      expect((await send('PATCH', '/api/leads/not-a-uuid', owner.cookie, { status: 'let' })).status).toBe(
        404,
      );
      expect(await statusOf(lead.id)).toEqual({ status: 'new', lostReason: null });
    });
  });

  describe('POST /api/leads/bulk-status', () => {
    it('changes every chosen lead at once, and shows the status in the dashboard list', async () => {
      const agency = await createCompanyUser(app);
      const first = await insertLead(app.ctx.db, agency.company.id);
      const second = await insertLead(app.ctx.db, agency.company.id);
      const untouched = await insertLead(app.ctx.db, agency.company.id);
      const response = await send('POST', '/api/leads/bulk-status', agency.cookie, {
        ids: [first.id, second.id, first.id],
        status: 'lost',
        lostReason: 'Went quiet',
      });
      expect(response).toEqual({ status: 200, json: { updated: 2 } });

      const dashboard = (await send('GET', `/api/companies/${agency.company.id}/dashboard`, agency.cookie))
        .json as DashboardDto;
      const byId = new Map(dashboard.leads.map((lead) => [lead.id, lead]));
      expect(byId.get(first.id)).toMatchObject({ status: 'lost', lostReason: 'Went quiet' });
      expect(byId.get(second.id)).toMatchObject({ status: 'lost', lostReason: 'Went quiet' });
      expect(byId.get(untouched.id)).toMatchObject({ status: 'new', lostReason: null });
      expect((await detail(second.id, agency)).activity[0]).toMatchObject({
        kind: 'status_changed',
        actor: { id: agency.userId },
        detail: { from: 'new', to: 'lost', lostReason: 'Went quiet' },
      });
    });

    it("changes nothing when one id is another company's lead (404), or the request is bad (400)", async () => {
      const mine = await insertLead(app.ctx.db, owner.company.id);
      const theirs = await insertLead(app.ctx.db, other.company.id);
      const mixed = await send('POST', '/api/leads/bulk-status', owner.cookie, {
        ids: [mine.id, theirs.id],
        status: 'contacted',
      });
      expect(mixed).toEqual({ status: 404, json: { message: 'Lead not found' } });
      expect(await statusOf(mine.id)).toEqual({ status: 'new', lostReason: null });
      expect(await statusOf(theirs.id)).toEqual({ status: 'new', lostReason: null });

      const noReason = await send('POST', '/api/leads/bulk-status', owner.cookie, {
        ids: [mine.id],
        status: 'lost',
      });
      expect(noReason.status).toBe(400);
      expect(noReason.json.message).toMatch(/A lost lead needs a reason/);
      const none = await send('POST', '/api/leads/bulk-status', owner.cookie, { ids: [], status: 'new' });
      expect(none.status).toBe(400);
      expect(none.json.message).toMatch(/Choose at least one lead/);
      const signedOut = await send('POST', '/api/leads/bulk-status', undefined, {
        ids: [mine.id],
        status: 'let',
      });
      expect(signedOut.status).toBe(401);
      expect(await statusOf(mine.id)).toEqual({ status: 'new', lostReason: null });
    });
  });

  describe('POST /api/leads/{id}/notes', () => {
    it('adds a trimmed note signed by its author, newest first in the activity', async () => {
      const lead = await insertLead(app.ctx.db, owner.company.id);
      const first = await send('POST', `/api/leads/${lead.id}/notes`, owner.cookie, {
        body: '  Called, no answer.  ',
      });
      expect(first.status).toBe(201);
      expect(first.json).toMatchObject({
        kind: 'note',
        actor: { id: owner.userId },
        detail: { body: 'Called, no answer.' },
      });
      await send('POST', `/api/leads/${lead.id}/notes`, owner.cookie, {
        body: 'Rang back: viewing Tuesday.',
      });
      const activity = (await detail(lead.id)).activity as LeadActivityDto[];
      expect(activity.map((entry) => entry.detail.body ?? entry.kind)).toEqual([
        'Rang back: viewing Tuesday.',
        'Called, no answer.',
        'created',
      ]);
    });

    it('refuses an empty or overlong note, and another company', async () => {
      const lead = await insertLead(app.ctx.db, owner.company.id);
      const empty = await send('POST', `/api/leads/${lead.id}/notes`, owner.cookie, { body: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.json.message).toBe('Write a note.');
      const long = await send('POST', `/api/leads/${lead.id}/notes`, owner.cookie, {
        body: 'x'.repeat(2001),
      });
      expect(long.status).toBe(400);
      expect(long.json.message).toBe('A note must be 2,000 characters or fewer.');
      const exact = await send('POST', `/api/leads/${lead.id}/notes`, owner.cookie, {
        body: 'x'.repeat(2000),
      });
      expect(exact.status).toBe(201);
      const foreign = await send('POST', `/api/leads/${lead.id}/notes`, other.cookie, { body: 'Hello' });
      expect(foreign.status).toBe(404);
      expect((await send('POST', `/api/leads/${lead.id}/notes`, undefined, { body: 'Hello' })).status).toBe(
        401,
      );
      expect((await detail(lead.id)).activity.map((entry) => entry.kind)).toEqual(['note', 'created']);
    });
  });

  describe('setLeadStatusFromViewing', () => {
    it('moves a lead forwards as the system, and never back from applied, let or lost', async () => {
      const lead = await insertLead(app.ctx.db, owner.company.id);
      expect(await setLeadStatusFromViewing(app.ctx.db, lead.id, 'viewing_booked')).toBe(true);
      expect(await setLeadStatusFromViewing(app.ctx.db, lead.id, 'viewing_booked')).toBe(false);
      expect(await setLeadStatusFromViewing(app.ctx.db, lead.id, 'viewed')).toBe(true);
      expect(await setLeadStatusFromViewing(app.ctx.db, lead.id, 'viewing_booked')).toBe(false);
      const moved = await detail(lead.id);
      expect(moved.status).toBe('viewed');
      expect(moved.activity.slice(0, 2)).toMatchObject([
        { kind: 'status_changed', actor: null, detail: { from: 'viewing_booked', to: 'viewed' } },
        { kind: 'status_changed', actor: null, detail: { from: 'new', to: 'viewing_booked' } },
      ]);

      for (const status of ['applied', 'let'] as const) {
        const decided = await insertLead(app.ctx.db, owner.company.id, { status });
        expect(await setLeadStatusFromViewing(app.ctx.db, decided.id, 'viewed')).toBe(false);
        expect(await statusOf(decided.id)).toEqual({ status, lostReason: null });
      }
      const lost = await insertLead(app.ctx.db, owner.company.id, { status: 'lost', lostReason: 'No reply' });
      expect(await setLeadStatusFromViewing(app.ctx.db, lost.id, 'viewing_booked')).toBe(false);
      expect(await statusOf(lost.id)).toEqual({ status: 'lost', lostReason: 'No reply' });
    });
  });

  describe('the data export', () => {
    it("includes each lead's status and activity", async () => {
      const agency = await createCompanyUser(app);
      const lead = await insertLead(app.ctx.db, agency.company.id);
      await send('PATCH', `/api/leads/${lead.id}`, agency.cookie, {
        status: 'lost',
        lostReason: 'Let elsewhere',
      });
      await send('POST', `/api/leads/${lead.id}/notes`, agency.cookie, { body: 'Wanted a garden.' });
      const response = await send('GET', `/api/companies/${agency.company.id}/export`, agency.cookie);
      expect(response.status).toBe(200);
      const data = response.json as CompanyExport;
      expect(data.leads[0]).toMatchObject({ id: lead.id, status: 'lost', lostReason: 'Let elsewhere' });
      expect(data.leadActivity).toMatchObject([
        { leadId: lead.id, kind: 'status_changed', actorUserId: agency.userId },
        { leadId: lead.id, kind: 'note', detail: { body: 'Wanted a garden.' } },
      ]);
    });
  });
});

/** Drives the public chat as a tenant's page does: the opening, then the answers in one message. */
async function enquire(app: TestApp, companySlug: string, propertySlug: string, answers: string) {
  const chat = `${app.url}/api/chat/${companySlug}`;
  const opened = await postJson<ChatResponse>(chat, {
    message: '',
    userSessionKey: null,
    propertySlug,
  });
  await postJson<ChatResponse>(chat, {
    message: answers,
    userSessionKey: opened.sessionKey,
    conversationHistory: [],
  });
  return opened.sessionKey;
}

function endEnquiry(app: TestApp, companySlug: string, sessionKey: string) {
  return postJson<EndChatResponse>(`${app.url}/api/chat/${companySlug}/end`, {
    userSessionKey: sessionKey,
    reason: 'submit',
  });
}

/** A whole enquiry: the tenant's answers in one message, then the chat submitted; the end's answer. */
async function enquireAndEnd(app: TestApp, companySlug: string, propertySlug: string, answers: string) {
  return endEnquiry(app, companySlug, await enquire(app, companySlug, propertySlug, answers));
}

describe('repeat and related enquiries', () => {
  const app = setUpTestApp();

  async function agency() {
    const owner = await createCompanyUser(app);
    const flat = await insertProperty(app, owner.company.id, owner.company.slug, {
      propertyName: '2 Bed Flat, Elm Road',
    });
    const house = await insertProperty(app, owner.company.id, owner.company.slug, {
      propertyName: '3 Bed House, Oak Lane',
      propertyAddress: '3 Oak Lane, Leeds LS6 1AA',
    });
    return { ...owner, flat, house };
  }

  async function state(companyId: string) {
    const [company] = await app.ctx.db
      .select({ credits: companies.currentCount })
      .from(companies)
      .where(eq(companies.id, companyId));
    const leadRows = await app.ctx.db.select().from(leads).where(eq(leads.companyId, companyId));
    const transcripts = await app.ctx.db
      .select()
      .from(chatTranscripts)
      .where(eq(chatTranscripts.companyId, companyId));
    return { credits: company!.credits, leads: leadRows, transcripts };
  }

  it('makes the same tenant for the same property within 24 hours one lead and one credit', async () => {
    const { company, cookie, flat } = await agency();
    const before = (await state(company.id)).credits;
    const email = `${unique('maya')}@example.com`;
    const first = await enquireAndEnd(app, company.slug, flat.slug, `I'm Maya Clarke, ${email}, a teacher`);
    expect(first.leadCreated).toBe(true);
    // The same tenant again, her email typed in capitals this time, with her phone.
    const again = `Maya Clarke, ${email.toUpperCase()}, 07700 900555`;
    expect((await enquireAndEnd(app, company.slug, flat.slug, again)).leadCreated).toBe(false);

    const after = await state(company.id);
    expect(after.leads).toHaveLength(1);
    expect(after.credits).toBe(before - 1);
    expect(after.transcripts).toHaveLength(2);
    const lead = after.leads[0]!;
    const repeat = after.transcripts.find((transcript) => transcript.id !== lead.chatTranscriptId);
    expect(repeat).toMatchObject({ leadId: lead.id, processed: true });

    const shown = (await browserFetch(app, 'GET', `/api/leads/${lead.id}`, cookie).then((response) =>
      response.json(),
    )) as LeadDetailDto;
    expect(shown.activity.map((entry) => entry.kind)).toEqual(['enquired_again', 'created']);
    expect(shown.activity[0]).toMatchObject({ actor: null, detail: { transcriptId: repeat!.id } });

    // Reprocessing leaves the repeat enquiry joined: no second lead, no second credit.
    const reprocess = await browserFetch(
      app,
      'POST',
      `/api/companies/${company.id}/reprocess-transcripts`,
      cookie,
      {},
    ).then((response) => response.json());
    expect(reprocess.message).toMatch(/no transcripts/i);
    expect((await state(company.id)).credits).toBe(before - 1);
  });

  it('makes one lead and one credit when the same tenant ends four chats about one property at once', async () => {
    const { company, flat } = await agency();
    const before = (await state(company.id)).credits;
    const email = `${unique('omar')}@example.com`;
    const sessions = await Promise.all(
      Array.from({ length: 4 }, () =>
        enquire(app, company.slug, flat.slug, `Omar Haddad, ${email}, an engineer`),
      ),
    );
    const ends = await Promise.all(sessions.map((session) => endEnquiry(app, company.slug, session)));
    expect(ends.filter((end) => end.leadCreated)).toHaveLength(1);

    const after = await state(company.id);
    expect(after.leads).toHaveLength(1);
    expect(after.credits).toBe(before - 1);
    expect(after.transcripts).toHaveLength(4);
    expect(after.transcripts.filter((transcript) => transcript.leadId === after.leads[0]!.id)).toHaveLength(
      3,
    );
    const joined = await app.ctx.db
      .select()
      .from(leadActivity)
      .where(and(eq(leadActivity.leadId, after.leads[0]!.id), eq(leadActivity.kind, 'enquired_again')));
    expect(joined).toHaveLength(3);
  });

  it('links the same tenant’s leads for different properties as related, both ways', async () => {
    const { company, cookie, flat, house } = await agency();
    const phone = '07700 900777';
    await enquireAndEnd(app, company.slug, flat.slug, `Ana Silva, ${unique('ana')}@example.com, ${phone}`);
    // Another address, the same phone: the same tenant about another property.
    await enquireAndEnd(app, company.slug, house.slug, `Ana Silva, ${unique('ana')}@example.com, ${phone}`);
    await enquireAndEnd(app, company.slug, house.slug, `Tom Reed, ${unique('tom')}@example.com, a chef`);

    const { leads: made } = await state(company.id);
    expect(made).toHaveLength(3);
    const flatLead = made.find((lead) => lead.propertyId === flat.id)!;
    const houseLead = made.find((lead) => lead.propertyId === house.id && lead.name === 'Ana Silva')!;
    const read = (id: string) =>
      browserFetch(app, 'GET', `/api/leads/${id}`, cookie).then(
        (response) => response.json() as Promise<LeadDetailDto>,
      );
    expect((await read(flatLead.id)).relatedLeads).toEqual([
      {
        id: houseLead.id,
        propertyName: '3 Bed House, Oak Lane',
        createdAt: houseLead.createdAt.toISOString(),
      },
    ]);
    expect((await read(houseLead.id)).relatedLeads).toEqual([
      { id: flatLead.id, propertyName: '2 Bed Flat, Elm Road', createdAt: flatLead.createdAt.toISOString() },
    ]);
    const tom = made.find((lead) => lead.name === 'Tom Reed')!;
    expect((await read(tom.id)).relatedLeads).toEqual([]);
  });

  it('records a new lead as created by the system', async () => {
    const { company, cookie, flat } = await agency();
    await enquireAndEnd(app, company.slug, flat.slug, `Lee Park, ${unique('lee')}@example.com`);
    const [lead] = (await state(company.id)).leads;
    const shown = (await browserFetch(app, 'GET', `/api/leads/${lead!.id}`, cookie).then((response) =>
      response.json(),
    )) as LeadDetailDto;
    expect(shown.status).toBe('new');
    expect(shown.activity).toEqual([
      { at: lead!.createdAt.toISOString(), actor: null, kind: 'created', detail: {} },
    ]);
  });
});
