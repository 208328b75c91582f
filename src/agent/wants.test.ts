import { describe, expect, test } from 'vitest';
import { agencyLink, lastReply } from '#tests/corpus/chat.ts';
import { allProperties, birch, elm, forge, oak } from '#tests/corpus/fixtures.ts';
import { testReturnsEqual } from '#tests/helpers/tables.ts';
import { createGuidedEngine, emptyFields, propertyNamedIn } from './dialogue.ts';
import { extractAnswers } from './extract.ts';
import type { AgentProperty } from './types.ts';
import { listingPointedAt, listingsWanted } from './wants.ts';

const engine = createGuidedEngine();
const PLACES = allProperties.flatMap((p) => [p.name, p.address]);

/** The sentences a message's wants get across the corpus agency's listings. */
function sentencesFor(message: string): string[] | null {
  return listingsWanted(message, allProperties, PLACES)?.sentences ?? null;
}

/** A thread's first text, read before the greeting, as the server passes it. */
async function firstText(text: string) {
  const { state } = engine.start(agencyLink(), {}, { isAnswerNext: true });
  return engine.reply(agencyLink(), { ...state, asking: null }, text, { isBeforeGreeting: true });
}

describe('a denial covers the list it governs', () => {
  test.each([
    'no garden or balcony needed',
    "don't need parking or a garden",
    'garden or balcony not needed',
    'no garden, balcony or patio',
    'neither a garden nor a balcony',
    'not bothered about a garden or a balcony',
  ])('%s wants nothing', (message) => {
    expect(sentencesFor(message)).toEqual([]);
  });

  testReturnsEqual('%s wants only what it asks for', sentencesFor, [
    ['not bothered about a garden, but parking please', ['6 of our listings have parking.']],
    ['no pets, parking needed', ['6 of our listings have parking.']],
    ["don't need a garden and we have 2 cars", ['6 of our listings have parking.']],
    ['no garden or balcony needed, just parking', ['6 of our listings have parking.']],
    ['no pets and a garden would be nice', ['Garden Flat, Oakfield Avenue has a garden.']],
    ['need parking or a garage', ['6 of our listings have parking.']],
  ]);

  test('the reply names no feature denied in a list, nor chooses a listing', async () => {
    for (const message of ['no garden or balcony needed', "don't need parking or a garden"]) {
      const { reply, state } = await lastReply(agencyLink(), [message]);
      expect(reply).toMatch(/^Here's what we have at the moment:\n• Elm Road Flat/);
      expect(reply).not.toMatch(/balcony|garden\.|parking\./);
      expect(state.fields.propertyId).toBeNull();
    }
  });
});

describe('a listing pointed at by what it has', () => {
  test.each([
    ['the one with the garden', oak],
    ['the flat with a garden please', oak],
    ['the house that has a garage', birch],
    ["I'll take the one with the garage", birch],
  ])('%s is chosen when it alone has it', async (message, property: AgentProperty) => {
    expect(listingPointedAt(message, allProperties, PLACES)).toBe(property);
    const { reply, state } = await lastReply(agencyLink(), [message]);
    expect(state.fields.propertyId).toBe(property.id);
    expect(reply).toMatch(new RegExp(`^(?:Great choice: |Lovely, that's )${property.name}`));
    expect(propertyNamedIn(agencyLink(), engine.start(agencyLink()).state, message)?.id).toBe(property.id);
  });

  test('several with it are listed, those first, and the tenant asked which', async () => {
    const message = "I'll take the one with parking";
    expect(listingPointedAt(message, allProperties, PLACES)).toBeNull();
    const { reply, state } = await lastReply(agencyLink(), [message]);
    expect(state.fields.propertyId).toBeNull();
    expect(reply).toMatch(
      /^6 of our listings have parking\. Here's what we have at the moment:\n• Elm Road Flat/,
    );
    expect(reply).toMatch(/Which one would you like\?$/);
  });

  test('a want with no pointing words, or none having it, chooses nothing', () => {
    expect(listingPointedAt('somewhere with a garden', allProperties, PLACES)).toBeNull();
    expect(listingPointedAt('the one with a dishwasher', allProperties, PLACES)).toBeNull();
    expect(listingPointedAt('the one with no garden', allProperties, PLACES)).toBeNull();
  });

  test('a garage given as the parking is a garage', () => {
    expect(sentencesFor('anything with a garage?')).toEqual(['Birch Lane Family Home has a garage.']);
  });
});

describe("a street's name alone as a thread's first text", () => {
  test.each(['Baker Street', 'baker st', 'Baker Street?'])(
    '%s names none: said plainly, with the listings, and no occupation',
    async (text) => {
      const { reply, state } = await firstText(text);
      expect(reply).toMatch(
        /^I couldn't find a listing matching that\. Here's what we have at the moment:\n• /,
      );
      expect(state.fields.propertyId).toBeNull();
      expect(state.fields.profession).toBeNull();
      expect(state.asking).toBe('propertyId');
    },
  );

  test.each(['Elm Road?', 'elm rd'])('%s chooses the listing on it', async (text) => {
    const { reply, state } = await firstText(text);
    expect(state.fields.propertyId).toBe(elm.id);
    expect(reply).toMatch(/^(?:Great choice: |Lovely, that's )Elm Road Flat/);
  });
});

describe('bedrooms and a rent to stay within, wanted across the listings', () => {
  testReturnsEqual('%s', sentencesFor, [
    ['2 bed please', ['Elm Road Flat and Garden Flat, Oakfield Avenue have 2 bedrooms.']],
    ['any two bedroom flats?', ['Elm Road Flat and Garden Flat, Oakfield Avenue have 2 bedrooms.']],
    ['need a 5 bed', ['None of our listings has 5 bedrooms.']],
    ['3+ beds', ['Victoria Terrace and Birch Lane Family Home have 3 or more bedrooms.']],
    [
      'hi do u hav anything under 1200',
      ['The Forge Studio, Maple Court and Riverside Apartment are advertised at £1,200 a month or less.'],
    ],
    [
      'max £250 a week',
      ['The Forge Studio and Riverside Apartment are advertised at £1,083 a month or less.'],
    ],
    [
      'anything with parking under £1k',
      [
        '6 of our listings have parking.',
        'The Forge Studio and Riverside Apartment are advertised at £1,000 a month or less.',
      ],
    ],
    ['up to 2 of us, no pets', []],
  ]);

  test.each([
    ['2 bed please', /^Elm Road Flat and Garden Flat, Oakfield Avenue have 2 bedrooms\. Here's what we have/],
    ['any 2 beds?', /^Elm Road Flat and Garden Flat, Oakfield Avenue have 2 bedrooms\. Here's what we have/],
    [
      'hi do u hav anything under 1200',
      /^Hello! The Forge Studio, Maple Court and Riverside Apartment are advertised at £1,200 a month or less\. Here's what we have/,
    ],
    [
      'looking for a 2 bed near the station',
      /^Elm Road Flat and Garden Flat, Oakfield Avenue have 2 bedrooms\. Here's what we have/,
    ],
  ])(
    '%s is answered across the listings, chooses none, and says nothing of "couldn\'t find"',
    async (message, start) => {
      const { reply, state } = await lastReply(agencyLink(), [message]);
      expect(reply).toMatch(start);
      expect(reply).not.toMatch(/couldn't find|Once I know/);
      expect(state.fields.propertyId).toBeNull();
      expect(state.asking).toBe('propertyId');
    },
  );

  test('a rent to stay within names no listing advertised at it', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['anything under £1,250?']);
    expect(state.fields.propertyId).toBeNull();
    expect(reply).toMatch(/^4 of our listings are advertised at £1,250 a month or less\./);
    expect((await lastReply(agencyLink(), ['the £1,250 one'])).state.fields.propertyId).toBe(elm.id);
  });

  test('"how much is the 4 bed" chooses the only one and answers the rent', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['how much is the 4 bed']);
    expect(state.fields.propertyId).toBe(birch.id);
    expect(reply).toMatch(
      /^(?:Great choice: |Lovely, that's )Birch Lane Family Home.*The rent is £2,400 pcm\./,
    );
  });
});

describe('an opener answered without a listing chosen says no listing was not found', () => {
  test('"do you take DSS" is answered, then the listings, with no "couldn\'t find"', async () => {
    const { reply } = await lastReply(agencyLink(), ['hello, do you take dss']);
    expect(reply).toMatch(
      /receiving benefits never affects how an application is considered\. Here's what we have/,
    );
    expect(reply).not.toMatch(/couldn't find/);
  });

  test.each([
    ['do you have anything in leeds?', elm],
    ['wat have u got in leeds', elm],
    ['hi is there anything in manchester', forge],
  ])(
    '%s chooses the one there, without the whole list after it or a question passed on',
    async (message, property) => {
      const { reply, state } = await lastReply(agencyLink(), [message]);
      expect(state.fields.propertyId).toBe(property.id);
      expect(reply).not.toMatch(/Here's what we have|pass your question on/);
      expect(state.openQuestions).toEqual([]);
    },
  );
});

describe('the cheapest, a budget, and openers that name no listing', () => {
  testReturnsEqual('%s', sentencesFor, [
    ['the cheapest one please', ['The cheapest is Riverside Apartment, at £895 pcm.']],
    [
      'cheapest 2 bed?',
      [
        'Elm Road Flat and Garden Flat, Oakfield Avenue have 2 bedrooms.',
        'The cheapest of those is Elm Road Flat, at £1,250 pcm.',
      ],
    ],
    ['anything cheaper than 900', ['Riverside Apartment is advertised at £900 a month or less.']],
  ]);

  test('the cheapest is listed first, and nothing is said not found', async () => {
    const { reply } = await lastReply(agencyLink(), ['whats the cheapest']);
    expect(reply).toMatch(
      /^The cheapest is Riverside Apartment, at £895 pcm\. Here's what we have at the moment:\n• Riverside Apartment/,
    );
    expect(reply).not.toMatch(/couldn't find|Once I know/);
  });

  test('"budget around 1100" is a budget: no listing chosen by a word like "Ground", and no income', async () => {
    const { reply, state } = await lastReply(agencyLink(), [
      'hello! looking for a flat for me and my partner, budget around 1100',
    ]);
    expect(state.fields.propertyId).toBeNull();
    expect(state.fields.numberOfPeople).toBe(2);
    expect(reply).toMatch(
      /The Forge Studio, Maple Court and Riverside Apartment are advertised at £1,100 a month or less\./,
    );
  });

  test('"under 2k" on the agency link is a rent, not an income; asked for the income, it is one', async () => {
    const { state } = await lastReply(agencyLink(), ['anything under 2k with 3 beds']);
    expect(state.fields.annualIncome).toBeNull();
    expect(state.fields.propertyId).toBeNull();
    const asked = extractAnswers('just under 30k', {
      asking: 'annualIncome',
      today: '2026-02-10',
      fields: emptyFields(),
      missing: ['annualIncome'],
      places: PLACES,
    });
    expect(asked.updates.annualIncome).toBe(30000);
  });

  test.each(['whats available', 'hi, i saw the flat on rightmove', 'hello i would like to book a viewing'])(
    '%s gets the listings without "couldn\'t find" nor a question kept for later',
    async (message) => {
      const { reply, state } = await lastReply(agencyLink(), [message]);
      expect(reply).toMatch(/^(?:Hello! )?Here's what we have at the moment:\n• Elm Road Flat/);
      expect(state.asking).toBe('propertyId');
    },
  );
});

test("a question the listings' sentences answered is not passed on once a listing is chosen", async () => {
  const asked = await lastReply(agencyLink(), ['any 2 beds under 1300?']);
  expect(asked.reply).toMatch(/^Elm Road Flat and Garden Flat, Oakfield Avenue have 2 bedrooms\./);
  expect(asked.state.pendingQuestions).toBeUndefined();
  const chosen = await lastReply(agencyLink(), ['any 2 beds under 1300?', 'the elm road one']);
  expect(chosen.state.fields.propertyId).toBe(elm.id);
  expect(chosen.reply).not.toMatch(/pass your question on/);
  expect(chosen.state.openQuestions).toEqual([]);
});

test('an income said as "under" a sum on the agency link is still the income', async () => {
  const { state } = await lastReply(agencyLink(), ['Maple Court, I earn just under 30k']);
  expect(state.fields.propertyId).toBe('prop-maple');
  expect(state.fields.annualIncome).toBe(30000);
});

describe('access, a rent to be near, a sort of parking, and the cheapest pointed at', () => {
  test.each(['wheelchair accessible?', 'step free access?', 'is it accessible for a wheelchair user'])(
    '%s is answered across the listings, never "couldn\'t find"',
    async (message) => {
      const { reply, state } = await lastReply(agencyLink(), [message]);
      expect(reply).toMatch(
        /^None of our listings mentions step-free or wheelchair access\. Here's what we have at the moment:\n• Elm Road Flat/,
      );
      expect(reply).not.toMatch(/couldn't find|Once I know/);
      expect(state.fields.propertyId).toBeNull();
    },
  );

  test('a listing whose advert says step-free access is named', () => {
    const ramped: AgentProperty = {
      ...elm,
      description: 'A ground floor flat with level access from the street.',
    };
    expect(listingsWanted('wheelchair accessible?', [ramped, birch], PLACES)?.sentences).toEqual([
      'Elm Road Flat mentions step-free or wheelchair access.',
    ]);
  });

  test('"is there a lift" as a thread\'s first text is answered across the listings', async () => {
    const { reply } = await firstText('is there a lift');
    expect(reply).toMatch(/None of our listings mentions a lift\./);
    expect(reply).not.toMatch(/couldn't find/);
  });

  test.each([
    [
      'anything for around £1000pcm',
      'The Forge Studio and Maple Court are advertised at around £1,000 a month (£900 to £1,100).',
    ],
    [
      'about 1k a month',
      'The Forge Studio and Maple Court are advertised at around £1,000 a month (£900 to £1,100).',
    ],
    [
      'roughly 900 pcm',
      'The Forge Studio and Riverside Apartment are advertised at around £900 a month (£810 to £990).',
    ],
    [
      'around £2,300 a month',
      'Birch Lane Family Home is advertised at around £2,300 a month (£2,070 to £2,530).',
    ],
    ['about £500 pcm', 'None of our listings is advertised at around £500 a month (£450 to £550).'],
  ])('%s is a rent within a tenth of the sum', async (message, sentence) => {
    const { reply, state } = await lastReply(agencyLink(), [message]);
    expect(reply.startsWith(`${sentence} Here's what we have at the moment:`)).toBe(true);
    expect(state.fields.annualIncome).toBeNull();
    expect(state.fields.propertyId).toBeNull();
  });

  test('"I earn about 2k a month" is an income, no rent wanted', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['I earn about 2k a month']);
    expect(state.fields.annualIncome).toBe(24000);
    expect(reply).not.toMatch(/advertised at around/);
  });

  test('"the one with the driveway" lists those whose parking says a driveway, not all with parking', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['the one with the driveway']);
    expect(reply).toMatch(
      /^Victoria Terrace and Birch Lane Family Home have a driveway\. Here's what we have at the moment:\n• Victoria Terrace/,
    );
    expect(state.fields.propertyId).toBeNull();
  });

  test('"the one with the allocated space" chooses the only listing whose parking says so', () => {
    expect(listingPointedAt('the one with the allocated space', allProperties, PLACES)?.name).toBe(
      'Maple Court',
    );
    expect(listingPointedAt('the one with parking', allProperties, PLACES)).toBeNull();
  });

  // A rent to be near picks the only listing within a tenth of it; either way the rent is said.
  test.each([
    ['the cheapest one', 'prop-quay', '£895 pcm'],
    ["I'll take the cheapest", 'prop-quay', '£895 pcm'],
    ['the cheapest 2 bed please', 'prop-elm', '£1,250 pcm'],
    ['the cheapest studio pls', 'prop-forge', '£225 pw \\(£975 a month\\)'],
    ['the one around £2,300', 'prop-birch', '£2,400 pcm'],
    ['the one for about 2.4k', 'prop-birch', '£2,400 pcm'],
    ['ill take the one around 2.3k', 'prop-birch', '£2,400 pcm'],
    ['the 2 bed at around 1200 pcm', 'prop-elm', '£1,250 pcm'],
  ])('pointing at the cheapest or near a rent chooses it, saying its rent: %s', async (message, id, rent) => {
    const { reply, state } = await lastReply(agencyLink(), [message]);
    expect(state.fields.propertyId).toBe(id);
    expect(state.fields.annualIncome).toBeNull();
    expect(reply).not.toMatch(/Here's what we have/);
    expect(reply).toMatch(new RegExp(`^(?:Great choice: |Lovely, that's )[^.]*, at ${rent}\\. `));
  });

  test.each(['whats the cheapest?', 'which is the cheapest one'])(
    'asking for the cheapest answers and lists: %s',
    async (message) => {
      const { reply, state } = await lastReply(agencyLink(), [message]);
      expect(state.fields.propertyId).toBeNull();
      expect(reply).toMatch(/^The cheapest is Riverside Apartment, at £895 pcm\. Here's what we have/);
    },
  );

  test('"how much is the 4 bed" tells the rent, not back the bedrooms', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['how much is the 4 bed']);
    expect(state.fields.propertyId).toBe(birch.id);
    expect(reply).toMatch(/The rent is £2,400 pcm\./);
    expect(reply).not.toMatch(/4 bedrooms/);
  });
});

describe('openers that name no listing are never "not found"', () => {
  test.each([
    'yes',
    '?',
    'ok',
    'lol',
    '👍',
    '🏠?',
    '👋 hi there',
    'i have bad credit',
    'im on universal credit',
    'professional couple looking',
  ])('%s gets the listings without "couldn\'t find"', async (message) => {
    const { reply, state } = await lastReply(agencyLink(), [message]);
    // "professional couple looking" is two people, acknowledged before the listings.
    expect(reply).toMatch(
      /^(?:Hello! |Great, I've got 2 people\. )?Here's what we have at the moment:\n• Elm Road Flat/,
    );
    expect(reply).not.toMatch(/couldn't find/);
    expect(state.asking).toBe('propertyId');
  });

  test('a street none of the listings is on is still not found', async () => {
    const { reply } = await lastReply(agencyLink(), ['the one on Baker Street']);
    expect(reply).toMatch(/^I couldn't find a listing matching that\./);
  });

  test('"any 2 beds" wants two bedrooms rather than no listing in particular', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['any 2 beds']);
    expect(reply).toMatch(
      /^Elm Road Flat and Garden Flat, Oakfield Avenue have 2 bedrooms\. Here's what we have/,
    );
    expect(state.asking).toBe('propertyId');
    expect(state.refused).not.toContain('propertyId');
  });
});

test.each(['what areas do you cover', 'where are your properties?'])(
  '%s is answered by the towns the listings are in, not kept for a listing',
  async (message) => {
    const { reply, state } = await lastReply(agencyLink(), [message]);
    expect(reply).toMatch(
      /^Our listings are in Leeds, Bristol, Manchester, Reading, Glasgow, Sheffield and Newcastle upon Tyne\. Here's what we have at the moment:/,
    );
    expect(reply).not.toMatch(/Once I know/);
    expect(state.pendingQuestions).toBeUndefined();
  },
);

test.each(["Hi, I'm interested", 'interested'])(
  '%s names no listing, so none was not found',
  async (message) => {
    const { reply } = await lastReply(agencyLink(), [message]);
    expect(reply).toMatch(/^(?:Hello! )?Here's what we have at the moment:\n• Elm Road Flat/);
  },
);

test('"nothing over 1k a month" is a rent to stay within, not an income', async () => {
  const { reply, state } = await lastReply(agencyLink(), ['nothing over 1k a month pls']);
  expect(state.fields.annualIncome).toBeNull();
  expect(reply).toMatch(
    /^The Forge Studio and Riverside Apartment are advertised at £1,000 a month or less\./,
  );
});

describe('bills and furnishing asked across the listings', () => {
  const billsIn: AgentProperty = { ...elm, billsIncluded: true, furnishing: 'furnished' };
  test.each([
    ['any with bills included', ['Elm Road Flat includes bills in the rent.']],
    ['any furnished ones?', ['Elm Road Flat is advertised as furnished.']],
    ['unfurnished please', ['None of our listings is advertised as unfurnished.']],
  ])('%s', (message, sentences) => {
    expect(listingsWanted(message, [billsIn, birch], PLACES)?.sentences).toEqual(sentences);
  });

  test('"bills included?" as an opener is answered across the listings, and waits for the listing chosen', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['bills included?']);
    expect(reply).toMatch(/^None of our listings says bills are included in the rent\. Here's what we have/);
    expect(reply).not.toMatch(/Once I know/);
    expect(state.pendingQuestions).toEqual(['bills included?']);
  });
});
