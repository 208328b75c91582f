/**
 * The lead that lead tests start from, as a chat records it: Sarah Jones, a nurse on £42,000 a year
 * moving in with one other person, enquiring about the two-bed flat on Elm Road. Her email is left
 * to each test (a database test needs a unique one).
 */
export const sampleLead = {
  propertyName: '2 Bed Flat, Elm Road',
  propertyLocation: '14 Elm Road, Leeds LS6 2AB',
  rentalPrice: '£1,200 pcm',
  numberOfBeds: 2,
  name: 'Sarah Jones',
  contactNumber: '+447700900123',
  income: '£42,000 per year',
  profession: 'Nurse',
  numberOfPeople: 2,
  moveInDate: '01/03/2027',
  availability: 'Weekday evenings',
  rating: '8',
};
