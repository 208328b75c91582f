import { parseRent } from '#shared/rent.ts';
import { type EnquiryListing, findPostcode } from './classify-mail.ts';

export type MatchableProperty = { id: string; address: string; rentalPrice: string | null };

/** Words of an address that say nothing about which street it is. */
const COMMON = new Set(['flat', 'apartment', 'apt', 'the', 'and', 'road', 'street', 'lane', 'avenue']);

function withoutPostcode(address: string): string {
  return address.replace(/\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/gi, ' ');
}

function numbersOf(address: string): string[] {
  return [...withoutPostcode(address).matchAll(/\b\d+[a-z]?\b/gi)].map((m) => m[0].toLowerCase()).sort();
}

function wordsOf(address: string): Set<string> {
  return new Set(
    withoutPostcode(address)
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((word) => word.length >= 3 && !COMMON.has(word)),
  );
}

const samePostcode = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.replace(/\s/g, '') === b.replace(/\s/g, '');

function samePrice(listingPrice: string | null, propertyPrice: string | null): boolean {
  const a = parseRent(listingPrice);
  const b = parseRent(propertyPrice);
  return a !== null && b !== null && Math.abs(a.monthly - b.monthly) <= Math.max(1, b.monthly * 0.01);
}

/**
 * The company's property an enquiry's listing is about, or null (agency-wide) when unsure. A
 * portal reference seen before on a matched enquiry decides; otherwise the postcode narrows the
 * listings, the house and flat numbers with a street word pick one, and the rent breaks a tie.
 * Two listings that fit equally well give null: a wrong property is worse than none.
 */
export function matchListing(
  listing: EnquiryListing,
  properties: MatchableProperty[],
  knownReferences: ReadonlyMap<string, string> = new Map(),
): string | null {
  if (listing.reference) {
    const known = knownReferences.get(listing.reference);
    if (known && properties.some((p) => p.id === known)) return known;
  }
  const postcode = listing.postcode ?? findPostcode(listing.address);
  let candidates = postcode
    ? properties.filter((p) => samePostcode(findPostcode(p.address), postcode))
    : properties;
  if (candidates.length === 0) return null;

  if (listing.address) {
    const numbers = numbersOf(listing.address).join(',');
    const words = wordsOf(listing.address);
    const byAddress = candidates.filter((p) => {
      const propertyWords = wordsOf(p.address);
      const sharesWord = [...words].some((word) => propertyWords.has(word));
      return sharesWord && numbersOf(p.address).join(',') === numbers;
    });
    if (byAddress.length === 1) return byAddress[0]!.id;
    if (byAddress.length > 1) candidates = byAddress;
    else if (!postcode) return null;
  }
  if (candidates.length > 1 && listing.price) {
    const byPrice = candidates.filter((p) => samePrice(listing.price, p.rentalPrice));
    if (byPrice.length === 1) return byPrice[0]!.id;
    return null;
  }
  if (candidates.length === 1 && postcode) {
    // One listing at the postcode: a different rent means another flat there we do not list.
    const only = candidates[0]!;
    if (listing.price && only.rentalPrice && !samePrice(listing.price, only.rentalPrice)) return null;
    return only.id;
  }
  return null;
}
