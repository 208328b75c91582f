import { describe, expect, it } from 'vitest';
import { createGuidedEngine, emptyFields } from '#agent/dialogue.ts';
import { propertyLink } from '#tests/corpus/chat.ts';
import { elm } from '#tests/corpus/fixtures.ts';
import { readStoredState, toStoredState } from './stored-state.ts';

const context = propertyLink(elm);

/** A conversation row as it was stored before the move-in was one field. */
function olderRow(agent: Record<string, unknown>, fields: Record<string, unknown>) {
  const { moveIn: _, ...others } = emptyFields();
  return {
    version: 1,
    agent: {
      fields: { ...others, propertyId: elm.id, moveInDate: null, moveInText: null, ...fields },
      refused: [],
      asking: 'numberOfPeople',
      stage: 'collecting',
      openQuestions: [],
      turns: 1,
      link: 'property',
      ...agent,
    },
    quickReplies: ['Just me', '2', '3', '4+'],
    recentMessages: [],
    leftAt: null,
  };
}

describe('stored conversation state', () => {
  it('reads a move-in stored as a date, or as the tenant words, as one field', () => {
    const dated = readStoredState(olderRow({}, { moveInDate: '2026-03-01', numberOfPeople: 2 }));
    expect(dated?.agent.fields).toEqual({
      ...emptyFields(),
      propertyId: elm.id,
      moveIn: { date: '2026-03-01', text: null },
      numberOfPeople: 2,
    });
    const worded = readStoredState(olderRow({}, { moveInText: 'flexible' }));
    expect(worded?.agent.fields.moveIn).toEqual({ date: null, text: 'flexible' });
    expect(worded?.agent).not.toHaveProperty('fields.moveInText');
    expect(readStoredState(olderRow({}, {}))?.agent.fields.moveIn).toBeNull();
  });

  it('reads a slot the state was stored without as not known yet', () => {
    const row = olderRow({}, { moveInDate: '2026-03-01' });
    delete (row.agent.fields as Partial<typeof row.agent.fields>).availability;
    const agent = readStoredState(row)?.agent;
    expect(agent?.fields.availability).toBeNull();
    expect(agent?.fields.moveIn).toEqual({ date: '2026-03-01', text: null });
  });

  it('reads the move-in question asked or declined under its older name', () => {
    const agent = readStoredState(
      olderRow({ asking: 'moveInDate', refused: ['moveInDate', 'annualIncome'] }, {}),
    )?.agent;
    expect(agent?.asking).toBe('moveIn');
    expect(agent?.refused).toEqual(['moveIn', 'annualIncome']);
  });

  it('carries on a conversation stored in the older shape: a bare date answers the move-in question', async () => {
    const stored = readStoredState(olderRow({ asking: 'moveInDate', turns: 0 }, {}));
    const turn = await createGuidedEngine().reply(context, stored!.agent, '1st March');
    expect(turn.state.fields.moveIn).toEqual({ date: '2026-03-01', text: null });
    expect(turn.reply).toContain('1 March 2026');
    expect(turn.state.asking).toBe('numberOfPeople');
  });

  it('reads today’s shape back as it was stored', async () => {
    const engine = createGuidedEngine();
    const turn = await engine.reply(context, engine.start(context).state, 'flexible really');
    const stored = JSON.parse(JSON.stringify(toStoredState(turn.state, {}, { quickReplies: ['2'] })));
    expect(readStoredState(stored)?.agent).toEqual(turn.state);
    expect(turn.state.fields.moveIn).toEqual({ date: null, text: 'flexible' });
  });

  it('reads nothing from a row of another version', () => {
    expect(readStoredState({ ...olderRow({}, {}), version: 2 })).toBeNull();
    expect(readStoredState({})).toBeNull();
  });
});
