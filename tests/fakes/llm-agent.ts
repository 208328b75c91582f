import { afterAll, beforeEach, expect } from 'vitest';
import { createGuidedEngine } from '#agent/dialogue.ts';
import { type LlmFields, llmFieldShape } from '#agent/slots/index.ts';
import type { AgentContext, TurnOptions } from '#agent/types.ts';
import { createLlmEngine, type LlmEngineOptions } from '#server/lib/llm/llm.ts';
import { propertyLink } from '#tests/corpus/chat.ts';
import { elm } from '#tests/corpus/fixtures.ts';
import { startFakeAnthropic } from '#tests/fakes/anthropic-server.ts';
import { type FakeToolCall, pieces, startFakeOpenAi } from '#tests/fakes/openai-server.ts';

/*
 * What the LLM agent's tests share, whichever provider's stand-in they talk to
 * (tests/fakes/openai-server.ts, tests/fakes/anthropic-server.ts): the listing the tenant writes
 * about, the model's moves (calling tools, writing text) and the engine pointed at the stand-in.
 */

export const context: AgentContext = propertyLink(elm);

/** Every field the model may return, none known yet (the registry's fields, in slot order). */
export const noFields = Object.fromEntries(
  Object.keys(llmFieldShape()).map((field) => [field, null]),
) as LlmFields;

/** The model calls these tools in one message. */
export function callsTools(...calls: FakeToolCall[]) {
  return { kind: 'tool-calls' as const, calls };
}

/** The model records answers through the recordAnswers tool. */
export function recordAnswers(fields: Partial<LlmFields> = {}, tenantConfirmed = false) {
  return callsTools({
    name: 'recordAnswers',
    arguments: { tenantConfirmed, fields: { ...noFields, ...fields } },
  });
}

/** The model writes this text, streamed piece by piece `delayMs` apart. */
export function says(text: string, delayMs = 0) {
  return { kind: 'stream' as const, chunks: pieces(text), delayMs };
}

/** Collects the pieces passed to onDelta, with when each arrived. */
export function deltas() {
  const seen: Array<{ text: string; at: number }> = [];
  const turn: TurnOptions = { onDelta: (text) => seen.push({ text, at: performance.now() }) };
  return { seen, turn, text: () => seen.map((d) => d.text).join('') };
}

/** Each provider's stand-in, and the key and model the engine is given for it. */
const standIns = {
  'openai-compatible': { start: startFakeOpenAi, apiKey: 'test-key', model: 'fake-model' },
  anthropic: { start: startFakeAnthropic, apiKey: 'test-anthropic-key', model: 'claude-fake' },
};

/**
 * Starts a provider's stand-in for the test file, emptied before each test and closed after the
 * file. `engine` is the LLM agent talking to it, the guided agent answering when it fails;
 * `errors` holds what made it fall back in the current test.
 */
export async function startFakeProvider<Provider extends keyof typeof standIns>(provider: Provider) {
  const { start, apiKey, model } = standIns[provider];
  const server = (await start()) as Awaited<ReturnType<(typeof standIns)[Provider]['start']>>;
  const errors: unknown[] = [];
  afterAll(() => server.close());
  beforeEach(() => {
    errors.length = 0;
    server.reset();
  });
  const engine = (overrides: Partial<LlmEngineOptions> = {}) =>
    createLlmEngine({
      provider,
      apiKey,
      model,
      baseUrl: server.baseUrl,
      timeoutMs: 2000,
      fallback: createGuidedEngine(),
      onFallback: (error) => errors.push(error),
      ...overrides,
    });
  return { server, errors, engine };
}

type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;

/**
 * A long reply written 60 ms a piece reaches onDelta word by word over time, not all at once at
 * the end, and the turn returns it whole.
 */
export async function expectStreamedPieceByPiece({ server, errors, engine }: FakeProvider) {
  const reply =
    'Lovely, thanks! March works well, as the flat is free from 1 March. How many people would be moving in?';
  server.enqueue(says(reply, 60));
  const { seen, turn, text } = deltas();
  const llm = engine();
  const result = await llm.reply(context, llm.start(context).state, '1st March', turn);
  expect(errors).toEqual([]);
  expect(result.reply).toBe(reply);
  expect(text().trim()).toBe(reply);
  expect(seen.length).toBeGreaterThanOrEqual(8);
  expect(seen.at(-1)!.at - seen[0]!.at).toBeGreaterThan(300);
}
