import * as chrono from 'chrono-node';
import { monthNumber, NUMBER_WORDS } from '#shared/format.ts';
import { addDays, daysInMonth, firstOfNextMonth, isoDate, splitIso } from './dates.ts';
import { findJobTitles, findOccupations, isJobWord } from './occupations.ts';
import { isRentProposal, type QuestionPart, splitQuestions } from './questions.ts';
import { EMAIL, parseEmail } from './slots/email.ts';
import { SLOT_ORDER, slotSpec } from './slots/index.ts';
import { moveInOn, moveInWords } from './slots/move-in.ts';
import { isHouseholdSize } from './slots/people.ts';
import { parsePhone } from './slots/phone.ts';
import {
  capitalise,
  NUMBER_WORD_PATTERN,
  normalise,
  numberFromWord,
  splitSentences,
  titleCase,
  words,
} from './text.ts';
import type { ExtractedFields, SlotName } from './types.ts';

export type { PhoneResult } from './slots/phone.ts';
export { parseEmail, parsePhone };

/*
 * Slot parsers: pure functions from a tenant's words to field values. Each parser is careful about
 * numbers that belong to another slot: a phone number is not income, "£1,200" is not a count of
 * people, "3 bed" is not people, "1st March" is not money.
 */

// ---------------------------------------------------------------- dates

const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

/** The next date with this month and day on or after today. */
function nextOccurrence(today: string, month: number, day: number): string {
  const t = splitIso(today)!;
  for (const year of [t.year, t.year + 1]) {
    const d = Math.min(day, daysInMonth(year, month));
    const iso = isoDate(year, month, d);
    if (iso >= today) return iso;
  }
  return isoDate(t.year + 1, month, day);
}

/** The next date with this day of the month on or after today. */
function nextDayOfMonth(today: string, day: number): string | null {
  const t = splitIso(today)!;
  for (let k = 0; k < 3; k++) {
    const month = ((t.month - 1 + k) % 12) + 1;
    const year = t.year + Math.floor((t.month - 1 + k) / 12);
    if (day <= daysInMonth(year, month)) {
      const iso = isoDate(year, month, day);
      if (iso >= today) return iso;
    }
  }
  return null;
}

