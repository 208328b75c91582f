import { describe, expect, test } from 'vitest';
import { testReturns, testReturnsNull } from '#tests/helpers/tables.ts';
import { autoSlash, expandTwoDigitYear, formatUkDate, isInvalidUkDate, parseUkDate } from './dates.ts';

describe('parseUkDate', () => {
  test.each([
    ['01/03/2025', '2025-03-01'],
    ['1/3/2025', '2025-03-01'],
    ['31/12/2025', '2025-12-31'],
    ['29/02/2024', '2024-02-29'],
    ['30/04/2025', '2025-04-30'],
    ['01/03/25', '2025-03-01'],
    ['01/03/50', '2050-03-01'],
    ['01/03/51', '1951-03-01'],
    ['15/08/99', '1999-08-15'],
    [' 01/03/2025 ', '2025-03-01'],
  ])('%s is %s at UTC midnight', (text, iso) => {
    expect(parseUkDate(text)?.toISOString()).toBe(`${iso}T00:00:00.000Z`);
  });

  testReturnsNull('%j is not a date', parseUkDate, [
    '',
    '31/04/2025',
    '29/02/2025',
    '32/01/2025',
    '00/01/2025',
    '01/13/2025',
    '01/00/2025',
    '01/03',
    '01/03/',
    '01/03/202',
    '01/03/20255',
    '2025-03-01',
    'tomorrow',
  ]);
});

describe('expandTwoDigitYear', () => {
  testReturns('%i reads as %i', expandTwoDigitYear, [
    [0, 2000],
    [25, 2025],
    [50, 2050],
    [51, 1951],
    [99, 1999],
    [2025, 2025],
  ]);
});

describe('formatUkDate', () => {
  testReturns('%s is %s', (iso) => formatUkDate(new Date(iso)), [
    ['2025-03-01T00:00:00Z', '01/03/2025'],
    ['2025-12-31T00:00:00Z', '31/12/2025'],
    ['1999-08-15T00:00:00Z', '15/08/1999'],
  ]);

  test('reads back what it writes', () => {
    const date = new Date('2031-07-09T00:00:00Z');
    expect(parseUkDate(formatUkDate(date))?.getTime()).toBe(date.getTime());
  });
});

describe('isInvalidUkDate', () => {
  testReturns('%j → %s', isInvalidUkDate, [
    ['', false],
    ['01/03/2025', false],
    ['31/04/2025', true],
    ['12/0', true],
  ]);
});

describe('autoSlash', () => {
  testReturns('typing %j → %j shows %j', autoSlash, [
    ['', '1', '1'],
    ['1', '12', '12/'],
    ['12/', '12/0', '12/0'],
    ['12/0', '12/03', '12/03/'],
    ['12/03/', '12/03/2', '12/03/2'],
    ['12/03/202', '12/03/2025', '12/03/2025'],
    ['12/03/2025', '12/03/20256', '12/03/2025'],
    ['1', '1/', '1/'],
    ['1/', '1/3', '1/3'],
    ['1/3', '1/3/', '1/3/'],
    ['12', '123', '12/3'],
    ['12/', '12//', '12/'],
    ['12/', '12/a', '12/'],
    ['', '/', ''],
    ['', '12032025', '12/03/2025'],
    ['', '12/03/2025 ', '12/03/2025'],
    ['12/03', '12/034', '12/03/4'],
  ]);

  test.each([
    ['12/', '12'],
    ['12/03/', '12/03'],
    ['12/03/2025', '12/03/202'],
    ['1', ''],
  ])('deleting from %j leaves %j', (previous, next) => {
    expect(autoSlash(previous, next)).toBe(next);
  });
});
