/**
 * The optional details a listing may hold beyond the spec's seven fields, so the assistant can
 * answer what tenants ask (pets, furniture, bills, deposit, council tax, EPC, garden…). Shared by
 * the property form, the API, the database mapping and the conversation engine.
 */

// The agent's rent reader is pure and already reads every price form listings use.
import { parseRent } from '#shared/rent.ts';

export const FURNISHING_OPTIONS = ['furnished', 'part-furnished', 'unfurnished'] as const;
export type Furnishing = (typeof FURNISHING_OPTIONS)[number];

/** `considered`: pets by arrangement with the landlord. */
export const PETS_POLICIES = ['allowed', 'considered', 'not-allowed'] as const;
export type PetsPolicy = (typeof PETS_POLICIES)[number];

export const COUNCIL_TAX_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export type CouncilTaxBand = (typeof COUNCIL_TAX_BANDS)[number];

export const EPC_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EpcRating = (typeof EPC_RATINGS)[number];

/** Features offered as ticks in the form; the list is not closed (an agent may type others). */
export const COMMON_FEATURES = [
  'garden',
  'balcony',
  'lift',
  'off-street parking',
  'garage',
  'dishwasher',
  'washing machine',
  'gas central heating',
  'double glazing',
  'bike storage',
] as const;

export type ListingDetails = {
  /** The agent's advert text; the assistant answers from its sentences. */
  description: string | null;
  furnishing: Furnishing | null;
  petsPolicy: PetsPolicy | null;
  billsIncluded: boolean | null;
  councilTaxBand: CouncilTaxBand | null;
  epcRating: EpcRating | null;
  /** Whole pounds. */
  deposit: number | null;
  minimumTermMonths: number | null;
  /** Lower case, e.g. "garden", "balcony". */
  features: string[];
};

/** A listing with none of the details filled in. */
export const NO_LISTING_DETAILS: ListingDetails = {
  description: null,
  furnishing: null,
  petsPolicy: null,
  billsIncluded: null,
  councilTaxBand: null,
  epcRating: null,
  deposit: null,
  minimumTermMonths: null,
  features: [],
};

/** A listing's details, and nothing else, from a row or DTO that carries them among other fields. */
export function pickListingDetails(listing: ListingDetails): ListingDetails {
  return {
    description: listing.description,
    furnishing: listing.furnishing,
    petsPolicy: listing.petsPolicy,
    billsIncluded: listing.billsIncluded,
    councilTaxBand: listing.councilTaxBand,
    epcRating: listing.epcRating,
    deposit: listing.deposit,
    minimumTermMonths: listing.minimumTermMonths,
    features: listing.features,
  };
}

/** A listing can show at most this many photos. */
export const MAX_PHOTOS = 10;
/** The largest photo file accepted, in bytes (a phone's full-size photo is 2 to 8 MB). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export type DepositLimit = {
  /** 5, or 6 where the annual rent is £50,000 or more. */
  weeks: 5 | 6;
  /** The largest lawful deposit in whole pounds. */
  maxDeposit: number;
};

/**
 * The Tenant Fees Act 2019 cap on a tenancy deposit: 5 weeks' rent, or 6 weeks' where the annual
 * rent is £50,000 or more. A week's rent is the annual rent / 52 (monthly × 12 / 52; a weekly
 * price as given). Reads the listing's free-text price; null when no price can be read, and then
 * there is nothing to check against. Worked in pence so that no rounding lets a pound too many in.
 */
export function depositLimit(rentalPrice: string | null | undefined): DepositLimit | null {
  const rent = parseRent(rentalPrice);
  if (!rent) return null;
  const annualPence = Math.round(rent.monthly * 12 * 100);
  const weeks = annualPence >= 50_000_00 ? 6 : 5;
  return { weeks, maxDeposit: Math.floor((annualPence * weeks) / 52 / 100) };
}

/** The refusal, worded as the form and the API show it. */
export function depositLimitMessage(limit: DepositLimit): string {
  return `Deposit can be at most ${limit.weeks} weeks' rent (£${limit.maxDeposit.toLocaleString('en-GB')}) under the Tenant Fees Act 2019`;
}

/** A listing's bedrooms as tenants and agents say them: none is a studio, not "0 beds". */
export function describeBedrooms(count: number, unit: 'bed' | 'bedroom'): string {
  if (count === 0) return 'Studio';
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
