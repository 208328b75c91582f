import { describe, expect, test } from 'vitest';
import { agencyLink, lastReply } from '#tests/corpus/chat.ts';
import { allProperties, birch, elm, oak } from '#tests/corpus/fixtures.ts';
import { createGuidedEngine, propertyNamedIn } from './dialogue.ts';
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

  test.each([
    ['not bothered about a garden, but parking please', ['6 of our listings have parking.']],
    ['no pets, parking needed', ['6 of our listings have parking.']],
    ["don't need a garden and we have 2 cars", ['6 of our listings have parking.']],
    ['no garden or balcony needed, just parking', ['6 of our listings have parking.']],
    ['no pets and a garden would be nice', ['Garden Flat, Oakfield Avenue has a garden.']],
    ['need parking or a garage', ['6 of our listings have parking.']],
  ])('%s wants only what it asks for', (message, sentences) => {
    expect(sentencesFor(message)).toEqual(sentences);
  });

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
