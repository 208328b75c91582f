import { describe, expect, it } from 'vitest';
import { type MatchableProperty, matchListing } from './match-listing.ts';

const property = (id: string, address: string, rentalPrice: string): MatchableProperty => ({
  id,
  address,
  rentalPrice,
});

const flat2 = property('flat2', 'Flat 2, 14 Hyde Park Road, Leeds LS6 1AB', '£1,150 pcm');
const flat5 = property('flat5', 'Flat 5, 14 Hyde Park Road, Leeds LS6 1AB', '£1,050 pcm');
const house = property('house', '27 Ecclesall Road, Sheffield S11 8HW', '£1,400 pcm');
const studio = property('studio', '8 Canal Street, Manchester M1 3HE', '£950 pcm');
const twin = property('twin', '8 Canal Street, Manchester M1 3HE', '£950 pcm');
const all = [flat2, flat5, house, studio];

const listing = (overrides: Partial<Parameters<typeof matchListing>[0]>) => ({
  address: null,
  postcode: null,
  price: null,
  reference: null,
  ...overrides,
});

describe('matchListing', () => {
  const cases: Array<[string, Parameters<typeof matchListing>[0], MatchableProperty[], string | null]> = [
    [
      'full address and postcode',
      listing({ address: 'Flat 2, 14 Hyde Park Road, Leeds, LS6 1AB', postcode: 'LS6 1AB' }),
      all,
      'flat2',
    ],
    [
      'the flat number tells two flats of one building apart',
      listing({ address: 'Flat 5, 14 Hyde Park Road, Leeds', postcode: 'LS6 1AB' }),
      all,
      'flat5',
    ],
    [
      'postcode written without its space',
      listing({ address: '27 Ecclesall Road, Sheffield', postcode: 'S118HW' }),
      all,
      'house',
    ],
    ['only the postcode, one listing there', listing({ postcode: 'S11 8HW' }), all, 'house'],
    [
      'only the postcode, two listings there: the rent decides',
      listing({ postcode: 'LS6 1AB', price: '£1,050 pcm' }),
      all,
      'flat5',
    ],
    [
      'only the postcode, two listings there, no rent: agency-wide',
      listing({ postcode: 'LS6 1AB' }),
      all,
      null,
    ],
    ['weekly rent compared as monthly', listing({ postcode: 'LS6 1AB', price: '£265.38 pw' }), all, 'flat2'],
    [
      'a postcode we do not list: agency-wide',
      listing({ address: '1 Other Street, York', postcode: 'YO1 7HH' }),
      all,
      null,
    ],
    [
      'one listing at the postcode but another rent: another flat we do not list',
      listing({ postcode: 'S11 8HW', price: '£2,000 pcm' }),
      all,
      null,
    ],
    ['address without postcode', listing({ address: '8 Canal Street, Manchester' }), all, 'studio'],
    ['address without postcode that fits nothing', listing({ address: '3 Mill Lane, Bath' }), all, null],
    [
      'two identical listings: agency-wide',
      listing({ address: '8 Canal Street', postcode: 'M1 3HE', price: '£950 pcm' }),
      [studio, twin],
      null,
    ],
    ['nothing to go on', listing({}), all, null],
  ];
  for (const [label, input, properties, expected] of cases) {
    it(`${label} → ${expected ?? 'agency-wide'}`, () => {
      expect(matchListing(input, properties)).toBe(expected);
    });
  }

  it('a portal reference matched before decides, even without an address', () => {
    expect(matchListing(listing({ reference: '158842211' }), all, new Map([['158842211', 'flat2']]))).toBe(
      'flat2',
    );
  });

  it('a known reference to a deleted listing falls back to the address', () => {
    const known = new Map([['158842211', 'gone']]);
    expect(matchListing(listing({ reference: '158842211', postcode: 'S11 8HW' }), all, known)).toBe('house');
  });
});
