import { formatUkPhone } from '#shared/format.ts';
import { nullableText, type SlotSpec, summaryLine } from './spec.ts';

/** A phone number, stored in E.164 and shown in UK layout. */
export const phoneSlot = {
  fields: ['phone'],
  label: 'phone number',
  words: /\b(phone|number|mobile|landline)\b/i,
  cue: /\bphone|mobile|number to reach/,
  questions: ["And what's the best phone number to reach you on?", 'Which phone number is best for you?'],
  shortQuestions: ['And the best number to reach you on?', 'So, which phone number suits you best?'],
  // Given with the email, the email's phrase names both.
  describe: ({ phone }, _today, updated) =>
    phone && !updated.includes('email') ? 'your phone number' : null,
  summaryLine: ({ phone }) => summaryLine('Phone', phone ? formatUkPhone(phone) : null),
  lead: ({ phone }) => ({ contactNumber: phone }),
  llm: { phone: nullableText },
} satisfies SlotSpec;
