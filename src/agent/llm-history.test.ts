import { describe, expect, test } from 'vitest';
import { conversationMessages, estimateTokens, type HistoryMessage } from './llm-history.ts';

const turn = (role: HistoryMessage['role'], words: number, tag: string): HistoryMessage => ({
  role,
  content: `${tag} ${'word '.repeat(words)}`.trim(),
});

describe('estimateTokens', () => {
  test.each([
    ['', 4],
    ['Hi', 5],
    ['2 of us, both nurses, £58k together', 13],
    ['x'.repeat(400), 104],
  ])('%j is about %i tokens', (text, tokens) => {
    expect(estimateTokens(text)).toBe(tokens);
  });
});

describe('conversationMessages', () => {
  const history = [
    turn('assistant', 20, 'greeting'),
    turn('tenant', 20, 'first'),
    turn('assistant', 20, 'second'),
    turn('agent', 20, 'third'),
    turn('tenant', 20, 'fourth'),
  ];
  const cost = estimateTokens(history[1].content);

  test('keeps everything that fits, oldest first, then the new message', () => {
    const messages = conversationMessages({
      history,
      message: 'ASAP',
      companyName: 'Elm Lettings',
      budget: 10_000,
      systemTokens: 500,
    });
    expect(messages.map((m) => m.role)).toEqual([
      'assistant',
      'user',
      'assistant',
      'assistant',
      'user',
      'user',
    ]);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'ASAP' });
    // A person from the agency wrote this one: the model reads it as the agency's, and whose it was.
    expect(messages[3].content).toMatch(/^\(A member of the Elm Lettings team wrote:\) third/);
  });

  test.each([
    [3, ['second', 'third', 'fourth']],
    [1, ['fourth']],
    [0, []],
  ])('with room for %i turns keeps the newest: %j', (room, kept) => {
    const messages = conversationMessages({
      history,
      message: 'ASAP',
      companyName: 'Elm Lettings',
      budget: 500 + estimateTokens('ASAP') + room * cost + (cost - 1),
      systemTokens: 500,
    });
    expect(
      messages.slice(0, -1).map(
        (m) =>
          String(m.content)
            .replace(/^\(.*?\) /, '')
            .split(' ')[0],
      ),
    ).toEqual(kept);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'ASAP' });
  });

  test('instructions larger than the budget still leave the new message', () => {
    const messages = conversationMessages({
      history,
      message: 'ASAP',
      companyName: 'Elm Lettings',
      budget: 1000,
      systemTokens: 5000,
    });
    expect(messages).toEqual([{ role: 'user', content: 'ASAP' }]);
  });
});
