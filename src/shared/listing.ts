/**
 * The optional details a listing may hold beyond the spec's seven fields, so the assistant can
 * answer what tenants ask (pets, furniture, bills, deposit, council tax, EPC, garden…). Shared by
 * the property form, the API, the database mapping and the conversation engine.
 */

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
