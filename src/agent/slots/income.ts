import { z } from 'zod';
import { formatMoney } from '#shared/format.ts';
import { type SlotSpec, summaryLine } from './spec.ts';

const pounds = (amount: number) => formatMoney(amount, { wholePounds: true });

/** An income this large is not one a tenant gives. */
const MAX_INCOME = 10_000_000;

/** Annual income before tax, in whole pounds (a monthly, weekly or hourly answer is converted). */
export const incomeSlot = {
  label: 'income',
  words: /\b(income|salary|earn|earnings|wages?|money|finances|pay)\b/i,
  cue: /\bincome|salary|earn/,
  questions: [
    "What's your approximate annual income before tax? If you're applying with someone, your combined income is fine, and a monthly figure works too.",
    'Roughly what is your yearly income before tax? A combined figure is fine if you are applying together, or you can give it per month.',
  ],
  shortQuestions: [
    'And roughly what is your annual income before tax? Monthly is fine too.',
    'So, what is your approximate yearly income? A combined figure is fine.',
  ],
  offersSkip: true,
  describe: ({ annualIncome: income }) => (income === null ? null : `an income of ${pounds(income)} a year`),
  summaryLine: ({ annualIncome: income }) =>
    summaryLine('Income', income === null ? null : `${pounds(income)} a year`),
  lead: ({ annualIncome: income }) => ({
    income: income === null ? null : `${pounds(income)} per year`,
    annualIncome: income,
  }),
  llm: { annualIncome: z.number().nullable().describe('Annual income in pounds: monthly ×12, weekly ×52.') },
  valid: (income) =>
    Number.isFinite(income) && income >= 0 && income < MAX_INCOME ? Math.round(income) : null,
} satisfies SlotSpec<'annualIncome'>;
