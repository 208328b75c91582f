import { z } from 'zod';
import { formatMoney, NUMBER_WORDS } from '#shared/format.ts';
import { isRentProposal } from '../questions.ts';
import {
  CORRECTION_CUE,
  INCOME_BEFORE,
  isRefused,
  MONTH,
  RENT_CAP,
  RENT_NEAR,
  type Reading,
} from '../reading.ts';
import { normalise } from '../text.ts';
import { withoutAddresses } from './email.ts';
import { type SlotSpec, summaryLine, textDisplay } from './spec.ts';

type Period = 'year' | 'month' | 'fortnight' | 'week' | 'hour' | null;

const PERIOD_AFTER =
  /^\s*(?:\/\s*|(?:a|an|per|each|every)\s+)?(year|yr|annum|annually|yearly|pa|p\.a\.?|month|mth|pcm|pm|p\/m|monthly|(?:2|two) weeks|fortnight|fortnightly|bi-?weekly|week|wk|pw|p\/w|weekly|hour|hr|ph|p\/h|hourly)\b/i;
const PERIOD_BEFORE = /\b(annual|yearly|monthly|fortnightly|weekly|hourly)\s+(?:\w+\s+){0,2}(?:of\s+)?$/i;
const INCOME_CUE =
  /\b(earn|earns|earning|earnings|salary|salaries|income|make|makes|making|paid|pay|wage|wages|take home|take-home|pension|stipend|loan|benefits?|universal credit|savings|saved|allowance|bursary|on about|on around|on roughly|i'?m on|we'?re on|he'?s on|she'?s on|between us|combined|together|household|each|guarantor|bring in|brings in|gross|net|before tax|after tax|per annum|a year|pa)\b/i;
const RENT_CUE =
  /\b(rent|budget|afford|deposit|spend|looking to pay|pay up to|max(?:imum)?|pcm rent|holding fee)\b/i;
const COMBINED_CUE =
  /\b(together|combined|between us|joint|household|in total|total|altogether|family income)\b/i;
/** Words just before an amount that make it the sum of those before it. */
const TOTAL_BEFORE =
  /\b(?:so|which is|which makes|that makes|that'?s|thats|that is|total(?: of)?|totals?|in total|altogether|all together|combined|together|overall|=)\s*(?:is\s+|of\s+)?(?:about|around|roughly|approx\.?|~)?\s*(?:£|gbp ?)?$/i;
const EACH_CUE = /\b(each|apiece|per person|a head|both on|all on)\b/i;

type Amount = { annual: number; start: number; clause: string };

/** A "k" or "grand" figure below this, with no period, is said per month. */
const MONTHLY_THOUSANDS_BELOW = 10_000;
/** Money held rather than earned: "£5k in savings" is never a month's pay. */
const LUMP_SUM_CUE = /\b(?:savings|saved|in the bank|lump sum)\b/i;

function toAnnual(
  value: number,
  period: Period,
  hasThousands: boolean,
  hoursPerWeek: number,
  isLumpSum: boolean,
): number {
  switch (period) {
    case 'year':
      return value;
    case 'month':
      return value * 12;
    case 'fortnight':
      return value * 26;
    case 'week':
      return value * 52;
    case 'hour':
      return value * hoursPerWeek * 52;
    default:
      // "on about 2k" is a month's pay in UK speech, "28k" or "30 grand" a year's; savings stay whole.
      if (hasThousands) return value < MONTHLY_THOUSANDS_BELOW && !isLumpSum ? value * 12 : value;
      if (value >= 5000) return value;
      if (value >= 1000) return value * 12;
      if (value >= 100) return value * 52;
      return value * 1000;
  }
}

function periodOf(word: string): Period {
  const w = word.toLowerCase();
  if (/^(year|yr|annum|annually|yearly|pa|p\.a\.?|annual)$/.test(w)) return 'year';
  if (/^(month|mth|pcm|pm|p\/m|monthly)$/.test(w)) return 'month';
  if (/^(?:(?:2|two) weeks|fortnight|fortnightly|bi-?weekly)$/.test(w)) return 'fortnight';
  if (/^(week|wk|pw|p\/w|weekly)$/.test(w)) return 'week';
  if (/^(hour|hr|ph|p\/h|hourly)$/.test(w)) return 'hour';
  return null;
}

/** The clause around a position: income cues must sit in the same clause as the amount. */
function clauseAround(text: string, start: number, end: number): string {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const from = Math.max(
    before.lastIndexOf(','),
    before.lastIndexOf('.'),
    before.lastIndexOf(';'),
    before.lastIndexOf('!'),
  );
  const toMatch = /[,.;!]/.exec(after);
  return text.slice(from + 1, end + (toMatch ? toMatch.index : after.length));
}

const AMOUNT =
  /(£|gbp ?)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?(k\b|grand\b|thousand\b)?(?:\s?(?:-|to)\s?(?:£)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k\b|grand\b|thousand\b)?)?/gi;

