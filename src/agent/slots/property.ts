import type { AgentProperty } from '../types.ts';
import { nullableText, type SlotSpec } from './spec.ts';

const MAX_PROPERTY_BUTTONS = 6;

/** The button for no listing in particular. */
export const ANY_PROPERTY_REPLY = 'Not sure yet';

/** The listings as buttons, with one for no listing in particular. */
export function propertyButtons(properties: AgentProperty[]): string[] {
  return [...properties.slice(0, MAX_PROPERTY_BUTTONS).map((p) => p.name), ANY_PROPERTY_REPLY];
}

/** Which listing: asked only on the agency-wide link with listings; a property link has its own. */
export const propertySlot = {
  label: 'property',
  words: /\bproperty\b/i,
  cue: /\bwhich (?:of our )?(?:propert|listing|one)/,
  questions: [
    'Which of our properties are you interested in? Tap one below, or tell me the street or area.',
    'Which property would you like to ask about? Tap one below, or tell me the street or area.',
  ],
  quickReplies: (context) => propertyButtons(context.properties),
  // Acknowledged on its own, first ("Great choice: …").
  describe: () => null,
  summaryLine: (_fields, { property, isAgencyLink, context }) =>
    property
      ? `• Property: ${property.name}, ${property.address}`
      : isAgencyLink && context.properties.length > 0
        ? '• Property: any (not decided yet)'
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
} satisfies SlotSpec<'propertyId'>;
