import { describe, expect, it } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import {
  changePlanMidCycle,
  creditsAfterUpgrade,
  dueCreditReset,
  isCreditResetDue,
  nextCreditReset,
  planChange,
  resetCycle,
} from './credit-cycle.ts';

describe('nextCreditReset', () => {
  it.each([
    // [last reset (instant), next reset (instant of London midnight)]
    ['2025-01-05T10:30:00Z', '2025-02-05T00:00:00Z', 'same day next month, from the start of the day'],
    ['2025-01-31T09:00:00Z', '2025-02-28T00:00:00Z', '31 Jan clamps to the end of February'],
    ['2024-01-31T09:00:00Z', '2024-02-29T00:00:00Z', 'leap year February'],
    ['2025-03-31T09:00:00Z', '2025-04-29T23:00:00Z', '31 Mar to 30 Apr, midnight BST'],
    ['2025-12-15T12:00:00Z', '2026-01-15T00:00:00Z', 'December rolls into the next year'],
    ['2025-06-30T23:30:00Z', '2025-07-31T23:00:00Z', '00:30 BST on 1 Jul is London 1 Jul: next 1 Aug'],
    ['2025-10-25T12:00:00Z', '2025-11-25T00:00:00Z', 'across the clocks going back'],
    ['2025-03-01T00:30:00Z', '2025-03-31T23:00:00Z', 'across the clocks going forward: 1 Apr BST'],
  ])('%s resets at %s (%s)', (last, next) => {
    expect(nextCreditReset(new Date(last)).toISOString()).toBe(new Date(next).toISOString());
  });
});

describe('isCreditResetDue and dueCreditReset', () => {
  const last = new Date('2025-01-31T15:00:00Z');

  it.each([
    ['2025-02-27T23:59:59Z', null],
    ['2025-02-28T00:00:00Z', '2025-02-28T00:00:00Z'],
    ['2025-03-15T08:00:00Z', '2025-02-28T00:00:00Z'],
    // Counted from the same anchor: three months on is 30 Apr (midnight BST), not 28 Apr.
    ['2025-05-02T08:00:00Z', '2025-04-29T23:00:00Z'],
    ['2026-02-01T08:00:00Z', '2026-01-31T00:00:00Z'],
  ])('at %s the due reset is %s', (now, due) => {
    const moment = new Date(now);
    expect(isCreditResetDue(last, moment)).toBe(due !== null);
    expect(dueCreditReset(last, moment)?.toISOString() ?? null).toBe(due && new Date(due).toISOString());
  });
});

describe('plan changes', () => {
  testReturns('%s to %s is an %s', planChange, [
    ['free', 'small', 'upgrade'],
    ['small', 'large', 'upgrade'],
    ['large', 'medium', 'downgrade'],
    ['medium', 'free', 'downgrade'],
    ['medium', 'medium', 'same'],
  ] as const);

  testReturns('%d left on %s, upgraded to %s, leaves %d', creditsAfterUpgrade, [
    // [credits left, from, to, credits after]
    [400, 'small', 'large', 4900],
    [30, 'free', 'medium', 1500],
    [0, 'free', 'small', 470],
    [12, 'medium', 'large', 3512],
    [500, 'small', 'small', 500],
    [-3, 'small', 'medium', 1000],
  ] as const);

  it('applies an upgrade at once and keeps a downgrade waiting until the reset', () => {
    const small = {
      accountType: 'small',
      accountLimit: 500,
      currentCount: 400,
      pendingAccountType: null,
    } as const;
    expect(changePlanMidCycle(small, 'large')).toEqual({
      accountType: 'large',
      accountLimit: 5000,
      currentCount: 4900,
      pendingAccountType: null,
    });
    const downgrading = changePlanMidCycle({ ...small, accountType: 'large', accountLimit: 5000 }, 'medium');
    expect(downgrading).toEqual({
      accountType: 'large',
      accountLimit: 5000,
      currentCount: 400,
      pendingAccountType: 'medium',
    });
    expect(resetCycle(downgrading)).toEqual({
      accountType: 'medium',
      accountLimit: 1500,
      currentCount: 1500,
      pendingAccountType: null,
    });
    // Choosing the current plan again before the reset cancels the waiting downgrade.
    expect(changePlanMidCycle(downgrading, 'large').pendingAccountType).toBeNull();
  });

  it('upgrading past a waiting downgrade clears it', () => {
    const state = {
      accountType: 'medium',
      accountLimit: 1500,
      currentCount: 100,
      pendingAccountType: 'small',
    } as const;
    expect(changePlanMidCycle(state, 'large')).toEqual({
      accountType: 'large',
      accountLimit: 5000,
      currentCount: 3600,
      pendingAccountType: null,
    });
  });
});
