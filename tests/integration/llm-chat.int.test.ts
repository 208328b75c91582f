import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { peopleSlot } from '#agent/slots/people.ts';
import { leads, viewings } from '#server/db/schema.ts';
import { setNow } from '#server/lib/clock.ts';
import type { ChatResponse, EndChatResponse } from '#shared/schemas/chat.ts';
import { startFakeAnthropic } from '#tests/fakes/anthropic-server.ts';
import { recordAnswers, says } from '#tests/fakes/llm-agent.ts';
import {
  followInstructions,
  pieces,
  type RecordedRequest,
  startFakeOpenAi,
  toolResults,
} from '#tests/fakes/openai-server.ts';
import { browserFetch, type TestApp } from '#tests/helpers/app.ts';
import { insertProperty, unique } from '#tests/helpers/factories.ts';
import { postJson } from '#tests/helpers/post-json.ts';
import { madeBeforeAll, setUpCompanyUser, setUpTestApp } from '#tests/helpers/suite.ts';
import { firstOfferedTimes, MONDAY, testSchedule } from '#tests/helpers/viewing-schedule.ts';

/*
 * The chat over real HTTP with an LLM provider configured: the local OpenAI-protocol stand-in
 * plays the model, streaming its replies and calling the engine's tools.
 */

const tenantMessages = (request: RecordedRequest) =>
  (request.body.messages ?? []).filter((m) => m.role === 'user').map((m) => String(m.content));

/** A tenant's POST to the public chat API, as the widget sends it; fails unless the answer is 200. */
function post<T>(app: TestApp, path: string, body: unknown): Promise<T> {
  return postJson<T>(`${app.url}${path}`, body);
}

/** The leads made with this email. */
function leadsWithEmail(app: TestApp, email: string) {
  return app.ctx.db.select().from(leads).where(eq(leads.email, email));
}

/** A tenant's chat on a listing's own link: `say` sends a message, `end` submits the chat. */
async function openChat(app: TestApp, companySlug: string, propertySlug: string) {
  const chat = `/api/chat/${companySlug}`;
  const { sessionKey } = await post<ChatResponse>(app, chat, {
    message: '',
    userSessionKey: null,
    propertySlug,
  });
  return {
    say: (message: string) => post<ChatResponse>(app, chat, { message, userSessionKey: sessionKey }),
    end: () => post<EndChatResponse>(app, `${chat}/end`, { userSessionKey: sessionKey, reason: 'submit' }),
  };
}

