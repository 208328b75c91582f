import { formatDate, londonParts } from './format.ts';
import { isPlanType, plans } from './plans.ts';

/** Low at or below 20 % of the allowance, critical at or below 10 %. */
export const LOW_CREDIT_RATIO = 0.2;
export const CRITICAL_CREDIT_RATIO = 0.1;

export type CreditLevel = 'ok' | 'low' | 'critical';

export function creditLevel(remaining: number, limit: number): CreditLevel {
  const left = Math.max(0, remaining);
  if (limit <= 0 || left <= limit * CRITICAL_CREDIT_RATIO) return 'critical';
  if (left <= limit * LOW_CREDIT_RATIO) return 'low';
  return 'ok';
}

/** The credits card's warning; null while credits are healthy. */
export function creditWarning(remaining: number, limit: number): string | null {
  const level = creditLevel(remaining, limit);
  if (level === 'critical') return `Critical: Only ${Math.max(0, remaining)} credits left!`;
  if (level === 'low') return 'Warning: Running low on credits';
  return null;
}

/** Share of the allowance still left, 0-100, for the progress bar. */
export function creditPercent(remaining: number, limit: number): number {
  if (limit <= 0) return 0;
  return Math.min(100, Math.max(0, (remaining / limit) * 100));
}

export function creditStatusLabel(remaining: number, limit: number): string {
  const level = creditLevel(remaining, limit);
  if (remaining <= 0) return 'Exhausted';
  if (level === 'critical') return 'Critical';
  if (level === 'low') return 'Running low';
  return 'Healthy';
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same London calendar day one month on; 31 Jan gives the last day of February. */
export function oneMonthAfter(value: Date | string): Date | null {
  const parts = londonParts(value);
  if (!parts) return null;
  const year = parts.month === 12 ? parts.year + 1 : parts.year;
  const month = parts.month === 12 ? 1 : parts.month + 1;
  const day = Math.min(parts.day, daysInMonth(year, month));
  // Noon UTC is the same calendar day in London all year round.
  return new Date(Date.UTC(year, month - 1, day, 12));
}

export type ResetInput = {
  subscriptionStatus: string | null;
  countResetDate: string | Date | null;
  /** The paid period's end: the next renewal, when it is known and will happen. */
  currentPeriodEnd?: string | Date | null;
  cancelAtPeriodEnd?: boolean;
};

/**
 * A paid subscription resets on each paid invoice; free and unsubscribed companies reset one
 * month after their last reset. The credits card and My Account both show this one text.
 */
export function creditResetText({
  subscriptionStatus,
  countResetDate,
  currentPeriodEnd,
  cancelAtPeriodEnd,
}: ResetInput): string {
  if (subscriptionStatus === 'active') {
    const renewal = currentPeriodEnd && !cancelAtPeriodEnd ? formatDate(currentPeriodEnd) : '';
    return renewal ? `Resets on billing cycle: next on ${renewal}` : 'Resets on billing cycle';
  }
  const next = countResetDate ? oneMonthAfter(countResetDate) : null;
  if (next) return `Next reset: ${formatDate(next)}`;
  return 'Auto-resets monthly';
}

export type CreditsInput = ResetInput & {
  accountType: string;
  accountLimit: number;
  currentCount: number;
};

export type CreditsSummary = {
  planName: string;
  remaining: number;
  total: number;
  percent: number;
  level: CreditLevel;
  warning: string | null;
  status: string;
  resetText: string;
};

/** Everything the credits card shows, from the company as the API returns it. */
export function summariseCredits(company: CreditsInput): CreditsSummary {
  const remaining = Math.max(0, company.currentCount);
  const total = Math.max(0, company.accountLimit);
  return {
    planName: isPlanType(company.accountType) ? plans[company.accountType].name : plans.free.name,
    remaining,
    total,
    percent: creditPercent(remaining, total),
    level: creditLevel(remaining, total),
    warning: creditWarning(remaining, total),
    status: creditStatusLabel(remaining, total),
    resetText: creditResetText(company),
  };
}
