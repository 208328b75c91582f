/**
 * The dates a tenant's viewing availability meant. "This Saturday" and "tomorrow after 5" are
 * stored as typed; read a week later they no longer say which day. This turns the words, and
 * the day of the conversation (in Europe/London), into the days and day parts they named.
 *
 * Only what names a day is turned into dates: "weekends", "weekday evenings", "any Saturday",
 * "Monday to Friday" repeat and name none, so they give no date (the words say it all).
 */

import type { AvailabilityDate } from '#shared/schemas/leads.ts';

/** A day the tenant named is `yyyy-mm-dd`, with the part of it when they said one. */
export type { AvailabilityDate };

type DayPart = NonNullable<AvailabilityDate['part']>;

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const DAY = `(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)`;
const MONTH = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;

/** Repeating phrases: removed before looking for days, so that they name none. */
const RECURRING = [
  new RegExp(String.raw`\b${DAY}\s*(?:-|–|to|till|until|thru|through)\s*${DAY}\b`, 'g'),
  new RegExp(
    String.raw`\b(?:every|any|most|all|usually)\s+(?:other\s+)?(?:${DAY}|weekend|day|evening|morning|afternoon)\b`,
    'g',
  ),
  /\b(?:weekdays?|weekends|weeknights?)\b|\b24\/7\b/g,
];

/** `isWeekday`: a bare day name, which a date right after it ("Monday 14 December") makes exact. */
type Term = { at: number; end: number; isWeekday: boolean; dates: string[] };

const TERM = new RegExp(
  [
    String.raw`\b(?<relative>today|tonight|tomorrow|tmrw|tmr)\b`,
    String.raw`\b(?:(?<which>this|next|on)\s+)?(?:the\s+)?(?<weekend>weekend)\b`,
    String.raw`\b(?<dayMonth>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?<month1>${MONTH})\b`,
    String.raw`\b(?<month2>${MONTH})\s+(?<monthDay>\d{1,2})(?:st|nd|rd|th)?\b`,
    String.raw`\b(?<slashDay>\d{1,2})/(?<slashMonth>\d{1,2})(?:/(?<slashYear>\d{2}(?:\d{2})?))?\b`,
    String.raw`\b(?:(?<dayWhich>this|next)\s+)?(?<day>${DAY})\b(?!s)`,
  ].join('|'),
  'g',
);

const PARTS: Array<[DayPart, RegExp]> = [
  [
    'evening',
    /\b(?:evenings?|tonight|after work|after\s+(?:[5-8]|1[7-9]|20)(?::\d\d)?\s*(?:pm)?|(?:[5-9]|1[0-1])(?::\d\d)?\s*pm|1[7-9]:\d\d|20:\d\d)\b/,
  ],
  [
    'afternoon',
    /\b(?:afternoons?|lunch(?:time)?|after\s+(?:[1-4]|1[2-6])(?::\d\d)?\s*(?:pm)?|(?:12|[1-4])(?::\d\d)?\s*pm|1[2-6]:\d\d)\b/,
  ],
  [
    'morning',
    /\b(?:mornings?|before\s+(?:noon|midday|1[0-2])|(?:[6-9]|1[0-1])(?::\d\d)?\s*am|0?[6-9]:\d\d|1[01]:\d\d)\b/,
  ],
];

