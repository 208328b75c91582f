import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatMoney } from '#shared/format.ts';
import { parseRent } from '#shared/rent.ts';
import { lastReply, propertyLink } from '#tests/corpus/chat.ts';
import { linkProperties, willow } from '#tests/corpus/fixtures.ts';
import { type CaseResult, runCorpus } from '#tests/corpus/run.ts';
import { createGuidedEngine } from './dialogue.ts';
import type { AgentProperty } from './types.ts';

/*
 * Lawful by design: the agent never asks about a protected characteristic, and never states a
 * fact about a property that its listing does not hold.
 */

const engine = createGuidedEngine();
let results: CaseResult[];

beforeAll(async () => {
  results = (await runCorpus(engine)).cases;
}, 30_000);

/** A question about age, children, pregnancy, nationality, religion, disability or benefits. */
const PROTECTED_QUESTION =
  /\b(how old|your age|age\b|date of birth|children|kids|pregnan\w*|expecting|nationality|citizen\w*|where are you from|religio\w*|faith|disab\w*|health condition|benefits?|dss|universal credit|married|marital)\b/i;

/** Every sentence the agent could ask: the string literals of its wording modules. */
function wordings(): string[] {
  const files = ['dialogue.ts', 'questions.ts', 'viewing.ts'];
  const literals: string[] = [];
  for (const file of files) {
    const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
    for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
      literals.push(m[1] ?? m[2] ?? m[3] ?? '');
    }
  }
  return literals.filter((l) => /[a-z] [a-z]/i.test(l));
}

function questionSentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim().endsWith('?'));
}

describe('the agent never asks about a protected characteristic', () => {
  test('in any wording it can produce', () => {
    const asked = wordings().flatMap(questionSentences);
    expect(asked.length).toBeGreaterThan(20);
    for (const question of asked) expect(question).not.toMatch(PROTECTED_QUESTION);
  });

  test('in any reply of the corpus', () => {
    for (const result of results) {
      for (const line of result.transcript.filter((l) => l.startsWith('AI: '))) {
        for (const question of questionSentences(line))
          expect(question, result.id).not.toMatch(PROTECTED_QUESTION);
      }
    }
  });
});

/** Money a reply may name: listings' own figures; the tenant's income is their own fact. */
function listedAmounts(): Set<string> {
  const amounts = new Set<string>();
  for (const p of linkProperties) {
    for (const text of [p.rentalPrice, p.parking, p.description])
      for (const m of (text ?? '').matchAll(/£[\d,]+/g)) amounts.add(m[0]);
    if (p.deposit !== null) amounts.add(formatMoney(p.deposit));
    // A weekly rent is also said by the month, worked out from the listed figure.
    const monthly = parseRent(p.rentalPrice);
    if (monthly) amounts.add(formatMoney(Math.round(monthly.monthly)));
  }
  return amounts;
}

/** The facts a reply states about a property, each checked against the listing. */
function unsupportedFacts(reply: string, property: AgentProperty | null): string[] {
  const wrong: string[] = [];
  const text = reply
    .replace(/(?:income of|Income:) £[\d,]+ a year/g, '')
    .replace(/Income (?:of )?£[\d,]+/g, '')
    // The most the tenant said they can pay, said back: "… are advertised at £1,300 a month or less."
    .replace(/advertised at £[\d,]+ a month or less/g, '')
    // A rent the tenant said to be near, and the tenth either side of it: "(£900 to £1,100)".
    .replace(/advertised at around £[\d,]+ a month \(£[\d,]+ to £[\d,]+\)/g, '')
    // Said across the listings before one is chosen, of none of them: "None of our listings says pets are welcome".
    .replace(/None of our listings says [^.]+\./g, '');
  const amounts = listedAmounts();
  for (const m of text.matchAll(/£[\d,]+/g)) if (!amounts.has(m[0])) wrong.push(`amount ${m[0]}`);
  if (!property) return wrong;
  const check = (re: RegExp, holds: (m: RegExpExecArray) => boolean) => {
    const m = re.exec(text);
    if (m && !holds(m)) wrong.push(m[0]);
  };
  check(/council tax band ([A-H])/, (m) => property.councilTaxBand === m[1]);
  check(/EPC rating of ([A-G])/, (m) => property.epcRating === m[1]);
  check(/pets are welcome/, () => property.petsPolicy === 'allowed');
  check(/doesn't allow pets/, () => property.petsPolicy === 'not-allowed');
  check(/Pets are considered case by case/, () => property.petsPolicy === 'considered');
  check(/bills are included/, () => property.billsIncluded === true);
  check(/Bills aren't included/, () => property.billsIncluded === false);
  check(/It's let ([a-z-]+)/, (m) => property.furnishing === m[1]);
  check(
    /The deposit is (£[\d,]+)/,
    (m) => property.deposit !== null && formatMoney(property.deposit) === m[1],
  );
  check(/Yes, there's an? ([a-z ]+)\./, (m) => property.features.includes(m[1]));
  check(/The description says: (.+?[.!?])(?:\s|$)/, (m) => (property.description ?? '').includes(m[1]));
  check(/It has (\d+) bedrooms?/, (m) => property.bedrooms === Number(m[1]));
  check(/minimum tenancy is (\d+) months?/, (m) => property.minimumTermMonths === Number(m[1]));
  check(/For parking, there's (.+?)\./, (m) =>
    (property.parking ?? '').toLowerCase().includes(m[1].toLowerCase()),
  );
  check(/The rent is (.+?)(?: \(£[\d,]+ a month\))?\.(?:\s|$)/, (m) => property.rentalPrice?.trim() === m[1]);
  return wrong;
}

const PROBES = [
  'How much is the rent?',
  'How many bedrooms?',
  'Is there parking?',
  'Can I bring my dog?',
  'Are bills included?',
  'What council tax band is it?',
  'Is it furnished?',
  'How much is the deposit?',
  "What's the EPC rating?",
  'Is there a garden?',
  'Is there a balcony?',
  'How long is the minimum term?',
  'Is the broadband fast?',
  'Is it near the tram?',
  'Is there a dishwasher?',
];

describe('no reply states a fact the listing lacks', () => {
  test('every corpus reply, against its listing', () => {
    for (const result of results) {
      const property = linkProperties.find((p) => p.id === result.fields.propertyId) ?? null;
      for (const line of result.transcript.filter((l) => l.startsWith('AI: '))) {
        expect(unsupportedFacts(line, property), `${result.id}: ${line}`).toEqual([]);
      }
    }
  });

  test.each(linkProperties.map((p) => [p.name, p] as const))(
    'the usual questions about %s',
    async (_name, property) => {
      for (const probe of PROBES) {
        const reply = await lastReply(propertyLink(property), [probe]);
        expect(unsupportedFacts(reply.reply, property), `${probe} → ${reply.reply}`).toEqual([]);
      }
    },
  );

  test('the checker catches a fact the listing lacks', () => {
    expect(unsupportedFacts("It's in council tax band D.", willow)).toEqual(['council tax band D']);
    expect(unsupportedFacts('The deposit is £2,000.', willow)).toEqual([
      'amount £2,000',
      'The deposit is £2,000',
    ]);
    expect(unsupportedFacts("Yes, there's a balcony.", willow)).toEqual(["Yes, there's a balcony."]);
  });
});
