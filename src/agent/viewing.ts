import { normalise } from './text.ts';
import type { OfferedTime } from './types.ts';

/*
 * Viewing times as the chat offers and understands them. The server computes the free times and
 * books; this module only chooses which to show and reads the tenant's pick, in Europe/London time.
 */

/** How many times are offered at once, as buttons next to "Other times". */
export const MAX_OFFERED = 4;
export const OTHER_TIMES = 'Other times';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A time as a London wall clock. */
export type LondonTime = {
  /** yyyy-mm-dd */
  date: string;
  /** 0 = Sunday */
  weekday: number;
  day: number;
  month: number;
  hour: number;
  minute: number;
};

export function londonTime(time: OfferedTime): LondonTime {
  const parts: Record<string, string> = {};
  for (const part of LONDON.formatToParts(new Date(time.startsAt))) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  return {
    date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    weekday: WEEKDAYS.indexOf(parts.weekday.toLowerCase()),
    day,
    month,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

function capitalised(word: string): string {
  return word[0].toUpperCase() + word.slice(1);
}

/** "Saturday 7 March at 10:30": how the chat says a time in a sentence and stores it. */
export function describeTime(time: OfferedTime): string {
  const t = londonTime(time);
  const clock = `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
  return `${capitalised(WEEKDAYS[t.weekday])} ${t.day} ${capitalised(MONTHS[t.month - 1])} at ${clock}`;
}

/** The closing sentence once a viewing is booked; it opens with the automatic save's phrase. */
export function bookedClosing(time: OfferedTime): string {
  return `Thank you for confirming the information. Your viewing is booked for ${describeTime(time)}. Have a great day!`;
}

/**
 * Up to `max` times to offer, spread over different days where the free times allow: the
 * soonest of each day first, then the next soonest. Kept soonest first.
 */
export function timesToOffer(times: readonly OfferedTime[], max = MAX_OFFERED): OfferedTime[] {
  const seenDays = new Set<string>();
  const chosen = new Set<number>();
  times.forEach((time, i) => {
    const day = londonTime(time).date;
    if (chosen.size < max && !seenDays.has(day)) {
      seenDays.add(day);
      chosen.add(i);
    }
  });
  times.forEach((_time, i) => {
    if (chosen.size < max) chosen.add(i);
  });
  return times
    .filter((_time, i) => chosen.has(i))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/**
 * The free times a chat works from: the soonest `limit`, and always the first time of each of the
 * first `MAX_OFFERED` days that have one, so that a full day or two of free times never keeps the
 * offer from spreading over days. Kept soonest first.
 */
export function timesForChat(times: readonly OfferedTime[], limit: number): OfferedTime[] {
  const keep = new Set<number>();
  const days = new Set<string>();
  for (let i = 0; i < times.length && days.size < MAX_OFFERED; i++) {
    const day = londonTime(times[i]).date;
    if (!days.has(day)) {
      days.add(day);
      keep.add(i);
    }
  }
  for (let i = 0; i < times.length && keep.size < limit; i++) keep.add(i);
  return times.filter((_time, i) => keep.has(i));
}

export type TimePick =
  | { kind: 'one'; time: OfferedTime }
  | { kind: 'several'; times: OfferedTime[] }
  /** The tenant named a time, but no free time matches it. */
  | { kind: 'none' }
  /** "Other times", "none of those work". */
  | { kind: 'other' }
  /** Nothing about a time at all. */
  | { kind: 'unclear' };

const OTHER =
  /\bother (?:times?|days?|dates?)\b|\bnone of (?:these|those|them|the times)\b|\bneither\b|\bdifferent (?:time|day|date)\b|\b(?:doesn't|don't|does not|do not|can't|cannot|won't|wont|dont|doesnt|cant) (?:work|suit|make|do)\b|\bnot (?:free|available) (?:then|at those)/;
const ANY =
  /\b(?:any ?time|any (?:of (?:them|those|these)|one|slot)|either|whichever|whenever|don'?t mind|earliest|soonest|first available)\b/;

const DAY_WORDS: Array<[RegExp, number[]]> = [
  [/\bsun(?:day)?s?\b/, [0]],
  [/\bmon(?:day)?s?\b/, [1]],
  [/\btue(?:s|sday)?s?\b/, [2]],
  [/\bwed(?:s|nesday)?s?\b/, [3]],
  [/\bthu(?:r|rs|rsday)?s?\b/, [4]],
  [/\bfri(?:day)?s?\b/, [5]],
  [/\bsat(?:urday)?s?\b/, [6]],
  [/\bweekends?\b/, [0, 6]],
  [/\bweekdays?\b/, [1, 2, 3, 4, 5]],
];
const ORDINALS: Record<string, number> = { first: 0, second: 1, third: 2, fourth: 3 };
const MONTH_PATTERN = '(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*';

type Constraints = {
  weekdays: number[] | null;
  dates: string[] | null;
  dayOfMonth: number | null;
  month: number | null;
  hour: number | null;
  minute: number | null;
  /** [from, to) hours */
  partOfDay: [number, number] | null;
  index: number | null;
};

function twelveHour(hour: number, meridiem: string | undefined): number {
  if (meridiem === 'pm' && hour < 12) return hour + 12;
  if (meridiem === 'am' && hour === 12) return 0;
  // A bare "at 2" in a viewing means the afternoon.
  if (!meridiem && hour >= 1 && hour <= 7) return hour + 12;
  return hour;
}

function addDaysIso(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** What the message says about a time, each part taken out of the text once read. */
function readConstraints(message: string, offeredCount: number, today: string): Constraints {
  let text = ` ${normalise(message).toLowerCase()} `;
  const take = (re: RegExp): RegExpExecArray | null => {
    const m = re.exec(text);
    if (m) text = text.slice(0, m.index) + ' '.repeat(m[0].length) + text.slice(m.index + m[0].length);
    return m;
  };
  const c: Constraints = {
    weekdays: null,
    dates: null,
    dayOfMonth: null,
    month: null,
    hour: null,
    minute: null,
    partOfDay: null,
    index: null,
  };

  const ordinal = take(
    /\b(?:the\s+)?(first|second|third|fourth|last|1st|2nd|3rd|4th)\s+(?:one|option|slot|time|choice)\b|\b(?:option|number|no\.?|#)\s*([1-4])\b|\bthe (first|second|third|fourth|last)\b(?!\s+(?:of|week))/,
  );
  if (ordinal) {
    const word = ordinal[1] ?? ordinal[3];
    if (word === 'last') c.index = offeredCount - 1;
    else if (word) c.index = ORDINALS[word] ?? Number.parseInt(word, 10) - 1;
    else c.index = Number(ordinal[2]) - 1;
  } else if (/^\s*[1-4]\s*$/.test(text)) {
    c.index = Number(text.trim()) - 1;
    return c;
  }

  const dayMonth =
    take(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_PATTERN}\\b`)) ??
    take(new RegExp(`\\b${MONTH_PATTERN}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`));
  if (dayMonth) {
    const [day, monthWord] = /^\d/.test(dayMonth[1])
      ? [dayMonth[1], dayMonth[2]]
      : [dayMonth[2], dayMonth[1]];
    c.dayOfMonth = Number(day);
    c.month = MONTHS.findIndex((m) => m.startsWith(monthWord.slice(0, 3))) + 1;
  } else {
    const nth = take(/\b(\d{1,2})(?:st|nd|rd|th)\b/);
    if (nth) c.dayOfMonth = Number(nth[1]);
  }

  if (take(/\btomorrow\b/)) c.dates = [addDaysIso(today, 1)];
  else if (take(/\btoday\b/)) c.dates = [today];
  for (const [re, days] of DAY_WORDS) {
    if (take(re)) c.weekdays = [...(c.weekdays ?? []), ...days];
  }

  const clock = take(/\b(\d{1,2})[:.](\d{2})\s*(am|pm)?\b/);
  const halfPast = clock ? null : take(/\bhalf(?:\s+past)?\s+(\d{1,2})\b/);
  const meridiem = clock || halfPast ? null : take(/\b(\d{1,2})\s*(am|pm)\b/);
  const bare = clock || halfPast || meridiem ? null : take(/\b(?:at|@|around|about)\s+(\d{1,2})\b/);
  if (clock) {
    c.hour = twelveHour(Number(clock[1]), clock[3]);
    c.minute = Number(clock[2]);
  } else if (halfPast) {
    c.hour = twelveHour(Number(halfPast[1]), undefined);
    c.minute = 30;
  } else if (meridiem) {
    c.hour = twelveHour(Number(meridiem[1]), meridiem[2]);
  } else if (bare) {
    c.hour = twelveHour(Number(bare[1]), undefined);
  } else if (take(/\b(?:noon|midday)\b/)) {
    c.hour = 12;
    c.minute = 0;
  }

  if (take(/\bmornings?\b/)) c.partOfDay = [0, 12];
  else if (take(/\bafternoons?\b|\blunch ?time\b/)) c.partOfDay = [12, 17];
  else if (take(/\bevenings?\b|\bafter work\b|\btonight\b/)) c.partOfDay = [17, 24];
  return c;
}

