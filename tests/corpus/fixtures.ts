import type { AgentProperty } from '#agent/types.ts';
import { NO_LISTING_DETAILS } from '#shared/listing.ts';

/** One national agency's listings: the corpus talks about these. */
export const companyName = 'Harbour & Hale Lettings';

export const elm: AgentProperty = {
  ...NO_LISTING_DETAILS,
  id: 'prop-elm',
  name: 'Elm Road Flat',
  address: 'Flat 3, 27 Elm Road, Headingley, Leeds LS6 3BQ',
  rentalPrice: '£1,250 pcm',
  bedrooms: 2,
  parking: 'One permit space',
  vacancyDate: '01/03/2026',
};

export const victoria: AgentProperty = {
  ...NO_LISTING_DETAILS,
  id: 'prop-victoria',
  name: 'Victoria Terrace',
  address: '14 Victoria Terrace, Clifton, Bristol BS8 4LU',
  rentalPrice: '£1,950 pcm',
  bedrooms: 3,
  parking: 'Driveway for two cars',
  vacancyDate: '15/04/2026',
};

export const forge: AgentProperty = {
  ...NO_LISTING_DETAILS,
  id: 'prop-forge',
  name: 'The Forge Studio',
  address: 'Apartment 12, The Forge, 8 Mill Street, Manchester M1 2HF',
  rentalPrice: '£225 pw',
  bedrooms: 0,
  parking: null,
  vacancyDate: '20/02/2026',
};

export const maple: AgentProperty = {
  ...NO_LISTING_DETAILS,
  id: 'prop-maple',
  name: 'Maple Court',
  address: '5 Maple Court, Station Road, Reading RG1 1LX',
  rentalPrice: '£1,100 per month',
  bedrooms: 1,
  parking: 'Allocated space',
  vacancyDate: null,
};

export const oak: AgentProperty = {
  ...NO_LISTING_DETAILS,
  id: 'prop-oak',
  name: 'Garden Flat, Oakfield Avenue',
  address: 'Ground Floor Flat, 9 Oakfield Avenue, Glasgow G12 8LL',
  rentalPrice: 'Price on application',
  bedrooms: 2,
  parking: 'On-street',
  vacancyDate: '01/05/2026',
};

export const birch: AgentProperty = {
  ...NO_LISTING_DETAILS,
  id: 'prop-birch',
  name: 'Birch Lane Family Home',
  address: '22 Birch Lane, Sheffield S10 3GH',
  rentalPrice: '£2,400 pcm',
  bedrooms: 4,
  parking: 'Garage and driveway',
  vacancyDate: '01/04/2026',
};

export const quay: AgentProperty = {
  ...NO_LISTING_DETAILS,
  id: 'prop-quay',
  name: 'Riverside Apartment',
  address: '41 Quayside, Newcastle upon Tyne NE1 3DE',
  rentalPrice: '£895 pcm',
  bedrooms: 1,
  parking: 'Underground space, £50 pcm extra',
  vacancyDate: '06/03/2026',
};

export const allProperties: AgentProperty[] = [elm, victoria, forge, maple, oak, birch, quay];

/**
 * A fully described listing: every detail filled in and an advert, for the questions tenants ask
 * about pets, furniture, bills, the deposit, the garden and council tax. Reached by its property
 * link only, so the agency-wide link's list stays as it was.
 */
export const willow: AgentProperty = {
  id: 'prop-willow',
  name: 'Willow Cottage',
  address: '3 Willow Walk, Chorlton, Manchester M21 9AB',
  rentalPrice: '£1,400 pcm',
  bedrooms: 2,
  parking: 'Off-street parking for one car',
  vacancyDate: '01/04/2026',
  description:
    'A bright two-bedroom cottage on a quiet cul-de-sac. The south-facing garden has a lawn and a patio. Fibre broadband is available, up to 900Mb. The tram stop is a six-minute walk away. The kitchen was refitted in 2024 and has a gas hob.',
  furnishing: 'part-furnished',
  petsPolicy: 'considered',
  billsIncluded: false,
  councilTaxBand: 'C',
  epcRating: 'C',
  deposit: 1615,
  minimumTermMonths: 12,
  features: ['garden', 'washing machine', 'gas central heating'],
};

/** Listings reachable by a property link: the agency's list and the described one. */
export const linkProperties: AgentProperty[] = [...allProperties, willow];
