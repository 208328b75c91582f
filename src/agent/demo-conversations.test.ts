import { describe, expect, test } from 'vitest';
import { NO_LISTING_DETAILS } from '#shared/listing.ts';
import { createGuidedEngine } from './dialogue.ts';
import type { AgentContext, AgentProperty, AgentState, ExtractedFields } from './types.ts';

/*
 * The demo agency's six conversations (src/server/features/demo/seed-demo.ts), copied here so the
 * engine is checked without the server: the leads a newcomer first sees must read right.
 */

const elmRoad: AgentProperty = {
  ...NO_LISTING_DETAILS,
  id: 'demo-elm',
  name: '2 Bed Flat, Elm Road',
  address: '14 Elm Road, Headingley, Leeds LS6 2AB',
  rentalPrice: '£1,150 pcm',
  bedrooms: 2,
  parking: 'One allocated space',
  vacancyDate: '01/03/2027',
};

const cardiganRoad: AgentProperty = {
  ...NO_LISTING_DETAILS,
  id: 'demo-cardigan',
  name: 'Victorian Terrace, Cardigan Road',
  address: '52 Cardigan Road, Leeds LS6 1EB',
  rentalPrice: '£1,650 pcm',
  bedrooms: 3,
  parking: 'On-street permit parking',
  vacancyDate: '15/02/2027',
};

const studio: AgentProperty = {
  ...NO_LISTING_DETAILS,
  id: 'demo-studio',
  name: 'Studio, Wellington Place',
  address: 'Apartment 7, 3 Wellington Place, Leeds LS1 4AP',
  rentalPrice: '£225 pw',
  bedrooms: 0,
  parking: 'None',
  vacancyDate: '10/01/2027',
};

const properties = [elmRoad, cardiganRoad, studio];

type DemoConversation = {
  property: AgentProperty | null;
  messages: string[];
  expected: Partial<ExtractedFields>;
  isComplete: boolean;
};

const conversations: DemoConversation[] = [
  {
    property: elmRoad,
    messages: [
      'Hi, is there parking?',
      '2 of us, both nurses, £58k together, could move 1 March',
      'Sarah Jones, sarah.jones@example.com, 07700 900321',
      'weekday evenings',
      "yes that's right",
    ],
    expected: { name: 'Sarah Jones', numberOfPeople: 2, annualIncome: 58000, profession: 'Nurse' },
    isComplete: true,
  },
  {
    property: cardiganRoad,
    messages: [
      'Hello! Family of four looking to move mid February',
      'I work as a software engineer, £72,000 a year',
      "I'm Daniel Okoro, daniel.okoro@example.com",
      '07700 900654',
      'Saturday mornings are best',
      'Yes',
    ],
    expected: {
      name: 'Daniel Okoro',
      numberOfPeople: 4,
      annualIncome: 72000,
      profession: 'Software engineer',
    },
    isComplete: true,
  },
  {
    property: studio,
    messages: [
      'is the studio still available?',
      'just me, ASAP please',
      "I'm a student, my guarantor earns £45k",
      'Priya Shah priya.shah@example.com 07700 900777',
      'tomorrow after 5',
      'yes correct',
    ],
    expected: {
      name: 'Priya Shah',
      numberOfPeople: 1,
      annualIncome: 45000,
      profession: 'Student',
      phone: '+447700900777',
    },
    isComplete: true,
  },
  {
    property: elmRoad,
    messages: [
      'Hi there, me and my partner are interested',
      'we could move next month',
      'I am a teacher, earning around 2,400 a month',
      "Tom Wright, I'd rather not give my number, email is tom.wright@example.com",
      'weekends',
      'yes',
    ],
    expected: {
      name: 'Tom Wright',
      numberOfPeople: 2,
      annualIncome: 28800,
      profession: 'Teacher',
      email: 'tom.wright@example.com',
      phone: null,
    },
    isComplete: true,
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
    expected: {
      propertyId: cardiganRoad.id,
      name: 'Chloe Evans',
      numberOfPeople: 3,
      annualIncome: 40000,
      profession: 'Self-employed electrician',
    },
    isComplete: true,
  },
  {
    property: studio,
    messages: [
      'how much is it per month?',
      'ok thanks, 1 person',
      'I work in retail, £21,000',
      'Jamie Lee, jamie.lee@example.com',
    ],
    expected: {
      name: 'Jamie Lee',
      numberOfPeople: 1,
      annualIncome: 21000,
      profession: 'Works in retail',
      email: 'jamie.lee@example.com',
    },
    // The tenant leaves before the end; the demo ends the chat for them.
    isComplete: false,
  },
];

const engine = createGuidedEngine();

async function play(conversation: DemoConversation) {
  const base: AgentContext = {
    companyName: 'Harbour & Hale Lettings',
    property: conversation.property,
    properties,
    today: '2026-12-01',
  };
  const first = engine.start(base);
  let state: AgentState = first.state;
  let isComplete = first.isComplete;
  const replies: string[] = [first.reply];
  for (const message of conversation.messages) {
    // As the server does: the listing chosen on the agency link becomes the context's property.
    const chosen = properties.find((p) => p.id === state.fields.propertyId) ?? null;
    const context = base.property || !chosen ? base : { ...base, property: chosen };
    const turn = await engine.reply(context, state, message);
    state = turn.state;
    isComplete = turn.isComplete;
    replies.push(turn.reply);
  }
  return { state, isComplete, replies };
}

describe("the demo agency's conversations", () => {
  test.each(conversations.map((c) => [c.messages[0], c] as const))('%s', async (_first, conversation) => {
    const { state, isComplete } = await play(conversation);
    expect(state.fields).toMatchObject(conversation.expected);
    expect(isComplete).toBe(conversation.isComplete);
  });

  test('the tenant who would rather not give a number is not asked for it again', async () => {
    const { state, replies } = await play(conversations[3]);
    expect(state.refused).toContain('phone');
    expect(replies.slice(4).join(' ')).not.toMatch(/phone number/i);
  });

  test('"I\'m interested in the Cardigan Road house" picks the listing and is no name', async () => {
    const { replies, state } = await play({
      ...conversations[4],
      messages: conversations[4].messages.slice(0, 1),
    });
    expect(state.fields.propertyId).toBe(cardiganRoad.id);
    expect(state.fields.name).toBeNull();
    expect(replies[1]).toContain('Victorian Terrace, Cardigan Road');
    expect(replies[1]).not.toMatch(/nice to meet you|thanks, interested/i);
  });
});