const NOT_MONEY_AFTER = new RegExp(
  `^(?:\\s*(?:st|nd|rd|th)\\b|\\s*(?:of us|ppl|people|persons|adults?|kids?|children|child|bab(?:y|ies)|tenants?|occupants?|sharers?|friends?|flatmates?|housemates?|students|bed|beds|bedrooms?|b\\/r|weeks?|days?|months|years?|yrs|hours|hrs|mins?|minutes|am|pm|o'?clock|of (?:them|those)|cars?|pets?|dogs?|cats?)\\b|\\s*[:/](?!\\s*(?:hr|hour|h|ph|week|wk|w|month|mth|m|year|yr|y|annum|pa|p)\\b)|\\s*\\+(?!\\s*[a-z£])|\\s*(?:of\\s+)?${MONTH}\\b|\\.\\d)`,
  'i',
);
const NOT_MONEY_BEFORE = new RegExp(
  `(?:${MONTH}\\s*|[/:]|[a-z]|(?:family|group|household|party|flat|apartment|number|no\\.?|unit|house|aged?|age|after|before|at|from|till|until|around|by|me and|me &|me \\+)\\s+)$`,
  'i',
);

const NUMBER_WORD = `(?:${Object.keys(NUMBER_WORDS).join('|')})`;
const SPELLED_AMOUNT = new RegExp(
  `\\b${NUMBER_WORD}(?:[\\s-]+(?:and[\\s]+)?(?:${NUMBER_WORD}|hundred|thousand))*[\\s-]+(?:hundred|thousand)\\b(?:[\\s-]+(?:and[\\s]+)?${NUMBER_WORD})*`,
  'gi',
);

/** "six hundred" → "600", "thirty five thousand" → "35000": amounts spelt out in words. */
function spelledNumbersToDigits(text: string): string {
  return text.replace(SPELLED_AMOUNT, (phrase) => {
    let total = 0;
    let current = 0;
    for (const word of phrase.toLowerCase().split(/[\s-]+/)) {
      if (word === 'hundred') current = (current || 1) * 100;
      else if (word === 'thousand') {
        total += (current || 1) * 1000;
        current = 0;
      } else if (word in NUMBER_WORDS) current += NUMBER_WORDS[word];
    }
    return String(total + current);
  });
}

