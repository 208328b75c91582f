import { describe, expect, test } from 'vitest';
import { createGuidedEngine } from '#agent/dialogue.ts';
import { type LlmFields, validValue } from '#agent/slots/index.ts';
import {
  type AgentContext,
  type AgentState,
  CLOSING_SENTENCE,
  type SlotName,
  type TurnOptions,
} from '#agent/types.ts';
import { companyName, willow } from '#tests/corpus/fixtures.ts';
import { textbookAnswers } from '#tests/corpus/property-link.ts';
import {
  callsTools,
  context,
  deltas,
  expectStreamedPieceByPiece,
  noFields,
  recordAnswers,
  says,
  startFakeProvider,
} from '#tests/fakes/llm-agent.ts';
import { pieces, type RecordedRequest, toolResults } from '#tests/fakes/openai-server.ts';

const provider = await startFakeProvider('openai-compatible');
const { server, errors, engine } = provider;

const guided = createGuidedEngine();

async function guidedState(messages: string[], ctx: AgentContext = context): Promise<AgentState> {
  let state = guided.start(ctx).state;
  for (const message of messages) state = (await guided.reply(ctx, state, message)).state;
  return state;
}

const systemOf = (request: RecordedRequest) =>
  String(request.body.messages?.find((m) => m.role === 'system')?.content);

