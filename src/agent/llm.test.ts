import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { allProperties, companyName, elm } from '#tests/corpus/fixtures.ts';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server.ts';
import { createGuidedEngine } from './dialogue.ts';
import { createLlmEngine, type LlmEngineOptions } from './llm.ts';
import type { LlmFields } from './slots/index.ts';
import { type AgentContext, type AgentState, CLOSING_SENTENCE } from './types.ts';

const context: AgentContext = { companyName, property: elm, properties: allProperties, today: '2026-02-10' };

const noFields: LlmFields = {
  propertyId: null,
  moveInDate: null,
  moveInText: null,
  numberOfPeople: null,
  annualIncome: null,
  profession: null,
  name: null,
  email: null,
  phone: null,
  availability: null,
};

function llmTurn(reply: string, fields: Partial<LlmFields> = {}, tenantConfirmed = false) {
  return { reply, tenantConfirmed, fields: { ...noFields, ...fields } };
}

let server: FakeOpenAiServer;
let errors: unknown[];

beforeAll(async () => {
  server = await startFakeOpenAi();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  errors = [];
  server.requests.length = 0;
});

function engine(overrides: Partial<LlmEngineOptions> = {}) {
  return createLlmEngine({
    provider: 'openai-compatible',
    baseUrl: server.baseUrl,
    apiKey: 'test-key',
    model: 'fake-model',
    timeoutMs: 2000,
    fallback: createGuidedEngine(),
    onFallback: (error) => errors.push(error),
    ...overrides,
  });
}

const guided = createGuidedEngine();

async function guidedState(messages: string[]): Promise<AgentState> {
  let state = guided.start(context).state;
  for (const message of messages) state = (await guided.reply(context, state, message)).state;
  return state;
}

describe('the LLM agent', () => {
  test("says the model's reply and keeps answers only the model understood", async () => {
    server.enqueue({
      kind: 'reply',
      content: llmTurn('Lovely, Dee! When would you like to move in?', { name: 'Dee' }),
    });
    const start = engine().start(context);
    const message = 'Hello! Everyone calls me Dee.';
    expect((await guided.reply(context, start.state, message)).state.fields.name).toBeNull();
    const turn = await engine().reply(context, start.state, message);
    expect(turn.reply).toBe('Lovely, Dee! When would you like to move in?');
    expect(turn.state.fields.name).toBe('Dee');
    expect(turn.quickReplies).toEqual(['ASAP', 'Within a month', 'Pick a date']);
    expect(errors).toEqual([]);
  });

  test('keeps a move-in only the model understood, never a date it cannot mean, and tells it what is known', async () => {
    const start = engine().start(context);
    const message = '2 of us, once my notice at work is served';
    expect((await guided.reply(context, start.state, message)).state.fields.moveIn).toBeNull();

    server.enqueue({
      kind: 'reply',
      content: llmTurn('Noted! How many people?', { moveInDate: '2031-06-01' }),
    });
    expect((await engine().reply(context, start.state, message)).state.fields.moveIn).toBeNull();

    server.enqueue({
      kind: 'reply',
      content: llmTurn('Noted! How many people?', { moveInText: 'once my notice is served' }),
    });
    const turn = await engine().reply(context, start.state, message);
    expect(turn.state.fields.moveIn).toEqual({ date: null, text: 'once my notice is served' });

    server.enqueue({ kind: 'reply', content: llmTurn('And what do you do for work?') });
    await engine().reply(context, turn.state, '£40k');
    const system = String(server.requests.at(-1)?.body.messages?.find((m) => m.role === 'system')?.content);
    expect(system).toContain('moveIn: {"date":null,"text":"once my notice is served"}');
  });

  test('sends the company, the listing facts, the rules and the model to the provider', async () => {
    server.enqueue({ kind: 'reply', content: llmTurn('Thanks! How many people would be moving in?') });
    const start = engine().start(context);
    await engine().reply(context, start.state, '1st March');
    const request = server.requests[0];
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer test-key');
    expect(request.body.model).toBe('fake-model');
    const system = String(request.body.messages?.find((m) => m.role === 'system')?.content);
    expect(system).toContain(companyName);
    expect(system).toContain('27 Elm Road');
    expect(system).toContain('£1,250 pcm');
    expect(system).toContain('Never invent');
    expect(system).toMatch(/never ask about age, children/i);
    expect(system).toContain('Ask next for: number of people');
    expect(request.body.messages?.at(-1)).toMatchObject({ role: 'user', content: '1st March' });
  });

  test('keeps what the guided parsers read when the model disagrees, and drops an invalid phone', async () => {
    server.enqueue({
      kind: 'reply',
      content: llmTurn('Thanks! How many people?', { moveInDate: '2026-07-01', phone: '12345' }),
    });
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

  test('falls back when the model returns something that is not the expected JSON', async () => {
    server.enqueue({ kind: 'reply', content: 'Sure! When would you like to move in?' });
    const start = engine().start(context);
    const turn = await engine().reply(context, start.state, 'hello');
    expect(turn.reply).toContain('When');
    expect(errors).toHaveLength(1);
  });

  test('falls back when the model asks about a protected characteristic', async () => {
    server.enqueue({ kind: 'reply', content: llmTurn('Great. Do you have any children?') });
    const start = engine().start(context);
    const turn = await engine().reply(context, start.state, '2 of us');
    expect(turn.reply).not.toMatch(/children/i);
    expect(turn.reply).toContain('2 people');
  });

  test('ends with the closing sentence verbatim when the tenant confirms', async () => {
    const confirming = await guidedState([
      '1st March',
      '2',
      '£45k',
      'Nurse',
      'Holly White',
      'holly.white@gmail.com 07700 900420',
      'Weekends',
    ]);
    expect(confirming.stage).toBe('confirming');
    server.enqueue({ kind: 'reply', content: llmTurn('Wonderful, thanks Holly!', {}, true) });
    const turn = await engine().reply(context, confirming, "Yes, that's right");
    expect(turn.reply.endsWith(CLOSING_SENTENCE)).toBe(true);
    expect(turn.isComplete).toBe(true);
    expect(turn.state.stage).toBe('closed');
  });

  test('never says the closing words before the tenant has confirmed', async () => {
    server.enqueue({
      kind: 'reply',
      content: llmTurn(`Thanks! How many people would be living there? ${CLOSING_SENTENCE}`),
    });
    const start = engine().start(context);
    const turn = await engine().reply(context, start.state, '1st March');
    expect(turn.reply).toBe('Thanks! How many people would be living there?');
    expect(turn.isComplete).toBe(false);
  });

  test('the openai provider speaks the same chat-completions protocol', async () => {
    server.enqueue({ kind: 'reply', content: llmTurn('Noted! How many people?') });
    const openai = engine({ provider: 'openai' });
    const turn = await openai.reply(context, openai.start(context).state, '1st March');
    expect(turn.reply).toBe('Noted! How many people?');
    expect(server.requests[0].path).toBe('/v1/chat/completions');
  });

  test('an unreachable anthropic endpoint falls back too', async () => {
    const anthropic = engine({ provider: 'anthropic', baseUrl: server.baseUrl });
    const turn = await anthropic.reply(context, anthropic.start(context).state, '1st March');
    expect(turn.state.fields.moveIn?.date).toBe('2026-03-01');
    expect(errors).toHaveLength(1);
  });
});
