import { describe, expect, test } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import { conversationMessages, estimateTokens, type HistoryMessage } from './history.ts';

const turn = (role: HistoryMessage['role'], tag: string): HistoryMessage => ({
  role,
  content: `${tag} ${'word '.repeat(20)}`.trim(),
});

/** The first word of each message sent, with its role: "user:first". */
const outline = (messages: ReturnType<typeof conversationMessages>) =>
  messages.map((m) => `${m.role}:${m.content.replace(/^\(.*?\) /, '').split(/[ \n]/)[0]}`);

const send = (history: HistoryMessage[], budget = 10_000) =>
  conversationMessages({ history, message: 'ASAP', companyName: 'Elm Lettings', budget, systemTokens: 500 });

describe('estimateTokens', () => {
  testReturns('%j is about %i tokens', estimateTokens, [
    ['', 4],
    ['Hi', 5],
    ['2 of us, both nurses, £58k together', 13],
    ['x'.repeat(400), 104],
  ]);
});

describe('conversationMessages', () => {
  const history = [
    turn('assistant', 'greeting'),
    turn('tenant', 'first'),
    turn('assistant', 'second'),
    turn('tenant', 'third'),
    turn('agent', 'fourth'),
    turn('tenant', 'fifth'),
    turn('assistant', 'sixth'),
  ];
  const cost = estimateTokens(history[1].content);

  test('keeps everything that fits, oldest first, from the tenant’s first message, then the new one', () => {
    const messages = send(history);
    expect(outline(messages)).toEqual([
      'user:first',
      'assistant:second',
      'user:third',
      'assistant:fourth',
      'user:fifth',
      'assistant:sixth',
      'user:ASAP',
    ]);
    // A person from the agency wrote this one: the model reads it as the agency's, and whose it was.
    expect(messages[3].content).toMatch(/^\(A member of the Elm Lettings team wrote:\) fourth/);
  });

  test.each([
    [4, ['user:third', 'assistant:fourth', 'user:fifth', 'assistant:sixth', 'user:ASAP']],
    // The newest three start with the assistant: the conversation sent starts with the tenant.
    [3, ['user:fifth', 'assistant:sixth', 'user:ASAP']],
    [1, ['user:ASAP']],
    [0, ['user:ASAP']],
  ])('with room for %i turns keeps the newest: %j', (room, expected) => {
    const budget = 500 + estimateTokens('ASAP') + room * cost + (cost - 1);
    expect(outline(send(history, budget))).toEqual(expected);
  });

  test('joins messages of one side in a row, as some providers refuse them', () => {
    const messages = send([
      turn('tenant', 'first'),
      turn('assistant', 'second'),
      turn('agent', 'third'),
      turn('tenant', 'fourth'),
    ]);
    expect(outline(messages)).toEqual(['user:first', 'assistant:second', 'user:fourth']);
    expect(messages[1].content).toContain('\n\n(A member of the Elm Lettings team wrote:) third');
    expect(messages[2].content).toMatch(/^fourth .*\n\nASAP$/s);
  });

  test('instructions larger than the budget still leave the new message', () => {
    expect(
      conversationMessages({ history, message: 'ASAP', companyName: 'x', budget: 1000, systemTokens: 5000 }),
    ).toEqual([{ role: 'user', content: 'ASAP' }]);
  });
});
