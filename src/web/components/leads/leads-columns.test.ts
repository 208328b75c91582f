import { describe, expect, test } from 'vitest';
import { testReturns, testReturnsEqual } from '#tests/helpers/tables.ts';
import {
  BEST_FIRST,
  DEFAULT_HIDDEN_COLUMNS,
  incomeInTable,
  isBestFirst,
  nextLeadSort,
  readHiddenColumns,
  visibleLeadColumns,
} from './leads-columns.tsx';

describe('nextLeadSort', () => {
  testReturnsEqual('from %j, clicking %s gives %j', nextLeadSort, [
    [null, 'rating', { id: 'rating', desc: true }],
    [{ id: 'createdAt', desc: true }, 'rating', { id: 'rating', desc: true }],
    [{ id: 'rating', desc: true }, 'rating', { id: 'rating', desc: false }],
    // Every other column still starts ascending.
    [{ id: 'rating', desc: true }, 'name', { id: 'name', desc: false }],
    [null, 'createdAt', { id: 'createdAt', desc: false }],
    [null, 'income', { id: 'income', desc: false }],
  ]);
});

describe('isBestFirst', () => {
  testReturns('%j → %j', isBestFirst, [
    [BEST_FIRST, true],
    [{ id: 'rating', desc: false }, false],
    [{ id: 'createdAt', desc: true }, false],
    [null, false],
  ]);
});

describe('the columns shown', () => {
  const ids = (hidden: readonly string[]) => visibleLeadColumns(hidden).map((column) => column.id);

  test('by default, the tick box, the decision columns with the status, date, availability and delete button', () => {
    expect(ids(readHiddenColumns(null))).toEqual([
      'select',
      'createdAt',
      'propertyName',
      'name',
      'status',
      'contactNumber',
      'income',
      'moveInDate',
      'availability',
      'rating',
      'actions',
    ]);
  });

  test('the default columns fit a 1280 px screen without scrolling sideways', () => {
    const width = visibleLeadColumns(DEFAULT_HIDDEN_COLUMNS).reduce((sum, column) => sum + column.width, 0);
    // 1280 px less the page's side padding (24 px each side) and the table's border.
    expect(width).toBeLessThanOrEqual(1280 - 48 - 2);
  });

  test.each([
    ['[]', 18],
    ['["email"]', 17],
    // The tick box, the name and the delete button cannot be hidden; unknown ids are dropped.
    ['["select","name","actions","nonsense"]', 18],
  ])('stored %s shows %i columns', (stored, count) => {
    expect(visibleLeadColumns(readHiddenColumns(stored))).toHaveLength(count);
  });

  test.each(['not json', '{"email":true}', '42'])('stored %s falls back to the defaults', (stored) => {
    expect(readHiddenColumns(stored)).toEqual(DEFAULT_HIDDEN_COLUMNS);
  });
});

describe('incomeInTable', () => {
  testReturns('%j → %j', incomeInTable, [
    ['£58,000 per year', '£58,000'],
    ['£125,000 per year', '£125,000'],
    // Wording the assistant did not write is shown as it is.
    ['£2,500 per month', '£2,500 per month'],
    ['about 40k', 'about 40k'],
    [null, null],
  ]);
});
