import { z } from 'zod';
import { type SlotSpec, summaryLine } from './spec.ts';

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
  prefill: ({ numberOfPeople: n }) => (n && n >= 1 && n <= 20 ? { numberOfPeople: n } : {}),
} satisfies SlotSpec;
