import { isOneSlip } from './spelling.ts';
import { words } from './text.ts';

/** Street words as typed short: "Elm Rd", "Maple Ct", "maple crt". */
export const STREET_ABBREVIATIONS: Readonly<Record<string, string>> = {
  rd: 'road',
  st: 'street',
  ave: 'avenue',
  av: 'avenue',
  ln: 'lane',
  dr: 'drive',
  ct: 'court',
  crt: 'court',
  cres: 'crescent',
  pl: 'place',
  sq: 'square',
  ter: 'terrace',
  terr: 'terrace',
  gdns: 'gardens',
};

/** The words of a text, street abbreviations spelt out: "maple crt" → ["maple", "court"]. */
export function spelledOut(text: string): string[] {
  return words(text).map((w) => STREET_ABBREVIATIONS[w] ?? w);
}

/** Words around a place typed on its own: "the Maple Court one please", "at 27 Elm Road". */
const AROUND_PLACE =
  /^(?:(?:the|at|in|on)\s+)*(?:(?:flat|apartment|no|number)\s+)?(?:\d+[a-z]?(?:\s+|$))?|\s+(?:one|please|pls|plz|thanks)$/g;

function bareOfPlace(text: string): string {
  return spelledOut(text).join(' ').replace(AROUND_PLACE, '').trim();
}

/** The last word of a street's name: "Baker Street", "Elm Rd", "Oakfield Ave". */
const STREET_TYPES = new Set(
  'street road avenue lane terrace court close drive way crescent square gardens grove mews row walk hill parade place'.split(
    ' ',
  ),
);

/**
 * Whether a message is nothing but a street's name, a listing's or not: "Baker Street", "Elm
 * Road?", "the one on mill st".
 */
export function isStreetAlone(text: string): boolean {
  const said = bareOfPlace(text).split(' ');
  return said.length >= 2 && said.length <= 4 && STREET_TYPES.has(said[said.length - 1]);
}

/** A name a place goes by, and its words, split once. */
type PlaceName = { text: string; words: readonly string[] };

/**
 * What a place goes by on its own, in two words or more: the whole name, and each part of it and
 * of the address ("Maple Court", "Station Road", "Garden Flat"), house numbers left out. One word
 * ("Victoria", "Reading") may as well be a person's name.
 */
function placeNames(place: string): readonly PlaceName[] {
  let names = PLACE_NAMES.get(place);
  if (!names) {
    names = [place, ...place.split(',')]
      .map(bareOfPlace)
      .filter((name) => name.includes(' '))
      .map((text) => ({ text, words: text.split(' ') }));
    // A few listings' worth each turn: kept while the same listings are being chatted about.
    if (PLACE_NAMES.size >= MAX_PLACES_KEPT) PLACE_NAMES.clear();
    PLACE_NAMES.set(place, names);
  }
  return names;
}

const PLACE_NAMES = new Map<string, readonly PlaceName[]>();
const MAX_PLACES_KEPT = 2000;

/**
 * Whether a message is nothing but a place among `places` (listings' names and addresses): "Maple
 * Court", "27 Elm Road", "the Garden Flat". Such a message names a listing, never a person.
 */
export function isPlaceName(text: string, places: readonly string[]): boolean {
  // A place goes by two words or more, and few: most messages are ruled out before the listings.
  const count = text.split(/\s+/).length;
  if (count < 2 || count > 10) return false;
  const said = bareOfPlace(text);
  if (!said.includes(' ')) return false;
  const saidWords = said.split(' ');
  return places.some((place) => placeNames(place).some((name) => isNameTyped(saidWords, name.words)));
}

/** The shortest word a slip is forgiven in: shorter ones have too many real neighbours. */
const MIN_SLIPPED_LENGTH = 5;

/**
 * Whether words typed are a place's name, one of them allowed a slip of the finger ("gardan flat",
 * "mapel court"): every other word as in the name, so a name with two words wrong is no place.
 */
function isNameTyped(said: readonly string[], named: readonly string[]): boolean {
  if (named.length !== said.length) return false;
  let slips = 0;
  for (let i = 0; i < named.length; i++) {
    if (said[i] === named[i]) continue;
    const isSlip =
      said[i].length >= MIN_SLIPPED_LENGTH &&
      named[i].length >= MIN_SLIPPED_LENGTH &&
      said[i][0] === named[i][0] &&
      isOneSlip(said[i], named[i]);
    if (!isSlip || ++slips > 1) return false;
  }
  return true;
}

/**
 * The text without the places among `places` it names ("is the still available?" from "is the
 * garden flat still available?"): what a question asks about is read from the rest, so the garden
 * of a listing's name is not asked about, while "is there a garden at the garden flat?" still is.
 * After "a" it is a kind of home, no name: "is it a ground floor flat?" asks which floor it is on.
 */
export function withoutPlaceNames(text: string, places: readonly string[]): string {
  if (places.length === 0) return text;
  const said = ` ${words(text).join(' ')} `;
  const named = places
    .flatMap(placeNames)
    .map((name) => name.text)
    .filter((name) => said.includes(` ${name} `));
  // The longest first: "Garden Flat, Oakfield Avenue" goes as a whole, not as "Garden Flat".
  named.sort((a, b) => b.length - a.length);
  return named.reduce(
    (left, name) =>
      left.replace(
        new RegExp(
          `(?<![a-z0-9'])(?<!\\b(?:a|an)\\s+)${name.split(' ').join("[^a-z0-9']+")}(?![a-z0-9'])`,
          'gi',
        ),
        ' ',
      ),
    text,
  );
}
