import { knownText, nullableText, type SlotSpec, summaryLine } from './spec.ts';

/** A job title or a status (employed, self-employed, student, retired). */
export const occupationSlot = {
  label: 'occupation',
  words: /\b(job|occupation|profession|what i do|employer|work)\b/i,
  cue: /\boccupation|for work|your job|do you do\b/,
  questions: [
    'What do you do for work? A job title is perfect, or a status such as employed, self-employed, student or retired.',
    "And what's your occupation? A job title, or a status like self-employed, student or retired, is fine.",
  ],
  shortQuestions: ['And what do you do for work?', 'So, what is your occupation?'],
  offersSkip: true,
  describe: ({ profession }) => (profession ? `your occupation (${profession})` : null),
  summaryLine: ({ profession }) => summaryLine('Occupation', profession),
  lead: ({ profession }) => ({ profession }),
  llm: { profession: nullableText },
  valid: (profession) => knownText(profession),
} satisfies SlotSpec<'profession'>;
