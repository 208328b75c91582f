/*
 * Tenants' questions about a listing, typed fast on a phone: "is it stil availble?", "parkin?",
 * "deposite", "billz", "wats the deposit". Before a question's topics are read (and before a text
 * without a "?" is judged a question), its key words are put back in their spelling, in one
 * place, so every pattern keeps a single spelling of each word.
 */

/** Short forms and misspellings too short or too far for the distance check below. */
const VARIANTS: Readonly<Record<string, string>> = {
  // The words that open a question, in text-speak: "wats the deposit", "hw much is it", "r pets ok".
  wat: 'what',
  wot: 'what',
  wats: "what's",
  wots: "what's",
  hw: 'how',
  whens: "when's",
  wheres: "where's",
  r: 'are',
  stil: 'still',
  avail: 'available',
  avalible: 'available',
  availible: 'available',
  avl: 'available',
  bils: 'bills',
  billz: 'bills',
  petz: 'pets',
};

/**
 * The key words of the questions' topics (questions.ts). Only words of six letters or more are
 * here: a shorter word has too many real neighbours one letter away ("bills": "bells", "hills").
 */
const KEY_WORDS = [
  'available',
  'availability',
  'parking',
  'deposit',
  'furnished',
  'unfurnished',
  'furniture',
  'utilities',
  'electricity',
  'council',
  'bedroom',
  'bedrooms',
  'garden',
  'balcony',
  'dishwasher',
  'broadband',
  'internet',
  'vacant',
  'address',
  'postcode',
  'location',
  'tenancy',
  'minimum',
  'negotiable',
  'viewing',
];

/** Real words one letter away from a key word, with its first letter: never a misspelling of it. */
const REAL_NEIGHBOURS = new Set(['parting', 'parkins']);

const MIN_LENGTH = 6;

const BY_FIRST_LETTER = new Map<string, string[]>();
for (const word of KEY_WORDS) {
  const list = BY_FIRST_LETTER.get(word[0]) ?? [];
  list.push(word);
  BY_FIRST_LETTER.set(word[0], list);
}
const KNOWN = new Set(KEY_WORDS);

/**
 * Whether two different words are one slip apart: a letter missing, extra or wrong, or two
 * neighbours swapped ("apartmnet"). Linear, as it runs on every long word of every question.
 */
export function isOneSlip(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.length === long.length) {
    if (i === short.length) return false;
    if (short.slice(i + 1) === long.slice(i + 1)) return true;
    return short[i] === long[i + 1] && short[i + 1] === long[i] && short.slice(i + 2) === long.slice(i + 2);
  }
  return short.slice(i) === long.slice(i + 1);
}

/**
 * The key word a typed word misspells: one edit away (a letter missing, extra, wrong or two swapped),
 * with the same first letter, which slips on a keyboard rarely change; null when none, or when the
 * word is a key word or a known real word already.
 */
function keyWordFor(word: string): string | null {
  const variant = VARIANTS[word];
  if (variant) return variant;
  if (word.length < MIN_LENGTH || KNOWN.has(word) || REAL_NEIGHBOURS.has(word)) return null;
  for (const key of BY_FIRST_LETTER.get(word[0]) ?? []) {
    if (isOneSlip(word, key)) return key;
  }
  return null;
}

/**
 * The text with its misspelt key words spelt right; anything else as typed. A capitalised word
 * inside the text is a name ("Parkin Street"), never corrected.
 */
export function withKeyWordsSpelt(text: string): string {
  // A message's clauses are read for questions more than once a turn: the last few are kept.
  let spelt = SPELT.get(text);
  if (spelt === undefined) {
    spelt = text.replace(/[A-Za-z]+/g, (word, offset: number) => {
      const isName = offset > 0 && /^[A-Z][a-z]/.test(word);
      if (isName) return word;
      return keyWordFor(word.toLowerCase()) ?? word;
    });
    if (SPELT.size >= MAX_SPELT_KEPT) SPELT.clear();
    SPELT.set(text, spelt);
  }
  return spelt;
}

const SPELT = new Map<string, string>();
const MAX_SPELT_KEPT = 256;
