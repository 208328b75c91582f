import { nullableText, type SlotSpec, summaryLine } from './spec.ts';

/** The email address, lower case; asked together with the phone while both are missing. */
export const emailSlot = {
  fields: ['email'],
  label: 'email address',
  words: /\b(e-?mail|email address)\b/i,
  cue: /\be-?mail/,
  questions: ({ isMissing }) =>
    isMissing('phone')
      ? [
          "What's the best email address and phone number for the team to reach you on?",
          'Which email address and phone number should the team use to contact you?',
        ]
      : ["What's your email address?", 'Which email address should the team use?'],
  describe: ({ email }, _today, updated) =>
    email ? (updated.includes('phone') ? 'your email address and phone number' : 'your email address') : null,
  summaryLine: ({ email }) => summaryLine('Email', email),
  lead: ({ email }) => ({ email: email?.toLowerCase() ?? null }),
  llm: { email: nullableText },
} satisfies SlotSpec;
