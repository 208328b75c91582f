import { describe, expect, test } from 'vitest';
import { lastReply, propertyLink } from '#tests/corpus/chat.ts';
import { companyName, elm } from '#tests/corpus/fixtures.ts';
import { createGuidedEngine } from './dialogue.ts';
import { toLeadFields } from './lead-fields.ts';
import { isPersonRequest } from './person-request.ts';
import type { SlotName } from './types.ts';

const context = propertyLink(elm);
const engine = createGuidedEngine();
const ANSWER = `Of course: a person at ${companyName} will get in touch with you.`;

describe('a request to speak to a person, in any phrasing', () => {
  test.each([
    'Can I speak to someone?',
    'can i talk to a human please',
    'I want to speak to a real person',
    'is there a human I can talk to?',
    'put me through to an agent',
    'transfer me to a real person pls',
    'human please',
    'real person pls',
    'can i spk to sum1 real',
    'i wanna tlk 2 a humen',
    'speek to a persn plz',
    'Could I chat with a member of staff?',
    'id rather talk to a person tbh',
    'i dont want to talk to a bot',
    'get me a human',
    'can someone from the agency get in touch with me?',
    'Is there a real person there?',
    'I need to speak with one of your team about the flat',
    'Can I talk to the manager',
    'connect me with someone please',
    'let me talk to someone real',
    'could a person get back to me instead',
    'Hi, can I speak to a lettings agent about this property?',
    'no more bots, I want a human',
    'CAN I SPEAK TO SOMEBODY',
  ])('"%s" asks for a person', (message) => {
    expect(isPersonRequest(message)).toBe(true);
  });

  test.each([
    "is the agent's fee included",
    'do you accept agency workers?',
    'I work as an estate agent',
    "I'm a letting agent myself",
    'are you a real person?',
    'am I talking to a human?',
    'is this a bot?',
    'I work in human resources',
    "I'll talk to my partner and get back to you",
    'I spoke to someone yesterday about it',
    'I need to talk to someone at work first',
    'we are 3 people',
    'just me, 1 person',
    'agent',
    'Is there anyone living there now?',
    'can you call me on 07700 900123',
    'I need someone to help me move',
    'my email is someone@example.com',
    'what does the agent fee cover?',
    'i work in customer service',
  ])('"%s" does not', (message) => {
    expect(isPersonRequest(message)).toBe(false);
  });
});

describe('the assistant, asked for a person', () => {
  test.each<[string, SlotName]>([
    ['can i talk to a human please', 'moveIn'],
    ['human please', 'profession'],
    ['get me a real person', 'availability'],
    ['i wanna tlk 2 a humen', 'name'],
    ['Can I speak to someone? We are 2 people.', 'numberOfPeople'],
  ])(
    '"%s" (asked %s): says a person will get in touch, asks how to reach them, marks the lead',
    async (message, asking) => {
      const state = { ...engine.start(context).state, asking };
      const turn = await engine.reply(context, state, message);
      expect(turn.reply).toContain(ANSWER);
      expect(turn.reply).toMatch(/email address and phone number/);
      expect(turn.reply).not.toMatch(/pass (?:that|it|this|your question) on/i);
      expect(turn.state.personRequested).toBe(true);
      // The request is never read as the answer to the question asked.
      expect(turn.state.fields[asking]).toBe(asking === 'numberOfPeople' ? 2 : null);
      expect(toLeadFields(turn.state, context).personRequested).toBe(true);
    },
  );

  test('carries on collecting, and the mark stays to the end', async () => {
    const turn = await lastReply(context, [
      'can I speak to someone real?',
      'sam@example.com 07700 900123',
      '1st March',
      'just me',
      '£40k',
      'nurse',
      'Sam Jones',
      'weekends',
    ]);
    expect(turn.reply).toContain("Here's a summary");
    expect(turn.state.personRequested).toBe(true);
    expect(toLeadFields(turn.state, context)).toMatchObject({ personRequested: true, name: 'Sam Jones' });
  });

  test.each(["is the agent's fee included?", 'are you a real person?', 'I work as an estate agent'])(
    '"%s" leaves the lead unmarked',
    async (message) => {
      const turn = await lastReply(context, [message]);
      expect(turn.state.personRequested).toBeUndefined();
      expect(turn.reply).not.toContain(ANSWER);
      expect(toLeadFields(turn.state, context).personRequested).toBe(false);
    },
  );
});
