import { formatLongDate, ukToIso } from '#agent/dates.ts';
import { findInDescription } from '#agent/questions.ts';
import type { AgentProperty } from '#agent/types.ts';
import { formatMoney } from '#shared/format.ts';
import { parseRent } from '#shared/rent.ts';

/*
 * A listing's facts as the LLM sees them: in its instructions, and one at a time through the
 * listingFact tool. Every answer is read from the listing; null means the listing does not say.
 */

export const LISTING_FACTS = [
  'rent',
  'bedrooms',
  'parking',
  'availableFrom',
  'address',
  'furnishing',
  'pets',
  'bills',
  'councilTax',
  'epc',
  'deposit',
  'minimumTerm',
  'features',
  'description',
] as const;

export type ListingFact = (typeof LISTING_FACTS)[number];

const NON_MONTHLY = /\b(pw|p\/w|week|weekly|pa|p\.a|annum|year|annually)\b/i;

function describeRent(property: AgentProperty): string | null {
  if (!property.rentalPrice) return null;
  const rent = parseRent(property.rentalPrice);
  const monthly =
    rent && NON_MONTHLY.test(property.rentalPrice)
      ? ` (about ${formatMoney(rent.monthly, { wholePounds: true })} a month)`
      : '';
  return `${property.rentalPrice}${monthly}`;
}

/** Each fact of the listing in words, null where the listing does not say. */
export function listingFacts(property: AgentProperty, today: string): Record<ListingFact, string | null> {
  const vacancy = ukToIso(property.vacancyDate);
  return {
    rent: describeRent(property),
    bedrooms:
      property.bedrooms === null ? null : property.bedrooms === 0 ? 'studio' : String(property.bedrooms),
    parking: property.parking?.trim() || null,
    availableFrom: vacancy ? (vacancy <= today ? 'now' : formatLongDate(vacancy)) : null,
    address: property.address.trim() || null,
    furnishing: property.furnishing,
    // With no policy stated, requests are considered: never a refusal the landlord did not make.
    pets:
      property.petsPolicy === 'allowed'
        ? 'allowed'
        : property.petsPolicy === 'not-allowed'
          ? 'not allowed'
          : 'requests are considered (pass them on to the team)',
    bills: property.billsIncluded === null ? null : property.billsIncluded ? 'included' : 'not included',
    councilTax: property.councilTaxBand ? `band ${property.councilTaxBand}` : null,
    epc: property.epcRating ? `rating ${property.epcRating}` : null,
    deposit: property.deposit === null ? null : formatMoney(property.deposit),
    minimumTerm: property.minimumTermMonths === null ? null : `${property.minimumTermMonths} months`,
    features: property.features.length > 0 ? property.features.join(', ') : null,
    description: property.description?.trim() || null,
  };
}

/** The listing for the instructions, one fact a line. */
export function describeProperty(property: AgentProperty, today: string): string {
  const facts = listingFacts(property, today);
  return [
    `id: ${property.id}`,
    `name: ${property.name}`,
    ...LISTING_FACTS.map((fact) => `${fact}: ${facts[fact] ?? 'unknown'}`),
  ]
    .map((line) => `  - ${line}`)
    .join('\n');
}

export type FactAnswer = { fact: string; known: boolean; answer: string };

const NOT_SAID =
  'The listing does not say. Tell the tenant you will pass the question on to the team; never guess.';

/**
 * One fact for the listingFact tool. `feature` (garden, balcony, lift…) is looked up in the
 * listing's features, then in its description.
 */
export function lookUpFact(
  property: AgentProperty,
  today: string,
  fact: ListingFact | 'feature',
  feature?: string | null,
): FactAnswer {
  if (fact === 'feature') {
    const wanted = feature?.trim().toLowerCase() ?? '';
    if (!wanted) return { fact, known: false, answer: 'Say which feature, e.g. garden.' };
    const listed = property.features.find((f) => f.toLowerCase().includes(wanted));
    if (listed) return { fact: wanted, known: true, answer: `Yes: the listing includes ${listed}.` };
    const sentence = findInDescription(property.description, wanted);
    if (sentence) return { fact: wanted, known: true, answer: `The description says: ${sentence}` };
    return { fact: wanted, known: false, answer: NOT_SAID };
  }
  const answer = listingFacts(property, today)[fact];
  return answer === null ? { fact, known: false, answer: NOT_SAID } : { fact, known: true, answer };
}
