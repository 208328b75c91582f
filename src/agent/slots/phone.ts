import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { formatUkPhone } from '#shared/format/phone.ts';
import type { Reading } from '../reading.ts';
import { EMAIL } from './email.ts';
import { nullableText, type SlotDisplay, type SlotSpec, summaryLine } from './spec.ts';

const PHONE_CANDIDATE = /(?:\+|\b00)\s*\d[\d\s().-]{7,}\d|\b0\d[\d\s().-]{7,}\d/g;

/**
 * A message is read for phone numbers several times over (the whole text, its statements, the
 * words beside a contact detail): the few candidates seen last are remembered, as
 * libphonenumber's validation is the dearest step of a turn.
 */
const recentNumbers = new Map<string, string | null>();

function toE164(candidate: string): string | null {
  const known = recentNumbers.get(candidate);
  if (known !== undefined) return known;
  const number = readE164(candidate);
  if (recentNumbers.size >= 16) recentNumbers.delete(recentNumbers.keys().next().value!);
  recentNumbers.set(candidate, number);
  return number;
}

/**
 * A UK mobile or geographic number ("07700 900123", "+44 (0)118 496 0000") is taken as it is
 * typed; see the drama-range note below. Read without libphonenumber, whose parse and
 * validation cost a fraction of a millisecond each: the same answer, found at once.
 */
const UK_NATIONAL = /^(?:7\d{9}|[1-3]\d{8,9})$/;

function readE164(candidate: string): string | null {
  const cleaned = candidate.replace(/\(0\)/g, '').replace(/^00/, '+');
  const digits = cleaned.replace(/[\s().-]/g, '');
  const national = digits.startsWith('+44')
    ? digits.slice(3)
    : /^0[1-37]/.test(digits)
      ? digits.slice(1)
      : null;
  if (national !== null && UK_NATIONAL.test(national)) return `+44${national}`;
  const phone = parsePhoneNumberFromString(cleaned, 'GB');
  if (!phone) return null;
  if (phone.isValid()) return phone.number;
  // Ofcom's drama ranges (07700 900xxx, 0118 496 0xxx…) are real-looking UK numbers that
  // libphonenumber calls invalid; a tenant typing one means it, and tests use them.
  if (phone.countryCallingCode === '44' && UK_NATIONAL.test(phone.nationalNumber)) return phone.number;
  return null;
}

export type PhoneResult = { phone: string | null; isInvalid: boolean; spans: Array<[number, number]> };

/** UK numbers in any common form ("07700 900123", "+44 (0)7700 900 123", "07700-900-123") → E.164. */
export function parsePhone(text: string): PhoneResult {
  const result: PhoneResult = { phone: null, isInvalid: false, spans: [] };
  for (const m of text.matchAll(PHONE_CANDIDATE)) {
    const groups = m[0].split(/\s+/);
    let found: string | null = null;
    // A candidate can run into a following number ("07700 900123 2 of us"): try shorter prefixes.
    for (let n = groups.length; n > 0 && !found; n--) {
      const prefix = groups.slice(0, n).join(' ');
      found = toE164(prefix);
      if (found) result.spans.push([m.index, m.index + prefix.length]);
    }
    if (found) result.phone = found;
    else if (m[0].replace(/\D/g, '').length >= 9) {
      result.isInvalid = true;
      result.spans.push([m.index, m.index + m[0].length]);
    }
  }
  if (result.phone) result.isInvalid = false;
  return result;
}

/** Anywhere in the message, its questions included, once the email address is out of the way. */
function readPhone(r: Reading): void {
  const { text, result } = r;
  const phone = parsePhone(text.replace(EMAIL, ' '));
  if (phone.phone) result.updates.phone = phone.phone;
  else if (phone.isInvalid) result.invalid.push('phone');
}

/** Shown in UK layout; the CSV's column is "Contact". */
const display = {
  label: 'Phone',
  longLabel: 'Phone',
  text: (lead) => (lead.contactNumber ? formatUkPhone(lead.contactNumber) : null),
  csv: [
    { header: 'Contact', value: (lead) => (lead.contactNumber ? formatUkPhone(lead.contactNumber) : null) },
  ],
} satisfies SlotDisplay;

/** A phone number, stored in E.164 and shown in UK layout. */
export const phoneSlot = {
  label: 'phone number',
  words: /\b(phone|number|mobile|landline)\b/i,
  cue: /\bphone|mobile|number to reach/,
  why: 'I ask so the team can reach you quickly about a viewing.',
  questions: ["And what's the best phone number to reach you on?", 'Which phone number is best for you?'],
  shortQuestions: ['And the best number to reach you on?', 'So, which phone number suits you best?'],
  // Given with the email, the email's phrase names both.
  describe: ({ phone }, _today, updated) =>
    phone && !updated.includes('email') ? 'your phone number' : null,
  summaryLine: ({ phone }) => summaryLine(display.label, phone ? formatUkPhone(phone) : null),
  lead: ({ phone }) => ({ contactNumber: phone }),
  llm: { phone: nullableText },
  valid: (phone) => parsePhone(phone).phone,
  parse: { read: readPhone },
  display,
} satisfies SlotSpec<'phone'>;