describe('the LLM agent', () => {
  test('streams the reply piece by piece as the provider writes it, and returns it whole', async () => {
    await expectStreamedPieceByPiece(provider);
    expect(server.requests[0].body.stream).toBe(true);
  });

  test('records answers only the model understood, through the recordAnswers tool, then replies', async () => {
    server.enqueue(recordAnswers({ name: 'Dee' }), says('Lovely, Dee! When would you like to move in?'));
    const start = engine().start(context);
    const message = 'Hello! Everyone calls me Dee.';
    expect((await guided.reply(context, start.state, message)).state.fields.name).toBeNull();
    const turn = await engine().reply(context, start.state, message);
    expect(turn.reply).toBe('Lovely, Dee! When would you like to move in?');
    expect(turn.state.fields.name).toBe('Dee');
    expect(turn.quickReplies).toEqual(['ASAP', 'Within a month', 'Pick a date']);
    // The tool told the model what is known and what to ask next.
    expect(toolResults(server.requests[1])).toEqual([
      expect.objectContaining({ known: 'name: Dee', nextStep: 'Ask next for: move-in date.' }),
    ]);
    expect(errors).toEqual([]);
  });

  test('keeps a move-in only the model understood, never a date it cannot mean, and tells it what is known', async () => {
    const start = engine().start(context);
    const message = '2 of us, once my notice at work is served';
    const guidedTurn = await guided.reply(context, start.state, message);
    expect(guidedTurn.state.fields.moveIn).toBeNull();

    server.enqueue(recordAnswers({ moveInDate: '2031-06-01' }), says('Noted! How many people?'));
    const turnedDown = await engine().reply(context, start.state, message);
    expect(turnedDown.state.fields.moveIn).toBeNull();
    expect(turnedDown.reply).toBe(guidedTurn.reply);

    server.reset();
    server.enqueue(
      recordAnswers({ moveInText: 'once my notice is served' }),
      says('Noted! How many people?'),
    );
    const turn = await engine().reply(context, start.state, message);
    expect(turn.state.fields.moveIn).toEqual({ date: null, text: 'once my notice is served' });

    server.enqueue(says('And what do you do for work?'));
    await engine().reply(context, turn.state, '£40k');
    const system = String(server.requests.at(-1)?.body.messages?.find((m) => m.role === 'system')?.content);
    expect(system).toContain('moveIn: {"date":null,"text":"once my notice is served"}');
  });

  test('sends the company, the listing facts, the rules, the tools and the whole conversation', async () => {
    server.enqueue(says('Thanks! How many people would be moving in?'));
    const start = engine().start(context);
    const history: TurnOptions['history'] = [
      { role: 'assistant', content: start.reply },
      { role: 'tenant', content: 'Is it still available?' },
      { role: 'assistant', content: "Yes, it's available from 1 March. When would you like to move in?" },
    ];
    await engine().reply(context, start.state, '1st March', { history });
    const request = server.requests[0];
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer test-key');
    expect(request.body.model).toBe('fake-model');
    const system = systemOf(request);
    expect(system).toContain(companyName);
    expect(system).toContain('27 Elm Road');
    expect(system).toContain('£1,250 pcm');
    expect(system).toContain('Never invent');
    expect(system).toMatch(/never ask about age, children/i);
    expect(system).toContain('Ask next for: number of people');
    // The greeting is left out: what is sent starts with the tenant, as every provider accepts.
    expect(request.body.messages?.slice(1)).toEqual([
      { role: 'user', content: 'Is it still available?' },
      { role: 'assistant', content: "Yes, it's available from 1 March. When would you like to move in?" },
      { role: 'user', content: '1st March' },
    ]);
    // No free slots: no booking tools.
    expect(request.body.tools?.map((t) => t.function.name).sort()).toEqual(['listingFact', 'recordAnswers']);
  });

  test("a thread's first text, answered just after the greeting, is answered without a second hello", async () => {
    const start = engine().start(context, undefined, { isAnswerNext: true });
    const history: TurnOptions['history'] = [{ role: 'assistant', content: start.reply }];
    await engine().reply(context, start.state, 'Is it still available?', { history, isBeforeGreeting: true });
    await engine().reply(context, start.state, 'Is it still available?', { history });
    const [threadStart, later] = server.requests.map(systemOf);
    const noSecondHello = 'do not greet the tenant or introduce yourself again';
    expect(threadStart).toContain(noSecondHello);
    expect(later).not.toContain(noSecondHello);
    expect(threadStart).toContain('on its website, WhatsApp or SMS');
  });

  test('leaves the oldest turns out beyond the token budget, never the instructions or the new message', async () => {
    server.enqueue(says('Thanks! How many people?'), says('Thanks! How many people?'));
    const start = engine().start(context);
    const history = Array.from({ length: 40 }, (_, i) => ({
      role: i % 2 === 0 ? ('tenant' as const) : ('assistant' as const),
      content: `Message number ${i} ${'with some words '.repeat(20)}`,
    }));
    await engine().reply(context, start.state, '1st March', { history });
    await engine({ tokenBudget: 1500 }).reply(context, start.state, '1st March', { history });
    const [wide, narrow] = server.requests.map((r) => r.body.messages ?? []);
    // 6,000 tokens hold all forty short turns; 1,500 hold only the newest beside the instructions.
    expect(wide).toHaveLength(42);
    expect(narrow.length).toBeGreaterThan(3);
    expect(narrow.length).toBeLessThan(20);
    expect(narrow[0].role).toBe('system');
    expect(String(narrow.at(-2)!.content)).toContain('Message number 39');
    expect(narrow.at(-1)).toEqual({ role: 'user', content: '1st March' });
  });

  test('answers a question about the listing from the listing, through the listingFact tool', async () => {
    const cottage: AgentContext = { ...context, property: willow };
    server.enqueue(
      callsTools(
        { name: 'listingFact', arguments: { fact: 'deposit' } },
        { name: 'listingFact', arguments: { fact: 'feature', feature: 'garden' } },
        { name: 'listingFact', arguments: { fact: 'feature', feature: 'swimming pool' } },
      ),
      // As a model does: the reply is written from what the tools returned.
      (request) => {
        const [deposit, garden, pool] = toolResults(request) as Array<{ answer: string; known: boolean }>;
        return says(
          `The deposit is ${deposit.answer}. ${garden.answer} ${pool.known ? '' : "I'll pass the pool question on to the team."}`,
        );
      },
    );
    const start = engine().start(cottage);
    const turn = await engine().reply(
      cottage,
      start.state,
      'How much is the deposit? Is there a garden or a pool?',
    );
    expect(toolResults(server.requests[1])).toEqual([
      { fact: 'deposit', known: true, answer: '£1,615' },
      { fact: 'garden', known: true, answer: 'Yes: the listing includes garden.' },
      expect.objectContaining({ fact: 'swimming pool', known: false }),
    ]);
    expect(turn.reply).toContain('The deposit is £1,615.');
    expect(turn.reply).toContain("I'll pass the pool question on");
    expect(errors).toEqual([]);
  });

  test('on the agency link the model looks facts up per listing and records the one chosen', async () => {
    const agency: AgentContext = { ...context, property: null };
    server.enqueue(
      callsTools(
        { name: 'listingFact', arguments: { fact: 'rent' } },
        { name: 'listingFact', arguments: { fact: 'rent', propertyId: 'prop-victoria' } },
        {
          name: 'recordAnswers',
          arguments: { tenantConfirmed: false, fields: { ...noFields, propertyId: 'prop-victoria' } },
        },
      ),
      says('Victoria Terrace is £1,950 pcm. When would you like to move in?'),
    );
    const start = engine().start(agency);
    // Words the guided matcher cannot place on a listing; the model can, from the listings it was given.
    const message = "What's the rent on the one with the driveway? I'd like that one";
    expect((await guided.reply(agency, start.state, message)).state.fields.propertyId).toBeNull();
    const turn = await engine().reply(agency, start.state, message);
    const [unchosen, victoria] = toolResults(server.requests[1]);
    expect(unchosen).toEqual({ known: false, answer: 'Ask the tenant which property they mean first.' });
    expect(victoria).toEqual({ fact: 'rent', known: true, answer: '£1,950 pcm' });
    expect(turn.state.fields.propertyId).toBe('prop-victoria');
    expect(turn.reply).toBe('Victoria Terrace is £1,950 pcm. When would you like to move in?');
  });

  test('books through the viewing tools: the reply proposes the free slot for the server to book', async () => {
    const slots = [
      { startsAt: '2026-03-05T18:00:00+00:00', label: 'Thu 5 Mar, 18:00' },
      { startsAt: '2026-03-07T10:30:00+00:00', label: 'Sat 7 Mar, 10:30' },
    ];
    const booking: AgentContext = { ...context, viewingTimes: slots };
    // Slots offered as buttons; the guided parser cannot read the tenant's pick, the model can.
    const state = await guidedState([...textbookAnswers.slice(0, -1), 'yes'], booking);
    expect(state.asking).toBe('viewing');
    const message = 'the later one please';
    expect((await guided.reply(booking, state, message)).bookTime).toBeUndefined();
    server.enqueue(
      callsTools({ name: 'viewingTimes', arguments: {} }),
      callsTools({ name: 'bookViewing', arguments: { startsAt: '2026-03-07T11:00:00+00:00' } }),
      (request) => {
        const [, refused] = toolResults(request) as Array<{ booked?: boolean }>;
        expect(refused).toMatchObject({ booked: false });
        return callsTools({ name: 'bookViewing', arguments: { startsAt: slots[1].startsAt } });
      },
    );
    const turn = await engine().reply(booking, state, message);
    expect(turn.bookTime).toEqual(slots[1]);
    expect(turn.reply).toBe("Lovely, I'll book Saturday 7 March at 10:30 for you.");
    // The booking ends the model's turn: the server books, and the guided wording confirms it.
    expect(server.requests).toHaveLength(3);
    expect(toolResults(server.requests[1])[0]).toEqual({
      slots: [
        { startsAt: slots[0].startsAt, time: 'Thursday 5 March at 18:00' },
        { startsAt: slots[1].startsAt, time: 'Saturday 7 March at 10:30' },
      ],
    });
    const confirmed = engine().confirmViewing(booking, turn.state, turn.bookTime!);
    expect(confirmed.reply).toContain('Your viewing is booked for Saturday 7 March at 10:30.');
  });

  test('keeps what the guided parsers read when the model disagrees, and drops an invalid phone', async () => {
    server.enqueue(
      recordAnswers({ moveInDate: '2026-07-01', phone: '12345' }),
      says('Thanks! How many people?'),
    );
    const start = engine().start(context);
    const turn = await engine().reply(context, start.state, '1st March');
    expect(turn.state.fields.moveIn?.date).toBe('2026-03-01');
    expect(turn.state.fields.phone).toBeNull();
  });

  test('falls back to the guided reply when the provider answers 500', async () => {
    server.enqueue({ kind: 'error', status: 500 });
    const start = engine().start(context);
    const turn = await engine().reply(context, start.state, '2 of us, moving 1st March');
    const expected = await guided.reply(context, start.state, '2 of us, moving 1st March');
    expect(turn).toEqual(expected);
    expect(errors).toHaveLength(1);
  });

  test('falls back when the provider hangs past the timeout', async () => {
    server.enqueue({ kind: 'hang' });
    const start = engine().start(context);
    const began = performance.now();
    const turn = await engine({ timeoutMs: 300 }).reply(context, start.state, 'ASAP');
    expect(performance.now() - began).toBeLessThan(2000);
    expect(turn.state.fields.moveIn?.date).toBe('2026-02-10');
    expect(turn.reply).toContain('How many people');
    expect(errors).toHaveLength(1);
  });

  test('a slow stream that keeps coming is not cut off: the timeout is between pieces', async () => {
    const reply =
      'Thanks for that. The flat is free from 1 March. How many people would be moving in with you?';
    server.enqueue(says(reply, 70));
    const start = engine().start(context);
    const began = performance.now();
    const turn = await engine({ timeoutMs: 900 }).reply(context, start.state, '1st March');
    expect(performance.now() - began).toBeGreaterThan(900);
    expect(turn.reply).toBe(reply);
    expect(errors).toEqual([]);
  });

  test('a stream that breaks off midway gives the guided reply, from the same state', async () => {
    server.enqueue({
      kind: 'stream',
      chunks: pieces('Lovely, so that is two of you moving in on 1 March. And what do you both do for'),
      delayMs: 20,
      failAfter: 14,
    });
    const { seen, turn } = deltas();
    const start = engine().start(context);
    const result = await engine().reply(context, start.state, '2 of us, moving 1st March', turn);
    // The tenant saw the start of the model's reply; the guided agent's reply replaces it.
    expect(seen.map((d) => d.text).join('')).toContain('Lovely, so that is two of you');
    expect(result).toEqual(await guided.reply(context, start.state, '2 of us, moving 1st March'));
    expect(errors).toHaveLength(1);
  });

  test('falls back when the model asks about a protected characteristic, never showing the question', async () => {
    server.enqueue(says('Great, thanks. Do you have any children? And what do you do for work?'));
    const { turn, text } = deltas();
    const start = engine().start(context);
    const result = await engine().reply(context, start.state, '2 of us', turn);
    expect(result.reply).not.toMatch(/children/i);
    expect(result.reply).toContain('2 people');
    expect(text()).toBe('Great, thanks.');
    expect(errors).toHaveLength(1);
  });

  test('ends with the closing sentence verbatim when the tenant confirms, streamed too', async () => {
    const confirming = await guidedState(textbookAnswers);
    expect(confirming.stage).toBe('confirming');
    server.enqueue(recordAnswers({}, true), says('Wonderful, thanks Sarah! Have a great day!'));
    const { turn, text } = deltas();
    const result = await engine().reply(context, confirming, 'Spot on, go ahead', turn);
    expect(result.reply).toBe(`Wonderful, thanks Sarah! ${CLOSING_SENTENCE}`);
    expect(text()).toBe(result.reply);
    expect(result.isComplete).toBe(true);
    expect(result.state.stage).toBe('closed');
  });

  test('never says the closing words before the tenant has confirmed', async () => {
    server.enqueue(says(`Thanks! How many people would be living there? ${CLOSING_SENTENCE}`));
    const { turn, text } = deltas();
    const start = engine().start(context);
    const result = await engine().reply(context, start.state, '1st March', turn);
    expect(result.reply).toBe('Thanks! How many people would be living there?');
    expect(result.isComplete).toBe(false);
    expect(text().trim()).toBe(result.reply);
  });

  test('the openai provider speaks the same chat-completions protocol', async () => {
    server.enqueue(recordAnswers({ moveInDate: '2026-03-01' }), says('Noted! How many people?'));
    const openai = engine({ provider: 'openai' });
    const turn = await openai.reply(context, openai.start(context).state, '1st March');
    expect(turn.reply).toBe('Noted! How many people?');
    expect(server.requests[0].path).toBe('/v1/chat/completions');
    expect(server.requests[0].body.stream).toBe(true);
  });

  test('an unreachable anthropic endpoint falls back too', async () => {
    const anthropic = engine({ provider: 'anthropic', baseUrl: server.baseUrl });
    const turn = await anthropic.reply(context, anthropic.start(context).state, '1st March');
    expect(turn.state.fields.moveIn?.date).toBe('2026-03-01');
    expect(errors).toHaveLength(1);
  });
});

