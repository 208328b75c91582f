/**
 * Display helpers in British English, on London time: dates as
 * '5 Jan 2025' or '5 Jan, 15:07', money as '£30,000', phone numbers in UK national form.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

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

/** '£30,000' or '£1,250.50'; whole pounds show no pence. */
export function formatMoney(pounds: number): string {
  const isWhole = Number.isInteger(pounds);
  return `£${pounds.toLocaleString('en-GB', {
    minimumFractionDigits: isWhole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/**
 * A UK number stored as E.164 (+447700900123) in the national form people dial and read:
 * '07700 900123', '020 7946 0000', '0113 496 0000'. Anything else is returned as it is.
 */
export function formatUkPhone(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^\+44(\d{9,10})$/.exec(value.replace(/[\s()-]/g, ''));
  if (!match) return value;
  const national = `0${match[1]}`;
  if (national.length !== 11) return national;
  // 02x numbers are 3 + 4 + 4; 011x, 01x1 and non-geographic 03/08/09 numbers are 4 + 3 + 4;
  // mobiles and other area codes are 5 + 6.
  if (national.startsWith('02'))
    return `${national.slice(0, 3)} ${national.slice(3, 7)} ${national.slice(7)}`;
  if (/^(01\d1|011|0[389])/.test(national)) {
    return `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`;
  }
  return `${national.slice(0, 5)} ${national.slice(5)}`;
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
