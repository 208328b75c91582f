import { z } from 'zod';
import { isRefused, type Reading } from '../reading.ts';
import { NUMBER_WORD_PATTERN, normalise, numberFromWord } from '../text.ts';
import { type SlotDisplay, type SlotSpec, summaryLine } from './spec.ts';

const N = NUMBER_WORD_PATTERN;
const PERSON_NOUNS =
  /^(partner|wife|husband|hubby|wifey|missus|girlfriend|boyfriend|gf|bf|fianc[eé]e?|spouse|friends?|flatmates?|housemates?|mates?|sons?|daughters?|bab(?:y|ies)|child|children|kids?|brothers?|sisters?|siblings?|mum|mom|mother|dad|father|parents?|cousins?|colleagues?|nephews?|nieces?|grandson|granddaughter|grandma|grandmother|grandad|grandfather|nan|nana|uncle|aunt(?:ie)?|twins|toddlers?|teenagers?|lodgers?|other half|[a-z]+-in-law|step-?(?:son|daughter|mum|dad|child|children|kids?)|people|others|adults?|students|guys|girls|lads)$/i;

function countFrom(word: string | undefined, fallback: number): number {
  if (!word) return fallback;
  return numberFromWord(word) ?? fallback;
}

/**
 * "me and …", or moving "with …" ("living with" is who the tenant lives with now, "coming with"
 * may be only to the viewing).
 */
const COMPANIONS_START =
  /\b(?:me|myself)\b(?=\s*(?:,|and\b|&|\+|n\b|plus\b))|\b(?:mov(?:e|es|ing)|relocat(?:e|ing))(?:\s+in)?\s+with\b/;
const COMPANION_ITEM = new RegExp(
  `^\\s*(?:,|and|&|\\+|n|plus)\\s*(?:and\\s+)?(?:(?:my|our|a|an|the|his|her|their)\\s+)?(${N})?\\s*([a-zé-]+(?:\\s+half)?)`,
  'i',
);
/** The first companion after "moving with" needs no "and". */
const FIRST_COMPANION = new RegExp(
  `^\\s*(?:(?:my|our|a|an|the|his|her|their)\\s+)?(${N})?\\s*([a-zé-]+(?:\\s+half)?)`,
  'i',
);

/** "me, my partner and our baby" → 3; "me and 2 friends" → 3; "moving with my partner" → 2. */
function countCompanions(lower: string): number | null {
  const start = COMPANIONS_START.exec(lower);
  if (!start) return null;
  let remaining = lower.slice(start.index + start[0].length);
  let count = 1;
  let items = 0;
  for (let guard = 0; guard < 6; guard++) {
    const m = (items === 0 && /with$/.test(start[0]) ? FIRST_COMPANION : COMPANION_ITEM).exec(remaining);
    if (!m) break;
    const noun = m[2].replace(/\s+/, ' ');
    if (!PERSON_NOUNS.test(noun)) break;
    const isPlural = /s$|children|twins|babies|people/.test(noun) && !/^(?:boss|class|missus)$/.test(noun);
    count += countFrom(m[1], isPlural ? 2 : 1);
    items++;
    remaining = remaining.slice(m[0].length);
  }
  return items > 0 ? count : null;
}

/** Who is one person in a household list, and how a mention of them reads. */
const HOUSEHOLD_NOUN =
  'childrens|kiddos?|partner|wife|husband|hubby|wifey|missus|girlfriend|boyfriend|gf|bf|fianc[eé]e?|spouse|friends?|flatmates?|housemates?|mates?|sons?|daughters?|bab(?:y|ies)|child|children|kids?|brothers?|sisters?|siblings?|mum|mom|mother|dad|father|parents?|cousins?|colleagues?|nephews?|nieces?|grandsons?|granddaughters?|grandma|grandmother|grandad|grandfather|nan|nana|uncle|aunt(?:ie)?|twins|triplets|toddlers?|teenagers?|teens?|infants?|newborn|lodgers?|other half|[a-z]+-in-law|step-?(?:son|daughter|mum|dad|child|children|kids?)|boys?|girls?|lads|guys|little ones|young ones|grown[- ]?ups?|adults?|people|couple|dependants?';
