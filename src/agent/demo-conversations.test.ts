import { describe, expect, test } from 'vitest';
import { DEMO_AGENCY_NAME, demoConversations, demoProperties } from '#shared/demo-agency.ts';
import { pickListingDetails } from '#shared/listing.ts';
import { propertyInputSchema } from '#shared/schemas/properties.ts';
import { playChat } from '#tests/corpus/chat.ts';
import type { AgentContext, AgentProperty, ExtractedFields } from './types.ts';

/*
 * The demo agency's six conversations (src/shared/demo-agency.ts, which the server seeds), played
 * here so the engine is checked without the server: the leads a newcomer first sees must read right.
 */

// As the server's directory hands the saved listings to the agent.
const properties: AgentProperty[] = demoProperties.map((values, index) => {
  const listing = propertyInputSchema.parse(values);
  return {
    id: `demo-${index}`,
    name: listing.propertyName,
    address: listing.propertyAddress,
    rentalPrice: listing.propertyRentalPrice,
    bedrooms: listing.numberOfBedrooms,
    parking: listing.parkingSpace,
    vacancyDate: listing.vacancyDate,
    ...pickListingDetails(listing),
  };
});
const cardiganRoad = properties[1]!;

/** What each demo chat should leave the lead with, in the order of demoConversations. */
const outcomes: Array<{ expected: Partial<ExtractedFields>; isComplete: boolean }> = [
  {
    expected: { name: 'Sarah Jones', numberOfPeople: 2, annualIncome: 58000, profession: 'Nurse' },
    isComplete: true,
  },
  {
    expected: {
      name: 'Daniel Okoro',
      numberOfPeople: 4,
      annualIncome: 72000,
      profession: 'Software engineer',
    },
    isComplete: true,
  },
  {
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

type DemoConversation = {
  property: AgentProperty | null;
  messages: string[];
  expected: Partial<ExtractedFields>;
  isComplete: boolean;
};

const conversations: DemoConversation[] = demoConversations.map((conversation, index) => ({
  property: conversation.property === null ? null : properties[conversation.property]!,
  messages: conversation.messages,
  ...outcomes[index]!,
}));

async function play(conversation: DemoConversation) {
  const context: AgentContext = {
    companyName: DEMO_AGENCY_NAME,
    property: conversation.property,
    properties,
    today: '2026-12-01',
  };
  const turns = await playChat(context, conversation.messages);
  const { state, isComplete } = turns[turns.length - 1];
  return { state, isComplete, replies: turns.map((turn) => turn.reply) };
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