describe('the model’s answers pass the same validity check as the guided parsers’', () => {
  // Each row: what a tenant types when the slot is asked, which the guided parser reads and its
  // slot's check turns down; the same value as the model would record it; one the check accepts.
  test.each<[SlotName, string, Partial<LlmFields>, Partial<LlmFields>, unknown]>([
    ['numberOfPeople', '25 of us', { numberOfPeople: 25 }, { numberOfPeople: 20 }, 20],
    ['numberOfPeople', '0', { numberOfPeople: 0 }, { numberOfPeople: 1 }, 1],
    ['numberOfPeople', '40 people', { numberOfPeople: 40 }, { numberOfPeople: 4 }, 4],
    [
      'annualIncome',
      'I earn £12,000,000 a year',
      { annualIncome: 12_000_000 },
      { annualIncome: 41_999.6 },
      42_000,
    ],
    [
      'moveIn',
      'we want to move in on 1 June 2031',
      { moveInDate: '2031-06-01' },
      { moveInDate: '2026-06-01' },
      { date: '2026-06-01', text: null },
    ],
    [
      'moveIn',
      'we want to move in on 1 June 2020',
      { moveInDate: '2020-06-01' },
      { moveInDate: '2026-06-01' },
      { date: '2026-06-01', text: null },
    ],
    ['email', 'sam@gmail', { email: 'sam@gmail' }, { email: 'Sam@Gmail.com' }, 'sam@gmail.com'],
    ['phone', '0770090', { phone: '0770090' }, { phone: '07700 900123' }, '+447700900123'],
  ])(
    '%s: "%s" is turned down by both in the same words, and a valid value is stored alike',
    async (slot, message, bad, good, stored) => {
      const asked: AgentState = { ...guided.start(context).state, asking: slot };
      const guidedTurn = await guided.reply(context, asked, message);
      expect(guidedTurn.state.fields[slot]).toBeNull();

      server.enqueue(recordAnswers(bad), says('Thanks! What else can you tell me?'));
      const { turn, text } = deltas();
      const llmTurn = await engine().reply(context, asked, message, turn);
      expect(llmTurn.state.fields[slot]).toBeNull();
      // The tenant is asked again in the guided agent's words, not the model's.
      expect(llmTurn.reply).toBe(guidedTurn.reply);
      expect(llmTurn.quickReplies).toEqual(guidedTurn.quickReplies);
      expect(llmTurn.state.asking).toBe(guidedTurn.state.asking);
      expect(text()).toBe(guidedTurn.reply);
      // The model was not asked to write on after the answer was turned down.
      expect(server.requests).toHaveLength(1);

      server.reset();
      server.enqueue(recordAnswers(good), says('Thanks! What else can you tell me?'));
      expect((await engine().reply(context, asked, 'hmm')).state.fields[slot]).toEqual(stored);
      expect(errors).toEqual([]);
    },
  );

  test.each<[SlotName, Partial<LlmFields>]>([
    ['name', { name: 'R2-D2' }],
    ['name', { name: 'Sam <script>' }],
    ['profession', { profession: 'x'.repeat(201) }],
    ['availability', { availability: ' ' }],
    ['propertyId', { propertyId: 'no-such-listing' }],
  ])('%s: %j from the model is turned down by the slot’s own check', async (slot, bad) => {
    const agency: AgentContext = { ...context, property: null };
    const state = { ...guided.start(agency).state, asking: null };
    server.enqueue(recordAnswers(bad), says('Thanks! What else can you tell me?'));
    expect((await engine().reply(agency, state, '👍')).state.fields[slot]).toBeNull();
    const value = Object.values(bad)[0] as never;
    expect(validValue(slot, value, { today: agency.today, context: agency })).toBeNull();
  });
});