/** Nouns that count people without saying who they are to the tenant: "2 adults and a child". */
const GENERIC_NOUN = /^(?:adults?|people|grown[- ]?ups?|guys|lads|couple)$/;
const HOUSEHOLD_MENTION = new RegExp(
  `\\b(?:single (?:mum|mom|dad|mother|father|parent)|(?:i|me|myself)\\b|(?:(${N}|a couple of|a|an)\\s+)?(?:(?:my|our|the|his|her|their|mi)\\s+)?(?:(${N})\\s+)?(?:(?:little|young|small|teenage|older|younger|baby|new|lovely|beautiful)\\s+)?(${HOUSEHOLD_NOUN})\\b)`,
  'g',
);
const HOUSEHOLD_GAP = /^(?:\s*(?:,|and|&|\+|n|plus|with|w\/|along with|as well as|also|too|\/|aswell)\s*)+$/;
/** After the tenant ("I have 2 kids", "single dad of three"), the words that lead to who comes too. */
const SELF_GAP = /^\s*(?:have|'?ve got|have got|got|of|,?\s*(?:and|with)\s+(?:my|our)?)\s*$/;

type Mention = { start: number; end: number; count: number; isSelf: boolean; noun: string };

function householdMentions(lower: string): Mention[] {
  const mentions: Mention[] = [];
  for (const m of lower.matchAll(HOUSEHOLD_MENTION)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    const noun = (m[3] ?? '').replace(/\s+/g, ' ');
    if (!m[3]) {
      mentions.push({ start, end, count: 1, isSelf: true, noun: 'me' });
      continue;
    }
    // A tenant who opens with "mum with two kids" or "dad of 3" speaks of themself.
    const opensAsParent = start === 0 && /^(?:mum|mom|dad|mother|father)$/.test(noun) && !m[1] && !m[2];
    const said = m[2] ?? (m[1] && !/^(?:a|an)$/.test(m[1]) ? m[1] : undefined);
    const number = said === 'a couple of' ? 2 : said ? numberFromWord(said) : null;
    const isPlural =
      /(?:s|children|twins|babies|people|ups)$/.test(noun) && !/^(?:boss|class|missus)$/.test(noun);
    const fallback = noun === 'couple' ? 2 : noun === 'triplets' ? 3 : isPlural ? 2 : 1;
    mentions.push({
      start,
      end,
      count: number ?? fallback,
      isSelf: opensAsParent || noun === 'couple',
      noun,
    });
  }
  return mentions;
}

/**
 * A list of who is moving, read as a whole: "me my husband n our 3 kids" → 5, "single mum with 2
 * children" → 3, "my wife and 2 kids" → 4 (the tenant is implied), "2 adults 1 child" → 3. Only a
 * list of two or more joined by "and", commas, "with" or "+" counts; one person named alone ("my
 * partner is a nurse") says nothing about the household.
 */
function countHousehold(lower: string): number | null {
  const mentions = householdMentions(lower);
  let best: number | null = null;
  let chain: Mention[] = [];
  const close = () => {
    // "I" and "me" in one list are one person ("my partner and I … me").
    const selfWords = chain.filter((m) => m.isSelf && m.noun === 'me');
    const members = chain.filter((m) => !(m.isSelf && m.noun === 'me') || m === selfWords[0]);
    if (members.length >= 2) {
      const hasSelf = members.some((m) => m.isSelf);
      const countsEveryone = members.some((m) => GENERIC_NOUN.test(m.noun));
      const total = members.reduce((sum, m) => sum + m.count, 0) + (hasSelf || countsEveryone ? 0 : 1);
      if (total > 0 && total < 30) best = total;
    }
    chain = [];
  };
  for (const m of mentions) {
    const previous = chain[chain.length - 1];
    if (previous) {
      const gap = lower.slice(previous.end, m.start);
      const joins = HOUSEHOLD_GAP.test(gap) || /^\s+$/.test(gap) || (previous.isSelf && SELF_GAP.test(gap));
      if (!joins) close();
    }
    chain.push(m);
  }
  close();
  return best;
}

/** Words that say what sort of couple, before "couple": "professional couple looking". */
const COUPLE_WORD =
  '(?:young|professional|working|married|retired|mature|quiet|engaged|unmarried|older|elderly|friendly|tidy|respectful|non[- ]?smoking|student|graduate)';

/** Ways of saying how many people: each pattern (global) with how to count its match. */
const PEOPLE_PATTERNS: Array<[RegExp, (m: RegExpMatchArray) => number | null]> = [
  [new RegExp(`\\b(?:family|household|group|party) of (${N})\\b`, 'gi'), (m) => numberFromWord(m[1])],
  [
    new RegExp(
      `\\b(${N})\\s*(?:of us|ppl|people|persons|adults?|tenants|occupants|sharers|housemates|flatmates|professionals|guys|girls|lads)\\b(?:\\s*(?:,|and|&|\\+|plus)?\\s*(${N}|a|an|one)\\s+(?:kids?|child(?:ren)?|bab(?:y|ies)|teenagers?|toddlers?|infants?))?`,
      'gi',
    ),
    (m) => (numberFromWord(m[1]) ?? 0) + (m[2] ? (numberFromWord(m[2]) ?? 1) : 0),
  ],
  [
    new RegExp(
      `\\b(?:we are|we're|were|there are|there's|there is|there will be|there'll be|there'd be|there would be|it's|it is|it'll be|it will be|it would be|it'd be|make that|that's)\\s+(?:just\\s+|only\\s+)?(${N})\\b(?!\\s*(?:st|nd|rd|th|bed|beds|bedroom|k\\b|grand|weeks|days|months|years|pm|am|o'?clock|[:/]))`,
      'gi',
    ),
    (m) => numberFromWord(m[1]),
  ],
  // "just me, ASAP", "just me and my cat"; a list of people after it ("just me, my son…") is read by
  // countCompanions and outranks this.
  [/\b(?:just|only|jus|jst)\s+(?:be\s+)?(?:me|myself|the one of us|one|1)\b/gi, () => 1],
  [/\b(?:just|only)\s+i\s*[.!]?$/gi, () => 1],
  [
    /\b(?:on my own|by myself|living alone|me alone|me only|only me|single occupancy|single person|one person|1 person|solo|just for me|for myself|just the one)\b/gi,
    () => 1,
  ],
  [
    new RegExp(
      `\\b(?:we'?re|we are|as|am)?\\s*(?:(?:a|an)\\s+)?(?:${COUPLE_WORD}\\s+)*(?<=\\b(?:a|an|we'?re|we are|as|am)\\s+|(?:${COUPLE_WORD})\\s+|^\\s*|[,;.]\\s*)couple\\b(?!\\s+(?:of|more|months?|weeks?|days?|years?|hours?|mins?|minutes?|times?|quid|hundred|grand)\\b)(?:\\s*(?:with|and|plus|\\+)\\s+(${N}|a|an|one)\\s+(?:kids?|child(?:ren)?|bab(?:y|ies)|toddlers?|teenagers?|sons?|daughters?))?`,
      'gi',
    ),
    (m) => 2 + (m[1] ? (numberFromWord(m[1]) ?? 1) : 0),
  ],
  [
    /\b(?:(?:my|our|the)\s+)?(?:partner|wife|husband|hubby|wifey|missus|girlfriend|boyfriend|fianc[eé]e?|other half|spouse|friend|flatmate|housemate|son|daughter|brother|sister|mum|dad)\s+and\s+(?:i|me|myself)\b/gi,
    () => 2,
  ],
  [new RegExp(`\\b(${N})\\s*\\+(?!\\d)`, 'gi'), (m) => numberFromWord(m[1])],
  // Answers typed as a form: "People: 3".
  [
    new RegExp(
      `\\b(?:people|occupants|tenants|adults|persons|household|no\\.? of people|number of people)\\s*[:=-]\\s*(${N})\\b`,
      'gi',
    ),
    (m) => numberFromWord(m[1]),
  ],
];
/** PEOPLE_PATTERNS that state the count itself ("3 of us", "family of 4", "we are 2", "People: 3"). */
const STATED = new Set([0, 1, 2, 8, 9]);
const BARE_PEOPLE = new RegExp(
  `^(?:about |around |probably |maybe |it'?s |we'?re |we are )?(${N})\\s*(?:\\+|people|persons|of us)?\\s*[.!]?$`,
);

/**
 * The number of people who would live there: "2 of us", "just me", "me and my partner",
 * "a couple", "family of four", "3 adults and a child". With `asked`, a bare "2" or "4+" counts.
 */
export function parsePeople(text: string, options: { asked: boolean }): number | null {
  const lower = normalise(text).toLowerCase();
  const found: Array<{ at: number; count: number; isStated: boolean }> = [];
  for (const [i, [re, count]] of PEOPLE_PATTERNS.entries()) {
    for (const m of lower.matchAll(re)) {
      const c = count(m);
      // "me and my 2 flatmates": a number inside a list names some of the people, not all.
      const inList =
        i === 1 && /(?:\b(?:my|our|his|her|their|and|with|n|plus)|[&+,])\s*$/.test(lower.slice(0, m.index));
      if (c !== null && isHouseholdSize(c))
        found.push({ at: m.index ?? 0, count: c, isStated: STATED.has(i) && !inList });
    }
  }
  const companions = countCompanions(lower);
  const household = countHousehold(lower);
  const listed =
    companions === null ? household : household === null ? companions : Math.max(companions, household);

  // A stated count ("three of us", "family of 4") outranks a list of who is coming, which can be
  // partial; the list outranks the soft counts ("just me", "a couple", "my partner and I") that it
  // may open or repeat. The last count said wins.
  const byPosition = (a: { at: number }, b: { at: number }) => a.at - b.at;
  const stated = found.filter((f) => f.isStated);
  if (stated.length > 0) return stated.sort(byPosition)[stated.length - 1].count;
  const soft = found.sort(byPosition);
  if (listed !== null) return Math.max(listed, ...soft.map((f) => (f.count === 1 ? 0 : f.count)));
  if (soft.length > 0) return soft[soft.length - 1].count;
  if (options.asked) {
    const trimmed = lower.trim();
    const bare = BARE_PEOPLE.exec(trimmed);
    if (bare) return numberFromWord(bare[1]);
    if (/^(?:me|myself|i|just i|one)[.!]?$/.test(trimmed)) return 1;
    if (/^(?:couple|a couple|us two|the two of us|both of us)[.!]?$/.test(trimmed)) return 2;
  }
  return null;
}

/** The most people a household may be: a larger number is not a household size. */
export const MAX_PEOPLE = 20;

/** A number of people that can be a household: a whole number from 1 to `MAX_PEOPLE`. */
export function isHouseholdSize(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_PEOPLE;
}

function readPeople(r: Reading): void {
  if (isRefused(r, 'numberOfPeople') || r.swap.numberOfPeople !== undefined) return;
  const people = parsePeople(r.numeric, { asked: r.asking === 'numberOfPeople' });
  if (people !== null) r.result.updates.numberOfPeople = people;
}

const display = {
  label: 'People',
  longLabel: 'People',
  text: (lead) => (lead.numberOfPeople === null ? null : String(lead.numberOfPeople)),
  csv: [{ header: 'People', value: (lead) => lead.numberOfPeople }],
} satisfies SlotDisplay;

/** How many people would live there, the tenant included. */
export const peopleSlot = {
  label: 'number of people',
  words: /\b(how many|people|occupants)\b/i,
  cue: /\bhow many (?:people|of you|adults|occupants)|\bliving (?:in|at) the property/,
  why: 'It lets the team check the property is the right size for everyone moving in.',
  questions: [
    'How many people would be living in the property, including you?',
    'How many people would be moving in altogether, including yourself?',
  ],
  shortQuestions: ['And how many of you would be moving in?', 'So, how many people would be living there?'],
  offersSkip: true,
  quickReplies: ['Just me', '2', '3', '4+'],
  describe: ({ numberOfPeople: n }) => (n === null ? null : n === 1 ? '1 person' : `${n} people`),
  summaryLine: ({ numberOfPeople: n }) => summaryLine(display.label, n === null ? null : String(n)),
  lead: (fields) => ({ numberOfPeople: fields.numberOfPeople }),
  llm: { numberOfPeople: z.number().int().nullable() },
  valid: (n) => (isHouseholdSize(n) ? n : null),
  parse: { read: readPeople },
  display,
} satisfies SlotSpec<'numberOfPeople'>;
