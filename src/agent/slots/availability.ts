import { knownText, nullableText, type SlotSpec, summaryLine } from './spec.ts';

/** When the tenant can view, in their words; not asked when free viewing slots are offered instead. */
export const availabilitySlot = {
  label: 'viewing availability',
  words: /\b(viewings?|availability|view)\b/i,
  cue: /\bview(?:ing)?\b|free to (?:come|see)/,
  questions: [
    'Last one: when would suit you for a viewing? For example weekday evenings or weekends.',
    'Finally, when are you usually free for a viewing? Weekday evenings, weekends, or something more specific?',
  ],
  shortQuestions: ['And when could you come for a viewing?', 'So, when are you free for a viewing?'],
  quickReplies: ['Weekday evenings', 'Weekends'],
  describe: ({ availability }) => (availability ? `your viewing availability (${availability})` : null),
  summaryLine: ({ availability }, { state, booksViewing }) =>
    state.viewing?.booked
      ? summaryLine('Viewing', availability)
      : availability !== null || !booksViewing
        ? summaryLine('Viewing availability', availability)
        : null,
  lead: ({ availability }) => ({ availability }),
  llm: { availability: nullableText.describe('When the tenant can come to a viewing, in their words.') },
  valid: (availability) => knownText(availability),
} satisfies SlotSpec<'availability'>;
