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
