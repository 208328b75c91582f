import { describe, expect, test } from 'vitest';
import { readScoreBreakdown } from './score-breakdown.ts';

const affordability = { label: 'Affordability', points: 4, max: 4, reason: 'Income is 35× the monthly rent' };
const contact = { label: 'Contact', points: 1, max: 1, reason: 'Name and email given' };

describe('readScoreBreakdown', () => {
  test('reads the parts and adds them up', () => {
    expect(readScoreBreakdown({ parts: [affordability, contact] })).toEqual({
      total: 5,
      max: 5,
      parts: [affordability, contact],
    });
  });

  test('keeps a stored total and maximum', () => {
    expect(readScoreBreakdown({ total: 5, max: 10, parts: [affordability, contact] })).toMatchObject({
      total: 5,
      max: 10,
    });
  });

  test('reads a bare list of parts', () => {
    expect(readScoreBreakdown([contact])).toEqual({ total: 1, max: 1, parts: [contact] });
  });

  test('skips parts it cannot read and fills in what is missing', () => {
    expect(
      readScoreBreakdown({
        parts: [
          { label: 'Occupancy', points: '1' },
          { label: '', points: 1 },
          { reason: 'no label', points: 1 },
          { label: 'Viewing', points: 'lots' },
          'junk',
          null,
        ],
      }),
    ).toEqual({ total: 1, max: 1, parts: [{ label: 'Occupancy', points: 1, max: 1, reason: '' }] });
  });

  test.each([null, undefined, 'text', 7, {}, { parts: [] }, { parts: 'x' }, { parts: [{ nope: 1 }] }])(
    '%j gives nothing',
    (stored) => {
      expect(readScoreBreakdown(stored)).toBeNull();
    },
  );
});
