import { formatLongDate, isoToUk, splitIso } from '../dates.ts';
import type { ExtractedFields } from '../types.ts';
import { knownText, nullableText, type SlotSpec, summaryLine } from './spec.ts';

/** "as soon as possible (Tuesday 10 February 2026)", "1 March 2026", or the tenant's words. */
export function describeMoveIn(fields: ExtractedFields, today: string): string | null {
  if (fields.moveInDate)
    return fields.moveInDate === today
      ? `as soon as possible (${formatLongDate(today)})`
      : formatLongDate(fields.moveInDate);
  return fields.moveInText;
}

/** When the tenant would move in: a date (ASAP is today), or their words when no date is given. */
export const moveInSlot = {
  fields: ['moveInDate', 'moveInText'],
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
  describe: (fields, today) => {
    if (fields.moveInDate === today) return 'an as-soon-as-possible move-in';
    if (fields.moveInDate) return `a move-in date of ${formatLongDate(fields.moveInDate)}`;
    if (fields.moveInText) return `a move-in time of "${fields.moveInText}"`;
    return null;
  },
  summaryLine: (fields, { context }) => summaryLine('Move-in', describeMoveIn(fields, context.today)),
  lead: (fields) => ({ moveInDate: fields.moveInDate ? isoToUk(fields.moveInDate) : fields.moveInText }),
  llm: {
    moveInDate: nullableText.describe('yyyy-mm-dd'),
    moveInText: nullableText.describe(
      'The tenant’s words when the move-in time is not a date, e.g. "flexible".',
    ),
  },
  prefill: ({ moveInDate, moveInText }) =>
    moveInDate && splitIso(moveInDate) ? { moveInDate } : { moveInText: knownText(moveInText) },
} satisfies SlotSpec;
