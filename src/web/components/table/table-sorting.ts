import { parseUkDate } from '#shared/dates.ts';

/** One column at a time, as the spec's tables sort. */
export type SortState = { id: string; desc: boolean };

/**
 * The same column toggles; a new column starts ascending, or descending when
 * `descFirst` (Rating, where an agent wants the best leads at the top).
 */
export function nextSort(current: SortState | null, columnId: string, descFirst = false): SortState {
  if (current?.id === columnId) return { id: columnId, desc: !current.desc };
  return { id: columnId, desc: descFirst };
}

/** What a cell sorts by: a number, lower-case text, or undefined for nothing (always last). */
export type SortValue = number | string | undefined;

/** Numbers before words (a date before "flexible"); text by code point, which is quick. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  if (a === b) return 0;
  return (a ?? '') < (b ?? '') ? -1 : 1;
}

export function textValue(value: string | null | undefined): SortValue {
  const text = value?.trim().toLowerCase();
  return text ? text : undefined;
}

export function numberValue(value: number | null | undefined): SortValue {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** '8' → 8: the Rating column sorts as numbers, so 10 comes after 9. */
export function ratingValue(value: string | null | undefined): SortValue {
  if (value == null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : textValue(value);
}

const weekly = /\b(pw|p\/w|per week|a week|weekly|pppw)\b/i;

/**
 * Free-text money ('£1,200 pcm', '£300 pw', '£42,000 per year') by its amount, weekly rents as
 * monthly, so that £950 sorts before £1,200. Text without a number sorts as text after numbers.
 */
export function moneyValue(value: string | null | undefined): SortValue {
  if (!value?.trim()) return undefined;
  const match = /\d[\d,]*(\.\d+)?/.exec(value);
  if (!match) return textValue(value);
  let amount = Number(match[0].replaceAll(',', ''));
  if (/\d\s*k\b/i.test(value.slice(match.index, match.index + match[0].length + 2))) amount *= 1000;
  return weekly.test(value) ? (amount * 52) / 12 : amount;
}

/** dd/mm/yyyy as its day; other words ('flexible', 'ASAP') after every date. */
export function ukDateValue(value: string | null | undefined): SortValue {
  if (!value?.trim()) return undefined;
  const date = parseUkDate(value);
  return date ? date.getTime() : textValue(value);
}

export function isoDateValue(value: string | null | undefined): SortValue {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}
