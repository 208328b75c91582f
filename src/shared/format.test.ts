import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, test } from 'vitest';
import { testReturns, testReturnsNull } from '#tests/helpers/tables.ts';
import { formatUkPhone, layOutUkMobile } from './format/phone.ts';
import {
  companyInitials,
  formatDate,
  formatDateTime,
  formatFullDateTime,
  formatMoney,
  MONTH_ABBREVIATIONS,
  MONTH_NAMES,
  monthNumber,
  numberFromWord,
} from './format.ts';

describe('formatDate', () => {
  testReturns('%s → %s', formatDate, [
    ['2025-01-05T15:07:00Z', '5 Jan 2025'],
    ['2025-09-30T12:00:00Z', '30 Sep 2025'],
    // 23:30 UTC in summer is already the next day in London.
    ['2025-07-14T23:30:00Z', '15 Jul 2025'],
    // In winter London is on UTC.
    ['2025-12-31T23:30:00Z', '31 Dec 2025'],
  ]);

  test.each([null, undefined, '', 'not a date'])('%s → empty', (value) => {
    expect(formatDate(value)).toBe('');
  });
});

describe('formatDateTime', () => {
  testReturns('%s → %s', formatDateTime, [
    ['2025-01-05T15:07:00Z', '5 Jan, 15:07'],
    ['2025-01-05T00:05:00Z', '5 Jan, 00:05'],
    ['2025-01-05T12:00:00Z', '5 Jan, 12:00'],
    ['2025-06-05T08:09:00Z', '5 Jun, 09:09'],
    // The clocks go forward at 01:00 UTC on 30 March 2025.
    ['2025-03-30T00:59:00Z', '30 Mar, 00:59'],
    ['2025-03-30T01:00:00Z', '30 Mar, 02:00'],
    // And back at 01:00 UTC on 26 October 2025.
    ['2025-10-26T00:59:00Z', '26 Oct, 01:59'],
    ['2025-10-26T01:00:00Z', '26 Oct, 01:00'],
  ]);

  test('accepts a Date', () => {
    expect(formatDateTime(new Date('2025-01-05T15:07:00Z'))).toBe('5 Jan, 15:07');
  });

  test('the full form carries the year', () => {
    expect(formatFullDateTime('2025-01-05T15:07:00Z')).toBe('5 Jan 2025, 15:07');
  });
});

describe('formatMoney', () => {
  testReturns('%d → %s', formatMoney, [
    [30000, '£30,000'],
    [0, '£0'],
    [1250.5, '£1,250.50'],
    [1234567, '£1,234,567'],
  ]);

  testReturns('to the pound: %d → %s', (pounds) => formatMoney(pounds, { wholePounds: true }), [
    [1083.333, '£1,083'],
    [28799.5, '£28,800'],
    [42000, '£42,000'],
  ]);
});

describe('months and number words', () => {
  testReturns('%s is month %d', monthNumber, [
    ['March', 3],
    ['sept', 9],
    ['Feb', 2],
    ['dec', 12],
    ['nope', 0],
  ]);

  test('month names and their abbreviations are one list', () => {
    expect(MONTH_NAMES[2]).toBe('March');
    expect(MONTH_ABBREVIATIONS).toEqual(MONTH_NAMES.map((m) => m.slice(0, 3)));
  });

  testReturns('%s → %s', numberFromWord, [
    ['three', 3],
    ['Twelve', 12],
    ['twenty', 20],
    ['7', 7],
    ['lots', null],
  ]);
});

describe('formatUkPhone', () => {
  testReturns('%s → %s', formatUkPhone, [
    ['+447700900123', '07700 900123'],
    ['+442079460000', '020 7946 0000'],
    ['+441134960000', '0113 496 0000'],
    ['+441614960000', '0161 496 0000'],
    ['+441632960000', '01632 960000'],
    ['+443001234567', '0300 123 4567'],
    ['+448001234567', '0800 123 4567'],
    ['+33612345678', '+33612345678'],
    ['07700 900123', '07700 900123'],
    // Typed in the national form and stored as typed: laid out the same way.
    ['07700900123', '07700 900123'],
    ['07700-900-123', '07700 900123'],
    ['020 79460000', '020 7946 0000'],
    ['01134960000', '0113 496 0000'],
    ['call me', 'call me'],
    ['', ''],
    [null, ''],
  ]);

  // The summary lays out the tenant's number at every turn: mobiles must not need the library.
  test.each(['71', '72', '73', '74', '75', '77', '78', '79'])(
    'lays out 07%s mobiles itself, as libphonenumber does',
    (range) => {
      for (const rest of ['00000000', '00900123', '12345678', '99999999']) {
        const stored = `+447${range.slice(1)}${rest}`;
        expect(layOutUkMobile(stored)).toBe(parsePhoneNumberFromString(stored)!.formatNational());
      }
    },
  );

  // The layout reads only libphonenumber's +44 metadata (uk-phone-metadata.json): every UK, Channel
  // Islands and Isle of Man range must come out as the whole library lays it out.
  test.each([
    '+442890123456',
    '+441912345678',
    '+441387123456',
    '+441481256789',
    '+441534456789',
    '+441624756789',
    '+447781123456',
    '+447624123456',
    '+447012345678',
    '+447612345678',
    '+44800123456',
    '+448081570000',
    '+448451234567',
    '+449012345678',
    '+445612345678',
  ])('lays out %s as the whole of libphonenumber does', (stored) => {
    expect(formatUkPhone(stored)).toBe(parsePhoneNumberFromString(stored)!.formatNational());
  });

  test.each(['+353851234567', '+12125550123', '+4930123456'])(
    'shows %s, outside the UK, as stored',
    (stored) => {
      expect(formatUkPhone(stored)).toBe(stored);
    },
  );

  testReturnsNull('leaves %s to libphonenumber', layOutUkMobile, [
    '+447012345678',
    '+447612345678',
    '+442079460000',
    '+4477009001234',
  ]);
});

describe('companyInitials', () => {
  testReturns('%s → %s', companyInitials, [
    ['Harbour & Hale Lettings', 'HH'],
    ['Lakeside Lets', 'LL'],
    ['Northway Property Management', 'NP'],
    ['Foxtons', 'FO'],
    ['the Lettings Co Ltd', 'LE'],
    ['  élan   homes ', 'ÉH'],
    ['123 Lets', '1L'],
    ['', ''],
    [null, ''],
  ]);

  test('two agencies with different names get different initials', () => {
    expect(companyInitials('Harbour & Hale Lettings')).not.toBe(companyInitials('Lakeside Lets'));
  });
});
