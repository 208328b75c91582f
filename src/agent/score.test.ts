import { describe, expect, test } from 'vitest';
import { NO_LISTING_DETAILS } from '#shared/listing.ts';
import { parseRent } from '#shared/rent.ts';
import { testReturnsNull } from '#tests/helpers/tables.ts';
import { emptyFields } from './dialogue.ts';
import { scoreLead } from './score.ts';
import { moveInOn, moveInWords } from './slots/move-in.ts';
import type { AgentProperty, ExtractedFields, ScorePartName } from './types.ts';

const today = '2026-02-10';

function property(overrides: Partial<AgentProperty> = {}): AgentProperty {
  return {
    ...NO_LISTING_DETAILS,
    id: 'p1',
    name: 'Elm Road Flat',
    address: '27 Elm Road, Leeds LS6 3BQ',
    rentalPrice: '£1,000 pcm',
    bedrooms: 2,
    parking: null,
    vacancyDate: '01/03/2026',
    ...overrides,
  };
}

function part(
  fields: Partial<ExtractedFields>,
  listing: AgentProperty | null,
  name: ScorePartName,
  on = today,
) {
  const { breakdown } = scoreLead({ fields: { ...emptyFields(), ...fields }, property: listing, today: on });
  return breakdown.parts.find((p) => p.part === name)!;
}

describe('parseRent', () => {
  test.each([
    ['£1,250 pcm', 1250],
    ['£1,250 per month', 1250],
    ['£1250', 1250],
    ['1250', 1250],
    ['£1,083.33 pcm', 1083.33],
    ['£300 pw', 1300],
    ['£300 per week', 1300],
    ['£225 pw', 975],
    ['£15,000 pa', 1250],
    ['£15,000 per annum', 1250],
    ['£1.2k pcm', 1200],
    ['£1,250 pcm (£288 pw)', 1250],
  ])('%s → £%d a month', (text, monthly) => {
    expect(parseRent(text)?.monthly).toBeCloseTo(monthly, 2);
  });

  testReturnsNull('%s has no rent', parseRent, [
    'Price on application',
    'POA',
    '',
    'TBC',
    '2 bed, rent on application',
    '£0 pcm',
  ]);
});

describe('affordability (4)', () => {
  // Rent £1,000 a month: 30× = £30,000, 25× = £25,000, 20× = £20,000, 15× = £15,000.
  test.each([
    [30_000, 4],
    [29_999, 3],
    [25_000, 3],
    [24_999, 2],
    [20_000, 2],
    [19_999, 1],
    [15_000, 1],
    [14_999, 0],
    [0, 0],
  ])('income £%i against £1,000 pcm → %i', (income, points) => {
    expect(part({ annualIncome: income }, property(), 'affordability').points).toBe(points);
  });

  test('weekly rent is ×52/12: £300 pw is £1,300 a month, so £39,000 is exactly 30×', () => {
    const weekly = property({ rentalPrice: '£300 pw' });
    expect(part({ annualIncome: 39_000 }, weekly, 'affordability').points).toBe(4);
    expect(part({ annualIncome: 38_999 }, weekly, 'affordability').points).toBe(3);
  });

  test.each([
    [30_000, 3],
    [29_999, 2],
    [20_000, 2],
    [19_999, 1],
    [1, 1],
  ])('rent unknown: income £%i → %i', (income, points) => {
    expect(part({ annualIncome: income }, null, 'affordability').points).toBe(points);
    expect(
      part({ annualIncome: income }, property({ rentalPrice: 'Price on application' }), 'affordability')
        .points,
    ).toBe(points);
  });

  test('income unknown → 0', () => {
    expect(part({}, property(), 'affordability')).toMatchObject({
      points: 0,
      reason: 'Income not given: 0/4',
    });
  });

  test('the reason names the income, the ratio and the band', () => {
    expect(
      part({ annualIncome: 58_000 }, property({ rentalPrice: '£1,500 pcm' }), 'affordability').reason,
    ).toBe('Income £58,000 is 38.6× the monthly rent of £1,500 (30× or more): 4/4');
    expect(part({ annualIncome: 9_500 }, property({ rentalPrice: '£225 pw' }), 'affordability').reason).toBe(
      'Income £9,500 is 9.7× the monthly rent of £975 (£225 pw) (under 15×): 0/4',
    );
  });
});

