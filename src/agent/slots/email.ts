import type { Reading } from '../reading.ts';
import { normalise } from '../text.ts';
import { nullableText, type SlotSpec, summaryLine, textDisplay } from './spec.ts';

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

/**
 * What carries digits but is never an amount, a count or a date: an email address (whole, half
 * typed, or spelt "sam.1990 at gmail dot com"), a handle, a web address. Taken out of the text
 * before numbers are read, so "sam1990@gmail.com" gives no income and "flat45.co.uk" no people.
 */
const NOT_NUMBERS: readonly RegExp[] = [
  EMAIL,
  /[^\s@]*@[^\s@]*/g,
  /[\w.+'-]*[\d._][\w.+'-]*\s+(?:at|\(at\)|\[at\])\s+[a-z0-9-]+(?:\s*(?:\.|\bdot\b)\s*[a-z0-9-]+)*\s*(?:\.|\bdot\b)\s*[a-z]{2,}\b/gi,
];
const WEB_ADDRESS =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|co\.uk|org\.uk|uk|org|net|io|me|info|biz)\b(?:\/\S*)?/gi;

/** The text without emails, handles and web addresses with digits in them (see `NOT_NUMBERS`). */
export function withoutAddresses(text: string): string {
  let out = text;
  for (const re of NOT_NUMBERS) out = out.replace(re, ' ');
  return out.replace(WEB_ADDRESS, (address) => (/\d/.test(address) ? ' ' : address));
}

/** Anywhere in the message, its questions included: an address cannot be anything else. */
function readEmail(r: Reading): void {
  const { text, asking, result } = r;
  const email = parseEmail(text);
  if (email.email) result.updates.email = email.email;
  else if (email.isInvalid && (asking === 'email' || /\bemail\b/i.test(text))) result.invalid.push('email');
}

const display = textDisplay('email', { label: 'Email' });

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
  summaryLine: ({ email }) => summaryLine(display.label, email),
  lead: ({ email }) => ({ email: email?.toLowerCase() ?? null }),
  llm: { email: nullableText },
  valid: (email) => parseEmail(email).email,
  parse: { read: readEmail },
  display,
} satisfies SlotSpec<'email'>;
