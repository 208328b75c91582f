import type { Reading } from '../reading.ts';
import type { AgentProperty } from '../types.ts';
import { nullableText, type SlotDisplay, type SlotSpec, summaryLine } from './spec.ts';

const MAX_PROPERTY_BUTTONS = 6;

/** The button for no listing in particular. */
export const ANY_PROPERTY_REPLY = 'Not sure yet';

/** The listings as buttons, with one for no listing in particular. */
export function propertyButtons(properties: AgentProperty[]): string[] {
  return [...properties.slice(0, MAX_PROPERTY_BUTTONS).map((p) => p.name), ANY_PROPERTY_REPLY];
}

/**
 * "any", "not sure", "don't mind": no listing in particular. "any" before another word or a number
 * is about it ("i don't have any pets", "any 2 beds"), unless it says "any is fine".
 */
const ANY_PROPERTY =
  /\b(?:any(?: of them| one| really)?(?!\s+(?!(?:is|will|would|works?|please|pls|thanks|really)\b)[a-z\d£])|anything (?:really|is fine|will do)|not sure|unsure|don'?t mind|dont mind|no preference|whatever|open to (?:anything|any|all)|just (?:looking|browsing)|undecided|none in particular|all of them|either|not yet|haven'?t decided|don'?t know|dont know|no idea|idk|dunno|no clue)\b/i;

/**
 * Whether the tenant means no listing in particular ("any", "not sure"). Which listing they name
 * is matched by the dialogue (`property-match.ts`), which holds the listings and the link.
 */
function readAnyProperty(r: Reading): void {
  // Only a statement: "do you have any in Brighton?" is a question, not "any will do".
  r.result.anyProperty = r.asking === 'propertyId' && ANY_PROPERTY.test(r.split.statements);
}

/** The listing's name, or "any property (agency link)"; the CSV gives its details in columns. */
const display = {
  label: 'Property',
  longLabel: 'Property',
  text: (lead) =>
    lead.propertyName && lead.propertyName !== 'any' ? lead.propertyName : 'any property (agency link)',
  csv: [
    { header: 'Property', value: (lead) => lead.propertyName || 'any' },
    { header: 'Location', value: (lead) => lead.propertyLocation },
    { header: 'Price', value: (lead) => lead.rentalPrice },
    { header: 'Beds', value: (lead) => lead.numberOfBeds },
  ],
} satisfies SlotDisplay;

/** Which listing: asked only on the agency-wide link with listings; a property link has its own. */
export const propertySlot = {
  label: 'property',
  words: /\bproperty\b/i,
  cue: /\bwhich (?:of our )?(?:propert|listing|one)/,
  why: 'I ask so I can answer your questions from the right listing and pass your enquiry to the team looking after it.',
  readsUnsure: true,
  questions: [
    'Which of our properties are you interested in? Choose one below, or tell me the street or area.',
    'Which property would you like to ask about? Choose one below, or tell me the street or area.',
  ],
  quickReplies: (context) => propertyButtons(context.properties),
  // Acknowledged on its own, first ("Great choice: …").
  describe: () => null,
  summaryLine: (_fields, { property, isAgencyLink, context }) =>
    property
      ? summaryLine(display.label, `${property.name}, ${property.address}`)
      : isAgencyLink && context.properties.length > 0
        ? summaryLine(display.label, 'any (not decided yet)')
        : null,
  lead: (_fields, property) => ({
    propertyId: property?.id ?? null,
    propertyName: property?.name ?? 'any',
    propertyLocation: property?.address ?? null,
    rentalPrice: property?.rentalPrice ?? null,
    numberOfBeds: property?.bedrooms ?? null,
  }),
  llm: {
    propertyId: nullableText.describe('The id of the listing the tenant chose, from the listings given.'),
  },
  // One of the company's listings.
  valid: (id, { context }) =>
    context.property?.id === id || context.properties.some((p) => p.id === id) ? id : null,
  keepsValueWhenRefused: true,
  parse: { read: readAnyProperty },
  display,
} satisfies SlotSpec<'propertyId'>;
