import { describe, expect, test } from 'vitest';
import { lastReply, propertyLink } from '#tests/corpus/chat.ts';
import { elm } from '#tests/corpus/fixtures.ts';
import { resumeAfterHandback } from './dialogue.ts';
import { absorbTakeover } from './lead-fields.ts';
import type { AgentState } from './types.ts';

/** A person of the agency in the chat, then the assistant back: pure rules, no I/O. */

const context = propertyLink(elm);

async function stateAfter(messages: string[]): Promise<AgentState> {
  return (await lastReply(context, messages)).state;
}

describe('what the tenant told a person of the agency', () => {
  test.each([
    {
      name: 'a bare answer fits what the person asked',
      messages: [
        { sender: 'agent', content: 'How many people would be living there?' },
        { sender: 'user', content: '3' },
      ],
      expected: { numberOfPeople: 3 },
    },
    {
      name: 'several answers in one message',
      messages: [{ sender: 'user', content: "it's 2 of us, both nurses on £58k together" }],
      expected: { numberOfPeople: 2, annualIncome: 58_000, profession: 'Nurse' },
    },
    {
      name: "the person's own words are never the tenant's answers",
      messages: [
        {
          sender: 'agent',
          content: 'Most of our tenants earn about £40k, and my email is sam@harbour.example',
        },
        { sender: 'user', content: 'ok thanks' },
      ],
      expected: { annualIncome: null, email: null },
    },
    {
      name: 'notices say nothing',
      messages: [{ sender: 'system', content: 'Sam from Harbour Lettings has joined' }],
      expected: { name: null },
    },
  ])('$name', async ({ messages, expected }) => {
    const state = absorbTakeover(context, await stateAfter([]), messages);
    expect(state.fields).toMatchObject(expected);
  });
});

describe('the assistant after a hand-back', () => {
  test('asks only what is still missing', async () => {
    const state = await stateAfter(['I am Kim Lee, kim@example.com, 2 of us, both nurses on £58k together']);
    const resumed = resumeAfterHandback(context, state)!;
    expect(resumed.reply).toContain("I'm the AI assistant again");
    expect(resumed.reply).toMatch(/move/i);
    expect(resumed.reply).not.toMatch(/how many|income|your name|email address\?/i);
    expect(resumed.state.asking).toBe('moveIn');
    expect(resumed.quickReplies).toContain('ASAP');
  });

  test('with everything known, shows the summary to confirm', async () => {
    const state = await stateAfter([
      'I am Kim Lee, kim@example.com, 07700 900123, 2 of us, both nurses on £58k together, moving 1 March',
      'weekday evenings',
    ]);
    const resumed = resumeAfterHandback(context, state)!;
    expect(resumed.state.stage).toBe('confirming');
    expect(resumed.reply).toContain('Kim Lee');
    expect(resumed.quickReplies).toContain("Yes, that's right");
  });

  test('says nothing when the chat had already closed', async () => {
    const state = await stateAfter([]);
    expect(resumeAfterHandback(context, { ...state, stage: 'closed' })).toBeNull();
  });
});
