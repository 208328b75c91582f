import { normalise } from '../text.ts';
import { nullableText, type SlotSpec, summaryLine } from './spec.ts';

/** An email address anywhere in a text. */
export const EMAIL = /[a-z0-9._%+'-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;

export function parseEmail(text: string): { email: string | null; isInvalid: boolean } {
  // Without an "@" there is nothing to find, and the pattern is slow on long runs of letters.
  if (!text.includes('@')) return { email: null, isInvalid: false };
  const matches = normalise(text).match(EMAIL);
  if (matches)
    return { email: matches[matches.length - 1].toLowerCase().replace(/^[.'-]+/, ''), isInvalid: false };
  return { email: null, isInvalid: /\S+@\S*/.test(text) };
}

/** The email address, lower case; asked together with the phone while both are missing. */
export const emailSlot = {
  label: 'email address',
  words: /\b(e-?mail|email address)\b/i,
  cue: /\be-?mail/,
  questions: ({ isMissing }) =>
    isMissing('phone')
      ? [
          "What's the best email address and phone number for the team to reach you on?",
          'Which email address and phone number should the team use to contact you?',
        ]
      : ["What's your email address?", 'Which email address should the team use?'],
  describe: ({ email }, _today, updated) =>
    email ? (updated.includes('phone') ? 'your email address and phone number' : 'your email address') : null,
  summaryLine: ({ email }) => summaryLine('Email', email),
  lead: ({ email }) => ({ email: email?.toLowerCase() ?? null }),
  llm: { email: nullableText },
  valid: (email) => parseEmail(email).email,
} satisfies SlotSpec<'email'>;