/** Money amounts in the text that read as the tenant's income, converted to a year. */
function findIncomeAmounts(text: string, asked: boolean): Amount[] {
  const amounts: Amount[] = [];
  const hoursMatch = /(\d{1,2}(?:\.\d)?)\s*(?:hours|hrs)\s*(?:a|per|each)\s*week/i.exec(text);
  const hoursPerWeek = hoursMatch ? Number(hoursMatch[1]) : 37.5;
  // "£600 a month from work and £400 housing benefit": a later amount shares the earlier period.
  let previousPeriod: Period = null;
  for (const m of text.matchAll(AMOUNT)) {
    const start = m.index;
    const end = start + m[0].length;
    const hasPound = Boolean(m[1]);
    const before = text.slice(Math.max(0, start - 20), start);
    const after = text.slice(end);
    if (!hasPound && NOT_MONEY_BEFORE.test(before) && !/\b(?:around|about|on)\s+$/i.test(before)) continue;
    if (!m[3] && !m[5] && NOT_MONEY_AFTER.test(after)) continue;
    const lowUnit = m[3] ?? (m[4] ? m[5] : undefined);
    const hasThousands = Boolean(lowUnit);
    let value = Number(m[2].replace(/,/g, ''));
    if (hasThousands) value *= 1000;
    if (!Number.isFinite(value) || value <= 0) continue;
    const periodAfter = PERIOD_AFTER.exec(after);
    const periodBefore = PERIOD_BEFORE.exec(text.slice(Math.max(0, start - 40), start).replace(/£\s*$/, ''));
    const said = periodAfter ? periodOf(periodAfter[1]) : periodBefore ? periodOf(periodBefore[1]) : null;
    const inherits: boolean =
      said === null && hasPound && !m[3] && previousPeriod !== 'hour' && previousPeriod !== null;
    const period: Period = inherits ? previousPeriod : said;
    const isYearLike =
      !hasPound && !hasThousands && !period && value >= 1990 && value <= 2100 && !/,/.test(m[2]);
    if (isYearLike) continue;
    const clause = clauseAround(text, start, end);
    if (RENT_CUE.test(clause) && !INCOME_CUE.test(clause.replace(/\b(?:a year|pa|per annum)\b/gi, '')))
      continue;
    const isMoneyShaped = hasPound || hasThousands || period !== null || /,/.test(m[2]) || value >= 1000;
    const hasCue = INCOME_CUE.test(clause);
    if (!isMoneyShaped && !asked) continue;
    if (!hasCue && !asked && !(hasThousands || period === 'year' || value >= 10000)) continue;
    // A bare small number only counts as thousands when income was asked ("32" → £32,000).
    if (!isMoneyShaped && value < 10) continue;
    previousPeriod = period;
    const annual = toAnnual(value, period, hasThousands, hoursPerWeek, LUMP_SUM_CUE.test(clause));
    amounts.push({ annual: Math.round(annual), start, clause });
  }
  return amounts;
}

/**
 * Annual income from "£32k", "2,400 a month", "£550 pw", "30 grand between us", "25k each"
 * (times the people), or several earners ("I'm on £55k and my husband £32k" adds up).
 */
export function parseIncome(
  text: string,
  options: { asked: boolean; people?: number | null },
): number | null {
  // "28.000" is how much of Europe writes 28,000.
  const text_ = normalise(text).replace(/\b(\d{1,3})\.(\d{3})\b(?![.,]\d)/g, '$1,$2');
  const digits = spelledNumbersToDigits(text_);
  let amounts = findIncomeAmounts(digits, options.asked);
  if (amounts.length === 0) return null;
  // "40k, sorry I mean 42k": what follows a correction replaces what came before it.
  const corrected = amounts.filter((a) => CORRECTION_CUE.test(digits.slice(0, a.start)));
  if (corrected.length > 0 && corrected.length < amounts.length) {
    const lastCue = Math.max(
      ...[...digits.matchAll(new RegExp(CORRECTION_CUE, 'gi'))].map((m) => m.index ?? 0),
    );
    const after = amounts.filter((a) => a.start > lastCue);
    if (after.length > 0) amounts = after;
  }
  if (amounts.length > 1) {
    // "30k each so 120k all together", "28k and 32k, 60k combined": the total is the amount said
    // as one ("so", "which is", "= …", "in total"), or the one that adds the others up.
    const total = amounts.filter((a, i) => {
      const before = digits.slice(i > 0 ? amounts[i - 1].start : 0, a.start);
      const next = i + 1 < amounts.length ? amounts[i + 1].start : digits.length;
      const after = digits.slice(a.start, next);
      return TOTAL_BEFORE.test(before) || COMBINED_CUE.test(after.replace(/^\S+/, ''));
    });
    if (total.length > 0) return total[total.length - 1].annual;
    const largest = amounts.reduce((a, b) => (b.annual > a.annual ? b : a));
    const rest = amounts.filter((a) => a !== largest).reduce((sum, a) => sum + a.annual, 0);
    if (Math.abs(rest - largest.annual) <= largest.annual * 0.03) return largest.annual;
  }
  const combined = amounts.find((a) => COMBINED_CUE.test(a.clause));
  if (combined) return combined.annual;
  const each = amounts.find((a) => EACH_CUE.test(a.clause));
  if (each) return options.people && options.people > 1 ? each.annual * options.people : each.annual;
  const distinct: number[] = [];
  for (const { annual } of amounts) {
    if (!distinct.some((d) => Math.abs(d - annual) <= d * 0.02)) distinct.push(annual);
  }
  return distinct.reduce((sum, a) => sum + a, 0);
}

