import type { Reading } from '../reading.ts';
import { editDistance, normalise } from '../text.ts';
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

/**
 * The providers most tenants here write from, and real domains one slip away from them ("mail.com",
 * "live.com"), which are never taken for a slip.
 */
const COMMON_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'outlook.com',
  'live.com',
  'live.co.uk',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'btinternet.com',
  'sky.com',
  'aol.com',
  'aol.co.uk',
  'virginmedia.com',
  'ntlworld.com',
  'talktalk.net',
  'mail.com',
  'gmx.com',
  'gmx.co.uk',
  'protonmail.com',
  'protonmail.ch',
  'proton.me',
  'pm.me',
  'email.com',
];

/** Providers with a single domain: the same name at another ending ("gmail.co.uk") is a slip. */
const SINGLE_DOMAIN = new Map(
  COMMON_DOMAINS.map((domain) => domain.split('.')[0])
    .filter((name, i, names) => names.indexOf(name) === i && names.lastIndexOf(name) === i)
    .map((name) => [name, COMMON_DOMAINS.find((domain) => domain.startsWith(`${name}.`)) as string]),
);

/**
 * The address the tenant most likely meant when its domain is one slip (a letter missing, extra,
 * wrong or two swapped) from a common provider's and from no other, or a single-domain provider's
 * name at another ending: "sarah@gmial.com" → "sarah@gmail.com". A ".co" cut short is the
 * provider's UK domain where it has one ("hotmail.co" → "hotmail.co.uk", as yahoo, live, aol and
 * gmx), else its only one ("gmail.co" → "gmail.com"; outlook and btinternet give no .co.uk
 * addresses). Null for a common provider's own domain and any other domain (a company's, a
 * university's), which are taken as typed.
 */
export function likelyMeantEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const domain = email.slice(at + 1).toLowerCase();
  if (COMMON_DOMAINS.includes(domain)) return null;
  // One letter from "hotmail.com" too, but a tenant here who stops at ".co" was typing ".co.uk".
  if (domain.endsWith('.co') && COMMON_DOMAINS.includes(`${domain}.uk`))
    return `${email.slice(0, at)}@${domain}.uk`;
  const close = COMMON_DOMAINS.filter((known) => editDistance(domain, known) === 1);
  const meant = close.length === 1 ? close[0] : SINGLE_DOMAIN.get(domain.split('.')[0]);
  return meant ? `${email.slice(0, at)}@${meant}` : null;
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
  why: 'I ask so the team can send you the details and get back to you.',
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
