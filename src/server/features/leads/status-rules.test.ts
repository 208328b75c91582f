import { describe, expect, test } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import { applyStatusChange, canMoveAutomatically, statusesMovableTo } from './status-rules.ts';

describe('canMoveAutomatically', () => {
  testReturns('%s → %s: %s', canMoveAutomatically, [
    ['new', 'viewing_booked', true],
    ['contacted', 'viewing_booked', true],
    ['viewing_booked', 'viewing_booked', false],
    ['viewing_booked', 'viewed', true],
    ['new', 'viewed', true],
    // Never backwards: a second booking after the viewing leaves it viewed.
    ['viewed', 'viewing_booked', false],
    ['applied', 'viewing_booked', false],
    ['applied', 'viewed', false],
    ['let', 'viewed', false],
    ['lost', 'viewing_booked', false],
    ['lost', 'viewed', false],
    ['new', 'lost', false],
  ]);

  test('the statuses a booking or a viewing may move a lead from', () => {
    expect(statusesMovableTo('viewing_booked')).toEqual(['new', 'contacted']);
    expect(statusesMovableTo('viewed')).toEqual(['new', 'contacted', 'viewing_booked']);
  });
});

describe('applyStatusChange', () => {
  const fresh = { status: 'new', lostReason: null } as const;
  const lost = { status: 'lost', lostReason: 'Found another flat' } as const;

  test.each([
    ['a move forward', fresh, { status: 'contacted' }, { next: { status: 'contacted', lostReason: null } }],
    ['a move back', { status: 'applied', lostReason: null }, { status: 'new' }, { next: fresh }],
    [
      'lost with its reason',
      fresh,
      { status: 'lost', lostReason: 'No reply' },
      { next: { status: 'lost', lostReason: 'No reply' } },
    ],
    ['lost without a reason', fresh, { status: 'lost' }, { error: 'A lost lead needs a reason.' }],
    ['lost again keeps the reason', lost, { status: 'lost' }, { next: lost }],
    [
      'a new reason for a lost lead',
      lost,
      { lostReason: 'Moved away' },
      { next: { status: 'lost', lostReason: 'Moved away' } },
    ],
    [
      'a reason for a lead that is not lost',
      fresh,
      { lostReason: 'No reply' },
      { error: 'Only a lost lead has a lost reason.' },
    ],
    [
      'back from lost clears the reason',
      lost,
      { status: 'contacted' },
      { next: { status: 'contacted', lostReason: null } },
    ],
    [
      'a reason with another status',
      fresh,
      { status: 'let', lostReason: 'x' },
      { error: 'Only a lost lead has a lost reason.' },
    ],
  ] as const)('%s', (_name, current, change, result) => {
    expect(applyStatusChange(current, change)).toEqual(result);
  });
});
