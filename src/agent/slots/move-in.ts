import { formatLongDate, isoToUk, splitIso } from '../dates.ts';
import type { ExtractedFields, MoveIn } from '../types.ts';
import { knownText, nullableText, type SlotSpec, summaryLine } from './spec.ts';

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
  summaryLine: (fields, { context }) => summaryLine('Move-in', describeMoveIn(fields, context.today)),
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
} satisfies SlotSpec<'moveIn'>;
