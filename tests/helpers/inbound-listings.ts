/**
 * The listings that the portal emails in tests/fixtures/inbound are about, as insertProperty takes
 * them: Rightmove's flat in Hyde Park, Zoopla's house in Ecclesall, OnTheMarket's Canal Street studio.
 */
export const inboundListings = {
  flat2: {
    propertyName: '2 Bed Flat, Hyde Park',
    propertyAddress: 'Flat 2, 14 Hyde Park Road, Leeds LS6 1AB',
    propertyRentalPrice: '£1,150 pcm',
  },
  house: {
    propertyName: '3 Bed House, Ecclesall',
    propertyAddress: '27 Ecclesall Road, Sheffield S11 8HW',
    propertyRentalPrice: '£1,400 pcm',
  },
  studio: {
    propertyName: 'Studio, Canal Street',
    propertyAddress: '8 Canal Street, Manchester M1 3HE',
    propertyRentalPrice: '£950 pcm',
  },
};