describe('chat with an LLM provider', () => {
  const model = madeBeforeAll('the model server', startFakeOpenAi, (server) => server.close());
  const app = setUpTestApp(() => ({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: model.baseUrl,
    AI_MODEL: 'stand-in',
    AI_TIMEOUT_MS: '3000',
  }));
  const owner = setUpCompanyUser(app, { name: 'Streamline Lettings', slug: unique('streamline') });

  beforeAll(async () => {
    const saved = await browserFetch(
      app,
      'PUT',
      `/api/companies/${owner.company.id}/viewing-schedule`,
      owner.cookie,
      testSchedule,
    );
    expect(saved.status).toBe(200);
  });
  afterEach(() => {
    setNow(undefined);
    model.reset();
    model.setDefault({ kind: 'error', status: 500, message: 'No scripted reply' });
  });

  it('holds a whole conversation in the model’s words, sending it the conversation so far, and makes one lead', async () => {
    // Booking is off for this listing: the chat ends with the summary (the booking has its own test).
    const property = await insertProperty(app, owner.company.id, owner.company.slug, {
      propertyName: 'Flat 2, Rope Walk',
      viewingSettings: { bookingOff: true, windows: null, partiesPerSlot: null, blockedDates: [] },
    });
    model.setDefault((request) => followInstructions(request));
    const chat = await openChat(app, owner.company.slug, property.slug);
    const email = `${unique('maya')}@example.test`;
    const first = await chat.say('2 of us, both teachers, £52k together, could move in on 01/05/2027');
    expect(first.response).toBe('Thanks for that! Could you tell me your name?');
    await chat.say('Maya Patel');
    await chat.say(`${email} and 07700 900456`);
    const summary = await chat.say('weekday evenings');
    expect(summary.response).toBe('Here is everything you have told me. Is that all correct?');
    expect(summary.quickReplies.length).toBeGreaterThan(0);
    const closing = await chat.say('yes');
    expect(closing.isComplete).toBe(true);
    expect(closing.response).toBe(
      'Wonderful, thank you. Thank you for confirming the information. We will be in touch to book the viewing. Have a great day!',
    );
    // Each turn the model read the whole conversation, its own earlier replies included.
    const last = model.requests.at(-1)!;
    expect(tenantMessages(last)).toEqual([
      '2 of us, both teachers, £52k together, could move in on 01/05/2027',
      'Maya Patel',
      `${email} and 07700 900456`,
      'weekday evenings',
      'yes',
    ]);
    expect(last.body.messages).toContainEqual({
      role: 'assistant',
      content: 'Thanks for that! Could you tell me your name?',
    });

    expect((await chat.end()).leadCreated).toBe(true);
    const [lead, ...others] = await leadsWithEmail(app, email);
    expect(others).toEqual([]);
    expect(lead).toMatchObject({ name: 'Maya Patel', numberOfPeople: 2, contactNumber: '+447700900456' });
  });

  it('answers a question about the listing with the listing’s own answer, through a tool call', async () => {
    const property = await insertProperty(app, owner.company.id, owner.company.slug, {
      petsPolicy: 'not-allowed',
      deposit: 1380,
    });
    model.enqueue(
      {
        kind: 'tool-calls',
        calls: [
          { name: 'listingFact', arguments: { fact: 'pets' } },
          { name: 'listingFact', arguments: { fact: 'deposit' } },
        ],
      },
      (request) => {
        const [pets, deposit] = toolResults(request) as Array<{ answer: string }>;
        return {
          kind: 'stream',
          chunks: pieces(`Pets are ${pets.answer} at this one, and the deposit is ${deposit.answer}.`),
        };
      },
    );
    const chat = await openChat(app, owner.company.slug, property.slug);
    const answer = await chat.say('Can I bring my cat? And how much is the deposit?');
    expect(answer.response).toBe('Pets are not allowed at this one, and the deposit is £1,380.');
    expect(model.requests[0].body.tools?.map((t) => t.function.name)).toContain('listingFact');
  });

  it('books the slot the model picks, exactly one viewing, and the booked closing ends the chat', async () => {
    setNow(MONDAY);
    const property = await insertProperty(app, owner.company.id, owner.company.slug, {
      propertyName: 'Flat 9, Mill Yard',
      vacancyDate: '01/03/2026',
    });
    model.setDefault((request) => followInstructions(request));
    const chat = await openChat(app, owner.company.slug, property.slug);
    const email = `${unique('lucy')}@example.test`;
    for (const message of [
      '2 of us, both nurses, £58k together, could move in on 01/04/2026',
      'Lucy Green',
      `${email} and 07700 900123`,
    ])
      await chat.say(message);
    const offer = await chat.say('yes');
    expect(offer.response).toBe('Lovely! Which of these viewing times suits you best?');
    expect(offer.quickReplies).toEqual(firstOfferedTimes);

    // Words the guided parser cannot place: the model looks the slots up and books the Saturday.
    model.enqueue({ kind: 'tool-calls', calls: [{ name: 'viewingTimes', arguments: {} }] }, (request) => {
      const [{ slots }] = toolResults(request) as Array<{ slots: Array<{ startsAt: string; time: string }> }>;
      const saturday = slots.find((slot) => slot.time.startsWith('Saturday 7 March'))!;
      return {
        kind: 'tool-calls',
        calls: [{ name: 'bookViewing', arguments: { startsAt: saturday.startsAt } }],
      };
    });
    const booked = await chat.say('the weekend one in the morning suits me, the earlier weekend');
    expect(booked.response).toBe(
      'Thank you for confirming the information. Your viewing is booked for Saturday 7 March at 10:00. Have a great day!',
    );
    expect(booked.isComplete).toBe(true);
    // The model made the choice: its last request carried the free slots it was given.
    expect(toolResults(model.requests.at(-1)!)).toEqual([{ slots: expect.any(Array) }]);
    expect(booked.viewing).toMatchObject({
      startsAt: '2026-03-07T10:00:00+00:00',
      label: 'Sat 7 Mar, 10:00',
    });
    const rows = await app.ctx.db.select().from(viewings).where(eq(viewings.propertyId, property.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'booked', tenantEmail: email });

    expect((await chat.end()).leadCreated).toBe(true);
    const [lead, ...others] = await leadsWithEmail(app, email);
    expect(others).toEqual([]);
    expect(rows[0].conversationId).toBe(lead.conversationId);
  });

  it('asks again in the guided agent’s words when the model records a household of 40, never its own', async () => {
    const property = await insertProperty(app, owner.company.id, owner.company.slug, {
      viewingSettings: { bookingOff: true, windows: null, partiesPerSlot: null, blockedDates: [] },
    });
    model.setDefault((request) => followInstructions(request));
    const chat = await openChat(app, owner.company.slug, property.slug);
    const first = await chat.say('both teachers, £52k together, could move in on 01/05/2027');
    expect(first.response).toBe('Thanks for that! Could you tell me your number of people?');

    model.enqueue(
      recordAnswers({ numberOfPeople: 40 }),
      says('Forty of you, how lovely! What are your names?'),
    );
    const again = await chat.say('forty of us, the whole choir');
    const lead =
      /^Sorry, (?:I didn't quite catch that|I'm not sure I followed)\. You can also say "skip" if you'd rather not answer\. /;
    expect(again.response).toMatch(lead);
    expect([...peopleSlot.questions, ...(peopleSlot.shortQuestions ?? [])]).toContain(
      again.response.replace(lead, ''),
    );
    expect(again.quickReplies).toEqual([...peopleSlot.quickReplies]);
    // The model was not asked to go on writing after its answer was turned down.
    expect(model.requests.at(-1)!.body.messages?.at(-1)?.role).toBe('user');

    model.reset();
    model.setDefault((request) => followInstructions(request));
    const fixed = await chat.say('4 of us');
    expect(fixed.response).toBe('Thanks for that! Could you tell me your name?');
  });

  it('when the stream breaks off mid-conversation, the guided agent finishes it and one lead is made', async () => {
    const property = await insertProperty(app, owner.company.id, owner.company.slug, {
      viewingSettings: { bookingOff: true, windows: null, partiesPerSlot: null, blockedDates: [] },
    });
    model.setDefault((request) => followInstructions(request));
    const chat = await openChat(app, owner.company.slug, property.slug);
    const email = `${unique('owen')}@example.test`;
    const first = await chat.say('Just me, I am a software developer on £48k, moving 01/06/2027');
    expect(first.response).toBe('Thanks for that! Could you tell me your name?');

    // From here the provider drops every reply a few words in.
    model.setDefault({
      kind: 'stream',
      chunks: pieces('Lovely to meet you, and may I also ask what the best email'),
      delayMs: 5,
      failAfter: 5,
    });
    const named = await chat.say('Owen Price');
    expect(named.response).not.toContain('Lovely to meet you');
    expect(named.response).toMatch(/email/i);
    await chat.say(`${email} and 07700 900789`);
    const summary = await chat.say('weekends');
    expect(summary.response).toMatch(
      /is that all correct|does that all look right|is everything there correct/i,
    );
    const closing = await chat.say('yes');
    expect(closing.isComplete).toBe(true);
    expect(closing.response).toContain('We will be in touch to book the viewing');
    expect(model.requests.length).toBeGreaterThanOrEqual(5);

    expect((await chat.end()).leadCreated).toBe(true);
    const [lead, ...others] = await leadsWithEmail(app, email);
    expect(others).toEqual([]);
    // What the model's turn recorded and what the guided agent collected after it, together.
    expect(lead).toMatchObject({
      name: 'Owen Price',
      numberOfPeople: 1,
      annualIncome: 48_000,
      availability: 'Weekends',
    });
  });
});

