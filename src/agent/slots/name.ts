import { titleCase } from '../text.ts';
import { knownText, nullableText, type SlotSpec, summaryLine } from './spec.ts';

/** Letters, apostrophes, spaces, dots and hyphens: "Sarah O'Brien", "J. Smith-Jones". */
const NAME_CHARACTERS = /^[\p{L}' .-]+$/u;

/** The tenant's full name; acknowledged by greeting them rather than in the list. */
export const nameSlot = {
  label: 'name',
  words: /\bname\b/i,
  cue: /\bname\b/,
  questions: ['Could I take your full name, please?', 'What name should I pass on to the team?'],
  shortQuestions: ['And could I take your full name?', 'So, what name should I pass on?'],
  describe: () => null,
  summaryLine: ({ name }) => summaryLine('Name', name),
  lead: ({ name }) => ({ name }),
  llm: { name: nullableText },
  valid: (name) => {
    const text = knownText(name);
    return text && NAME_CHARACTERS.test(text) ? text : null;
  },
  prefill: (name) => titleCase(name.trim()),
} satisfies SlotSpec<'name'>;