describe('a person asked for, through the model', () => {
  test('the guided reading marks it and the model is told to say a person will get in touch', async () => {
    server.enqueue(
      says('Of course, a person from the team will be in touch. Meanwhile, when would you like to move in?'),
    );
    const start = engine().start(context);
    const turn = await engine().reply(context, start.state, 'can i tlk to a real person pls');
    expect(turn.state.personRequested).toBe(true);
    expect(systemOf(server.requests[0])).toContain(
      `The tenant has just asked to speak to a person: say first that a person at ${companyName} will get in touch`,
    );
    expect(turn.reply).toContain('a person from the team will be in touch');
  });

  test('a phrasing only the model understood is recorded through recordAnswers', async () => {
    const message = 'Would it be possible to have a word with one of your colleagues?';
    const start = engine().start(context);
    expect((await guided.reply(context, start.state, message)).state.personRequested).toBeUndefined();
    server.enqueue(
      callsTools({
        name: 'recordAnswers',
        arguments: { tenantConfirmed: false, personRequested: true, fields: noFields },
      }),
      says('Of course, a person at the agency will get in touch. When would you like to move in?'),
    );
    const turn = await engine().reply(context, start.state, message);
    expect(turn.state.personRequested).toBe(true);
    expect(errors).toEqual([]);
  });

  test('the provider failing still gives the guided answer and the mark', async () => {
    server.enqueue({ kind: 'error', status: 500 });
    const start = engine().start(context);
    const turn = await engine().reply(context, start.state, 'I want to speak to a human');
    expect(turn.state.personRequested).toBe(true);
    expect(turn.reply).toContain(`a person at ${companyName} will get in touch with you`);
  });
});

