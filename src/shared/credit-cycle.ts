import { TZDate } from '@date-fns/tz';
import { type PlanType, plans } from './plans.ts';

/**
 * Credit-cycle rules: pure, so the server, the daily job's SQL
 * and the screens can be checked against one table of cases.
 */

const LONDON = 'Europe/London';

/** Plans in allowance order, for telling an upgrade from a downgrade. */
export function planRank(type: PlanType): number {
  return plans[type].credits;
}

export type PlanChange = 'upgrade' | 'downgrade' | 'same';

export function planChange(from: PlanType, to: PlanType): PlanChange {
  const difference = planRank(to) - planRank(from);
  if (difference > 0) return 'upgrade';
  if (difference < 0) return 'downgrade';
  return 'same';
}

/**
 * Credits left after an upgrade applied mid-cycle: the difference in allowance is added to what
 * is left, so credits already used stay used (Small with 100 used, to Large: 400 + 4,500 = 4,900).
 */
export function creditsAfterUpgrade(currentCount: number, from: PlanType, to: PlanType): number {
  const limit = plans[to].credits;
  const added = Math.max(0, limit - plans[from].credits);
  return Math.min(limit, Math.max(0, currentCount) + added);
}

/**
 * London midnight at the start of the day `months` months after the day of `anchor`. A day that
 * the target month lacks is clamped to its last day (31 Jan + 1 month = 28 or 29 Feb), the same
 * rule as PostgreSQL's `timestamp + interval '1 month'`, which the daily job uses.
 */
export function monthsAfter(anchor: Date, months: number): Date {
  const london = new TZDate(anchor.getTime(), LONDON);
  const year = london.getFullYear();
  const month = london.getMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(london.getDate(), lastDay);
  return new Date(new TZDate(year, month, day, LONDON).getTime());
}

/** When credits next reset for a free or unsubscribed company: the start of the anniversary day. */
export function nextCreditReset(countResetDate: Date): Date {
  return monthsAfter(countResetDate, 1);
}

export function isCreditResetDue(countResetDate: Date, now: Date): boolean {
  return nextCreditReset(countResetDate).getTime() <= now.getTime();
}

/**
 * The reset a late check catches up to: the latest anniversary that is not after `now`, counted
 * from the same anchor so that several missed months do not drift. Null when none is due.
 */
export function dueCreditReset(countResetDate: Date, now: Date): Date | null {
  if (!isCreditResetDue(countResetDate, now)) return null;
  const from = new TZDate(countResetDate.getTime(), LONDON);
  const to = new TZDate(now.getTime(), LONDON);
  let months = Math.max(1, (to.getFullYear() - from.getFullYear()) * 12 + to.getMonth() - from.getMonth());
  while (months > 1 && monthsAfter(countResetDate, months).getTime() > now.getTime()) months -= 1;
  return monthsAfter(countResetDate, months);
}

export type CreditState = {
  accountType: PlanType;
  accountLimit: number;
  currentCount: number;
  pendingAccountType: PlanType | null;
};

/**
 * A plan change while a cycle is under way: an upgrade applies at once with the difference
 * added; a downgrade waits in `pendingAccountType` until the next reset; choosing the current
 * plan again cancels a waiting downgrade.
 */
export function changePlanMidCycle(state: CreditState, to: PlanType): CreditState {
  const change = planChange(state.accountType, to);
  if (change === 'upgrade') {
    return {
      accountType: to,
      accountLimit: plans[to].credits,
      currentCount: creditsAfterUpgrade(state.currentCount, state.accountType, to),
      pendingAccountType: null,
    };
  }
  if (change === 'downgrade') return { ...state, pendingAccountType: to };
  return { ...state, pendingAccountType: null };
}

/** A new cycle: a waiting downgrade applies, and the allowance is full again. */
export function resetCycle(
  state: CreditState,
  plan: PlanType = state.pendingAccountType ?? state.accountType,
) {
  return {
    accountType: plan,
    accountLimit: plans[plan].credits,
    currentCount: plans[plan].credits,
    pendingAccountType: null,
  } satisfies CreditState;
}
