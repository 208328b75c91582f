import type { PropertyFormValues } from '#shared/schemas/properties.ts';

/*
 * The demo agency a newcomer first signs in to: its listings and the chats its leads come from.
 * The server seeds them (src/server/features/demo/seed-demo.ts) through the real chat; the agent's
 * tests play the same chats (src/agent/demo-conversations.test.ts), so what a newcomer first sees
 * is checked.
 */

export const DEMO_AGENCY_NAME = 'Harbour & Hale Lettings';

export type DemoConversation = { property: number | null; messages: string[] };

export const demoProperties: PropertyFormValues[] = [
  {
    propertyName: '2 Bed Flat, Elm Road',
    propertyAddress: '14 Elm Road, Headingley, Leeds LS6 2AB',
    propertyRentalPrice: '£1,150 pcm',
    numberOfBedrooms: 2,
    parkingSpace: 'One allocated space',
    vacancyDate: '01/03/2027',
    landlord: 'Mrs Patel 07700 900123',
    description:
      'A bright second-floor flat a short walk from Headingley high street. Open-plan living room and kitchen with a dishwasher, two double bedrooms and a modern shower room. Buses to the city centre every ten minutes.',
    furnishing: 'furnished',
    petsPolicy: 'considered',
    billsIncluded: false,
    councilTaxBand: 'B',
    epcRating: 'C',
    deposit: 1326,
    minimumTermMonths: 12,
    features: ['dishwasher', 'washing machine', 'double glazing', 'gas central heating'],
  },
  {
    propertyName: 'Victorian Terrace, Cardigan Road',
    propertyAddress: '52 Cardigan Road, Leeds LS6 1EB',
    propertyRentalPrice: '£1,650 pcm',
    numberOfBedrooms: 3,
    parkingSpace: 'On-street permit parking',
    vacancyDate: '15/02/2027',
    landlord: 'Mr Okafor 07700 900456',
    description:
      'A three-bedroom Victorian terrace with a south-facing rear garden, a cellar for storage and a kitchen-diner. Close to Hyde Park and two primary schools.',
    furnishing: 'unfurnished',
    petsPolicy: 'allowed',
    councilTaxBand: 'C',
    epcRating: 'D',
    deposit: 1903,
    features: ['garden', 'washing machine', 'gas central heating'],
  },
  {
    propertyName: 'Studio, Wellington Place',
    propertyAddress: 'Apartment 7, 3 Wellington Place, Leeds LS1 4AP',
    propertyRentalPrice: '£225 pw',
    numberOfBedrooms: 0,
    parkingSpace: 'None',
    vacancyDate: '10/01/2027',
    landlord: 'Wellington Estates 0113 496 0000',
    description:
      'A compact studio on the fourth floor with a lift, five minutes from Leeds station. Kitchenette with a hob and fridge, shower room, and a sofa bed, desk and wardrobe.',
    furnishing: 'furnished',
    billsIncluded: true,
    councilTaxBand: 'A',
    epcRating: 'B',
    deposit: 1125,
    minimumTermMonths: 6,
    features: ['lift', 'secure bike store'],
  },
];

/**
 * Tenants as they write on their phones: the leads on the demo dashboard come from these chats.
 * `property`: the index of the listing whose link the tenant opened; null for the agency's link.
 */
export const demoConversations: DemoConversation[] = [
  {
    property: 0,
    messages: [
      'Hi, is there parking?',
      '2 of us, both nurses, £58k together, could move 1 March',
      'Sarah Jones, sarah.jones@example.com, 07700 900321',
      'weekday evenings',
      "yes that's right",
    ],
  },
  {
    property: 1,
    messages: [
      'Hello! Family of four looking to move mid February',
      'I work as a software engineer, £72,000 a year',
      "I'm Daniel Okoro, daniel.okoro@example.com",
      '07700 900654',
      'Saturday mornings are best',
      'Yes',
    ],
  },
  {
    property: 2,
    messages: [
      'is the studio still available?',
      'just me, ASAP please',
      "I'm a student, my guarantor earns £45k",
      'Priya Shah priya.shah@example.com 07700 900777',
      'tomorrow after 5',
      'yes correct',
    ],
  },
  {
    property: 0,
    messages: [
      'Hi there, me and my partner are interested',
      'we could move next month',
      'I am a teacher, earning around 2,400 a month',
      "Tom Wright, I'd rather not give my number, email is tom.wright@example.com",
      'weekends',
      'yes',
    ],
  },
  {
    property: null,
    messages: [
      "Hi, I'm interested in the Cardigan Road house",
      '3 of us, moving in April',
      'self-employed electrician, about £40k',
      'Chloe Evans, 07700 900888, chloe@example.com',
      'this Saturday',
      "yes that's all right",
    ],
  },
  {
    property: 2,
    messages: [
      'how much is it per month?',
      'ok thanks, 1 person',
      'I work in retail, £21,000',
      'Jamie Lee, jamie.lee@example.com',
    ],
  },
];