describe('chat with Anthropic as the provider', () => {
  const model = madeBeforeAll('the Anthropic stand-in', startFakeAnthropic, (server) => server.close());
  const app = setUpTestApp(() => ({
    AI_PROVIDER: 'anthropic',
    AI_BASE_URL: model.baseUrl,
    AI_API_KEY: 'test-anthropic-key',
    AI_MODEL: 'claude-stand-in',
    AI_TIMEOUT_MS: '3000',
  }));
  const owner = setUpCompanyUser(app, { name: 'Claymore Lettings', slug: unique('claymore') });

  it('holds a whole conversation over the Messages API, tools included, and makes one lead', async () => {
    const property = await insertProperty(app, owner.company.id, owner.company.slug, {
      propertyName: 'Flat 4, Tannery Row',
      deposit: 1200,
    });
    const { say, end } = await openChat(app, owner.company.slug, property.slug);
    const email = `${unique('iona')}@example.test`;

    // A question first: the model looks it up with a tool, then answers from the tool's result.
    model.enqueue(
      { kind: 'tool-calls', calls: [{ name: 'listingFact', arguments: { fact: 'deposit' } }] },
      (request) => {
        const [deposit] = toolResults(request) as Array<{ answer: string }>;
        return {
          kind: 'stream',
          chunks: pieces(`The deposit is ${deposit!.answer}. When would you like to move in?`),
        };
      },
    );
    expect((await say('How much is the deposit?')).response).toBe(
      'The deposit is £1,200. When would you like to move in?',
    );
    model.setDefault((request) => followInstructions(request));
    await say('2 of us, both nurses, £48k together, could move in on 01/05/2027');
    await say('Iona Reid');
    await say(`${email} and 07700 900321`);
    expect((await say('weekday evenings')).response).toBe(
      'Here is everything you have told me. Is that all correct?',
    );
    expect((await say('yes')).isComplete).toBe(true);
    expect(model.requests.every((request) => request.path === '/v1/messages')).toBe(true);
    expect(model.requests.every((request) => request.anthropic.stream === true)).toBe(true);

    expect((await end()).leadCreated).toBe(true);
    const made = await leadsWithEmail(app, email);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ name: 'Iona Reid', numberOfPeople: 2, contactNumber: '+447700900321' });
  });
});
