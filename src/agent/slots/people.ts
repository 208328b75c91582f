import { z } from 'zod';
import { type SlotSpec, summaryLine } from './spec.ts';

/** The most people a household may be: a larger number is not a household size. */
export const MAX_PEOPLE = 20;

/** A number of people that can be a household: a whole number from 1 to `MAX_PEOPLE`. */
export function isHouseholdSize(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_PEOPLE;
}

/** How many people would live there, the tenant included. */
export const peopleSlot = {
  label: 'number of people',
  words: /\b(how many|people|occupants)\b/i,
  cue: /\bhow many (?:people|of you|adults|occupants)|\bliving (?:in|at) the property/,
  questions: [
    'How many people would be living in the property, including you?',
    'How many people would be moving in altogether, including yourself?',
  ],
  shortQuestions: ['And how many of you would be moving in?', 'So, how many people would be living there?'],
  offersSkip: true,
  quickReplies: ['Just me', '2', '3', '4+'],
  describe: ({ numberOfPeople: n }) => (n === null ? null : n === 1 ? '1 person' : `${n} people`),
  summaryLine: ({ numberOfPeople: n }) => summaryLine('People', n === null ? null : String(n)),
  lead: (fields) => ({ numberOfPeople: fields.numberOfPeople }),
  llm: { numberOfPeople: z.number().int().nullable() },
  valid: (n) => (isHouseholdSize(n) ? n : null),
} satisfies SlotSpec<'numberOfPeople'>;
