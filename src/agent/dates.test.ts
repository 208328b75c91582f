import { describe, expect, test } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import { formatLongDate, ukToIso } from './dates.ts';

describe('a listing’s dd/mm/yyyy date, read by the one dd/mm/yyyy parser', () => {
  testReturns('%s → %s', ukToIso, [
    ['01/03/2026', '2026-03-01'],
    ['1/3/26', '2026-03-01'],
    [' 28/02/2027 ', '2027-02-28'],
    ['29/02/2027', null],
    ['31/04/2026', null],
    ['2026-03-01', null],
    ['', null],
    [null, null],
  ]);

  test('long dates use the shared month names', () => {
    expect(formatLongDate('2026-03-07')).toBe('7 March 2026');
  });
});