/** The days and day parts that `words` named, said on `conversationDay` (`yyyy-mm-dd`, London). */
export function availabilityDates(
  words: string | null | undefined,
  conversationDay: string,
): AvailabilityDate[] {
  const today = parseDay(conversationDay);
  if (!words?.trim() || today === null) return [];
  let text = ` ${words.toLowerCase().replace(/\u2019/g, "'")} `;
  for (const pattern of RECURRING) text = text.replace(pattern, (match) => ' '.repeat(match.length));

  const terms: Term[] = [];
  for (const match of text.matchAll(TERM)) {
    const groups = match.groups ?? {};
    const dates = termDates(groups, today);
    const at = match.index ?? 0;
    if (dates.length === 0) continue;
    const term = { at, end: at + match[0].length, isWeekday: Boolean(groups.day), dates };
    // "Monday 14 December" (or "Mon, 14/12") names one day: the date, not the next Monday as well.
    const previous = terms.at(-1);
    if (previous?.isWeekday && !term.isWeekday && /^[\s,]*(?:the\s+)?$/.test(text.slice(previous.end, at))) {
      terms[terms.length - 1] = { ...term, at: previous.at };
    } else terms.push(term);
  }
  if (terms.length === 0) return [];

  // Each day takes the part said between it and the next day ("Saturday morning or Sunday
  // afternoon"); a day with none takes the only part said at all ("Saturday and Sunday evening").
  const parts = PARTS.filter(([, pattern]) => pattern.test(text)).map(([part]) => part);
  const shared = parts.length === 1 ? parts[0] : null;
  const result: AvailabilityDate[] = [];
  terms.forEach((term, index) => {
    const own = dayPart(text.slice(term.at, terms[index + 1]?.at ?? text.length));
    for (const date of term.dates) {
      const part = own ?? shared;
      if (!result.some((r) => r.date === date && r.part === part)) result.push({ date, part });
    }
  });
  return result.sort((a, b) => a.date.localeCompare(b.date));
}

function dayPart(text: string): DayPart | null {
  for (const [part, pattern] of PARTS) if (pattern.test(text)) return part;
  return null;
}

function termDates(groups: Record<string, string | undefined>, today: number): string[] {
  const weekday = new Date(today).getUTCDay();
  if (groups.relative) {
    const isToday = groups.relative === 'today' || groups.relative === 'tonight';
    return [formatDay(isToday ? today : addDays(today, 1))];
  }
  if (groups.weekend) {
    // This week's Saturday (yesterday, on a Sunday); "this weekend" never reaches back before today.
    const saturday = addDays(today, weekday === 0 ? -1 : 6 - weekday);
    const start = groups.which === 'next' ? addDays(saturday, 7) : saturday;
    return [start, addDays(start, 1)].filter((day) => day >= today).map(formatDay);
  }
  if (groups.day) {
    const target = WEEKDAYS.indexOf(groups.day.slice(0, 3));
    if (groups.dayWhich === 'next') {
      // The day in next week (weeks start on Monday, as in the UK).
      const monday = addDays(today, -((weekday + 6) % 7) + 7);
      return [formatDay(addDays(monday, (target + 6) % 7))];
    }
    const ahead = (target - weekday + 7) % 7;
    // "This Saturday" on a Saturday is today; a bare "Saturday" then means the next one.
    return [formatDay(addDays(today, ahead === 0 && groups.dayWhich !== 'this' ? 7 : ahead))];
  }
  const monthText = groups.month1 ?? groups.month2;
  const dayText = groups.dayMonth ?? groups.monthDay ?? groups.slashDay;
  const month = monthText ? MONTHS.indexOf(monthText.slice(0, 3)) + 1 : Number(groups.slashMonth);
  const day = Number(dayText);
  if (!dayText || !month) return [];
  const year = groups.slashYear ? expandYear(Number(groups.slashYear)) : null;
  const date = nextDate(today, year, month, day);
  return date === null ? [] : [formatDay(date)];
}

/** A day and month without a year: the first one on or after the conversation's day. */
function nextDate(today: number, year: number | null, month: number, day: number): number | null {
  const startYear = year ?? new Date(today).getUTCFullYear();
  for (const candidate of year ? [startYear] : [startYear, startYear + 1]) {
    const time = Date.UTC(candidate, month - 1, day);
    const date = new Date(time);
    if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
    if (year || time >= today) return time;
  }
  return null;
}

function expandYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

function parseDay(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) ? null : time;
}

function addDays(time: number, days: number): number {
  return time + days * 86_400_000;
}

function formatDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** "Sat 7 Mar (evening)": how a named day is shown beside the tenant's words. */
export function formatAvailabilityDate({ date, part }: AvailabilityDate): string {
  const time = parseDay(date);
  if (time === null) return date;
  const day = new Date(time);
  const text = `${WEEKDAY_NAMES[day.getUTCDay()]} ${day.getUTCDate()} ${MONTH_NAMES[day.getUTCMonth()]}`;
  return part ? `${text} (${part})` : text;
}
