import * as chrono from 'chrono-node';
import { monthNumber } from '#shared/format.ts';
import {
  addDays,
  daysInMonth,
  firstOfNextMonth,
  formatLongDate,
  isoDate,
  isoToUk,
  splitIso,
} from '../dates.ts';
import { hasOtherAnswer, isRefused, MONTH, MOVE_CUE, type Reading, VIEW_CUE } from '../reading.ts';
import { normalise, splitSentences, words } from '../text.ts';
import type { ExtractedFields, MoveIn } from '../types.ts';
import { tidyAvailability } from './availability.ts';
import { knownText, nullableText, type SlotSpec, summaryLine, textDisplay } from './spec.ts';

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

export type MoveInReading = { date: string } | { text: string };

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
): MoveInReading | null {
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

/** "as soon as possible (Tuesday 10 February 2026)", "1 March 2026", or the tenant's words. */
export function describeMoveIn({ moveIn }: ExtractedFields, today: string): string | null {
  if (moveIn?.date)
    return moveIn.date === today
      ? `as soon as possible (${formatLongDate(today)})`
      : formatLongDate(moveIn.date);
  return moveIn?.text ?? null;
}

/** A move-in date can be from a year ago (a late enquiry) to three years ahead. */
function isPlausibleDate(iso: string, today: string): boolean {
  const parts = splitIso(iso);
  return (
    parts !== null &&
    iso >= `${Number(today.slice(0, 4)) - 1}${today.slice(4)}` &&
    parts.year <= Number(today.slice(0, 4)) + 3
  );
}

/** A move-in on a date (yyyy-mm-dd). */
export function moveInOn(date: string): MoveIn {
  return { date, text: null };
}

/** A move-in in the tenant's words, when no date could be read. */
export function moveInWords(text: string): MoveIn {
  return { date: null, text };
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

/** A free-text move-in answer talks about time ("when my contract ends", "flexible"). */
const TIME_HINT =
  /\b(?:when|after|before|once|until|till|soon|later|notice|contract|lease|tenancy|months?|weeks?|years?|spring|summer|autumn|winter|christmas|easter|term|semester|end|start|beginning|mid|early|late|flexible|flexi|whenever|depends|sure|know|now|ready|date|time|anytime|ish|asap|rush|hurry|decided|fussed)\b/i;

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

/** dd/mm/yyyy, or the tenant's words; "Move-in date" in the email, "Move In" in the CSV. */
const display = textDisplay('moveInDate', { label: 'Move-in', longLabel: 'Move-in date', header: 'Move In' });

/**
 * When the tenant would move in: a date (ASAP is today), or their words when no date is given.
 * The model answers it in two fields, a date or words, which the LLM engine folds into one.
 */
export const moveInSlot = {
  label: 'move-in date',
  words: /\b(move|moving|move-in|date)\b/i,
  // "I'd rather not say when I'm moving" is about something else; "rather not give a date" is not.
  refusalWords: /\bdate\b/i,
  cue: /\bmov(?:e|ing)[ -]?in\b|\bmove\b/,
  why: 'It lets the team check the timing works with when the property is free. A rough idea is fine.',
  readsUnsure: true,
  questions: [
    'When would you like to move in?',
    'When are you hoping to move in?',
    'What date would you ideally like to move in?',
  ],
  shortQuestions: ['So, when would you like to move in?', 'And when are you hoping to move in?'],
  quickReplies: ['ASAP', 'Within a month', 'Pick a date'],
  describe: ({ moveIn }, today) => {
    if (moveIn?.date === today) return 'an as-soon-as-possible move-in';
    if (moveIn?.date) return `a move-in date of ${formatLongDate(moveIn.date)}`;
    if (moveIn?.text) return `a move-in time of "${moveIn.text}"`;
    return null;
  },
  summaryLine: (fields, { context }) => summaryLine(display.label, describeMoveIn(fields, context.today)),
  lead: ({ moveIn }) => ({ moveInDate: moveIn?.date ? isoToUk(moveIn.date) : (moveIn?.text ?? null) }),
  llm: {
    moveInDate: nullableText.describe('yyyy-mm-dd'),
    moveInText: nullableText.describe(
      'The tenant’s words when the move-in time is not a date, e.g. "flexible".',
    ),
  },
  fromModel: ({ moveInDate, moveInText }) =>
    typeof moveInDate === 'string' && moveInDate
      ? moveInOn(moveInDate)
      : typeof moveInText === 'string' && moveInText
        ? moveInWords(moveInText)
        : null,
  valid: (moveIn, { today }) => {
    if (moveIn.date !== null) return isPlausibleDate(moveIn.date, today) ? moveInOn(moveIn.date) : null;
    const text = knownText(moveIn.text);
    return text ? moveInWords(text) : null;
  },
  parse: { read: readMoveIn, readLate: readMoveInWords },
  display,
} satisfies SlotSpec<'moveIn'>;
