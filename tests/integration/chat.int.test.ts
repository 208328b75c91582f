import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_TURNS } from '#agent/types.ts';
import { chatTranscripts, companies, conversations, leads } from '#server/db/schema.ts';
import { message } from '#server/features/chat/conversation.ts';
import { finaliseIdleConversations } from '#server/features/chat/end-conversation.ts';
import { sendLeadDigest } from '#server/features/leads/lead-email.ts';
import type { ChatResponse, ConversationDto, EndChatResponse } from '#shared/schemas/chat.ts';
import type { DashboardDto, LeadDetailDto } from '#shared/schemas/leads.ts';
import { browserFetch, browserHeaders, type TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertProperty, unique } from '#tests/helpers/factories.ts';
import { emailsTo } from '#tests/helpers/outbox.ts';
import { creditsOf } from '#tests/helpers/reads.ts';
import { setUpTestApp } from '#tests/helpers/suite.ts';

/** A date `days` from today as dd/mm/yyyy (the property's vacancy date and the tenant's answer). */
function ukDateIn(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

const MOVE_IN = ukDateIn(40);

type Json = Record<string, unknown>;

async function post(app: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = (await response.json()) as Json;
  return { status: response.status, json, headers: response.headers };
}

async function get(app: TestApp, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${path}`, { headers });
  return { status: response.status, json: (await response.json()) as Json };
}

/** Opens a chat the way the page does: an empty first message asks for the greeting. */
async function startChat(app: TestApp, companySlug: string, propertySlug: string | null = null) {
  const { status, json } = await post(app, `/api/chat/${companySlug}`, {
    message: '',
    userSessionKey: null,
    propertySlug,
  });
  expect(status).toBe(200);
  return json as ChatResponse;
}

async function say(app: TestApp, companySlug: string, sessionKey: string, message: string) {
  const { status, json } = await post(app, `/api/chat/${companySlug}`, {
    message,
    userSessionKey: sessionKey,
    conversationHistory: [],
  });
  expect(status, JSON.stringify(json)).toBe(200);
  return json as ChatResponse;
}

async function endChat(app: TestApp, companySlug: string, sessionKey: string, reason?: string) {
  const { status, json } = await post(app, `/api/chat/${companySlug}/end`, {
    userSessionKey: sessionKey,
    ...(reason ? { reason } : {}),
  });
  expect(status).toBe(200);
  return json as EndChatResponse;
}

/** The tenant of the acceptance test: free text, two answers at once, a correction, a question. */
async function holdFullConversation(app: TestApp, companySlug: string, sessionKey: string) {
  await say(app, companySlug, sessionKey, `2 of us, both nurses, £58k together, could move in on ${MOVE_IN}`);
  const corrected = await say(app, companySlug, sessionKey, "actually it's 3 of us");
  expect(corrected.response).toMatch(/3 people/);
  const parking = await say(app, companySlug, sessionKey, 'is there parking?');
  expect(parking.response).toMatch(/one allocated space/i);
  await say(app, companySlug, sessionKey, 'Sarah Jones');
  await say(app, companySlug, sessionKey, 'sarah.jones@example.com and 07700 900123');
  const summary = await say(app, companySlug, sessionKey, 'weekday evenings');
  expect(summary.response).toMatch(
    /is that all correct|does that all look right|is everything there correct/i,
  );
  const closing = await say(app, companySlug, sessionKey, 'yes');
  expect(closing.isComplete).toBe(true);
  expect(closing.response.toLowerCase()).toContain('we will be in touch to book the viewing');
  return closing;
}

async function leadsOf(app: TestApp, companyId: string) {
  return app.ctx.db.select().from(leads).where(eq(leads.companyId, companyId));
}

async function conversationOf(app: TestApp, sessionKey: string) {
  const [row] = await app.ctx.db.select().from(conversations).where(eq(conversations.sessionKey, sessionKey));
  return row!;
}

describe('public chat', () => {
  const app = setUpTestApp();

  async function agencyWithProperty(companyOverrides = {}) {
    const owner = await createCompanyUser(app, { name: 'Harbour Lettings', ...companyOverrides });
    const property = await insertProperty(app, owner.company.id, owner.company.slug, {
      vacancyDate: MOVE_IN,
      landlord: 'Mr Secret Landlord 07700 900999',
    });
    return { ...owner, property };
  }

  describe('public company endpoints', () => {
    it('shows only the public fields of the company and its property', async () => {
      const { company, property } = await agencyWithProperty();
      const { status, json } = await get(
        app,
        `/api/companies/slug/${company.slug}?propertySlug=${property.slug}`,
      );
      expect(status).toBe(200);
      expect(json).toEqual({
        name: 'Harbour Lettings',
        slug: company.slug,
        property: {
          slug: property.slug,
          name: property.propertyName,
          address: property.propertyAddress,
          rentalPrice: '£1,200 pcm',
          bedrooms: 2,
          parking: 'One allocated space',
          vacancyDate: MOVE_IN,
          photos: [],
        },
        isListingGone: false,
      });
      const text = JSON.stringify(json);
      for (const secret of [
        'Secret Landlord',
        company.ownerId,
        company.id,
        'currentCount',
        'stripe',
        'accountLimit',
      ]) {
        expect(text).not.toContain(secret);
      }
      const agency = await get(app, `/api/companies/slug/${company.slug}`);
      expect(agency.json).toEqual({
        name: 'Harbour Lettings',
        slug: company.slug,
        property: null,
        isListingGone: false,
      });
    });

    it('shows a property edited a moment ago as it is now', async () => {
      const { company, property, cookie } = await agencyWithProperty();
      const path = `/api/companies/slug/${company.slug}?propertySlug=${property.slug}`;
      expect(((await get(app, path)).json.property as Json).rentalPrice).toBe('£1,200 pcm');
      const response = await browserFetch(app, 'PUT', `/api/properties/${property.id}`, cookie, {
        propertyName: property.propertyName,
        propertyAddress: property.propertyAddress,
        propertyRentalPrice: '£1,150 pcm',
        numberOfBedrooms: 2,
        parkingSpace: 'Permit parking',
        vacancyDate: MOVE_IN,
        landlord: 'Mr Secret Landlord',
      });
      expect(response.status).toBe(200);
      expect((await get(app, path)).json.property).toMatchObject({
        rentalPrice: '£1,150 pcm',
        parking: 'Permit parking',
      });
      const { sessionKey } = await startChat(app, company.slug, property.slug);
      expect((await say(app, company.slug, sessionKey, 'is there parking?')).response).toMatch(
        /permit parking/i,
      );
    });

    it('answers an unknown company with the Not Found message', async () => {
      const unknown = await get(app, `/api/companies/slug/${unique('nobody')}`);
      expect(unknown.status).toBe(404);
      expect(unknown.json.message).toBe('The requested chatbot could not be found.');
      expect((await get(app, `/api/companies/slug/${unique('nobody')}/usage-check`)).status).toBe(404);
      const chat = await post(app, `/api/chat/${unique('nobody')}`, { message: '', userSessionKey: null });
      expect(chat.status).toBe(404);
    });

    it('answers a deleted listing’s link with its agency, whose chat offers the other listings', async () => {
      const { company, property, cookie } = await agencyWithProperty();
      const oak = await insertProperty(app, company.id, company.slug, {
        propertyName: 'Studio Apartment',
        propertyAddress: '3 Oak Street, Leeds LS2 7HY',
      });
      const removed = await browserFetch(app, 'DELETE', `/api/properties/${oak.id}`, cookie);
      expect(removed.status).toBeLessThan(300);
      const gone = await get(app, `/api/companies/slug/${company.slug}?propertySlug=${oak.slug}`);
      expect(gone.status).toBe(200);
      expect(gone.json).toEqual({
        name: 'Harbour Lettings',
        slug: company.slug,
        property: null,
        isListingGone: true,
      });
      // The chat starts as on the agency-wide link: its greeting offers the listing still there.
      const greeting = await startChat(app, company.slug, oak.slug);
      expect(greeting.response).toContain('Harbour Lettings');
      expect(greeting.quickReplies.join(' | ')).toContain(property.propertyName);
      expect(greeting.quickReplies.join(' | ')).not.toContain('Studio Apartment');
    });

    it('tells whether a new conversation can start, and gives the agency contact details', async () => {
      const { company } = await agencyWithProperty({ phone: '0113 496 0000' });
      expect((await get(app, `/api/companies/slug/${company.slug}/usage-check`)).json).toEqual({
        canProcess: true,
      });
      const contact = await get(app, `/api/companies/slug/${company.slug}/contact`);
      expect(contact.json).toEqual({
        name: 'Harbour Lettings',
        email: company.email,
        phone: '0113 496 0000',
      });
    });
  });

  describe('a conversation on a property link', () => {
    it('qualifies the tenant, ends with the automatic save and becomes one scored lead', async () => {
      const { company, property, cookie } = await agencyWithProperty();
      const creditsBefore = await creditsOf(app.ctx.db, company.id);
      const greeting = await startChat(app, company.slug, property.slug);
      expect(greeting.response).toContain('Harbour Lettings');
      expect(greeting.response).toMatch(/AI assistant, an automated helper/i);
      expect(greeting.response).toContain('a person at Harbour Lettings reviews every enquiry');
      expect(greeting.quickReplies.length).toBeGreaterThan(0);
      expect(greeting.isComplete).toBe(false);

      await holdFullConversation(app, company.slug, greeting.sessionKey);
      const ended = await endChat(app, company.slug, greeting.sessionKey, 'auto');
      expect(ended).toEqual({ alreadyEnded: false, alreadyProcessed: false, leadCreated: true });

      const dashboard = await get(app, `/api/companies/${company.id}/dashboard`, { cookie });
      const [lead] = (dashboard.json as DashboardDto).leads;
      expect(lead).toMatchObject({
        propertyName: property.propertyName,
        propertyLocation: property.propertyAddress,
        rentalPrice: '£1,200 pcm',
        numberOfBeds: 2,
        name: 'Sarah Jones',
        email: 'sarah.jones@example.com',
        contactNumber: '+447700900123',
        income: '£58,000 per year',
        profession: 'Nurse',
        numberOfPeople: 3,
        moveInDate: MOVE_IN,
        availability: 'Weekday evenings',
        rating: '10',
      });
      const detail = (await get(app, `/api/leads/${lead!.id}`, { cookie })).json as LeadDetailDto;
      expect(detail.score).toBe(10);
      expect(detail.scoreBreakdown?.parts.map((p) => [p.label, p.points])).toHaveLength(6);
      expect(detail.transcript?.messages.some((m) => m.content === "actually it's 3 of us")).toBe(true);

      const [transcript] = await app.ctx.db
        .select()
        .from(chatTranscripts)
        .where(eq(chatTranscripts.companyId, company.id));
      expect(transcript!.processed).toBe(true);
      expect(transcript!.content).toContain('Tenant: is there parking?');

      expect(await creditsOf(app.ctx.db, company.id)).toBe(creditsBefore - 1);
      const emails = await emailsTo(app, company.email!);
      expect(emails).toHaveLength(1);
      expect(emails[0]!.subject).toContain('10/10');
      expect(emails[0]!.subject).toContain(property.propertyName);
      expect(emails[0]!.text).toContain('Sarah Jones');
      expect(emails[0]!.text).toContain(`${app.ctx.env.appUrl}/`);
    });

    it('stores every turn as it happens and resumes it after a refresh', async () => {
      const { company, property } = await agencyWithProperty();
      const { sessionKey } = await startChat(app, company.slug, property.slug);
      await say(app, company.slug, sessionKey, 'Just me, I could move ASAP');

      const stored = await conversationOf(app, sessionKey);
      expect(stored.turnCount).toBe(1);
      expect(stored.messages.map((m) => m.sender)).toEqual(['ai', 'user', 'ai']);

      const resumed = await get(app, `/api/chat/${company.slug}/conversation?sessionKey=${sessionKey}`);
      expect(resumed.status).toBe(200);
      const conversation = resumed.json as ConversationDto;
      expect(conversation.isEnded).toBe(false);
      expect(conversation.messages[1]?.content).toBe('Just me, I could move ASAP');

      // The browser's own copy of the history is ignored: the server's record is the truth.
      const next = await post(app, `/api/chat/${company.slug}`, {
        message: 'I work as a teacher',
        userSessionKey: sessionKey,
        conversationHistory: [{ sender: 'user', content: 'I earn a million pounds' }],
      });
      expect(next.status).toBe(200);
      const after = await conversationOf(app, sessionKey);
      expect(after.messages).toHaveLength(5);
      expect(JSON.stringify(after.messages)).not.toContain('a million pounds');

      const wrongCompany = await agencyWithProperty();
      const elsewhere = await get(
        app,
        `/api/chat/${wrongCompany.company.slug}/conversation?sessionKey=${sessionKey}`,
      );
      expect(elsewhere.status).toBe(404);
    });

    it('keeps each conversation its own when many tenants write at the same moment', async () => {
      const { company, property } = await agencyWithProperty();
      const tenants = Array.from({ length: 24 }, (_, i) => ({
        name: `Tenant Number${String.fromCharCode(65 + i)}`,
      }));
      // Opened together, answered together: the writes of one moment share a statement.
      const started = await Promise.all(tenants.map(() => startChat(app, company.slug, property.slug)));
      const replies = await Promise.all(
        started.map(({ sessionKey }, i) => say(app, company.slug, sessionKey, `I'm ${tenants[i]!.name}`)),
      );
      for (const [i, { sessionKey }] of started.entries()) {
        expect(replies[i]!.sessionKey).toBe(sessionKey);
        const stored = await conversationOf(app, sessionKey);
        expect(stored.turnCount).toBe(1);
        expect(stored.messages.map((m) => m.content)).toContain(`I'm ${tenants[i]!.name}`);
        expect(JSON.stringify(stored.state)).toContain(tenants[i]!.name);
        expect(JSON.stringify(stored.messages)).not.toContain(tenants[(i + 1) % tenants.length]!.name);
      }
      // Two messages of one conversation at once (two tabs): one after the other, each once.
      const { sessionKey } = started[0]!;
      const racing = ['I work as a nurse', 'I earn £40k a year'];
      const answers = await Promise.all(
        racing.map((message) =>
          post(app, `/api/chat/${company.slug}`, { message, userSessionKey: sessionKey }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const after = await conversationOf(app, sessionKey);
      expect(after.turnCount).toBe(3);
      const said = after.messages.filter((m) => m.sender === 'user').map((m) => m.content);
      expect(said.slice(1).sort()).toEqual([...racing].sort());
    });

    it('reads the answers in a history a client brings on its first request', async () => {
      const { company } = await agencyWithProperty();
      const { status, json } = await post(app, `/api/chat/${company.slug}`, {
        message: 'it is dana@example.com',
        conversationHistory: [
          { sender: 'ai', content: 'Hello! I am the AI assistant. When would you like to move in?' },
          { sender: 'user', content: 'ASAP' },
          { sender: 'ai', content: 'Lovely. Could I take your full name, please?' },
          { sender: 'user', content: 'Dana Scully' },
          { sender: 'ai', content: 'Thanks, Dana! What is your email address?' },
        ],
      });
      expect(status).toBe(200);
      await endChat(app, company.slug, (json as ChatResponse).sessionKey, 'submit');
      const [lead] = await leadsOf(app, company.id);
      expect(lead).toMatchObject({ name: 'Dana Scully', email: 'dana@example.com' });
    });

    it('makes no lead and spends no credit when the tenant answered nothing', async () => {
      const { company } = await agencyWithProperty();
      const before = await creditsOf(app.ctx.db, company.id);
      const greetingOnly = await startChat(app, company.slug);
      expect(await endChat(app, company.slug, greetingOnly.sessionKey, 'submit')).toEqual({
        alreadyEnded: false,
        alreadyProcessed: false,
        leadCreated: false,
      });
      const chatty = await startChat(app, company.slug);
      await say(app, company.slug, chatty.sessionKey, 'hello?');
      expect((await endChat(app, company.slug, chatty.sessionKey)).leadCreated).toBe(false);
      expect(await leadsOf(app, company.id)).toHaveLength(0);
      expect(await creditsOf(app.ctx.db, company.id)).toBe(before);
    });

    it('refuses a message over 2,000 characters with a clear 400, and a blank one', async () => {
      const { company } = await agencyWithProperty();
      const { sessionKey } = await startChat(app, company.slug);
      const long = await post(app, `/api/chat/${company.slug}`, {
        message: 'a'.repeat(2001),
        userSessionKey: sessionKey,
      });
      expect(long.status).toBe(400);
      expect(long.json.message).toMatch(/too long.*2,000 characters/);
      const blank = await post(app, `/api/chat/${company.slug}`, {
        message: '   ',
        userSessionKey: sessionKey,
      });
      expect(blank.status).toBe(400);
      expect(blank.json.message).toBe('Please type a message');
      expect(
        (
          await post(app, `/api/chat/${company.slug}`, {
            message: 'b'.repeat(2000),
            userSessionKey: sessionKey,
          })
        ).status,
      ).toBe(200);
    });

    it('closes politely at the turn limit', async () => {
      const { company } = await agencyWithProperty();
      const { sessionKey } = await startChat(app, company.slug);
      // The tenant has had as many answers from the assistant as a chat allows.
      const row = await conversationOf(app, sessionKey);
      const answered = Array.from({ length: MAX_TURNS }, (_, n) => [
        message('user', `question ${n + 1}`, row.createdAt),
        message('ai', `answer ${n + 1}`, row.createdAt),
      ]).flat();
      await app.ctx.db
        .update(conversations)
        .set({ messages: [...row.messages, ...answered], turnCount: MAX_TURNS })
        .where(eq(conversations.sessionKey, sessionKey));
      const reply = await say(app, company.slug, sessionKey, 'and another thing');
      expect(reply.isComplete).toBe(true);
      expect(reply.response.toLowerCase()).toContain('we will be in touch to book the viewing');
      // The same closing as the guided agent's own at its turn limit.
      expect(reply.response).toContain(`I'll pass everything you've told me to the ${company.name} team.`);
    });

    it('carries on a conversation stored before the move-in was one field', async () => {
      const { company, property } = await agencyWithProperty();
      const { sessionKey } = await startChat(app, company.slug, property.slug);
      /** Stores the agent's state as it was written then: `moveInDate` / `moveInText`, asked as `moveInDate`. */
      async function storeInOlderShape() {
        const row = await conversationOf(app, sessionKey);
        const state = row.state as { agent: { fields: Record<string, unknown>; asking: string | null } };
        const { moveIn, ...fields } = state.agent.fields as {
          moveIn: { date: string | null; text: string | null } | null;
        };
        const agent = {
          ...state.agent,
          fields: { ...fields, moveInDate: moveIn?.date ?? null, moveInText: moveIn?.text ?? null },
          asking: state.agent.asking === 'moveIn' ? 'moveInDate' : state.agent.asking,
        };
        // A new turn count: the copy of the conversation this process keeps is stale, read afresh.
        await app.ctx.db
          .update(conversations)
          .set({ state: { ...state, agent }, turnCount: row.turnCount + 1 })
          .where(eq(conversations.id, row.id));
      }

      await storeInOlderShape();
      // A bare date is a move-in only when the move-in was asked.
      const dated = await say(app, company.slug, sessionKey, MOVE_IN);
      expect(dated.response).toMatch(/move-in date of/i);
      expect(dated.response).toMatch(/how many people/i);

      await storeInOlderShape();
      await say(app, company.slug, sessionKey, 'just me');
      expect(await endChat(app, company.slug, sessionKey, 'auto')).toMatchObject({ leadCreated: true });
      const [lead] = await leadsOf(app, company.id);
      expect(lead).toMatchObject({ moveInDate: MOVE_IN, numberOfPeople: 1 });
    });

    it('limits the messages of one conversation per minute with a 429 and Retry-After', async () => {
      const { company } = await agencyWithProperty();
      const { sessionKey } = await startChat(app, company.slug);
      let last = { status: 200, json: {} as Json, headers: new Headers() };
      for (let i = 0; i < 21 && last.status === 200; i += 1) {
        last = await post(app, `/api/chat/${company.slug}`, {
          message: `message ${i}`,
          userSessionKey: sessionKey,
        });
      }
      expect(last.status).toBe(429);
      expect(last.json.message).toContain('Too many requests');
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('the agency-wide link', () => {
    it('lets the tenant choose the property by its street name', async () => {
      const { company, cookie } = await agencyWithProperty();
      const oak = await insertProperty(app, company.id, company.slug, {
        propertyName: 'Studio Apartment',
        propertyAddress: '3 Oak Street, Leeds LS2 7HY',
        propertyRentalPrice: '£750 pcm',
        numberOfBedrooms: 0,
      });
      const { sessionKey, response } = await startChat(app, company.slug);
      expect(response).toContain('Harbour Lettings');
      await say(app, company.slug, sessionKey, "I'm interested in the one on Oak Street");
      await say(app, company.slug, sessionKey, 'I am Tom Baker, tom@example.com');
      await endChat(app, company.slug, sessionKey, 'submit');
      const dashboard = (await get(app, `/api/companies/${company.id}/dashboard`, { cookie }))
        .json as DashboardDto;
      expect(dashboard.leads).toHaveLength(1);
      expect(dashboard.leads[0]).toMatchObject({
        propertyName: oak.propertyName,
        propertyLocation: '3 Oak Street, Leeds LS2 7HY',
        name: 'Tom Baker',
        email: 'tom@example.com',
      });
    });
  });

  describe('ending', () => {
    it('is idempotent: a second end reports it and changes nothing', async () => {
      const { company } = await agencyWithProperty();
      const before = await creditsOf(app.ctx.db, company.id);
      const { sessionKey } = await startChat(app, company.slug);
      await say(app, company.slug, sessionKey, 'My name is Ana Silva and my email is ana@example.com');
      expect(await endChat(app, company.slug, sessionKey, 'submit')).toEqual({
        alreadyEnded: false,
        alreadyProcessed: false,
        leadCreated: true,
      });
      expect(await endChat(app, company.slug, sessionKey, 'auto')).toEqual({
        alreadyEnded: true,
        alreadyProcessed: true,
        leadCreated: false,
      });
      expect(await leadsOf(app, company.id)).toHaveLength(1);
      expect(await creditsOf(app.ctx.db, company.id)).toBe(before - 1);
      const afterEnd = await post(app, `/api/chat/${company.slug}`, {
        message: 'hello again',
        userSessionKey: sessionKey,
      });
      expect(afterEnd.status).toBe(409);
    });

    it('makes one lead and spends one credit when many ends arrive at once', async () => {
      const { company } = await agencyWithProperty();
      const before = await creditsOf(app.ctx.db, company.id);
      const { sessionKey } = await startChat(app, company.slug);
      await say(app, company.slug, sessionKey, "I'm Li Wei, li.wei@example.com, 07700 900456");
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          endChat(app, company.slug, sessionKey, i % 2 ? 'auto' : 'submit'),
        ),
      );
      expect(results.filter((r) => r.leadCreated)).toHaveLength(1);
      expect(results.filter((r) => !r.alreadyEnded)).toHaveLength(1);
      expect(await leadsOf(app, company.id)).toHaveLength(1);
      const transcripts = await app.ctx.db
        .select()
        .from(chatTranscripts)
        .where(eq(chatTranscripts.companyId, company.id));
      expect(transcripts).toHaveLength(1);
      expect(await creditsOf(app.ctx.db, company.id)).toBe(before - 1);
    });

    it('accepts the text/plain body of navigator.sendBeacon', async () => {
      const { company } = await agencyWithProperty();
      const { sessionKey } = await startChat(app, company.slug);
      await say(app, company.slug, sessionKey, 'I am Priya Shah, priya@example.com');
      const response = await fetch(`${app.url}/api/chat/${company.slug}/end`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ userSessionKey: sessionKey }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ leadCreated: true });
      expect(await leadsOf(app, company.id)).toHaveLength(1);

      const broken = await fetch(`${app.url}/api/chat/${company.slug}/end`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'not json',
      });
      expect(broken.status).toBe(400);
    });

    it("keeps a refreshed page's chat open after the unload beacon, and ends a left one shortly", async () => {
      const { company } = await agencyWithProperty();
      const { sessionKey } = await startChat(app, company.slug);
      await say(app, company.slug, sessionKey, 'I am Omar Haddad, omar@example.com');
      const beacon = (key: string) =>
        fetch(`${app.url}/api/chat/${company.slug}/end`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
          body: JSON.stringify({ userSessionKey: key, reason: 'unload' }),
        });

      // A refresh: the beacon, then the page comes straight back.
      expect((await beacon(sessionKey)).status).toBe(200);
      await get(app, `/api/chat/${company.slug}/conversation?sessionKey=${sessionKey}`);
      expect(await finaliseIdleConversations(app.ctx, new Date(Date.now() + 5 * 60_000))).toBe(0);
      expect((await conversationOf(app, sessionKey)).status).toBe('active');

      // Closing the tab: the beacon, and nobody comes back.
      await beacon(sessionKey);
      expect((await conversationOf(app, sessionKey)).status).toBe('active');
      await finaliseIdleConversations(app.ctx, new Date(Date.now() + 60_000));
      expect((await conversationOf(app, sessionKey)).status).toBe('ended');
      const [lead] = await leadsOf(app, company.id);
      expect(lead).toMatchObject({ name: 'Omar Haddad', email: 'omar@example.com' });
    });

    it('the idle finaliser turns a silent conversation into its lead', async () => {
      const { company } = await agencyWithProperty();
      const { sessionKey } = await startChat(app, company.slug);
      await say(app, company.slug, sessionKey, 'Hi, I am Grace Okafor');
      await say(app, company.slug, sessionKey, 'grace@example.com');
      const idle = app.ctx.env.chatIdleMinutes;
      await finaliseIdleConversations(app.ctx, new Date(Date.now() + (idle - 1) * 60_000));
      expect(await leadsOf(app, company.id)).toHaveLength(0);
      await finaliseIdleConversations(app.ctx, new Date(Date.now() + (idle + 1) * 60_000));
      const [lead] = await leadsOf(app, company.id);
      expect(lead).toMatchObject({ name: 'Grace Okafor', email: 'grace@example.com' });
      expect((await endChat(app, company.slug, sessionKey, 'submit')).alreadyEnded).toBe(true);
    });
  });

  describe('credits', () => {
    it('sends a new visitor to the holding page at zero credits, while the one already chatting gets a lead', async () => {
      const { company } = await agencyWithProperty();
      const { sessionKey } = await startChat(app, company.slug);
      await say(app, company.slug, sessionKey, 'I am Jo Bloggs, jo@example.com');
      await app.ctx.db.update(companies).set({ currentCount: 0 }).where(eq(companies.id, company.id));

      const newcomer = await post(app, `/api/chat/${company.slug}`, { message: '', userSessionKey: '' });
      expect(newcomer.status).toBe(429);
      expect(newcomer.json).toMatchObject({ redirectToHoldingPage: true });
      expect(newcomer.headers.get('retry-after')).toBeTruthy();
      expect((await get(app, `/api/companies/slug/${company.slug}/usage-check`)).json).toEqual({
        canProcess: false,
      });

      await say(app, company.slug, sessionKey, 'I work as a chef');
      expect((await endChat(app, company.slug, sessionKey, 'submit')).leadCreated).toBe(true);
      expect(await leadsOf(app, company.id)).toHaveLength(1);
      expect(await creditsOf(app.ctx.db, company.id)).toBe(0);
    });
  });

  describe('new lead emails', () => {
    it('emails the first lead at once and the next ones of the minute in one digest', async () => {
      const { company, email: ownerEmail } = await agencyWithProperty({ email: null });
      const tenants = [
        'Amy Pond, amy@example.com',
        'Rory Williams, rory@example.com',
        'Clara Oswald, clara@example.com',
      ];
      for (const tenant of tenants) {
        const { sessionKey } = await startChat(app, company.slug);
        await say(app, company.slug, sessionKey, `I am ${tenant}`);
        await endChat(app, company.slug, sessionKey, 'submit');
      }
      let emails = await emailsTo(app, ownerEmail);
      expect(emails).toHaveLength(1);
      expect(emails[0]!.text).toContain('Amy Pond');

      expect(await sendLeadDigest(app.ctx, company.id)).toBe(2);
      emails = await emailsTo(app, ownerEmail);
      expect(emails).toHaveLength(2);
      const digest = emails.find((e) => e.subject.startsWith('2 new leads'))!;
      expect(digest.text).toContain('Rory Williams');
      expect(digest.text).toContain('Clara Oswald');
      expect(await sendLeadDigest(app.ctx, company.id)).toBe(0);
    });

    it('marks a lead whose tenant asked for a person: dashboard, email, digest and CSV', async () => {
      const { company, cookie, email: ownerEmail } = await agencyWithProperty({ email: null });
      const { sessionKey } = await startChat(app, company.slug);
      const answer = await say(app, company.slug, sessionKey, 'can i spk to a real persn pls');
      expect(answer.response).toContain('a person at Harbour Lettings will get in touch with you');
      await say(app, company.slug, sessionKey, 'I am Amy Pond, amy@example.com');
      await endChat(app, company.slug, sessionKey, 'submit');
      // A second lead in the same minute goes to the digest, its line with it.
      const second = await startChat(app, company.slug);
      await say(
        app,
        company.slug,
        second.sessionKey,
        'I want to talk to a human. Rory Williams, rory@example.com',
      );
      await endChat(app, company.slug, second.sessionKey, 'submit');
      const third = await startChat(app, company.slug);
      await say(app, company.slug, third.sessionKey, 'I am Clara Oswald, clara@example.com');
      await endChat(app, company.slug, third.sessionKey, 'submit');

      const dashboard = (await get(app, `/api/companies/${company.id}/dashboard`, { cookie }))
        .json as DashboardDto;
      const byName = new Map(dashboard.leads.map((l) => [l.name, l.personRequested]));
      expect(Object.fromEntries(byName)).toEqual({
        'Amy Pond': true,
        'Rory Williams': true,
        'Clara Oswald': false,
      });

      const [email] = await emailsTo(app, ownerEmail);
      expect(email!.subject).toContain('(asked for a person)');
      expect(email!.text).toContain('The tenant asked to speak to a person: please get in touch with them.');
      expect(email!.html).toContain('The tenant asked to speak to a person');
      expect(await sendLeadDigest(app.ctx, company.id)).toBe(2);
      const digest = (await emailsTo(app, ownerEmail)).find((e) => e.subject.startsWith('2 new leads'))!;
      expect(digest.subject).toContain('(1 asked for a person)');
      const rory = digest.text.slice(digest.text.indexOf('>> The tenant asked'));
      expect(rory.indexOf('Rory Williams')).toBeGreaterThan(0);
      expect(rory).not.toContain('Clara Oswald\n>>');

      const csv = await fetch(`${app.url}/api/companies/${company.id}/leads.csv`, { headers: { cookie } });
      const rows = (await csv.text()).split('\r\n');
      const column = rows[0]!.split(',').indexOf('Person requested');
      expect(column).toBeGreaterThan(0);
      expect(rows.find((r) => r.includes('Amy Pond'))!.split(',')[column]).toBe('Yes');
      expect(rows.find((r) => r.includes('Clara Oswald'))!.split(',')[column]).toBe('No');
    });

    it('passes on the questions it could not answer, escaped in the HTML email', async () => {
      const { company } = await agencyWithProperty();
      const { sessionKey } = await startChat(app, company.slug);
      await say(app, company.slug, sessionKey, "Is there a <b>garden</b>? I'm Bob Smith, bob@example.com");
      await endChat(app, company.slug, sessionKey, 'submit');
      const [email] = await emailsTo(app, company.email!);
      expect(email!.text).toContain('Is there a <b>garden</b>?');
      expect(email!.html).toContain('Is there a &lt;b&gt;garden&lt;/b&gt;?');
      expect(email!.html).not.toContain('<b>garden');
    });
  });

  describe('reprocessing transcripts', () => {
    it('creates a lead that is missing, for the owner only', async () => {
      const { company, cookie } = await agencyWithProperty();
      const { sessionKey } = await startChat(app, company.slug);
      await say(app, company.slug, sessionKey, 'I am Nia Evans, nia@example.com, a student');
      await endChat(app, company.slug, sessionKey, 'submit');
      // As if saving the lead had failed: the transcript is left unprocessed, with no lead.
      await app.ctx.db.delete(leads).where(eq(leads.companyId, company.id));
      await app.ctx.db
        .update(chatTranscripts)
        .set({ processed: false })
        .where(eq(chatTranscripts.companyId, company.id));

      const other = await createCompanyUser(app);
      const denied = await post(
        app,
        `/api/companies/${company.id}/reprocess-transcripts`,
        {},
        browserHeaders(app, other.cookie),
      );
      expect(denied.status).toBe(404);
      expect((await post(app, `/api/companies/${company.id}/reprocess-transcripts`, {})).status).toBe(401);

      const result = await post(
        app,
        `/api/companies/${company.id}/reprocess-transcripts`,
        {},
        browserHeaders(app, cookie),
      );
      expect(result.status).toBe(200);
      expect(result.json.message).toMatch(/1 new lead/);
      const [lead] = await leadsOf(app, company.id);
      expect(lead).toMatchObject({ name: 'Nia Evans', email: 'nia@example.com' });
      const again = await post(
        app,
        `/api/companies/${company.id}/reprocess-transcripts`,
        {},
        browserHeaders(app, cookie),
      );
      expect(again.json.message).toMatch(/no transcripts/i);
      const [transcript] = await app.ctx.db
        .select()
        .from(chatTranscripts)
        .where(and(eq(chatTranscripts.companyId, company.id), eq(chatTranscripts.processed, true)));
      expect(transcript).toBeTruthy();
    });

    it('makes one lead and spends one credit when two runs read a transcript whose chat is gone', async () => {
      const { company, cookie } = await agencyWithProperty();
      const { sessionKey } = await startChat(app, company.slug);
      await say(app, company.slug, sessionKey, 'I am Owen Price, owen@example.com, a nurse');
      await endChat(app, company.slug, sessionKey, 'submit');
      const credits = await creditsOf(app.ctx.db, company.id);
      // As if the lead had been lost and the conversation purged: only the transcript is left.
      await app.ctx.db.delete(leads).where(eq(leads.companyId, company.id));
      await app.ctx.db.delete(conversations).where(eq(conversations.companyId, company.id));
      await app.ctx.db
        .update(chatTranscripts)
        .set({ processed: false })
        .where(eq(chatTranscripts.companyId, company.id));

      const runs = await Promise.all(
        [1, 2, 3].map(() =>
          post(app, `/api/companies/${company.id}/reprocess-transcripts`, {}, browserHeaders(app, cookie)),
        ),
      );
      expect(runs.map((run) => run.status)).toEqual([200, 200, 200]);
      const made = await leadsOf(app, company.id);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ name: 'Owen Price', conversationId: null });
      expect(await creditsOf(app.ctx.db, company.id)).toBe(credits - 1);
    });
  });
});

describe('per-IP rate limit', () => {
  const app = setUpTestApp({ RATE_LIMIT_CHAT_PER_MINUTE: '3' });

  it('answers 429 Too many requests with Retry-After past the limit', async () => {
    const { company } = await createCompanyUser(app);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 4; i += 1) {
      last = await post(app, `/api/chat/${company.slug}`, { message: '' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(String(last!.json.message)).toContain('Too many requests');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('with an LLM provider that cannot be reached', () => {
  const app = setUpTestApp({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: 'http://127.0.0.1:9/v1',
    AI_MODEL: 'test-model',
    AI_TIMEOUT_MS: '2000',
  });

  it('answers every turn with the guided agent instead of an error', async () => {
    const { company } = await createCompanyUser(app, { name: 'Fallback Homes' });
    const { sessionKey, response } = await startChat(app, company.slug);
    expect(response).toContain('Fallback Homes');
    const reply = await say(app, company.slug, sessionKey, "I'm Rosa Diaz, rosa@example.com");
    expect(reply.response).toContain('Rosa');
    expect((await endChat(app, company.slug, sessionKey, 'submit')).leadCreated).toBe(true);
  });
});
