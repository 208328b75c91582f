/**
 * The formatting module: how the product writes and reads dates, money, phone numbers, months and
 * number words, in British English on London time. Agent, server and web all import it from here;
 * each part lives in its own file so a page loads only what it uses. The phone layout
 * (`formatUkPhone`, with libphonenumber) is imported from './format/phone.ts' itself, not through
 * this module, so that the dashboard can fetch it after its first screen (#web/lib/uk-phone.ts).
 *
 * Dates shown as '5 Jan 2025' or '5 Jan, 15:07'; dd/mm/yyyy read and written by `#shared/dates.ts`.
 */

import { MONTH_ABBREVIATIONS as MONTHS } from './format/words.ts';

export { autoSlash, formatUkDate, isInvalidUkDate, parseUkDate, UK_DATE_MAX_LENGTH } from './dates.ts';
export { formatMoney } from './format/money.ts';
export {
  MONTH_ABBREVIATIONS,
  MONTH_NAMES,
  monthNumber,
  NUMBER_WORDS,
  numberFromWord,
} from './format/words.ts';

const londonWallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

// Intl is slow (several µs a call) and a dashboard formats thousands of dates; London's offset
// only changes on the hour, so it is cached per UTC hour.
const offsetByHour = new Map<number, number>();
const HOUR_MS = 3_600_000;

function londonOffsetMs(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  const cached = offsetByHour.get(hour);
  if (cached !== undefined) return cached;
  const parts: Record<string, number> = {};
  for (const part of londonWallClock.formatToParts(new Date(hour * HOUR_MS))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  const offset = wall - hour * HOUR_MS;
  if (offsetByHour.size > 50_000) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

type LondonParts = { year: number; month: number; day: number; hour: number; minute: number };

function toDate(value: Date | string): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The London wall-clock reading of an instant. */
export function londonParts(value: Date | string): LondonParts | null {
  const date = toDate(value);
  if (!date) return null;
  const shifted = new Date(date.getTime() + londonOffsetMs(date.getTime()));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** The London calendar day of an instant, `yyyy-mm-dd`; null for an unreadable value. */
export function londonDay(value: Date | string): string | null {
  const parts = londonParts(value);
  if (!parts) return null;
  return `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
}

/** The 24-hour clock, as en-GB writes it and as the chat shows its messages' times: '15:07', '09:05'. */
function clock({ hour, minute }: LondonParts): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** '5 Jan 2025' (London calendar day); '' for a missing or unreadable value. */
export function formatDate(value: Date | string | null | undefined): string {
  const parts = value == null ? null : londonParts(value);
  if (!parts) return '';
  return `${parts.day} ${MONTHS[parts.month - 1]} ${parts.year}`;
}

/** '5 Jan, 15:07' (London time); '' for a missing or unreadable value. */
export function formatDateTime(value: Date | string | null | undefined): string {
  const parts = value == null ? null : londonParts(value);
  if (!parts) return '';
  return `${parts.day} ${MONTHS[parts.month - 1]}, ${clock(parts)}`;
}

/** '5 Jan 2025, 15:07': where the year matters too (a lead's detail, an export). */
export function formatFullDateTime(value: Date | string | null | undefined): string {
  const parts = value == null ? null : londonParts(value);
  if (!parts) return '';
  return `${parts.day} ${MONTHS[parts.month - 1]} ${parts.year}, ${clock(parts)}`;
}

/** Words a company name carries that say nothing about which company it is. */
const NAME_FILLER = new Set(['&', 'and', 'the', 'of', 'ltd', 'limited', 'llp', 'plc', 'co']);

/**
 * Two letters for a company's avatar: the first letters of its first two telling words
 * ("Harbour & Hale Lettings" → "HH"), or the first two letters of a one-word name ("Foxtons" → "FO").
 */
export function companyInitials(name: string | null | undefined): string {
  const words = (name ?? '')
    .split(/[^\p{L}\p{N}&]+/u)
    .filter((word) => word !== '' && !NAME_FILLER.has(word.toLowerCase()));
  const letters =
    words.length >= 2
      ? [...words[0]!].slice(0, 1).concat([...words[1]!].slice(0, 1))
      : [...(words[0] ?? '')].slice(0, 2);
  return letters.join('').toLocaleUpperCase('en-GB');
}