function hasConstraint(c: Constraints): boolean {
  return (
    c.weekdays !== null ||
    c.dates !== null ||
    c.dayOfMonth !== null ||
    c.hour !== null ||
    c.partOfDay !== null
  );
}

function matches(time: OfferedTime, c: Constraints): boolean {
  const t = londonTime(time);
  if (c.weekdays && !c.weekdays.includes(t.weekday)) return false;
  if (c.dates && !c.dates.includes(t.date)) return false;
  if (c.dayOfMonth !== null && t.day !== c.dayOfMonth) return false;
  if (c.month !== null && c.month > 0 && t.month !== c.month) return false;
  if (c.hour !== null && t.hour !== c.hour) return false;
  if (c.minute !== null && t.minute !== c.minute) return false;
  if (c.partOfDay && (t.hour < c.partOfDay[0] || t.hour >= c.partOfDay[1])) return false;
  return true;
}

/**
 * Reads which time the tenant picked: a button's label, "the second one", "Saturday at 10:30",
 * "tues evening", "any time Saturday", "10:30 on the 7th". Ordinals count the times as offered;
 * anything else is matched against every free time.
 */
export function parseTimePick(
  message: string,
  offered: readonly OfferedTime[],
  free: readonly OfferedTime[],
  today: string,
): TimePick {
  const trimmed = normalise(message).toLowerCase();
  const pool = free.length > 0 ? free : offered;
  const byLabel = [...offered, ...pool].find((s) => s.label.toLowerCase() === trimmed);
  if (byLabel) return { kind: 'one', time: byLabel };
  if (trimmed === OTHER_TIMES.toLowerCase() || OTHER.test(trimmed)) return { kind: 'other' };

  const c = readConstraints(message, offered.length, today);
  if (c.index !== null) {
    const time = offered[c.index];
    return time ? { kind: 'one', time } : { kind: 'none' };
  }
  if (!hasConstraint(c)) {
    if (ANY.test(trimmed) && pool.length > 0) return { kind: 'one', time: pool[0] };
    return { kind: 'unclear' };
  }
  let found = pool.filter((s) => matches(s, c));
  // "Saturday at 10" when only 10:30 is free that morning: the hour is enough.
  if (found.length === 0 && c.minute === null && c.hour !== null) {
    found = pool.filter((s) => matches(s, { ...c, hour: null, partOfDay: [c.hour!, c.hour! + 1] }));
  }
  // "at 10" with both 10:00 and 10:30 free means 10:00.
  if (found.length > 1 && c.hour !== null && c.minute === null) {
    const onTheHour = found.filter((s) => londonTime(s).minute === 0);
    if (onTheHour.length > 0) found = onTheHour;
  }
  if (found.length === 0) return { kind: 'none' };
  if (found.length === 1 || ANY.test(trimmed)) return { kind: 'one', time: found[0] };
  return { kind: 'several', times: found };
}