describe('an email address at a likely misspelt provider, with the LLM agent', () => {
  const upToEmail = ['1 march', '2', '30k', 'teacher', 'sarah jones'];

  test('an address only the model read is checked once: the model is told to ask, and a yes takes it', async () => {
    const before = await guidedState(upToEmail);
    const message = 'sarah at gmial dot com';
    expect((await guided.reply(context, before, message)).state.fields.email).toBeNull();
    server.enqueue(recordAnswers({ email: 'sarah@gmial.com' }), says('Did you mean sarah@gmail.com?'));
    const asked = await engine().reply(context, before, message);
    expect(asked.state.fields.email).toBe('sarah@gmial.com');
    // The same buttons as the guided agent's check, not the email question's.
    expect(asked.quickReplies).toEqual(['Yes', "No, it's right"]);
    expect(toolResults(server.requests.at(-1)!)).toEqual([
      expect.objectContaining({ nextStep: expect.stringContaining('"Did you mean sarah@gmail.com?"') }),
    ]);

    server.enqueue(recordAnswers(), says("Thanks! And what's your phone number?"));
    const turn = await engine().reply(context, asked.state, 'yes');
    expect(turn.state.fields.email).toBe('sarah@gmail.com');
    expect(turn.quickReplies).not.toContain('Yes');
    expect(systemOf(server.requests.at(-1)!)).not.toContain('Did you mean');
    expect(errors).toEqual([]);
  });

  test('an address the guided parser read is checked too: the model is told to ask', async () => {
    const before = await guidedState(upToEmail);
    server.enqueue(says('Did you mean sarah@hotmail.co.uk?'));
    const asked = await engine().reply(context, before, 'sarah@hotmial.co.uk');
    expect(asked.reply).toBe('Did you mean sarah@hotmail.co.uk?');
    expect(asked.quickReplies).toEqual(['Yes', "No, it's right"]);
    expect(systemOf(server.requests.at(-1)!)).toContain('"Did you mean sarah@hotmail.co.uk?"');
    server.enqueue(recordAnswers(), says("Noted. What's your phone number?"));
    const kept = await engine().reply(context, asked.state, "no, it's right");
    expect(kept.state.fields.email).toBe('sarah@hotmial.co.uk');
  });
});
