import { withoutPlaceNames } from './place-names.ts';
import { FEATURE_WORDS, NO_PARKING } from './questions.ts';
import { withKeyWordsSpelt } from './spelling.ts';
import { joinList, normalise, splitSentences } from './text.ts';
import type { AgentProperty } from './types.ts';

/*
 * What a tenant looking through the agency's listings wants of one ("somewhere with a garden",
 * "need parking", "anything pet friendly?"), and which listings say they have it: the reply
 * points at those and lists them first, rather than taking the want for a listing not found.
 */

/** A want a listing's facts can show: a feature, parking, or pets welcome. */
type Want =
  | { kind: 'feature'; feature: string; cue: RegExp; inName: RegExp }
  | { kind: 'parking' }
  | { kind: 'pets' };

/** Parking wanted: "need parking", "somewhere to park"; not "near a park". */
const PARKING =
  /\b(?:parking|to park|park (?:a|my|our|the|two|2) (?:cars?|vans?)|driveways?|car space|off[- ]street)\b/i;
const PETS = /\b(?:pets?|dogs?|cats?|puppy|kitten|animals?)\b/i;
/** A sentence of a description that says a listing lacks something: "There is no garden." */
const NEGATION = /\b(?:no|not|without|isn't|doesn't|none)\b/i;
/** Features said without "a": "Gas central heating is fitted". */
const UNCOUNTED = new Set(['gas central heating', 'double glazing', 'bike storage']);

/** Named one by one up to this many; past it, counted. */
const MAX_NAMED = 3;

/** The wants a message says, listings' own names left out ("the garden flat" wants no garden). */
function wantsIn(message: string, places: readonly string[]): Want[] {
  const said = withoutPlaceNames(withKeyWordsSpelt(normalise(message)), places);
  const wants: Want[] = [];
  if (PARKING.test(said)) wants.push({ kind: 'parking' });
  if (PETS.test(said)) wants.push({ kind: 'pets' });
  for (const [feature, cue] of FEATURE_WORDS) {
    // A garage wanted is parking wanted, answered once.
    if (feature === 'garage' && wants.some((w) => w.kind === 'parking')) continue;
    if (!cue.test(said)) continue;
    // "Garden Flat" is a flat with a garden; "Victoria Terrace" is a street, no balcony.
    const inName = new RegExp(`\\b${feature} (?:flat|apartment|cottage|house|maisonette)\\b`, 'i');
    wants.push({ kind: 'feature', feature, cue, inName });
  }
  return wants;
}

/** Whether the listing's description says it has what `cue` names, in a sentence not denying it. */
function describedWith(property: AgentProperty, cue: RegExp): boolean {
  if (!property.description) return false;
  return splitSentences(normalise(property.description)).some((s) => cue.test(s) && !NEGATION.test(s));
}

/** Whether the listing's facts (its features, name, parking, description) say it has the want. */
function hasWant(property: AgentProperty, want: Want): boolean {
  switch (want.kind) {
    case 'feature':
      return (
        property.features.some((f) => f.toLowerCase().includes(want.feature)) ||
        want.inName.test(property.name) ||
        describedWith(property, want.cue)
      );
    case 'parking': {
      const parking = property.parking?.trim();
      if (parking) return !NO_PARKING.test(parking);
      return property.features.some((f) => /garage|parking/i.test(f)) || describedWith(property, PARKING);
    }
    case 'pets':
      return property.petsPolicy === 'allowed';
  }
}

function namesOf(properties: readonly AgentProperty[], total: number): string {
  if (properties.length === total && total > 1) return 'all our listings';
  if (properties.length > MAX_NAMED) return `${properties.length} of our listings`;
  return joinList(properties.map((p) => p.name));
}

/** What a reply says of one want: the listings that have it, or plainly that none says so. */
function sentenceFor(want: Want, having: readonly AgentProperty[], listings: readonly AgentProperty[]) {
  if (want.kind === 'pets') {
    if (having.length > 0) return `Pets are welcome at ${namesOf(having, listings.length)}.`;
    // Unsaid is not refused: a request is still considered where no listing rules pets out.
    const isRuledOut = listings.some((p) => p.petsPolicy === 'not-allowed');
    return `None of our listings says pets are welcome${isRuledOut ? '' : ', but pet requests are considered'}.`;
  }
  const noun =
    want.kind === 'parking'
      ? 'parking'
      : UNCOUNTED.has(want.feature)
        ? want.feature
        : `${/^[aeiou]/.test(want.feature) ? 'an' : 'a'} ${want.feature}`;
  if (having.length === 0) return `None of our listings mentions ${noun}.`;
  const names = namesOf(having, listings.length);
  const verb = having.length === 1 ? 'has' : 'have';
  return `${names[0].toUpperCase()}${names.slice(1)} ${verb} ${noun}.`;
}

/**
 * The listings a tenant's wants point at: a sentence for each want, and the listings in the order
 * to show them, those with the most of what is wanted first. Null when the message wants nothing
 * a listing's facts can show.
 */
export function listingsWanted(
  message: string,
  listings: readonly AgentProperty[],
  places: readonly string[],
): { sentences: string[]; ordered: AgentProperty[] } | null {
  const wants = wantsIn(message, places);
  if (wants.length === 0) return null;
  const sentences: string[] = [];
  const count = new Map<AgentProperty, number>(listings.map((p) => [p, 0]));
  for (const want of wants) {
    const having = listings.filter((p) => hasWant(p, want));
    for (const p of having) count.set(p, (count.get(p) ?? 0) + 1);
    sentences.push(sentenceFor(want, having, listings));
  }
  // A stable sort: listings with as much keep the agency's order.
  const ordered = [...listings].sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0));
  return { sentences, ordered };
}

/** "looking for somewhere cheap", "need something near the park": a home described, not named. */
const DESCRIBES_HOME =
  /\b(?:looking for|searching for|need|want|after)\b|\b(?:somewhere|something|anywhere|anything)\b/i;
/** A word typed with a capital after the first, "I" aside: a name, perhaps of a place ("Baker Street"). */
const NAME_TYPED = /(?<!^)\b(?!I\b)[A-Z][a-z]/;

/**
 * Whether a message describes the home wanted rather than naming one: no listing was looked for,
 * so none was not found.
 */
export function describesHome(message: string): boolean {
  return DESCRIBES_HOME.test(message) && !NAME_TYPED.test(message);
}