describe('move-in fit (2)', () => {
  // Vacancy 1 March 2026: the window counts either side, inclusive.
  test.each([
    ['2026-03-01', 2],
    ['2026-03-15', 2],
    ['2026-02-15', 2],
    ['2026-03-16', 1],
    ['2026-02-14', 1],
    ['2026-04-01', 1],
    ['2026-01-29', 1],
    ['2026-04-02', 0],
    ['2026-01-28', 0],
  ])('move-in %s against a 1 March vacancy → %i', (date, points) => {
    expect(part({ moveIn: moveInOn(date) }, property(), 'moveInFit', '2026-01-01').points).toBe(points);
  });

  test.each([
    ['2026-02-10', 1],
    ['2026-04-11', 1],
    ['2026-04-12', 0],
  ])('no vacancy date: move-in %s (today 10 Feb) → %i', (date, points) => {
    expect(part({ moveIn: moveInOn(date) }, property({ vacancyDate: null }), 'moveInFit').points).toBe(
      points,
    );
    expect(part({ moveIn: moveInOn(date) }, null, 'moveInFit').points).toBe(points);
  });

  test('a vacancy date already passed counts from today', () => {
    const vacant = property({ vacancyDate: '01/01/2026' });
    expect(part({ moveIn: moveInOn(today) }, vacant, 'moveInFit').points).toBe(2);
    expect(part({ moveIn: moveInOn('2026-02-25') }, vacant, 'moveInFit').points).toBe(1);
  });

  test('words instead of a date score nothing', () => {
    expect(part({ moveIn: moveInWords('within a month') }, property(), 'moveInFit')).toMatchObject({
      points: 0,
      reason: 'Move-in "within a month" is not a date: 0/2',
    });
  });
});

describe('occupancy (1)', () => {
  test.each([
    [0, 2, 0],
    [1, 0, 1],
    [2, 0, 1],
    [3, 0, 0],
    [2, 1, 1],
    [3, 1, 0],
    [4, 2, 1],
    [5, 2, 0],
    [6, 3, 1],
    [7, 3, 0],
  ])('%i people, %i bedrooms → %i', (people, bedrooms, points) => {
    expect(part({ numberOfPeople: people }, property({ bedrooms }), 'occupancy').points).toBe(points);
  });

  test('unknown bedrooms: one or more people score', () => {
    expect(part({ numberOfPeople: 1 }, property({ bedrooms: null }), 'occupancy').points).toBe(1);
    expect(part({ numberOfPeople: 9 }, null, 'occupancy').points).toBe(1);
  });

  test('people unknown → 0', () => {
    expect(part({}, property(), 'occupancy').points).toBe(0);
  });
});

describe('occupation, contact and viewing (1 each)', () => {
  test.each([
    [{ profession: 'Retired' }, 1],
    [{ profession: 'Student' }, 1],
    [{ profession: '  ' }, 0],
    [{}, 0],
  ])('occupation %j → %i', (fields, points) => {
    expect(part(fields, property(), 'occupation').points).toBe(points);
  });

  test.each([
    [{ name: 'Sam', email: 'sam@example.com' }, 1],
    [{ name: 'Sam', phone: '+447700900123' }, 1],
    [{ name: 'Sam', phone: '+33612345678' }, 0],
    [{ name: 'Sam' }, 0],
    [{ email: 'sam@example.com', phone: '+447700900123' }, 0],
  ])('contact %j → %i', (fields, points) => {
    expect(part(fields, property(), 'contact').points).toBe(points);
  });

  test.each([
    [{ availability: 'Weekends' }, 1],
    [{}, 0],
  ])('viewing %j → %i', (fields, points) => {
    expect(part(fields, property(), 'viewingReadiness').points).toBe(points);
  });
});

describe('the whole score', () => {
  test('a full, strong answer scores 10 and the breakdown adds up', () => {
    const { score, breakdown } = scoreLead({
      fields: {
        ...emptyFields(),
        propertyId: 'p1',
        moveIn: moveInOn('2026-03-01'),
        numberOfPeople: 2,
        annualIncome: 58_000,
        profession: 'Nurse',
        name: 'Priya Shah',
        email: 'priya@example.com',
        phone: '+447911123456',
        availability: 'Saturdays',
      },
      property: property(),
      today,
    });
    expect(score).toBe(10);
    expect(breakdown.total).toBe(10);
    expect(breakdown.max).toBe(10);
    expect(breakdown.parts.map((p) => [p.part, p.max])).toEqual([
      ['affordability', 4],
      ['moveInFit', 2],
      ['occupancy', 1],
      ['occupation', 1],
      ['contact', 1],
      ['viewingReadiness', 1],
    ]);
  });

  test('nothing answered scores 0', () => {
    expect(scoreLead({ fields: emptyFields(), property: property(), today }).score).toBe(0);
  });
});