const pounds = (amount: number) => formatMoney(amount, { wholePounds: true });

/** An income this large is not one a tenant gives. */
const MAX_INCOME = 10_000_000;

/** Words saying an amount after them is the tenant's income: "I earn just under 30k". */

function readIncome(r: Reading): void {
  if (isRefused(r, 'annualIncome') || r.swap.annualIncome !== undefined) return;
  // "Do you accept DSS? I'm on universal credit, £900 a month": the amount inside the question
  // is income; "I can offer £100 more a month" is an offer above the rent, never income.
  const benefitQuestions = r.split.questions
    .filter((q) => q.topics.includes('benefits'))
    .map((q) => withoutAddresses(q.text));
  // A rent offered ("I could pay £1,300 a month if that helps") is never income: the clause that
  // offers it is left out, the rest of the sentence is read ("I earn 40k and could pay 1300").
  const incomeText = [r.numeric, ...benefitQuestions]
    .join('. ')
    .split(/(?<=[.!?])\s+/)
    .map((sentence) =>
      isRentProposal(sentence)
        ? sentence
            .split(/(?<=[,;])\s+|\s+(?=(?:and|but|so|or|although|though|if)\s)/i)
            .filter((clause) => !isRentProposal(clause) && !isRentProposal(`i ${clause}`))
            .join(' ')
        : sentence,
    )
    .join(' ');
  // "anything under 2k with 3 beds", "about 1k a month": a rent the tenant can go up to or would
  // pay about, unless the income was asked or is said to be it ("I earn under 30k").
  const asRent = (text: string, rent: RegExp) =>
    text.replace(new RegExp(rent.source, 'gi'), (said, ...rest) => {
      const at = rest.find((part) => typeof part === 'number') ?? 0;
      return INCOME_BEFORE.test(text.slice(Math.max(0, at - 40), at)) ? said : ' ';
    });
  const capped = r.asking === 'annualIncome' ? incomeText : asRent(incomeText, RENT_CAP);
  // A rent to be near is wanted only while a listing is to be chosen.
  const read =
    r.asking === 'annualIncome' || r.options.fields.propertyId !== null ? capped : asRent(capped, RENT_NEAR);
  const income = parseIncome(read, {
    asked: r.asking === 'annualIncome',
    people: r.result.updates.numberOfPeople ?? r.options.fields.numberOfPeople,
  });
  if (income !== null) r.result.updates.annualIncome = income;
}

/** As stored: "£30,000 per year". */
const display = textDisplay('income', { label: 'Income' });

/** Annual income before tax, in whole pounds (a monthly, weekly or hourly answer is converted). */
export const incomeSlot = {
  label: 'income',
  words: /\b(income|salary|earn|earnings|wages?|money|finances|pay)\b/i,
  cue: /\bincome|salary|earn/,
  why: 'Landlords check that the rent is affordable, so a rough figure helps the team. Any income counts.',
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
    summaryLine(display.label, income === null ? null : `${pounds(income)} a year`),
  lead: ({ annualIncome: income }) => ({
    income: income === null ? null : `${pounds(income)} per year`,
    annualIncome: income,
  }),
  llm: { annualIncome: z.number().nullable().describe('Annual income in pounds: monthly ×12, weekly ×52.') },
  valid: (income) =>
    Number.isFinite(income) && income >= 0 && income < MAX_INCOME ? Math.round(income) : null,
  parse: { read: readIncome },
  display,
} satisfies SlotSpec<'annualIncome'>;
