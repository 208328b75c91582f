import { describe, expect, it } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import { isQuietAt, quietHoursEnd } from './quiet-hours.ts';

const night = { from: '20:00', to: '08:00' };

describe('quiet hours', () => {
  testReturns('%s quiet under 20:00–08:00: %s', (at) => isQuietAt(new Date(at), night), [
    ['2026-03-06T19:59:00Z', false],
    ['2026-03-06T20:00:00Z', true],
    ['2026-03-06T23:30:00Z', true],
    ['2026-03-07T07:59:00Z', true],
    ['2026-03-07T08:00:00Z', false],
    // British Summer Time: 20:00 London is 19:00 UTC.
    ['2026-06-05T19:00:00Z', true],
    ['2026-06-05T18:59:00Z', false],
  ]);

  it('handles hours within one day, and none at all', () => {
    const lunch = { from: '12:00', to: '14:00' };
    expect(isQuietAt(new Date('2026-03-06T12:30:00Z'), lunch)).toBe(true);
    expect(isQuietAt(new Date('2026-03-06T14:00:00Z'), lunch)).toBe(false);
    expect(isQuietAt(new Date('2026-03-06T23:00:00Z'), null)).toBe(false);
  });

  it('ends at the next morning’s 08:00 London, or at once when not quiet', () => {
    expect(quietHoursEnd(new Date('2026-03-06T21:00:00Z'), night).toISOString()).toBe(
      '2026-03-07T08:00:00.000Z',
    );
    expect(quietHoursEnd(new Date('2026-03-07T06:00:00Z'), night).toISOString()).toBe(
      '2026-03-07T08:00:00.000Z',
    );
    // Across the clocks going forward (29 March 2026): 08:00 BST is 07:00 UTC.
    expect(quietHoursEnd(new Date('2026-03-28T21:00:00Z'), night).toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(quietHoursEnd(new Date('2026-03-06T15:00:00Z'), night).toISOString()).toBe(
      '2026-03-06T15:00:00.000Z',
    );
  });
});
