/** Small text helpers shared by the slot parsers. */

import { NUMBER_WORDS, numberFromWord } from '#shared/format.ts';

export { numberFromWord };

/** A count written as a word, up to twelve: "three people", "twelve of us". */
export const NUMBER_WORD_PATTERN = `(?:\\d{1,2}|${Object.keys(NUMBER_WORDS)
  .filter((word) => NUMBER_WORDS[word] <= 12)
  .join('|')})`;

/**
 * Straight quotes, single spaces, no zero-width characters. Every parser normalises what it
 * reads, often the same message: the last few results are kept.
 */
export function normalise(text: string): string {
  let clean = NORMALISED.get(text);
  if (clean === undefined) {
    clean = text
      .replace(/[\u2018\u2019\u02bc`]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2013\u2014]/g, '-')
      .replace(/[\u200b-\u200d\ufeff]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (NORMALISED.size >= MAX_NORMALISED_KEPT) NORMALISED.clear();
    NORMALISED.set(text, clean);
  }
  return clean;
}

const NORMALISED = new Map<string, string>();
const MAX_NORMALISED_KEPT = 256;

/** Splits a message into sentences, keeping the end punctuation; emails and decimals stay whole. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Lower-case word tokens (letters, digits, apostrophes). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
}

/** "sarah o'brien" → "Sarah O'Brien"; words already in mixed case are kept as typed. */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .map((word) => {
      if (word !== word.toLowerCase() && word !== word.toUpperCase()) return word;
      return word
        .toLowerCase()
        .replace(/(^|['-])(\p{Ll})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase());
    })
    .join(' ');
}

export function capitalise(text: string): string {
  return text.length === 0 ? text : text[0].toUpperCase() + text.slice(1);
}

/** Optimal string alignment distance: a transposed pair ("apartmnet") counts as one edit. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
  for (let i = 0; i < rows; i++) d[i][0] = i;
  for (let j = 0; j < cols; j++) d[0][j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/** Joins a list as "a, b and c". */
export function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * A message that only thanks ("thanks!", "cool cheers", "thank u 🙏", "ta"): nothing in it needs an
 * answer. "ok thanks" to a question is an answer, so callers test their own readings first.
 */
export function isThanksOnly(text: string): boolean {
  const said = text
    .toLowerCase()
    .replace(/\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\uFE0F|\u200D/gu, ' ')
    .replace(/[!.,]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /^(?:(?:ok(?:ay)?|cool|great|lovely|perfect|brilliant|amazing|nice|ah|oh|fab|sound) )?(?:thanks?(?: ?you| ?u)?(?: so much| very much| a lot| again)?|thx|thnx|tnx|ty|ta|cheers)(?: (?:mate|x+|again|a lot|so much))?$/u.test(
    said,
  );
}
