import { describe, expect, test } from 'vitest';
import type { AgentContext, TurnOptions } from '#agent/types.ts';
import { companyName, willow } from '#tests/corpus/fixtures.ts';
import {
  callsTools,
  context,
  deltas,
  expectStreamedPieceByPiece,
  recordAnswers,
  says,
  startFakeProvider,
} from '#tests/fakes/llm-agent.ts';
import { pieces, toolResults } from '#tests/fakes/openai-server.ts';

/**
 * The LLM agent with AI_PROVIDER=anthropic, against a stand-in speaking Anthropic's Messages API
 * (tests/fakes/anthropic-server.ts): streamed text arriving piece by piece, tools called and their
 * results sent back as `tool_result` blocks, and the guided agent answering when the provider
 * fails, is overloaded or breaks off mid-stream.
 */

const provider = await startFakeProvider('anthropic');
const { server, errors, engine } = provider;

describe('the LLM agent on Anthropic', () => {
  test('streams the reply piece by piece as the provider writes it, and returns it whole', async () => {
    await expectStreamedPieceByPiece(provider);
  });

  test('sends what the Messages API takes: key, version, a top-level system prompt, the tools', async () => {
    server.enqueue(says('Thanks! How many people would be moving in?'));
    const llm = engine();
    const history: TurnOptions['history'] = [
      { role: 'assistant', content: llm.start(context).reply },
      { role: 'tenant', content: 'Is it still available?' },
      { role: 'assistant', content: 'Yes, from 1 March. When would you like to move in?' },
    ];
    await llm.reply(context, llm.start(context).state, '1st March', { history });
    expect(errors).toEqual([]);
    const [request] = server.requests;
    expect(request!.path).toBe('/v1/messages');
    expect(request!.headers['x-api-key']).toBe('test-anthropic-key');
    expect(request!.anthropic).toMatchObject({ model: 'claude-fake', stream: true });
    const system = JSON.stringify(request!.anthropic.system);
    expect(system).toContain(companyName);
    expect(system).toContain('27 Elm Road');
    expect(system).toContain('Ask next for: number of people');
    // No system role among the messages: Anthropic refuses one there.
    expect(request!.anthropic.messages?.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(request!.anthropic.tools?.map((tool) => tool.name).sort()).toEqual([
      'listingFact',
      'recordAnswers',
    ]);
    expect(request!.anthropic.tools?.every((tool) => typeof tool.input_schema === 'object')).toBe(true);
  });

  test('records answers through the recordAnswers tool, whose result goes back as a tool_result', async () => {
    server.enqueue(recordAnswers({ name: 'Dee' }), says('Lovely, Dee! When would you like to move in?'));
    const llm = engine();
    const turn = await llm.reply(context, llm.start(context).state, 'Hello! Everyone calls me Dee.');
    expect(errors).toEqual([]);
    expect(turn.reply).toBe('Lovely, Dee! When would you like to move in?');
    expect(turn.state.fields.name).toBe('Dee');
    // The second request carries the assistant's tool_use and the user's tool_result for it.
    const [, second] = server.requests;
    const blocks = second!.anthropic
      .messages!.slice(-2)
      .flatMap((m) => (typeof m.content === 'string' ? [] : m.content));
    const use = blocks.find((block) => block.type === 'tool_use');
    const result = blocks.find((block) => block.type === 'tool_result');
    expect(use).toMatchObject({ name: 'recordAnswers' });
    expect(result).toMatchObject({ tool_use_id: (use as { id: string }).id });
    expect(toolResults(second!)).toEqual([
      expect.objectContaining({ known: 'name: Dee', nextStep: 'Ask next for: move-in date.' }),
    ]);
  });

  test('answers from the listing through several listingFact calls in one message', async () => {
    const cottage: AgentContext = { ...context, property: willow };
    server.enqueue(
      callsTools(
        { name: 'listingFact', arguments: { fact: 'deposit' } },
        { name: 'listingFact', arguments: { fact: 'feature', feature: 'garden' } },
      ),
      (request) => {
        const [deposit, garden] = toolResults(request) as Array<{ answer: string }>;
        return says(`The deposit is ${deposit!.answer}. ${garden!.answer}`);
      },
    );
    const llm = engine();
    const turn = await llm.reply(
      cottage,
      llm.start(cottage).state,
      'How much is the deposit? Is there a garden?',
    );
    expect(errors).toEqual([]);
    expect(turn.reply).toBe('The deposit is £1,615. Yes: the listing includes garden.');
  });

  test('the guided agent answers when Anthropic is overloaded (529) or refuses the request', async () => {
    for (const failure of [
      { kind: 'error' as const, status: 529, message: 'Overloaded' },
      { kind: 'error' as const, status: 400, message: 'Bad request' },
    ]) {
      errors.length = 0;
      server.enqueue(failure);
      const llm = engine();
      const turn = await llm.reply(context, llm.start(context).state, '1st March');
      expect(turn.state.fields.moveIn?.date).toBe('2026-03-01');
      expect(turn.reply).toMatch(/how many people/i);
      expect(errors).toHaveLength(1);
    }
  });

  test('the guided agent finishes the turn when the stream breaks off midway', async () => {
    server.enqueue({
      kind: 'stream',
      chunks: pieces('Lovely, thanks! And how many people will'),
      failAfter: 3,
    });
    const { turn, text } = deltas();
    const llm = engine();
    const result = await llm.reply(context, llm.start(context).state, '1st March', turn);
    expect(errors).toHaveLength(1);
    expect(result.state.fields.moveIn?.date).toBe('2026-03-01');
    expect(result.reply).toMatch(/how many people/i);
    // What the page was shown before the break is not left as the answer.
    expect(text()).not.toBe(result.reply);
  });
});
