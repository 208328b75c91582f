import { describe, expect, test } from 'vitest';
import { lastReply, propertyLink } from '#tests/corpus/chat.ts';
import { elm, willow } from '#tests/corpus/fixtures.ts';
import type { AgentProperty, AgentReply } from './types.ts';

async function ask(property: AgentProperty, message: string): Promise<AgentReply> {
  return lastReply(propertyLink(property), [message]);
}

describe('a fully described listing answers from its fields and description', () => {
  test.each([
    ['Is it furnished?', "It's let part-furnished."],
    ['Are bills included?', "Bills aren't included, so they're paid on top of the rent."],
    ['How much is the deposit?', 'The deposit is £1,615.'],
    ['What council tax band is it?', "It's in council tax band C."],
    ["What's the EPC rating?", 'It has an EPC rating of C.'],
    ['Is there a garden?', "Yes, there's a garden."],
    ['Is there a washing machine?', "Yes, there's a washing machine."],
    ['How long is the minimum term?', 'The minimum tenancy is 12 months.'],
    ['Is there parking?', "For parking, there's off-street parking for one car."],
    ['What is the broadband like?', 'The description says: Fibre broadband is available, up to 900Mb.'],
    ['How far is the tram?', 'The description says: The tram stop is a six-minute walk away.'],
    [
      'When was the kitchen done?',
      'The description says: The kitchen was refitted in 2024 and has a gas hob.',
    ],
  ])('%s → %s', async (question, answer) => {
    const reply = await ask(willow, question);
    expect(reply.reply).toContain(answer);
    expect(reply.state.openQuestions).toEqual([]);
  });

  test('pets follow the listing’s policy: considered requests go to the team', async () => {
    const reply = await ask(willow, 'can I bring my dog?');
    expect(reply.reply).toContain('Pets are considered case by case');
    expect(reply.state.openQuestions).toEqual(['can I bring my dog?']);
  });

  test.each([
    ['allowed', 'Yes, pets are welcome here.'],
    ['not-allowed', "I'm afraid the landlord doesn't allow pets at this one."],
  ] as const)('pets %s → %s', async (petsPolicy, answer) => {
    const reply = await ask({ ...willow, petsPolicy }, 'Can I bring my cat?');
    expect(reply.reply).toContain(answer);
  });

  test('what neither the fields nor the description say is passed on, never guessed', async () => {
    const reply = await ask(willow, 'Is smoking allowed?');
    expect(reply.reply).toMatch(/pass your question on to the team/);
    expect(reply.state.openQuestions).toEqual(['Is smoking allowed?']);
  });
});

describe('a bare listing passes on what it does not say', () => {
  test.each([
    'Is it furnished?',
    'Are bills included?',
    'How much is the deposit?',
    'What council tax band is it?',
    'Is there a garden?',
  ])('%s', async (question) => {
    const reply = await ask(elm, question);
    expect(reply.reply).toMatch(/pass your question on to the team/);
    expect(reply.state.openQuestions).toEqual([question]);
  });
});

describe('lawful answers: benefits, children, pets and offers above the rent', () => {
  test.each(['Do you accept DSS?', 'do u take housing benefit', 'Is universal credit ok?'])(
    '%s → welcome to apply, nothing passed on',
    async (question) => {
      const reply = await ask(elm, question);
      expect(reply.reply).toContain("you're very welcome to apply");
      expect(reply.reply).toContain('never affects');
      expect(reply.state.openQuestions).toEqual([]);
    },
  );

  test.each(['Is it OK with kids?', 'are children allowed?'])('%s → families welcome', async (question) => {
    const reply = await ask(elm, question);
    expect(reply.reply).toContain('families with children are very welcome to apply');
    expect(reply.state.openQuestions).toEqual([]);
  });

  test.each([
    'can I offer £100 more a month to secure it?',
    "I'm happy to pay above the asking rent if that helps",
    'Would an offer over the advertised rent help?',
  ])('%s → declined politely, not passed on, not income', async (message) => {
    const reply = await ask(elm, message);
    expect(reply.reply).toContain("we can't accept offers above the advertised rent of £1,250 pcm");
    expect(reply.state.openQuestions).toEqual([]);
    expect(reply.state.fields.annualIncome).toBeNull();
  });

  test('a benefit amount inside the question is taken as income, and the question answered', async () => {
    const reply = await lastReply(propertyLink(elm), [
      '1st March',
      '2',
      "do you accept DSS as I'm on universal credit, £1,100 a month?",
    ]);
    expect(reply.reply).toContain("you're very welcome to apply");
    expect(reply.state.fields.annualIncome).toBe(13200);
  });
});
