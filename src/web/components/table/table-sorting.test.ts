import { describe, expect, test } from 'vitest';
import { testReturns, testReturnsEqual } from '#tests/helpers/tables.ts';
import {
  compareSortValues,
  isoDateValue,
  moneyValue,
  nextSort,
  ratingValue,
  type SortState,
  type SortValue,
  textValue,
  ukDateValue,
} from './table-sorting.ts';

describe('nextSort', () => {
  testReturnsEqual(
    'from %j, clicking %s gives %j',
    (current: SortState | null, column: string) => nextSort(current, column),
    [
      [null, 'name', { id: 'name', desc: false }],
      [{ id: 'name', desc: false }, 'name', { id: 'name', desc: true }],
      [{ id: 'name', desc: true }, 'name', { id: 'name', desc: false }],
      [{ id: 'name', desc: true }, 'email', { id: 'email', desc: false }],
      [{ id: 'createdAt', desc: true }, 'createdAt', { id: 'createdAt', desc: false }],
    ],
  );

  testReturnsEqual(
    'a column sorted highest first: from %j, clicking %s gives %j',
    (current: SortState | null, column: string) => nextSort(current, column, true),
    [
      [null, 'rating', { id: 'rating', desc: true }],
      [{ id: 'createdAt', desc: true }, 'rating', { id: 'rating', desc: true }],
      [{ id: 'rating', desc: true }, 'rating', { id: 'rating', desc: false }],
      [{ id: 'rating', desc: false }, 'rating', { id: 'rating', desc: true }],
    ],
  );
});

/** Sorts as the tables do: nothing last whichever the direction. */
function sortValues(values: SortValue[], desc = false): SortValue[] {
  const present = values.filter((v) => v !== undefined);
  const missing = values.filter((v) => v === undefined);
  const sorted = [...present].sort(compareSortValues);
  return [...(desc ? sorted.reverse() : sorted), ...missing];
}

describe('compareSortValues', () => {
  test('numbers come before words, words by letter, nothing last', () => {
    expect(sortValues(['flexible', 3, undefined, 'asap', 1, 10])).toEqual([
      1,
      3,
      10,
      'asap',
      'flexible',
      undefined,
    ]);
    expect(sortValues(['b', undefined, 'a'], true)).toEqual(['b', 'a', undefined]);
  });
});

describe('ratingValue', () => {
  test('sorts ratings as numbers: 10 after 9', () => {
    const ratings = ['10', '9', '2', null, '0'].map(ratingValue);
    expect(sortValues(ratings)).toEqual([0, 2, 9, 10, undefined]);
  });

  testReturns('%j → %j', ratingValue, [
    ['8', 8],
    [' 10 ', 10],
    ['', undefined],
    [null, undefined],
    ['n/a', 'n/a'],
  ]);
});

describe('moneyValue', () => {
  testReturns('%j → %j', moneyValue, [
    ['£1,200 pcm', 1200],
    ['£950 per month', 950],
    ['£300 pw', 1300],
    ['£300 per week', 1300],
    ['£42,000 per year', 42000],
    ['£32k', 32000],
    ['£1,250.50', 1250.5],
    ['POA', 'poa'],
    ['', undefined],
    [null, undefined],
  ]);
});

describe('ukDateValue', () => {
  test('dates in date order, words after them, nothing last', () => {
    const values = ['flexible', '01/03/2027', null, '15/02/2027', 'ASAP'].map(ukDateValue);
    expect(sortValues(values)).toEqual([
      Date.UTC(2027, 1, 15),
      Date.UTC(2027, 2, 1),
      'asap',
      'flexible',
      undefined,
    ]);
  });
});

describe('textValue and isoDateValue', () => {
  testReturns('text %j → %j', textValue, [
    ['  Sarah ', 'sarah'],
    ['', undefined],
    ['   ', undefined],
    [null, undefined],
  ]);

  test('ISO timestamps become numbers', () => {
    expect(isoDateValue('2025-01-05T15:07:00.000Z')).toBe(Date.UTC(2025, 0, 5, 15, 7));
    expect(isoDateValue('nope')).toBeUndefined();
    expect(isoDateValue(null)).toBeUndefined();
  });
});
