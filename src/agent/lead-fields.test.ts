import { describe, expect, test } from 'vitest';
import { agencyLink, lastReply, playChat, propertyLink } from '#tests/corpus/chat.ts';
import { elm, forge } from '#tests/corpus/fixtures.ts';
import { contextFor, corpus } from '#tests/corpus/run.ts';
import { testReturns } from '#tests/helpers/tables.ts';
import { createGuidedEngine } from './dialogue.ts';
import { extractFromTranscript, inferAsking, toLeadFields } from './lead-fields.ts';
import type { AgentContext, AgentState } from './types.ts';

const engine = createGuidedEngine();

type Message = { sender: 'user' | 'ai'; content: string };

/** The chat's last state, and its transcript as the server stores it. */
async function play(
  context: AgentContext,
  messages: string[],
): Promise<{ state: AgentState; transcript: Message[] }> {
  const replies = await playChat(context, messages);
  const transcript: Message[] = [{ sender: 'ai', content: replies[0].reply }];
  messages.forEach((message, i) => {
    transcript.push({ sender: 'user', content: message }, { sender: 'ai', content: replies[i + 1].reply });
  });
  return { state: replies[replies.length - 1].state, transcript };
}

describe('toLeadFields', () => {
  test('stores the lead as the dashboard shows it', async () => {
    const { state } = await play(propertyLink(elm), [
      '1st March',
      '2',
      '2,500 a month',
      'Nurse',
      'Sarah Jones',
      'Sarah.Jones@Gmail.com 07700 900123',
      'weekday evenings',
      'yes',
    ]);
    const lead = toLeadFields(state, propertyLink(elm));
    expect(lead).toMatchObject({
      propertyId: elm.id,
      propertyName: 'Elm Road Flat',
      propertyLocation: elm.address,
      rentalPrice: '£1,250 pcm',
      numberOfBeds: 2,
      name: 'Sarah Jones',
      email: 'sarah.jones@gmail.com',
      contactNumber: '+447700900123',
      income: '£30,000 per year',
      annualIncome: 30000,
      profession: 'Nurse',
      numberOfPeople: 2,
      moveInDate: '01/03/2026',
      availability: 'Weekday evenings',
      rating: '8',
      score: 8,
      hasAnyAnswer: true,
    });
    expect(lead.scoreBreakdown.total).toBe(8);
    expect(lead.scoreBreakdown.parts[0].reason).toBe(
      'Income £30,000 is 24.0× the monthly rent of £1,250 (20× to under 25×): 2/4',
    );
  });

  test("a move-in time that is not a date is stored in the tenant's words", async () => {
    const { state } = await play(propertyLink(elm), ["I'm flexible really"]);
    expect(toLeadFields(state, propertyLink(elm)).moveInDate).toBe('flexible');
  });

  test("with no property chosen on the agency link, the property is 'any'", async () => {
    const { state } = await play(agencyLink(), ['not sure', 'ASAP']);
    expect(toLeadFields(state, agencyLink())).toMatchObject({
      propertyId: null,
      propertyName: 'any',
      propertyLocation: null,
      rentalPrice: null,
      numberOfBeds: null,
      moveInDate: '10/02/2026',
    });
  });

  test('the chosen listing is copied on the agency link', async () => {
    const { state } = await play(agencyLink(), ['Mill Street please']);
    const context = { ...agencyLink(), property: forge };
    expect(toLeadFields(state, context)).toMatchObject({
      propertyId: forge.id,
      propertyName: 'The Forge Studio',
      rentalPrice: '£225 pw',
      numberOfBeds: 0,
      hasAnyAnswer: true,
    });
  });

  test('a chat with no answer makes no lead', async () => {
    const { state } = await play(propertyLink(elm), ['hello', 'Are pets allowed?', "I'd rather not say"]);
    expect(toLeadFields(state, propertyLink(elm))).toMatchObject({
      hasAnyAnswer: false,
      rating: '0',
      score: 0,
    });
    expect(toLeadFields(engine.start(agencyLink()).state, agencyLink()).hasAnyAnswer).toBe(false);
  });

  test("facts known before the chat (a thread's number, a portal enquiry's details) are no answer on their own", async () => {
    const context = propertyLink(elm);
    const known = { name: 'Sam Jones', email: 'sam@example.com', phone: '+447700900123' };
    const answered = async (messages: string[]) =>
      toLeadFields((await lastReply(context, messages, { known })).state, context).hasAnyAnswer;
    expect(await answered(['Hi'])).toBe(false);
    expect(await answered(['Hi', 'Are pets allowed?'])).toBe(false);
    // An answer of their own, or a known fact they change, is an answer.
    expect(await answered(['Hi', '1st March'])).toBe(true);
    expect(await answered(['my email is sam.jones@example.org'])).toBe(true);
  });
});

describe('extractFromTranscript', () => {
  test('rebuilds the same fields from every corpus transcript', async () => {
    for (const c of corpus) {
      const context = contextFor(c);
      const { state, transcript } = await play(context, c.messages);
      const rebuilt = extractFromTranscript(transcript, context);
      expect(rebuilt.fields, c.id).toEqual(state.fields);
      expect(rebuilt.refused.sort(), c.id).toEqual([...state.refused].sort());
    }
    // The whole corpus, twice over: allow for a busy machine.
  }, 30_000);

  test('follows what another agent asked, in its own order', () => {
    const rebuilt = extractFromTranscript(
      [
        { sender: 'ai', content: 'Hello! Welcome to Harbour & Hale Lettings.' },
        { sender: 'ai', content: 'Before anything else, what name should I put down?' },
        { sender: 'user', content: 'Sam Taylor' },
        { sender: 'ai', content: 'Thanks Sam! How many people would be living with you, in total?' },
        { sender: 'user', content: '3' },
        { sender: 'ai', content: 'And roughly what is your annual income?' },
        { sender: 'user', content: '45000' },
      ],
      propertyLink(elm),
    );
    expect(rebuilt.fields).toMatchObject({ name: 'Sam Taylor', numberOfPeople: 3, annualIncome: 45000 });
  });

  testReturns('"%s" asks for %s', inferAsking, [
    ['When would you like to move in?', 'moveIn'],
    ['How many people would be living in the property, including you?', 'numberOfPeople'],
    ["What's your approximate annual income before tax? A monthly figure works too.", 'annualIncome'],
    ['What do you do for work?', 'profession'],
    ['Could I take your full name, please?', 'name'],
    ["What's the best email address and phone number for the team to reach you on?", 'email'],
    ['And what is the best phone number to reach you on?', 'phone'],
    ['When would suit you for a viewing?', 'availability'],
    ["Here's a summary of what I have:\n• People: 2\nIs that all correct?", 'confirm'],
  ]);
});
