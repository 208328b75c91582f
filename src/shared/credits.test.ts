import { describe, expect, test } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import {
  creditLevel,
  creditPercent,
  creditResetText,
  creditStatusLabel,
  creditWarning,
  oneMonthAfter,
  summariseCredits,
} from './credits.ts';

describe('creditLevel and creditWarning', () => {
  test.each([
    // remaining, limit, level, warning
    [30, 30, 'ok', null],
    [7, 30, 'ok', null],
    [6, 30, 'low', 'Warning: Running low on credits'],
    [4, 30, 'low', 'Warning: Running low on credits'],
    [3, 30, 'critical', 'Critical: Only 3 credits left!'],
    [1, 30, 'critical', 'Critical: Only 1 credits left!'],
    [0, 30, 'critical', 'Critical: Only 0 credits left!'],
    [101, 500, 'ok', null],
    [100, 500, 'low', 'Warning: Running low on credits'],
    [51, 500, 'low', 'Warning: Running low on credits'],
    [50, 500, 'critical', 'Critical: Only 50 credits left!'],
    [1501, 5000, 'ok', null],
    [1000, 5000, 'low', 'Warning: Running low on credits'],
    [500, 5000, 'critical', 'Critical: Only 500 credits left!'],
    [-2, 30, 'critical', 'Critical: Only 0 credits left!'],
    [0, 0, 'critical', 'Critical: Only 0 credits left!'],
  ] as const)('%d of %d is %s', (remaining, limit, level, warning) => {
    expect(creditLevel(remaining, limit)).toBe(level);
    expect(creditWarning(remaining, limit)).toBe(warning);
  });
});

describe('creditPercent', () => {
  testReturns('%d of %d → %d %%', creditPercent, [
    [30, 30, 100],
    [15, 30, 50],
    [0, 30, 0],
    [40, 30, 100],
    [-1, 30, 0],
    [5, 0, 0],
  ]);
});

describe('creditStatusLabel', () => {
  testReturns('%d of %d → %s', creditStatusLabel, [
    [30, 30, 'Healthy'],
    [6, 30, 'Running low'],
    [3, 30, 'Critical'],
    [0, 30, 'Exhausted'],
  ]);
});

describe('oneMonthAfter', () => {
  test.each([
    ['2025-01-05T10:00:00Z', '5 Feb 2025'],
    ['2025-01-31T10:00:00Z', '28 Feb 2025'],
    ['2024-01-31T10:00:00Z', '29 Feb 2024'],
    ['2025-12-15T10:00:00Z', '15 Jan 2026'],
    // 23:30 UTC on 31 July is 1 August in London.
    ['2025-07-31T23:30:00Z', '1 Sep 2025'],
  ])('%s → %s', (from, expected) => {
    expect(creditResetText({ subscriptionStatus: null, countResetDate: from })).toBe(
      `Next reset: ${expected}`,
    );
    expect(oneMonthAfter(from)).not.toBeNull();
  });
});

describe('creditResetText', () => {
  test.each([
    [{ currentPeriodEnd: '2026-02-05T10:00:00Z' }, 'Resets on billing cycle: next on 5 Feb 2026'],
    [{ currentPeriodEnd: '2026-02-05T10:00:00Z', cancelAtPeriodEnd: true }, 'Resets on billing cycle'],
    [{ currentPeriodEnd: null }, 'Resets on billing cycle'],
  ])('an active subscription with %o: %s', (period, text) => {
    expect(creditResetText({ subscriptionStatus: 'active', countResetDate: null, ...period })).toBe(text);
  });

  test.each([
    ['active', '2025-01-05T10:00:00Z', 'Resets on billing cycle'],
    ['active', null, 'Resets on billing cycle'],
    ['past_due', '2025-01-05T10:00:00Z', 'Next reset: 5 Feb 2025'],
    ['canceled', null, 'Auto-resets monthly'],
    [null, '2025-01-05T10:00:00Z', 'Next reset: 5 Feb 2025'],
    [null, null, 'Auto-resets monthly'],
    [null, 'garbage', 'Auto-resets monthly'],
  ])('status %s, reset date %s → %s', (subscriptionStatus, countResetDate, text) => {
    expect(creditResetText({ subscriptionStatus, countResetDate })).toBe(text);
  });
});

describe('summariseCredits', () => {
  test('a free company at 20 % is warned', () => {
    expect(
      summariseCredits({
        accountType: 'free',
        accountLimit: 30,
        currentCount: 6,
        subscriptionStatus: null,
        countResetDate: '2025-01-05T10:00:00Z',
      }),
    ).toEqual({
      planName: 'Free',
      remaining: 6,
      total: 30,
      percent: 20,
      level: 'low',
      warning: 'Warning: Running low on credits',
      status: 'Running low',
      resetText: 'Next reset: 5 Feb 2025',
    });
  });

  test('a paid company at 10 % is critical and resets with its billing', () => {
    const summary = summariseCredits({
      accountType: 'medium',
      accountLimit: 1500,
      currentCount: 150,
      subscriptionStatus: 'active',
      countResetDate: null,
    });
    expect(summary.planName).toBe('Medium');
    expect(summary.warning).toBe('Critical: Only 150 credits left!');
    expect(summary.resetText).toBe('Resets on billing cycle');
  });
});