const ASAP =
  /\b(?:asap|a\.s\.a\.p|as soon as (?:possible|poss|i can|we can|it'?s (?:available|free|ready))|immediately|immediate|straight ?away|right away|urgently|today|this week)\b/i;
const NOW =
  /\b(?:move|moving|move in|from|in)\s+(?:right\s+)?now\b|^\s*(?:right\s+)?now\b(?!\s+(?:it'?s|its|we|we'?re|there|i|i'?m|that|my|our|he|she))/i;
const VAGUE =
  /\b(?:within (?:a|one|the next|1) (?:month|few weeks|couple of (?:weeks|months))|in the next (?:month|few weeks|couple of (?:weeks|months))|next few (?:weeks|months)|in a few (?:weeks|months)|in (?:a )?couple (?:of )?months|flexible|flexi|whenever|no rush|no hurry|not sure|unsure|don'?t know|dont know|depends|tbc|tbd|undecided|open to|any ?time|not fussed|no preference|when(?:ever)? it'?s (?:ready|available))\b/i;
const MOVE_CUE =
  /\b(?:move|moving|moved|move-in|movein|relocat\w*|start(?:ing)?(?!\s+(?:a|an|my|the)\s+(?:new\s+)?(?:job|role|position|course|contract))|from|tenancy|looking for (?:somewhere|a place|something)|need (?:somewhere|a place)|hoping for|available from|in by|by the|want(?:ing)? it)\b/i;
const VIEW_CUE =
  /\b(?:view|viewing|viewings|see (?:it|the (?:flat|house|property|place))|come (?:round|and see|over|by))\b/i;
const CORRECTION_CUE =
  /\b(?:sorry|meant|actually|i mean|should be|should have said|correction|change|instead|make that|rather|wrong|typo|mistake)\b/i;

/** Where the current home ends: a date said there is when the tenant leaves, not moves in. */
const LEAVING_CUE =
  /\b(?:ends?|ending|ended|finish(?:es|ing)?|expires?|expiring|runs? out|notice|leave|leaving|vacate|out by|be out|moving out|move out|current (?:place|flat|house|lease|contract|tenancy))\b/i;
/** Where one clause of a move-in answer ends and another starts. */
const CLAUSE_BREAK = /\s*[,;]\s+|\s+(?:so|but|and then|then|and)\s+(?=\S)/i;

const END_CUE = /\b(?:ends?|ending|finish(?:es)?|expires?|until|till|runs out|notice)\b(?:\s+\S+){0,3}\s*$/i;

const PART_OF_MONTH = new RegExp(
  `\\b(mid|middle of(?: the)?|early|beginning of(?: the)?|start of(?: the)?|end of(?: the)?|late|towards the end of|last week of)[\\s-]+${MONTH}\\b`,
  'i',
);
const ORDINAL_DAY = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)\\b(?!\\s*(?:of\\s+)?${MONTH})`, 'i');
const MONTH_NAME = new RegExp(`\\b${MONTH}\\b`, 'i');
const DAY_MONTH = new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?(?:\\s+of)?\\s+${MONTH}\\b(?:\\s+\\d{4})?`, 'gi');
const MONTH_DAY = new RegExp(`\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`, 'gi');

export type MoveIn = { date: string } | { text: string };

/**
 * Every word chrono could turn into a date, as a prefix ("mon" for Monday, "sept", "tomorrow",
 * number words for "the fifth of May"): most messages hold none, and chrono's parse is the
 * dearest step of reading a date, so a message without one is not handed to it. Checked
 * against chrono over the tenant corpus: no date chrono finds is skipped.
 */
export const MAY_NAME_A_DATE =
  /\d|now|to(?:day|night|mo)|tmr|yesterday|last|this|next|noon|midnight|morning|afternoon|evening|night|week|month|day|fortnight|year|ago|later|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|twent|thirt|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve/i;

/** Reference "now" for chrono: midday on `today` in the process's zone, read back the same way. */
function chronoReference(today: string): Date {
  const t = splitIso(today)!;
  return new Date(t.year, t.month - 1, t.day, 12, 0, 0);
}

function fromChronoDate(date: Date): string {
  return isoDate(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/**
 * A move-in date in UK forms: "01/03", "1st March", "next month", "mid-April", "in 2 weeks",
 * "ASAP". A date without a year is the next such date on or after today; "ASAP", "now" and
 * "immediately" are today. Words that name no date ("flexible") come back as text when asked.
 */
export function parseMoveIn(
  rawText: string,
  today: string,
  options: { asked: boolean; previous?: string | null; isCorrecting?: boolean } = { asked: true },
): MoveIn | null {
  const text = normalise(rawText)
    .replace(/\b(?:2moro|2morrow|2mrw|tmrw|tmr|tomoz|tmoro)\b/gi, 'tomorrow')
    .replace(/\b2day\b/gi, 'today')
    .replace(/\bnxt\b/gi, 'next')
    .replace(/\bmnth\b/gi, 'month');
  const lower = text.toLowerCase();
  if (!lower) return null;

  if (ASAP.test(lower) || (NOW.test(lower) && (options.asked || MOVE_CUE.test(lower))))
    return { date: today };

  const vague = VAGUE.exec(lower);
  const rest = vague ? lower.replace(vague[0], '') : '';
  // "flexible, maybe mid march": the month says more than the flexibility.
  if (vague && !/\b\d{1,2}(?:st|nd|rd|th)?\b/.test(rest) && !MONTH_NAME.test(rest.replace(/\bmay\b/g, ''))) {
    return { text: vague[0] };
  }

  const t = splitIso(today)!;
  const nextMonth = splitIso(firstOfNextMonth(today))!;
  if (/\b(?:end|late|last week) of next month\b/.test(lower)) {
    return { date: isoDate(nextMonth.year, nextMonth.month, daysInMonth(nextMonth.year, nextMonth.month)) };
  }
  if (/\b(?:mid|middle of)[\s-]+next month\b/.test(lower))
    return { date: isoDate(nextMonth.year, nextMonth.month, 15) };
  if (/\bnext month\b/.test(lower)) return { date: firstOfNextMonth(today) };
  if (/\b(?:end of|late) (?:this|the) month\b/.test(lower)) {
    return { date: isoDate(t.year, t.month, daysInMonth(t.year, t.month)) };
  }

  const part = PART_OF_MONTH.exec(lower);
  if (part) {
    const which = part[1];
    // 31 stands for the month's last day: nextOccurrence clamps it.
    const day = /^mid|middle/.test(which)
      ? 15
      : /^(early|beginning|start)/.test(which)
        ? 1
        : /^late/.test(which)
          ? 25
          : 31;
    return { date: nextOccurrence(today, monthNumber(part[2]), day) };
  }

  if (/\b(?:in )?a fortnight\b|\bin two weeks\b/.test(lower)) return { date: addDays(today, 14) };
  if (/\bin a week\b|\bin one week\b/.test(lower)) return { date: addDays(today, 7) };

  // "the 28th" with no month: the next such day (or the month already given, when correcting).
  const ordinal = ORDINAL_DAY.exec(lower);
  const hasMonthName = MONTH_NAME.test(lower.replace(/\bmay i\b|\bi may\b|\bmay be\b/g, ''));
  if (ordinal && !hasMonthName && !/\d{1,2}[/.-]\d{1,2}/.test(lower)) {
    const day = Number(ordinal[1]);
    if (day >= 1 && day <= 31) {
      const previous = options.previous ? splitIso(options.previous) : null;
      if (options.isCorrecting && previous && day <= daysInMonth(previous.year, previous.month)) {
        return { date: isoDate(previous.year, previous.month, day) };
      }
      const next = nextDayOfMonth(today, day);
      if (next) return { date: next };
    }
  }

  const results = (
    MAY_NAME_A_DATE.test(text) ? chrono.en.GB.parse(text, chronoReference(today), { forwardDate: true }) : []
  )
    // "£5,200 a month" is a period, not "a month from now".
    .filter((r) => !/^(?:a|an|per|each|every)\s+(?:day|week|fortnight|month|year)\b/i.test(r.text))
    // "it's 3 of us now": "now" is no date unless it says when to move (read above).
    .filter((r) => !/^(?:right\s+)?now$/i.test(r.text.trim()))
    // A lease that ends on a date says when the tenant is free, but a "from" date says it better.
    .map((r) => ({ r, rank: END_CUE.test(text.slice(Math.max(0, r.index - 30), r.index)) ? 1 : 0 }))
    .sort((a, b) => a.rank - b.rank || a.r.index - b.r.index)
    .map(({ r }) => r);
  for (const result of results) {
    const known = result.start;
    const hasDay = known.isCertain('day') || known.isCertain('weekday');
    const hasMonth = known.isCertain('month');
    // A bare time ("after 6") or a lone number is not a move-in date.
    if (!hasDay && !hasMonth && !/\b(?:week|weeks|month|months|days|tomorrow|weekend)\b/i.test(result.text))
      continue;
    if (/^\d{1,2}$/.test(result.text.trim())) continue;
    let iso = fromChronoDate(result.date());
    if (hasMonth && !known.isCertain('day')) {
      // "in April": the 1st of that month, or today when it is this month.
      const m = known.get('month')!;
      iso = m === t.month && !known.isCertain('year') ? today : nextOccurrence(today, m, 1);
    }
    if (hasMonth && known.isCertain('day') && !known.isCertain('year')) {
      iso = nextOccurrence(today, known.get('month')!, known.get('day')!);
    }
    return { date: iso };
  }
  // chrono passes over a lone month after "from" or before "please" ("from May"): the 1st of it.
  const month = LONE_MONTH.exec(lower);
  if (month) {
    const m = monthNumber(month[1] ?? month[2] ?? month[3]);
    return { date: m === t.month ? today : nextOccurrence(today, m, 1) };
  }
  return null;
}

/** A month named on its own; "may" only where it cannot be the verb ("from may", "may please"). */
const LONE_MONTH = new RegExp(
  `\\b(?:from|in|by|for|around|about|before|after|start|beginning|early|mid|late|end|of)\\s+(may)\\b|^(may)\\b(?!\\s+(?:i|we|be|have|need|not|want|move|come|also|well)\\b)|\\b(?!may\\b)${MONTH}\\b`,
  'i',
);

// ---------------------------------------------------------------- money

type Period = 'year' | 'month' | 'fortnight' | 'week' | 'hour' | null;

const PERIOD_AFTER =
  /^\s*(?:\/\s*|(?:a|an|per|each|every)\s+)?(year|yr|annum|annually|yearly|pa|p\.a\.?|month|mth|pcm|pm|p\/m|monthly|(?:2|two) weeks|fortnight|fortnightly|bi-?weekly|week|wk|pw|p\/w|weekly|hour|hr|ph|p\/h|hourly)\b/i;
const PERIOD_BEFORE = /\b(annual|yearly|monthly|fortnightly|weekly|hourly)\s+(?:\w+\s+){0,2}(?:of\s+)?$/i;
const INCOME_CUE =
  /\b(earn|earns|earning|earnings|salary|salaries|income|make|makes|making|paid|pay|wage|wages|take home|take-home|pension|stipend|loan|benefits?|universal credit|savings|saved|allowance|bursary|on about|on around|on roughly|i'?m on|we'?re on|he'?s on|she'?s on|between us|combined|together|household|each|guarantor|bring in|brings in|gross|net|before tax|after tax|per annum|a year|pa)\b/i;
const RENT_CUE =
  /\b(rent|budget|afford|deposit|spend|looking to pay|pay up to|max(?:imum)?|pcm rent|holding fee)\b/i;
const COMBINED_CUE =
  /\b(together|combined|between us|joint|household|in total|total|altogether|family income)\b/i;
/** Words just before an amount that make it the sum of those before it. */
const TOTAL_BEFORE =
  /\b(?:so|which is|which makes|that makes|that'?s|thats|that is|total(?: of)?|totals?|in total|altogether|all together|combined|together|overall|=)\s*(?:is\s+|of\s+)?(?:about|around|roughly|approx\.?|~)?\s*(?:£|gbp ?)?$/i;
const EACH_CUE = /\b(each|apiece|per person|a head|both on|all on)\b/i;

type Amount = { annual: number; start: number; clause: string };

function toAnnual(value: number, period: Period, hasThousands: boolean, hoursPerWeek: number): number {
  switch (period) {
    case 'year':
      return value;
    case 'month':
      return value * 12;
    case 'fortnight':
      return value * 26;
    case 'week':
      return value * 52;
    case 'hour':
      return value * hoursPerWeek * 52;
    default:
      if (hasThousands || value >= 5000) return value;
      if (value >= 1000) return value * 12;
      if (value >= 100) return value * 52;
      return value * 1000;
  }
}

function periodOf(word: string): Period {
  const w = word.toLowerCase();
  if (/^(year|yr|annum|annually|yearly|pa|p\.a\.?|annual)$/.test(w)) return 'year';
  if (/^(month|mth|pcm|pm|p\/m|monthly)$/.test(w)) return 'month';
  if (/^(?:(?:2|two) weeks|fortnight|fortnightly|bi-?weekly)$/.test(w)) return 'fortnight';
  if (/^(week|wk|pw|p\/w|weekly)$/.test(w)) return 'week';
  if (/^(hour|hr|ph|p\/h|hourly)$/.test(w)) return 'hour';
  return null;
}

/** The clause around a position: income cues must sit in the same clause as the amount. */
function clauseAround(text: string, start: number, end: number): string {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const from = Math.max(
    before.lastIndexOf(','),
    before.lastIndexOf('.'),
    before.lastIndexOf(';'),
    before.lastIndexOf('!'),
  );
  const toMatch = /[,.;!]/.exec(after);
  return text.slice(from + 1, end + (toMatch ? toMatch.index : after.length));
}

const AMOUNT =
  /(£|gbp ?)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?(k\b|grand\b|thousand\b)?(?:\s?(?:-|to)\s?(?:£)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k\b|grand\b|thousand\b)?)?/gi;

const NOT_MONEY_AFTER = new RegExp(
  `^(?:\\s*(?:st|nd|rd|th)\\b|\\s*(?:of us|ppl|people|persons|adults?|kids?|children|child|bab(?:y|ies)|tenants?|occupants?|sharers?|friends?|flatmates?|housemates?|students|bed|beds|bedrooms?|b\\/r|weeks?|days?|months|years?|yrs|hours|hrs|mins?|minutes|am|pm|o'?clock|of (?:them|those)|cars?|pets?|dogs?|cats?)\\b|\\s*[:/](?!\\s*(?:hr|hour|h|ph|week|wk|w|month|mth|m|year|yr|y|annum|pa|p)\\b)|\\s*\\+(?!\\s*[a-z£])|\\s*(?:of\\s+)?${MONTH}\\b|\\.\\d)`,
  'i',
);
const NOT_MONEY_BEFORE = new RegExp(
  `(?:${MONTH}\\s*|[/:]|[a-z]|(?:family|group|household|party|flat|apartment|number|no\\.?|unit|house|aged?|age|after|before|at|from|till|until|around|by|me and|me &|me \\+)\\s+)$`,
  'i',
);

const NUMBER_WORD = `(?:${Object.keys(NUMBER_WORDS).join('|')})`;
const SPELLED_AMOUNT = new RegExp(
  `\\b${NUMBER_WORD}(?:[\\s-]+(?:and[\\s]+)?(?:${NUMBER_WORD}|hundred|thousand))*[\\s-]+(?:hundred|thousand)\\b(?:[\\s-]+(?:and[\\s]+)?${NUMBER_WORD})*`,
  'gi',
);

/** "six hundred" → "600", "thirty five thousand" → "35000": amounts spelt out in words. */
function spelledNumbersToDigits(text: string): string {
  return text.replace(SPELLED_AMOUNT, (phrase) => {
    let total = 0;
    let current = 0;
    for (const word of phrase.toLowerCase().split(/[\s-]+/)) {
      if (word === 'hundred') current = (current || 1) * 100;
      else if (word === 'thousand') {
        total += (current || 1) * 1000;
        current = 0;
      } else if (word in NUMBER_WORDS) current += NUMBER_WORDS[word];
    }
    return String(total + current);
  });
}

/** Money amounts in the text that read as the tenant's income, converted to a year. */
function findIncomeAmounts(text: string, asked: boolean): Amount[] {
  const amounts: Amount[] = [];
  const hoursMatch = /(\d{1,2}(?:\.\d)?)\s*(?:hours|hrs)\s*(?:a|per|each)\s*week/i.exec(text);
  const hoursPerWeek = hoursMatch ? Number(hoursMatch[1]) : 37.5;
  // "£600 a month from work and £400 housing benefit": a later amount shares the earlier period.
  let previousPeriod: Period = null;
  for (const m of text.matchAll(AMOUNT)) {
    const start = m.index;
    const end = start + m[0].length;
    const hasPound = Boolean(m[1]);
    const before = text.slice(Math.max(0, start - 20), start);
    const after = text.slice(end);
    if (!hasPound && NOT_MONEY_BEFORE.test(before) && !/\b(?:around|about|on)\s+$/i.test(before)) continue;
    if (!m[3] && !m[5] && NOT_MONEY_AFTER.test(after)) continue;
    const lowUnit = m[3] ?? (m[4] ? m[5] : undefined);
    const hasThousands = Boolean(lowUnit);
    let value = Number(m[2].replace(/,/g, ''));
    if (hasThousands) value *= 1000;
    if (!Number.isFinite(value) || value <= 0) continue;
    const periodAfter = PERIOD_AFTER.exec(after);
    const periodBefore = PERIOD_BEFORE.exec(text.slice(Math.max(0, start - 40), start).replace(/£\s*$/, ''));
    const said = periodAfter ? periodOf(periodAfter[1]) : periodBefore ? periodOf(periodBefore[1]) : null;
    const inherits: boolean =
      said === null && hasPound && !m[3] && previousPeriod !== 'hour' && previousPeriod !== null;
    const period: Period = inherits ? previousPeriod : said;
    const isYearLike =
      !hasPound && !hasThousands && !period && value >= 1990 && value <= 2100 && !/,/.test(m[2]);
    if (isYearLike) continue;
    const clause = clauseAround(text, start, end);
    if (RENT_CUE.test(clause) && !INCOME_CUE.test(clause.replace(/\b(?:a year|pa|per annum)\b/gi, '')))
      continue;
    const isMoneyShaped = hasPound || hasThousands || period !== null || /,/.test(m[2]) || value >= 1000;
    const hasCue = INCOME_CUE.test(clause);
    if (!isMoneyShaped && !asked) continue;
    if (!hasCue && !asked && !(hasThousands || period === 'year' || value >= 10000)) continue;
    // A bare small number only counts as thousands when income was asked ("32" → £32,000).
    if (!isMoneyShaped && value < 10) continue;
    previousPeriod = period;
    amounts.push({ annual: Math.round(toAnnual(value, period, hasThousands, hoursPerWeek)), start, clause });
  }
  return amounts;
}

/**
 * Annual income from "£32k", "2,400 a month", "£550 pw", "30 grand between us", "25k each"
 * (times the people), or several earners ("I'm on £55k and my husband £32k" adds up).
 */
export function parseIncome(
  text: string,
  options: { asked: boolean; people?: number | null },
): number | null {
  // "28.000" is how much of Europe writes 28,000.
  const text_ = normalise(text).replace(/\b(\d{1,3})\.(\d{3})\b(?![.,]\d)/g, '$1,$2');
  const digits = spelledNumbersToDigits(text_);
  let amounts = findIncomeAmounts(digits, options.asked);
  if (amounts.length === 0) return null;
  // "40k, sorry I mean 42k": what follows a correction replaces what came before it.
  const corrected = amounts.filter((a) => CORRECTION_CUE.test(digits.slice(0, a.start)));
  if (corrected.length > 0 && corrected.length < amounts.length) {
    const lastCue = Math.max(
      ...[...digits.matchAll(new RegExp(CORRECTION_CUE, 'gi'))].map((m) => m.index ?? 0),
    );
    const after = amounts.filter((a) => a.start > lastCue);
    if (after.length > 0) amounts = after;
  }
  if (amounts.length > 1) {
    // "30k each so 120k all together", "28k and 32k, 60k combined": the total is the amount said
    // as one ("so", "which is", "= …", "in total"), or the one that adds the others up.
    const total = amounts.filter((a, i) => {
      const before = digits.slice(i > 0 ? amounts[i - 1].start : 0, a.start);
      const next = i + 1 < amounts.length ? amounts[i + 1].start : digits.length;
      const after = digits.slice(a.start, next);
      return TOTAL_BEFORE.test(before) || COMBINED_CUE.test(after.replace(/^\S+/, ''));
    });
    if (total.length > 0) return total[total.length - 1].annual;
    const largest = amounts.reduce((a, b) => (b.annual > a.annual ? b : a));
    const rest = amounts.filter((a) => a !== largest).reduce((sum, a) => sum + a.annual, 0);
    if (Math.abs(rest - largest.annual) <= largest.annual * 0.03) return largest.annual;
  }
  const combined = amounts.find((a) => COMBINED_CUE.test(a.clause));
  if (combined) return combined.annual;
  const each = amounts.find((a) => EACH_CUE.test(a.clause));
  if (each) return options.people && options.people > 1 ? each.annual * options.people : each.annual;
  const distinct: number[] = [];
  for (const { annual } of amounts) {
    if (!distinct.some((d) => Math.abs(d - annual) <= d * 0.02)) distinct.push(annual);
  }
  return distinct.reduce((sum, a) => sum + a, 0);
}

// ---------------------------------------------------------------- people

const N = NUMBER_WORD_PATTERN;
const PERSON_NOUNS =
  /^(partner|wife|husband|hubby|wifey|missus|girlfriend|boyfriend|gf|bf|fianc[eé]e?|spouse|friends?|flatmates?|housemates?|mates?|sons?|daughters?|bab(?:y|ies)|child|children|kids?|brothers?|sisters?|siblings?|mum|mom|mother|dad|father|parents?|cousins?|colleagues?|nephews?|nieces?|grandson|granddaughter|grandma|grandmother|grandad|grandfather|nan|nana|uncle|aunt(?:ie)?|twins|toddlers?|teenagers?|lodgers?|other half|[a-z]+-in-law|step-?(?:son|daughter|mum|dad|child|children|kids?)|people|others|adults?|students|guys|girls|lads)$/i;

function countFrom(word: string | undefined, fallback: number): number {
  if (!word) return fallback;
  return numberFromWord(word) ?? fallback;
}

/**
 * "me and …", or moving "with …" ("living with" is who the tenant lives with now, "coming with"
 * may be only to the viewing).
 */
const COMPANIONS_START =
  /\b(?:me|myself)\b(?=\s*(?:,|and\b|&|\+|n\b|plus\b))|\b(?:mov(?:e|es|ing)|relocat(?:e|ing))(?:\s+in)?\s+with\b/;
const COMPANION_ITEM = new RegExp(
  `^\\s*(?:,|and|&|\\+|n|plus)\\s*(?:and\\s+)?(?:(?:my|our|a|an|the|his|her|their)\\s+)?(${N})?\\s*([a-zé-]+(?:\\s+half)?)`,
  'i',
);
/** The first companion after "moving with" needs no "and". */
const FIRST_COMPANION = new RegExp(
  `^\\s*(?:(?:my|our|a|an|the|his|her|their)\\s+)?(${N})?\\s*([a-zé-]+(?:\\s+half)?)`,
  'i',
);

/** "me, my partner and our baby" → 3; "me and 2 friends" → 3; "moving with my partner" → 2. */
function countCompanions(lower: string): number | null {
  const start = COMPANIONS_START.exec(lower);
  if (!start) return null;
  let remaining = lower.slice(start.index + start[0].length);
  let count = 1;
  let items = 0;
  for (let guard = 0; guard < 6; guard++) {
    const m = (items === 0 && /with$/.test(start[0]) ? FIRST_COMPANION : COMPANION_ITEM).exec(remaining);
    if (!m) break;
    const noun = m[2].replace(/\s+/, ' ');
    if (!PERSON_NOUNS.test(noun)) break;
    const isPlural = /s$|children|twins|babies|people/.test(noun) && !/^(?:boss|class|missus)$/.test(noun);
    count += countFrom(m[1], isPlural ? 2 : 1);
    items++;
    remaining = remaining.slice(m[0].length);
  }
  return items > 0 ? count : null;
}

/** Who is one person in a household list, and how a mention of them reads. */
const HOUSEHOLD_NOUN =
  'childrens|kiddos?|partner|wife|husband|hubby|wifey|missus|girlfriend|boyfriend|gf|bf|fianc[eé]e?|spouse|friends?|flatmates?|housemates?|mates?|sons?|daughters?|bab(?:y|ies)|child|children|kids?|brothers?|sisters?|siblings?|mum|mom|mother|dad|father|parents?|cousins?|colleagues?|nephews?|nieces?|grandsons?|granddaughters?|grandma|grandmother|grandad|grandfather|nan|nana|uncle|aunt(?:ie)?|twins|triplets|toddlers?|teenagers?|teens?|infants?|newborn|lodgers?|other half|[a-z]+-in-law|step-?(?:son|daughter|mum|dad|child|children|kids?)|boys?|girls?|lads|guys|little ones|young ones|grown[- ]?ups?|adults?|people|couple|dependants?';
/** Nouns that count people without saying who they are to the tenant: "2 adults and a child". */
const GENERIC_NOUN = /^(?:adults?|people|grown[- ]?ups?|guys|lads|couple)$/;
const HOUSEHOLD_MENTION = new RegExp(
  `\\b(?:single (?:mum|mom|dad|mother|father|parent)|(?:i|me|myself)\\b|(?:(${N}|a couple of|a|an)\\s+)?(?:(?:my|our|the|his|her|their|mi)\\s+)?(?:(${N})\\s+)?(?:(?:little|young|small|teenage|older|younger|baby|new|lovely|beautiful)\\s+)?(${HOUSEHOLD_NOUN})\\b)`,
  'g',
);
const HOUSEHOLD_GAP = /^(?:\s*(?:,|and|&|\+|n|plus|with|w\/|along with|as well as|also|too|\/|aswell)\s*)+$/;
/** After the tenant ("I have 2 kids", "single dad of three"), the words that lead to who comes too. */
const SELF_GAP = /^\s*(?:have|'?ve got|have got|got|of|,?\s*(?:and|with)\s+(?:my|our)?)\s*$/;

type Mention = { start: number; end: number; count: number; isSelf: boolean; noun: string };

function householdMentions(lower: string): Mention[] {
  const mentions: Mention[] = [];
  for (const m of lower.matchAll(HOUSEHOLD_MENTION)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    const noun = (m[3] ?? '').replace(/\s+/g, ' ');
    if (!m[3]) {
      mentions.push({ start, end, count: 1, isSelf: true, noun: 'me' });
      continue;
    }
    // A tenant who opens with "mum with two kids" or "dad of 3" speaks of themself.
    const opensAsParent = start === 0 && /^(?:mum|mom|dad|mother|father)$/.test(noun) && !m[1] && !m[2];
    const said = m[2] ?? (m[1] && !/^(?:a|an)$/.test(m[1]) ? m[1] : undefined);
    const number = said === 'a couple of' ? 2 : said ? numberFromWord(said) : null;
    const isPlural =
      /(?:s|children|twins|babies|people|ups)$/.test(noun) && !/^(?:boss|class|missus)$/.test(noun);
    const fallback = noun === 'couple' ? 2 : noun === 'triplets' ? 3 : isPlural ? 2 : 1;
    mentions.push({
      start,
      end,
      count: number ?? fallback,
      isSelf: opensAsParent || noun === 'couple',
      noun,
    });
  }
  return mentions;
}

/**
 * A list of who is moving, read as a whole: "me my husband n our 3 kids" → 5, "single mum with 2
 * children" → 3, "my wife and 2 kids" → 4 (the tenant is implied), "2 adults 1 child" → 3. Only a
 * list of two or more joined by "and", commas, "with" or "+" counts; one person named alone ("my
 * partner is a nurse") says nothing about the household.
 */
function countHousehold(lower: string): number | null {
  const mentions = householdMentions(lower);
  let best: number | null = null;
  let chain: Mention[] = [];
  const close = () => {
    // "I" and "me" in one list are one person ("my partner and I … me").
    const selfWords = chain.filter((m) => m.isSelf && m.noun === 'me');
    const members = chain.filter((m) => !(m.isSelf && m.noun === 'me') || m === selfWords[0]);
    if (members.length >= 2) {
      const hasSelf = members.some((m) => m.isSelf);
      const countsEveryone = members.some((m) => GENERIC_NOUN.test(m.noun));
      const total = members.reduce((sum, m) => sum + m.count, 0) + (hasSelf || countsEveryone ? 0 : 1);
      if (total > 0 && total < 30) best = total;
    }
    chain = [];
  };
  for (const m of mentions) {
    const previous = chain[chain.length - 1];
    if (previous) {
      const gap = lower.slice(previous.end, m.start);
      const joins = HOUSEHOLD_GAP.test(gap) || /^\s+$/.test(gap) || (previous.isSelf && SELF_GAP.test(gap));
      if (!joins) close();
    }
    chain.push(m);
  }
  close();
  return best;
}

/** Ways of saying how many people: each pattern (global) with how to count its match. */
const PEOPLE_PATTERNS: Array<[RegExp, (m: RegExpMatchArray) => number | null]> = [
  [new RegExp(`\\b(?:family|household|group|party) of (${N})\\b`, 'gi'), (m) => numberFromWord(m[1])],
  [
    new RegExp(
      `\\b(${N})\\s*(?:of us|ppl|people|persons|adults?|tenants|occupants|sharers|housemates|flatmates|professionals|guys|girls|lads)\\b(?:\\s*(?:,|and|&|\\+|plus)?\\s*(${N}|a|an|one)\\s+(?:kids?|child(?:ren)?|bab(?:y|ies)|teenagers?|toddlers?|infants?))?`,
      'gi',
    ),
    (m) => (numberFromWord(m[1]) ?? 0) + (m[2] ? (numberFromWord(m[2]) ?? 1) : 0),
  ],
  [
    new RegExp(
      `\\b(?:we are|we're|were|there are|there's|there is|there will be|there'll be|there'd be|there would be|it's|it is|it'll be|it will be|it would be|it'd be|make that|that's)\\s+(?:just\\s+|only\\s+)?(${N})\\b(?!\\s*(?:st|nd|rd|th|bed|beds|bedroom|k\\b|grand|weeks|days|months|years|pm|am|o'?clock|[:/]))`,
      'gi',
    ),
    (m) => numberFromWord(m[1]),
  ],
  // "just me, ASAP", "just me and my cat"; a list of people after it ("just me, my son…") is read by
  // countCompanions and outranks this.
  [/\b(?:just|only|jus|jst)\s+(?:be\s+)?(?:me|myself|the one of us|one|1)\b/gi, () => 1],
  [/\b(?:just|only)\s+i\s*[.!]?$/gi, () => 1],
  [
    /\b(?:on my own|by myself|living alone|me alone|me only|only me|single occupancy|single person|one person|1 person|solo|just for me|for myself|just the one)\b/gi,
    () => 1,
  ],
  [
    new RegExp(
      `\\b(?:we'?re|we are|as|am)?\\s*a couple\\b(?!\\s+of)(?:\\s*(?:with|and|plus|\\+)\\s+(${N}|a|an|one)\\s+(?:kids?|child(?:ren)?|bab(?:y|ies)|toddlers?|teenagers?|sons?|daughters?))?`,
      'gi',
    ),
    (m) => 2 + (m[1] ? (numberFromWord(m[1]) ?? 1) : 0),
  ],
  [
    /\b(?:(?:my|our|the)\s+)?(?:partner|wife|husband|hubby|wifey|missus|girlfriend|boyfriend|fianc[eé]e?|other half|spouse|friend|flatmate|housemate|son|daughter|brother|sister|mum|dad)\s+and\s+(?:i|me|myself)\b/gi,
    () => 2,
  ],
  [new RegExp(`\\b(${N})\\s*\\+(?!\\d)`, 'gi'), (m) => numberFromWord(m[1])],
  // Answers typed as a form: "People: 3".
  [
    new RegExp(
      `\\b(?:people|occupants|tenants|adults|persons|household|no\\.? of people|number of people)\\s*[:=-]\\s*(${N})\\b`,
      'gi',
    ),
    (m) => numberFromWord(m[1]),
  ],
];
/** PEOPLE_PATTERNS that state the count itself ("3 of us", "family of 4", "we are 2", "People: 3"). */
const STATED = new Set([0, 1, 2, 8, 9]);
const BARE_PEOPLE = new RegExp(
  `^(?:about |around |probably |maybe |it'?s |we'?re |we are )?(${N})\\s*(?:\\+|people|persons|of us)?\\s*[.!]?$`,
);

/**
 * The number of people who would live there: "2 of us", "just me", "me and my partner",
 * "a couple", "family of four", "3 adults and a child". With `asked`, a bare "2" or "4+" counts.
 */
export function parsePeople(text: string, options: { asked: boolean }): number | null {
  const lower = normalise(text).toLowerCase();
  const found: Array<{ at: number; count: number; isStated: boolean }> = [];
  for (const [i, [re, count]] of PEOPLE_PATTERNS.entries()) {
    for (const m of lower.matchAll(re)) {
      const c = count(m);
      // "me and my 2 flatmates": a number inside a list names some of the people, not all.
      const inList =
        i === 1 && /(?:\b(?:my|our|his|her|their|and|with|n|plus)|[&+,])\s*$/.test(lower.slice(0, m.index));
      if (c !== null && isHouseholdSize(c))
        found.push({ at: m.index ?? 0, count: c, isStated: STATED.has(i) && !inList });
    }
  }
  const companions = countCompanions(lower);
  const household = countHousehold(lower);
  const listed =
    companions === null ? household : household === null ? companions : Math.max(companions, household);

  // A stated count ("three of us", "family of 4") outranks a list of who is coming, which can be
  // partial; the list outranks the soft counts ("just me", "a couple", "my partner and I") that it
  // may open or repeat. The last count said wins.
  const byPosition = (a: { at: number }, b: { at: number }) => a.at - b.at;
  const stated = found.filter((f) => f.isStated);
  if (stated.length > 0) return stated.sort(byPosition)[stated.length - 1].count;
  const soft = found.sort(byPosition);
  if (listed !== null) return Math.max(listed, ...soft.map((f) => (f.count === 1 ? 0 : f.count)));
  if (soft.length > 0) return soft[soft.length - 1].count;
  if (options.asked) {
    const trimmed = lower.trim();
    const bare = BARE_PEOPLE.exec(trimmed);
    if (bare) return numberFromWord(bare[1]);
    if (/^(?:me|myself|i|just i|one)[.!]?$/.test(trimmed)) return 1;
    if (/^(?:couple|a couple|us two|the two of us|both of us)[.!]?$/.test(trimmed)) return 2;
  }
  return null;
}

// ---------------------------------------------------------------- names

const NAME_STOP = new Set(
  `a an the and or but so not no yes yeah yep ok okay just only also looking interested keen hoping planning
  moving trying wanting wondering after from in on at for with about currently now here there very really quite
  free available flexible happy good fine great sorry afraid sure unsure new based single married divorced
  separated widowed pregnant disabled employed unemployed self retired working studying student a sat sun
  mon tue tues wed thu thurs fri monday tuesday wednesday thursday friday saturday sunday weekend weekends
  weekday weekdays evening evenings morning mornings afternoon afternoons january february march april may
  june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec
  british english scottish welsh irish polish romanian indian pakistani bangladeshi chinese nigerian ghanaian
  italian spanish french german portuguese american australian canadian african asian european muslim
  christian jewish hindu sikh buddhist catholic gay straight lesbian trans hi hello hiya
  hey thanks thank cheers regards best pardon huh email e-mail phone number mobile name it its it's this that is are
  was were be been my our me we us i you your they them he she his her their what when where who how why
  which please pls thx ta mr mrs ms miss dr prof sir madam one two three four five six seven eight nine
  ten yes sure flat house property viewing view income salary rent asap any anytime month week year today
  tomorrow tonight of to by as if then than too still already both all each every some anyone someone
  nurse teacher doctor engineer chef also well um erm hmm lol same fine cool lovely perfect correct right
  wrong looking forward apply applying enquiring enquiry interested call text contact reach me tbh rn btw
  haha lol xx xxx atm ngl imo idk fyi cos coz cuz innit phd msc bsc mba masters master postgrad undergrad
  trainee junior senior nhs uni universal credit benefits benefit pension housing allowance dss pip esa jsa
  surname firstname lastname called first last forename`.split(/\s+/),
);

/** Words that describe a person rather than name them after "I'm" ("I'm White British"). */
const DESCRIPTIONS = new Set(['black', 'white', 'mixed', 'brown', 'british', 'asian']);

const TITLES = /^(?:mr|mrs|ms|miss|mx|dr|prof|sir)\.?\s+/i;
const NAME_TOKEN = "\\p{L}[\\p{L}'-]*";
const NAME_GIVEN = new RegExp(
  `\\b(?:my (?:full )?name(?:'s| is)|(?:full )?name(?:'s| is)|name:|(?:my )?full name(?:'s| is|:)?|call me|(?:i'?m|i am|am) called|it's|its)\\s+(?:(?:spelt|spelled|actually|really|just)\\s+)?(${NAME_TOKEN}(?:\\s+${NAME_TOKEN}){0,4})`,
  'giu',
);
const NAME_INTRODUCED = new RegExp(
  `\\b(?:[Ii]'?m|[Ii] am|[Tt]his is|[Ii]t'?s)\\s+(${NAME_TOKEN}(?:\\s+${NAME_TOKEN}){0,2})`,
  'u',
);
const NAME_SIGN_OFF = new RegExp(
  `(?:^|[.!,]\\s*)(?:thanks|thank you|many thanks|cheers|regards|kind regards|best wishes|best|ta|thx)\\s*[,!.-]*\\s+(${NAME_TOKEN}(?:\\s+${NAME_TOKEN})?)\\s*[.!]*$`,
  'iu',
);
const NAME_HERE = new RegExp(`^(${NAME_TOKEN}(?:\\s+${NAME_TOKEN})?)\\s+here\\b`, 'u');

/** Months that are also first names: after "my name is" they are names. */
const NAMES_LIKE_MONTHS = new Set(['jan', 'may', 'june', 'april', 'august']);

function cleanName(
  candidate: string,
  requireCapital: boolean,
  isExplicit = false,
  isSurname = false,
): string | null {
  const tokens = candidate.replace(TITLES, '').trim().split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (const token of tokens) {
    const bare = token.replace(/[^\p{L}'-]/gu, '');
    // Surnames can be trades (Baker, Turner), first names not.
    const isParticle = kept.length > 0 && NAME_PARTICLES.has(bare.toLowerCase());
    const lower = bare.toLowerCase();
    const isStop = NAME_STOP.has(lower) && !(isExplicit && NAMES_LIKE_MONTHS.has(lower));
    if (!bare || (!isParticle && isStop) || (kept.length === 0 && !isSurname && isJobWord(bare))) break;
    if (requireCapital && !/^\p{Lu}/u.test(bare) && !isParticle) break;
    kept.push(bare);
    if (kept.filter((t) => !NAME_PARTICLES.has(t.toLowerCase())).length === 3) break;
  }
  while (kept.length > 1 && NAME_PARTICLES.has(kept[kept.length - 1].toLowerCase())) kept.pop();
  if (kept.length === 0 || kept[0].length < 2) return null;
  return nameCase(kept);
}

/** Stands in for an email address or phone number, so the words beside one can be read. */
const CONTACT = '\u0001';

function markContacts(text: string): string {
  const marked = text.replace(EMAIL, ` ${CONTACT} `);
  let out = marked;
  for (const [from, to] of [...parsePhone(marked).spans].sort((a, b) => b[0] - a[0])) {
    out = `${out.slice(0, from)} ${CONTACT} ${out.slice(to)}`;
  }
  return out;
}

/** The pieces of a message between commas, dashes, full stops and contact details (kept as pieces). */
const PIECE_BREAK = new RegExp(
  `(${CONTACT})|[,;:\\n()]|\\s[-/|]+\\s|(?<!\\b(?:mr|mrs|ms|dr))[.!?]+(?=\\s|$)`,
  'i',
);

function pieces(marked: string): string[] {
  return marked
    .split(PIECE_BREAK)
    .filter((p): p is string => p !== undefined)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** Lower-case parts of a surname ("de la Cruz", "van Dijk"), never its first or last word. */
const NAME_PARTICLES = new Set([
  'de',
  'da',
  'di',
  'du',
  'la',
  'le',
  'van',
  'von',
  'der',
  'den',
  'al',
  'el',
  'bin',
]);
/**
 * Words of places and of work that are never part of a name typed beside contact details: "Elm
 * Road", "Maple Court", "Garden Flat", "Leeds Uni", "Between jobs".
 */
const NOT_NAME_WORDS = new Set(
  `road rd street avenue ave lane terrace crescent gardens mews square drive place court close grove parade
  flat flats studio apartment apartments house cottage bungalow maisonette tower towers wharf quay estate
  city centre center town village station hospital uni university college campus between job jobs work`.split(
    /\s+/,
  ),
);
/** One-word pieces that may come before the name when it was asked ("Sure, Tom Wright"). */
const NAME_FILLERS = new Set(
  'actually sure yes yeah yep ok okay hi hello hey right so well oh sorry certainly'.split(' '),
);

type PieceRules = {
  /** Every word must start with a capital, unless it appears in the email address given. */
  requireCapital: boolean;
  minWords: number;
  emailLocal: string | null;
  /** Lower-case words of the agency's listings' names and addresses. */
  places: () => Set<string>;
};

/**
 * A piece of a message that is a name and nothing else: "Jamie Lee", "priya shah" beside
 * priya.shah@…, "Sean O'Neill", "Amy Smith-Jones". Not "Elm Road", "Civil servant" or "Next week".
 */
function nameFromPiece(piece: string, rules: PieceRules): string | null {
  const bare = piece
    .replace(TITLES, '')
    .replace(/^(?:hi|hello|hey|hiya)\s+/i, '')
    .replace(/^(?:i'?m|im|i am|it'?s|its|this is|my name is|name'?s)\s+/i, '')
    .replace(/\s+here$/i, '')
    .trim();
  const tokens = bare.split(/\s+/);
  if (tokens.length < rules.minWords || tokens.length > 4) return null;
  const lower = tokens.map((t) => t.toLowerCase());
  const last = lower.length - 1;
  for (const [i, token] of tokens.entries()) {
    if (!/^\p{L}[\p{L}'-]*\p{L}$|^\p{L}$/u.test(token)) return null;
    const isParticle = i > 0 && i < last && NAME_PARTICLES.has(lower[i]);
    if (isParticle) continue;
    if (NAME_STOP.has(lower[i]) || DESCRIPTIONS.has(lower[i]) || NOT_NAME_WORDS.has(lower[i])) return null;
  }
  if (lower[0].length < 2 || isJobWord(lower[0])) return null;
  // "Civil servant", "Software developer": a job title from its first word is no name.
  if (findJobTitles(bare, true).some((m) => m.start === 0)) return null;
  const isCapitalised = tokens.every((t, i) => /^\p{Lu}/u.test(t) || NAME_PARTICLES.has(lower[i]));
  if (rules.requireCapital && !isCapitalised) {
    const local = rules.emailLocal;
    const inEmail =
      local !== null && lower.some((t) => t.length >= 3 && local.includes(t.replace(/[^a-z]/g, '')));
    if (!inEmail) return null;
  }
  const places = rules.places();
  if (places.size > 0 && lower.every((t) => places.has(t))) return null;
  return nameCase(tokens);
}

/** "jan van der berg" → "Jan van der Berg": particles typed in lower case stay so inside a name. */
function nameCase(tokens: string[]): string {
  const cased = titleCase(tokens.join(' ')).split(' ');
  const last = tokens.length - 1;
  return cased
    .map((word, i) => (i > 0 && i < last && NAME_PARTICLES.has(tokens[i]) ? tokens[i] : word))
    .join(' ');
}

/**
 * A name standing beside an email address or phone number ("Jamie Lee, jamie.lee@…", "Priya Shah
 * priya.shah@… 07700 900777", "…@gmail.com 07700 900713 Olivia King"), opening a message that
 * gives contact details, or introduced anywhere as "Kerry-Ann Doyle here". With `nameAsked`, a name opening the message counts even when the rest
 * says something else ("Tom Wright, I'd rather not give my number…").
 */
function nameBesideContact(
  clean: string,
  options: { nameAsked: boolean; places: () => Set<string> },
): string | null {
  const marked = markContacts(clean);
  const hasContact = marked.includes(CONTACT);
  const email = clean.match(EMAIL);
  const rules: PieceRules = {
    requireCapital: !options.nameAsked,
    // A lone word is left to the plain answer ("Jo"): here it is too often something else.
    minWords: 2,
    emailLocal: email
      ? email[0]
          .split('@')[0]
          .toLowerCase()
          .replace(/[^a-z]/g, '')
      : null,
    places: options.places,
  };
  const parts = pieces(marked);
  // The piece that opens the message, after a "Sure," or "Hi," when the name was asked.
  let opening = 0;
  while (options.nameAsked && opening < parts.length - 1 && NAME_FILLERS.has(parts[opening].toLowerCase()))
    opening++;
  for (const [i, part] of parts.entries()) {
    if (part === CONTACT) continue;
    const touchesContact = parts[i - 1] === CONTACT || parts[i + 1] === CONTACT;
    const opens = i === opening && (hasContact || options.nameAsked);
    const introduces = /\s+here$/i.test(part);
    if (!touchesContact && !opens && !introduces) continue;
    const name = nameFromPiece(part, rules);
    if (name) return name;
  }
  return null;
}

/**
 * A name from "I'm Sarah Jones", "name's Tom", "this is Mark Davies", "Thanks, Jo", a name beside
 * an email or phone number, or, when the name was asked, a bare "Sarah Jones". "I'm Polish",
 * "I'm 34" and "I'm a nurse" are not names. `asked`: the name was asked and nothing else answered;
 * `nameAsked`: the name was the question open; `places`: the listings' names and addresses.
 */
export function parseName(
  text: string,
  options: { asked: boolean; nameAsked?: boolean; places?: readonly string[] },
): string | null {
  const found = firstNameRead(text, options);
  const clean = normalise(text);
  const namesParts = /name/i.test(clean);
  const surname = namesParts ? SURNAME_GIVEN.exec(clean) : null;
  const firstGiven = namesParts ? FIRST_NAME_GIVEN.exec(clean) : null;
  // "Ahmed, surname is Rahman": the name before the surname.
  const before =
    surname && !found ? clean.slice(0, surname.index).replace(/[\s,.;:-]+(?:and|my)?\s*$/i, '') : '';
  const first =
    found ??
    (firstGiven ? cleanName(firstGiven[1], false, true) : null) ??
    (before
      ? firstNameRead(before, { ...options, asked: options.asked || options.nameAsked === true })
      : null);
  if (first && surname && first.split(' ').length === 1) {
    const last = cleanName(surname[1], false, true, true);
    if (last) return `${first} ${last}`;
  }
  if (!first) return null;
  return fullerName(first, clean) ?? first;
}

/** Texting words after a name: "raj patel tbh", "sam x". */
const TEXTING_FILLERS = /(?:\s+(?:tbh|lol|haha|x+|rn|btw|pls|plz|thx|ta|mate|here))+$/i;

/** "surname is Rahman", "last name: o'brien", "family name Nowak". */
const SURNAME_GIVEN = new RegExp(
  `\\b(?:surname|last name|family name|second name)(?:'s|\\s+is|\\s*[:=-])?\\s+(${NAME_TOKEN}(?:\\s+${NAME_TOKEN})?)`,
  'iu',
);
const FIRST_NAME_GIVEN = new RegExp(
  `\\b(?:first name|forename|given name)(?:'s|\\s+is|\\s*[:=-])?\\s+(${NAME_TOKEN})`,
  'iu',
);

/**
 * "I'm Fiona by the way, Fiona MacLeod", "its sam, sam okoro": a one-word name said again with a
 * surname after it is the full name.
 */
function fullerName(first: string, text: string): string | null {
  const lower = text.toLowerCase();
  const at = lower.indexOf(first.toLowerCase());
  if (first.includes(' ') || at === -1 || lower.indexOf(first.toLowerCase(), at + 1) === -1) return null;
  const escaped = first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const again = new RegExp(`(?:^|[^\\p{L}])${escaped}\\s+(${NAME_TOKEN}(?:\\s+${NAME_TOKEN}){0,2})`, 'giu');
  for (const m of text.matchAll(again)) {
    const full = cleanName(`${first} ${m[1]}`, false);
    if (full && full.split(' ').length > 1 && full.toLowerCase().startsWith(first.toLowerCase())) return full;
  }
  return null;
}

function firstNameRead(
  text: string,
  options: { asked: boolean; nameAsked?: boolean; places?: readonly string[] },
): string | null {
  const normalised = normalise(text);
  const clean = markContacts(normalised).replaceAll(CONTACT, ' ').replace(/\s+/g, ' ').trim();
  // The last name given wins: "call me jo, full name joanne smith".
  const given = [...clean.matchAll(NAME_GIVEN)].filter((m) => /\bname|call me|called/i.test(m[0])).reverse();
  for (const explicit of given) {
    const name = cleanName(explicit[1], false, true);
    if (name) return name;
  }
  const introduced = NAME_INTRODUCED.exec(clean);
  if (introduced && !DESCRIPTIONS.has(introduced[1].split(/\s+/)[0].toLowerCase())) {
    const name = cleanName(introduced[1], !options.asked);
    if (name) return name;
  }
  const signOff = NAME_SIGN_OFF.exec(clean);
  if (signOff) {
    const name = cleanName(signOff[1], true);
    if (name) return name;
  }
  const here = NAME_HERE.exec(clean);
  if (here) {
    const name = cleanName(here[1], true);
    if (name) return name;
  }
  let places: Set<string> | null = null;
  const beside = nameBesideContact(normalised, {
    nameAsked: options.asked || options.nameAsked === true,
    places: () => {
      places ??= new Set(words((options.places ?? []).join(' ')));
      return places;
    },
  });
  if (beside) return beside;
  if (options.asked) {
    const bare = clean
      .replace(/^(?:hi|hello|hey|sure|yes|ok|okay)[\s,!.]+/i, '')
      .replace(/^(?:it'?s|its|i'?m|im|i am|this is|name:?|my name(?:'s| is))\s+/i, '')
      .replace(/[\s,.;!/-]+(?:thanks|thank you|cheers)?[\s.!]*$/i, '')
      .trim();
    // "raj patel tbh", "ayo, ayo adeyemi": texting fillers go, and a name repeated in full is read
    // from its first piece (the full one is found after).
    const candidates = [bare, ...bare.split(/\s*[,;]\s*/)].map((c) => c.replace(TEXTING_FILLERS, '').trim());
    for (const candidate of candidates) {
      if (!/^\p{L}[\p{L}'-]*(?:\s+\p{L}[\p{L}'-]*){0,3}$/u.test(candidate)) continue;
      const tokens = candidate.split(/\s+/);
      if (tokens.every((t) => !NAME_STOP.has(t.toLowerCase())) && !isJobWord(tokens[0]))
        return cleanName(candidate, false);
    }
  }
  return null;
}

// ---------------------------------------------------------------- occupation

/**
 * Occupation or status: "nurse", "software engineer", "self-employed", "retired", "student",
 * "works in IT". Several earners are joined ("Teacher and electrician").
 */
export function parseOccupation(
  text: string,
  options: { asked: boolean; isStrict?: boolean },
): string | null {
  const clean = normalise(text);
  const titles = findOccupations(clean, options.asked);
  if (titles.length > 0) return joinTitles(titles);
  if (!options.asked || options.isStrict) return null;
  // "he's between jobs so just mine": about someone else, not the tenant's own work.
  if (
    /^(?:he|she|they|he'?s|she'?s|hes|shes|they'?re|my (?:partner|husband|wife|boyfriend|girlfriend|other half))\b/i.test(
      clean.trim(),
    )
  )
    return null;
  // Asked and not in the vocabulary: take a short answer as written ("Sales", "I do admin").
  const bare = clean
    .replace(/^(?:i'?m|i am|we'?re|we are|he'?s|she'?s)\s+(?:both\s+|all\s+)?(?:an?\s+)?/i, '')
    .replace(/^(?:i|we)\s+(?:both\s+|all\s+)?(?:work|do)\s+(?:as\s+)?(?:an?\s+)?/i, '')
    .replace(/^(?:my job is|job:?|occupation:?)\s+(?:an?\s+)?/i, '')
    .replace(/^(?:both|all)\s+/i, '')
    .replace(/[.!]+$/, '')
    .trim();
  const count = words(bare).length;
  if (count === 0 || count > 5 || /\d|@/.test(bare)) return null;
  if (/^(?:name|email|e-mail|phone|mobile|number|tel)\b/i.test(bare) || TIME_WORDS.test(bare)) return null;
  if (/^(?:yes|no|ok|okay|sure|same|n\/a|none|nothing|idk)$/i.test(bare)) return null;
  return capitalise(bare);
}

function joinTitles(titles: string[]): string {
  const lowered = titles.map((t, i) =>
    i === 0 ? t : /^[A-Z]{2}|^PhD/.test(t) ? t : t[0].toLowerCase() + t.slice(1),
  );
  if (lowered.length === 1) return lowered[0];
  return `${lowered.slice(0, -1).join(', ')} and ${lowered[lowered.length - 1]}`;
}

// ---------------------------------------------------------------- viewing availability

/** Words of a request or a thing, never of when to view: "parking for my work van". */
const NOT_AVAILABILITY = /\b(?:parking|park|van|car|vehicle|pets?|dogs?|cats?|rent|deposit|bills?|garden)\b/i;

const TIME_WORDS =
  /\b(?:weekdays?|weekends?|evenings?|mornings?|afternoons?|lunch(?:time)?s?|nights?|days?|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|today|tomorrow|tonight|week|any ?time|flexible|after|before|\d{1,2}(?::\d{2})?\s*(?:am|pm)|noon|midday|(?:after|before|around|outside|finish|off) work|work hours|whenever|anytime|asap|free|christmas|easter|new year|holidays?|half[- ]term|bank holiday|\d{1,2}(?::\d{2})?\s*(?:ish|onwards))\b/i;

function expandAbbreviations(text: string): string {
  return text
    .replace(/\bwk ?ends?\b|\bwknds?\b|\bw\/e\b/gi, (m) => (/s$/i.test(m) ? 'weekends' : 'weekend'))
    .replace(/\bwk ?days?\b/gi, (m) => (/s$/i.test(m) ? 'weekdays' : 'weekday'))
    .replace(/\beves\b/gi, 'evenings')
    .replace(/\beve\b/gi, 'evening')
    .replace(/\barvo\b/gi, 'afternoon');
}

function tidyAvailability(text: string): string {
  let t = expandAbbreviations(text).replace(/\s+/g, ' ').trim();
  const leading = [
    /^(?:hi|hello|ok|okay|sure|yes|yeah|great)[\s,!.]+/i,
    /^(?:i'?m|i am|we'?re|we are)\s+(?:usually\s+|normally\s+|generally\s+)?(?:free|available|around|about)\b\s*(?:on|at|in|for)?\s*/i,
    /^(?:i'?m|i am|we'?re|we are)\s+/i,
    /^(?:i|we)\s+(?:can|could|would)\s+(?:do|make|view|come|manage)(?:\s+it)?\s*(?:on|at|in)?\s*/i,
    /^(?:i|we)\s+(?:can|could)\s+/i,
    /^(?:probably|ideally|usually|generally|normally|preferably|maybe|perhaps|honestly)\s+/i,
    /^(?:the\s+)?best (?:time\s+)?(?:for (?:me|us)\s+)?(?:is|would be)\s+/i,
    /^(?:free|available)\s+(?:on|at|in)?\s*/i,
  ];
  const trailing =
    /[\s,.-]*(?:please|pls|if possible|if that'?s ok(?:ay)?|if that works|ideally|thanks|thank you|cheers|really|tbh|are best(?: for (?:me|us))?|is best(?: for (?:me|us))?|works? best(?: for (?:me|us))?|would be (?:best|good|great|ideal|perfect)|suits? (?:me|us)(?: best)?|whatever suits(?: you)?|whenever suits(?: you)?|for (?:me|us)|are good|is good|are fine|is fine|work for (?:me|us))[.!]*$/i;
  for (let changed = true; changed; ) {
    changed = false;
    for (const re of leading) {
      const next = t.replace(re, '');
      if (next !== t) {
        t = next;
        changed = true;
      }
    }
    const next = t.replace(trailing, '');
    if (next !== t) {
      t = next;
      changed = true;
    }
  }
  return capitalise(t.replace(/[\s,.;!]+$/, '').trim());
}

/**
 * When the tenant can view: "weekday evenings", "this Saturday", "tomorrow after 5", "weekends".
 * Unasked, only a sentence about viewing counts ("we can view any weekend").
 */
export function parseAvailability(text: string, options: { asked: boolean }): string | null {
  const clean = normalise(text);
  if (!clean) return null;
  if (!options.asked) {
    for (const sentence of splitSentences(clean)) {
      const cue = VIEW_CUE.exec(sentence);
      if (!cue) continue;
      const after = sentence
        .slice(cue.index + cue[0].length)
        .replace(/^\s*(?:it|the (?:flat|house|property|place))?\s*(?:on|at|in|from)?\s*/i, '');
      if (after && TIME_WORDS.test(after)) return tidyAvailability(after);
    }
    return null;
  }
  // "wkends, also need somewhere for my work van": only the clauses that say when.
  const clauses = clean.split(/\s*[,;]\s*|\s+(?:also|but|plus)\s+/i).filter((c) => c.trim().length > 0);
  const timed = clauses.filter(
    (c) => TIME_WORDS.test(expandAbbreviations(c)) || /\b\d{1,2}(?:[:.]\d{2})?\b/.test(c),
  );
  const said =
    timed.length > 0 ? timed.join(', ') : clauses.length === 1 && words(clean).length <= 4 ? clean : '';
  if (!said || NOT_AVAILABILITY.test(said)) return null;
  const tidy = tidyAvailability(said);
  if (!tidy || words(tidy).length > 15) return null;
  if (/^(?:yes|yeah|yep|no|nope|ok|okay|sure|thanks|thank you|hi|hello)$/i.test(tidy)) return null;
  return tidy;
}

// ---------------------------------------------------------------- refusals and intents

const REFUSAL =
  /\b(?:(?:i'?d|i would|we'?d|we would)\s+(?:rather|prefer)\s+not|prefer not|rather not|(?:don'?t|do not|dont)\s+(?:want|wish|like)\s+to\s+(?:say|share|give|tell|disclose|answer)|not comfortable|no comment|none of your business|not saying|won'?t say|(?:i'?ll|i will)\s+(?:pass|skip)|decline|not willing|keep (?:that|it) private|that'?s private)\b/i;
const SHORT_REFUSAL =
  /^(?:skip|pass|n\/a|na|no thanks|prefer not to say|rather not say|private|skip this|skip it)[.!]*$/i;
const NO_EMAIL =
  /\b(?:(?:don'?t|do not|dont)\s+(?:have|use)\s+(?:an?\s+)?e-?mail|no e-?mail|not on e-?mail)\b/i;
const NO_PHONE =
  /\b(?:(?:don'?t|do not|dont)\s+(?:have|use)\s+(?:a\s+)?(?:phone|mobile)|no (?:phone|mobile))\b/i;

/** The slots a text names, in registry order ("my number" → phone). */
function slotsNamed(text: string): SlotName[] {
  return SLOT_ORDER.filter((slot) => slotSpec(slot).words.test(text));
}

/** Slots the tenant declines in this text; a refusal naming no slot declines the one asked. */
export function parseRefusals(text: string, asking: SlotName | 'confirm' | null): SlotName[] {
  const refused: SlotName[] = [];
  const clean = normalise(text);
  if (NO_EMAIL.test(clean)) refused.push('email');
  if (NO_PHONE.test(clean)) refused.push('phone');
  for (const sentence of clean.split(/[.;!?]|\s+-\s+/)) {
    const refusal = REFUSAL.exec(sentence);
    if (!refusal && !SHORT_REFUSAL.test(sentence.trim())) continue;
    // Only what the refusal itself names: "I'd rather not give my number, email is best".
    const scope = refusal
      ? sentence.slice(refusal.index + refusal[0].length).split(/,|\bbut\b|\bhowever\b/i)[0]
      : '';
    const named = slotsNamed(scope);
    if (named.length > 0)
      refused.push(...named.filter((slot) => slotSpec(slot).refusalWords?.test(scope) ?? true));
    else if (asking && asking !== 'confirm') refused.push(asking);
  }
  return [...new Set(refused)];
}

export function parseConfirmation(text: string): 'yes' | 'no' | null {
  const lower = normalise(text).toLowerCase();
  if (
    /^(?:no|nope|nah|not (?:quite|really|right|correct)|wrong|incorrect|wait|hang on|hold on|(?:i )?need to change|change)\b/.test(
      lower,
    ) ||
    /\b(?:wrong|incorrect|not right|need to change|should be|change something|mistake|typo|is not right|isn'?t right)\b/.test(
      lower,
    )
  ) {
    return 'no';
  }
  if (
    /^(?:yes|yeah|yep|yup|yea|ya|yh|ye|yess+|aye|correct|that'?s (?:right|correct|it|all (?:correct|right|good|fine)|perfect|great|fine|spot on)|that is (?:all )?(?:right|correct)|all (?:good|correct|right|fine)|looks (?:good|right|great|fine|correct|perfect)|perfect|spot on|confirm(?:ed)?|sure|ok|okay|absolutely|right|great|lovely|fine|sounds good|brilliant|exactly|indeed|definitely|bang on|all correct)\b/.test(
      lower,
    )
  ) {
    return 'yes';
  }
  return null;
}

/** Slots named as wrong without a new value ("the email's wrong"). */
export function parseMentionedSlots(text: string): SlotName[] {
  return slotsNamed(text);
}

// ---------------------------------------------------------------- one message

export type Extraction = {
  updates: Partial<ExtractedFields>;
  refused: SlotName[];
  /** A phone or email was typed but cannot be right. */
  invalid: Array<'email' | 'phone'>;
  intent: 'yes' | 'no' | null;
  /** Slots named at the confirmation without a new value. */
  mentioned: SlotName[];
  questions: QuestionPart[];
  /** "Pick a date": the tenant wants to give an exact date next. */
  wantsDate: boolean;
  /** "any", "not sure": no particular property. */
  anyProperty: boolean;
  /** The statement parts of the message, for callers that match properties. */
  statements: string;
};

const MAX_ANALYSED_LENGTH = 1000;

const NEGATED_VALUE = new RegExp(
  `\\b(?:not|instead of|rather than)\\s+(?:the\\s+)?(?:\\d+(?:st|nd|rd|th)?|${NUMBER_WORD_PATTERN})\\b(?:\\s+(?:of\\s+)?${MONTH})?(?:\\s+of us)?`,
  'gi',
);
const ANY_PROPERTY =
  /\b(?:any(?: of them| one| really)?|anything (?:really|is fine|will do)|not sure|unsure|don'?t mind|dont mind|no preference|whatever|open to (?:anything|any|all)|just (?:looking|browsing)|undecided|none in particular|all of them|either|not yet|haven'?t decided|don'?t know|dont know|no idea)\b/i;

function removeSpans(text: string, spans: Array<[number, number]>): string {
  let out = text;
  for (const [from, to] of [...spans].sort((a, b) => b[0] - a[0])) {
    out = `${out.slice(0, from)} ${out.slice(to)}`;
  }
  return out;
}

const SWAP = new RegExp(
  `(£?\\d[\\d,.]*k?|${NUMBER_WORD_PATTERN})\\s+(?:not|instead of|rather than)\\s+(£?\\d[\\d,.]*k?|${NUMBER_WORD_PATTERN})\\b`,
  'i',
);

/** "A not B" where B is a value already known: A replaces it, in the same slot. */
function readSwap(text: string, fields: ExtractedFields): Partial<ExtractedFields> {
  const m = SWAP.exec(text);
  if (!m) return {};
  const [, said, meant] = m;
  if (fields.numberOfPeople !== null && numberFromWord(meant) === fields.numberOfPeople) {
    const people = numberFromWord(said);
    if (people !== null && isHouseholdSize(people)) return { numberOfPeople: people };
  }
  if (fields.annualIncome !== null && parseIncome(meant, { asked: true }) === fields.annualIncome) {
    const income = parseIncome(said, { asked: true });
    if (income !== null) return { annualIncome: income };
  }
  return {};
}

type ExtractOptions = {
  /** The question the message answers (null while viewing slots are on offer). */
  asking: SlotName | 'confirm' | null;
  today: string;
  fields: ExtractedFields;
  /** Slots still to ask: a short answer to another of them is taken too. */
  missing?: SlotName[];
  /** The listings' names and addresses: "Elm Road" or "Maple Court" is never the tenant's name. */
  places?: readonly string[];
};

/** One message as the stages read it: what each stage leaves for the next, and the result so far. */
export type Reading = {
  readonly options: ExtractOptions;
  readonly asking: SlotName | 'confirm' | null;
  /** The message, normalised and cut to `MAX_ANALYSED_LENGTH`. */
  readonly text: string;
  readonly split: ReturnType<typeof splitQuestions>;
  /** The statements without email, phone or negated values ("not 3"): what most parsers read. */
  statements: string;
  /** The statements without dates either: where people and money are read. */
  numeric: string;
  /** What an "A not B" correction set: those slots are not read again. */
  swap: Partial<ExtractedFields>;
  /** The message corrects something ("sorry, I meant…"). */
  isCorrecting: boolean;
  result: Extraction;
};

/** Stage "clean": the message normalised, its questions split from its statements, the intent. */
export function readMessage(message: string, options: ExtractOptions): Reading {
  const { asking } = options;
  // Tenants' answers fit in far less; a pasted essay is read only so far, so a turn stays cheap.
  const text = normalise(message).slice(0, MAX_ANALYSED_LENGTH);
  const split = splitQuestions(text);
  return {
    options,
    asking,
    text,
    split,
    statements: split.statements,
    numeric: split.statements,
    swap: {},
    isCorrecting: false,
    result: {
      updates: {},
      refused: [],
      invalid: [],
      intent: asking === 'confirm' ? parseConfirmation(text) : null,
      mentioned: [],
      questions: split.questions,
      wantsDate: /^(?:pick|choose|select|enter) a date[.!]?$/i.test(text),
      // Only a statement: "do you have any in Brighton?" is a question, not "any will do".
      anyProperty: asking === 'propertyId' && ANY_PROPERTY.test(split.statements),
      statements: split.statements,
    },
  };
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

/** Email and phone, unambiguous anywhere in the message (questions included), then taken out. */
function readContacts(r: Reading): void {
  const { text, asking, result } = r;
  const email = parseEmail(text);
  if (email.email) result.updates.email = email.email;
  else if (email.isInvalid && (asking === 'email' || /\bemail\b/i.test(text))) result.invalid.push('email');

  const phone = parsePhone(text.replace(EMAIL, ' '));
  if (phone.phone) result.updates.phone = phone.phone;
  else if (phone.isInvalid) result.invalid.push('phone');
  const statements = withoutAddresses(r.split.statements);
  r.statements = removeSpans(statements, parsePhone(statements).spans)
    .replace(NEGATED_VALUE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "I meant 2 not 3", "it's 39k not 35k": the value replaces the one it names, whatever was asked. */
function readCorrections(r: Reading): void {
  r.swap = readSwap(r.split.statements, r.options.fields);
  Object.assign(r.result.updates, r.swap);
  r.isCorrecting = CORRECTION_CUE.test(r.statements);
}

/** Slots declined ("I'd rather not say"); a value given in the same message wins. */
function readRefusals(r: Reading): void {
  r.result.refused = parseRefusals(r.statements, r.asking).filter((slot) => !(slot in r.result.updates));
}

function isRefused(r: Reading, slot: SlotName): boolean {
  return r.result.refused.includes(slot);
}

/** Move-in date: asked, or said with a move cue, or a corrected day ("I meant the 15th"). */
function readMoveIn(r: Reading): void {
  if (isRefused(r, 'moveIn')) return;
  const { asking, result } = r;
  const { today, fields } = r.options;
  // Clauses that talk about moving go first, those about the current home ending last: "our
  // tenancy ends at the end of January, so from 1 February" is 1 February; "…£5,200 a month. We'd
  // move mid April." is mid April.
  const rank = (clause: string) => (LEAVING_CUE.test(clause) ? 2 : MOVE_CUE.test(clause) ? 0 : 1);
  const sentences = splitSentences(r.statements)
    .flatMap((sentence) => sentence.split(CLAUSE_BREAK))
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0)
    .map((clause, i) => ({ clause, i }))
    .sort((a, b) => rank(a.clause) - rank(b.clause) || a.i - b.i)
    .map(({ clause }) => clause);
  for (const sentence of sentences) {
    const hasMoveCue = MOVE_CUE.test(sentence) && !(VIEW_CUE.test(sentence) && !/\bmov/i.test(sentence));
    const isDayCorrection =
      r.isCorrecting && Boolean(fields.moveIn?.date) && /\b\d{1,2}(?:st|nd|rd|th)\b/i.test(sentence);
    const askedHere = asking === 'moveIn' && !VIEW_CUE.test(sentence);
    if (!askedHere && !hasMoveCue && !isDayCorrection) continue;
    const moveIn = parseMoveIn(sentence, today, {
      asked: askedHere,
      previous: fields.moveIn?.date ?? null,
      isCorrecting: isDayCorrection,
    });
    if (moveIn && 'date' in moveIn) {
      result.updates.moveIn = moveInOn(moveIn.date);
      break;
    }
    if (moveIn && 'text' in moveIn && (askedHere || hasMoveCue))
      result.updates.moveIn = moveInWords(moveIn.text);
  }
}

/** Dates are taken out before numbers are read as people or money. */
function removeDates(r: Reading): void {
  r.numeric = r.statements
    .replace(DAY_MONTH, ' ')
    .replace(MONTH_DAY, ' ')
    .replace(
      /(?<!£\s?)\b(\d{1,2})([/.-])(\d{1,2})(?:[/.-]\d{2,4})?\b(?!\s*(?:\/\s*)?(?:an?|per|p|ph|\/)?\s*(?:hour|hr|h)\b)/g,
      (date, day, separator, month) =>
        // "11.90 an hour" and "9.75" are pay, not a day and month.
        separator === '.' && (Number(month) > 12 || Number(day) > 31) ? date : ' ',
    )
    .replace(/\b(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b/gi, ' ');
}

function readPeople(r: Reading): void {
  if (isRefused(r, 'numberOfPeople') || r.swap.numberOfPeople !== undefined) return;
  const people = parsePeople(r.numeric, { asked: r.asking === 'numberOfPeople' });
  if (people !== null) r.result.updates.numberOfPeople = people;
}

function readIncome(r: Reading): void {
  if (isRefused(r, 'annualIncome') || r.swap.annualIncome !== undefined) return;
  // "Do you accept DSS? I'm on universal credit, £900 a month": the amount inside the question
  // is income; "I can offer £100 more a month" is an offer above the rent, never income.
  const benefitQuestions = r.split.questions
    .filter((q) => q.topics.includes('benefits'))
    .map((q) => withoutAddresses(q.text));
  // A rent offered ("I could pay £1,300 a month if that helps") is never income: the clause that
  // offers it is left out, the rest of the sentence is read ("I earn 40k and could pay 1300").
  const incomeText = [r.numeric, ...benefitQuestions]
    .join('. ')
    .split(/(?<=[.!?])\s+/)
    .map((sentence) =>
      isRentProposal(sentence)
        ? sentence
            .split(/(?<=[,;])\s+|\s+(?=(?:and|but|so|or|although|though|if)\s)/i)
            .filter((clause) => !isRentProposal(clause) && !isRentProposal(`i ${clause}`))
            .join(' ')
        : sentence,
    )
    .join(' ');
  const income = parseIncome(incomeText, {
    asked: r.asking === 'annualIncome',
    people: r.result.updates.numberOfPeople ?? r.options.fields.numberOfPeople,
  });
  if (income !== null) r.result.updates.annualIncome = income;
}

function readOccupation(r: Reading): void {
  if (isRefused(r, 'profession')) return;
  const occupation = parseOccupation(r.statements, {
    asked: r.asking === 'profession' && !hasOtherAnswer(r.result),
  });
  if (occupation) r.result.updates.profession = occupation;
}

function readName(r: Reading): void {
  if (isRefused(r, 'name')) return;
  const { asking, result, options } = r;
  const askedName = asking === 'name' && !hasOtherAnswer(result, ['email', 'phone']);
  // The statements with their email and phone, so a name beside them can be read.
  const name = parseName(r.split.statements, {
    asked: askedName,
    nameAsked: asking === 'name',
    places: options.places,
  });
  // A sign-off or "I'm Jo" never overwrites a full name already given.
  const isExplicit = /\b(?:my name|name's|name is|call me)\b/i.test(r.statements);
  if (name && (options.fields.name === null || asking === 'name' || asking === 'confirm' || isExplicit)) {
    result.updates.name = name;
  }
}

function readAvailability(r: Reading): void {
  if (isRefused(r, 'availability') || isRentProposal(r.statements)) return;
  const { statements, result } = r;
  const viewingQuestion = r.split.questions.find((q) => q.topics.includes('viewing'));
  const askedAvailability = r.asking === 'availability' && !hasOtherAnswer(result);
  const availability =
    parseAvailability(statements, { asked: askedAvailability && statements.length > 0 }) ??
    (viewingQuestion ? parseAvailability(viewingQuestion.text, { asked: false }) : null);
  if (availability && (askedAvailability || !isOnlyIntent(statements)))
    result.updates.availability = availability;
}

/** A free-text move-in answer only when nothing else was understood ("flexible really"). */
function readMoveInWords(r: Reading): void {
  const { statements, result } = r;
  if (r.asking !== 'moveIn' || 'moveIn' in result.updates) return;
  const words_ = words(statements);
  if (
    words_.length > 0 &&
    words_.length <= 8 &&
    !hasOtherAnswer(result) &&
    result.refused.length === 0 &&
    !/\d/.test(statements) &&
    TIME_HINT.test(statements.replace(/\bnow\b/gi, r.options.fields.moveIn ? '' : 'now')) &&
    !/^(?:hi|hello|hey|hiya|ok|okay|thanks|thank you|yes|no|yeah|great|cool)\b[\s!.]*$/i.test(statements)
  ) {
    result.updates.moveIn = moveInWords(tidyAvailability(statements).toLowerCase());
  }
}

/**
 * A short reply that does not answer the question may answer another one still open
 * ("Dental nurse" while the number of people was asked).
 */
function readOtherOpenSlot(r: Reading): void {
  const { asking, statements, result } = r;
  const answeredAsked =
    asking !== null && asking !== 'confirm' && (asking in result.updates || isRefused(r, asking));
  const mayAnswerOther = asking !== 'confirm' && asking !== 'propertyId' && !answeredAsked;
  // A rent offered ("cud pay 250 a week") answers nothing: it is declined.
  if (
    !mayAnswerOther ||
    words(statements).length > 6 ||
    result.refused.length > 0 ||
    isRentProposal(statements)
  )
    return;
  for (const slot of r.options.missing ?? []) {
    if (slot === asking || slot in result.updates || Object.keys(result.updates).length > 0) continue;
    if (slot === 'profession') {
      const occupation = parseOccupation(statements, { asked: true, isStrict: true });
      if (occupation) result.updates.profession = occupation;
    } else if (slot === 'name' && /^[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){1,2}[.!]?$/.test(statements.trim())) {
      const name = parseName(statements, { asked: true });
      if (name) result.updates.name = name;
    } else if (slot === 'availability' && TIME_WORDS.test(statements) && !MOVE_CUE.test(statements)) {
      const availability = parseAvailability(statements, { asked: true });
      if (availability) result.updates.availability = availability;
    }
  }
}

/** At the confirmation, "no, the email's wrong": the slots named without a new value. */
function readMentions(r: Reading): void {
  if (r.asking !== 'confirm' || r.result.intent !== 'no') return;
  r.result.mentioned = parseMentionedSlots(r.statements).filter((slot) => !(slot in r.result.updates));
}

/**
 * The stages after "clean" (`readMessage`), in the order they run. The order matters: contacts
 * and negated values leave the text before anything else reads it; a correction ("2 not 3") and
 * a refusal settle their slots before the parsers; dates are read, then taken out, before numbers
 * are read as people and then money (money needs the people, for "25k each"); the occupation,
 * name and availability each take a bare reply as the answer asked for only when the stages
 * before found nothing else; the free-text answers (a move-in in words, a short answer to
 * another open slot) come last, only when nothing else was understood.
 */
export const EXTRACTION_STAGES: ReadonlyArray<{ name: string; run: (r: Reading) => void }> = [
  { name: 'contacts', run: readContacts },
  { name: 'corrections', run: readCorrections },
  { name: 'refusals', run: readRefusals },
  { name: 'move-in', run: readMoveIn },
  { name: 'remove dates', run: removeDates },
  { name: 'people', run: readPeople },
  { name: 'income', run: readIncome },
  { name: 'occupation', run: readOccupation },
  { name: 'name', run: readName },
  { name: 'availability', run: readAvailability },
  { name: 'move-in words', run: readMoveInWords },
  { name: 'other open slot', run: readOtherOpenSlot },
  { name: 'mentions', run: readMentions },
];

/**
 * Everything one message says: several answers at once, corrections, refusals, questions.
 * `fields` is what is known so far (for "25k each" and corrections of a date's day). "Pick a
 * date" says only that: nothing else is read.
 */
export function extractAnswers(message: string, options: ExtractOptions): Extraction {
  const reading = readMessage(message, options);
  if (reading.result.wantsDate) return reading.result;
  for (const stage of EXTRACTION_STAGES) stage.run(reading);
  return reading.result;
}

/** A free-text move-in answer talks about time ("when my contract ends", "flexible"). */
const TIME_HINT =
  /\b(?:when|after|before|once|until|till|soon|later|notice|contract|lease|tenancy|months?|weeks?|years?|spring|summer|autumn|winter|christmas|easter|term|semester|end|start|beginning|mid|early|late|flexible|flexi|whenever|depends|sure|know|now|ready|date|time|anytime|ish|asap|rush|hurry|decided|fussed)\b/i;

function hasOtherAnswer(result: Extraction, except: Array<keyof ExtractedFields> = []): boolean {
  return Object.keys(result.updates).some((k) => !except.includes(k as keyof ExtractedFields));
}

function isOnlyIntent(text: string): boolean {
  return parseConfirmation(text) !== null && words(text).length <= 3;
}
