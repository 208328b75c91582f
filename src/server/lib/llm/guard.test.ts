import { describe, expect, test } from 'vitest';
import { CLOSING_SENTENCE } from '#agent/types.ts';
import { pieces } from '#tests/fakes/openai-server.ts';
import { testReturns } from '#tests/helpers/tables.ts';
import { createReplyGuard } from './guard.ts';

/** What the tenant sees of `text` written word by word, and how many pieces it came in. */
function shown(text: string) {
  const seen: string[] = [];
  const guard = createReplyGuard((delta) => seen.push(delta));
  for (const piece of pieces(text)) guard.push(piece);
  guard.finish();
  return { text: seen.join(''), count: seen.length };
}

describe('the reply guard', () => {
  test('passes an ordinary reply on word by word, all of it', () => {
    const reply = 'Lovely, so that is two of you moving in on 1 March. What do you both do for work?';
    const { text, count } = shown(reply);
    expect(text).toBe(reply);
    expect(count).toBeGreaterThan(10);
  });

  testReturns('stops before a question about a protected characteristic: %j', (reply) => shown(reply).text, [
    ['Great, thanks. Do you have any children? What do you do?', 'Great, thanks.'],
    ['Noted. How old are you both?', 'Noted.'],
    ['Thanks! And what is your nationality?', 'Thanks!'],
  ]);

  testReturns('never shows the closing words: %j', (reply) => shown(reply).text, [
    [`How many people would be moving in? ${CLOSING_SENTENCE}`, 'How many people would be moving in?'],
    ['Noted, Holly. Have a great day!', 'Noted, Holly.'],
  ]);

  test.each([
    'Families with children are very welcome to apply, and it never affects how an application is considered.',
    "Thank you! We will pass that on to the team. What's your name?",
  ])('shows a sentence it held once it proves harmless: %j', (reply) => {
    expect(shown(reply).text).toBe(reply);
  });
});
