import type { Company } from '#server/db/schema.ts';
import type { SubscriptionSnapshot } from '#server/lib/stripe.ts';
import {
  type CreditState,
  changePlanMidCycle,
  creditsAfterUpgrade,
  resetCycle,
} from '#shared/credit-cycle.ts';
import { isPlanType, type PlanType, plans } from '#shared/plans.ts';

/** Statuses under which the subscriber keeps the paid plan (past_due: Stripe is still retrying). */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;
/** Statuses after which the subscription will never pay again. */
const ENDED_STATUSES = ['canceled', 'unpaid', 'incomplete_expired'];

export function isLiveStatus(status: string | null | undefined): boolean {
  return (LIVE_STATUSES as readonly string[]).includes(status ?? '');
}

export type SyncEvent = {
  type: string;
  /** Stripe's `event.created` in seconds; null for a sync that is not a webhook (the success page). */
  created: number | null;
};

export type CompanyBillingUpdate = Partial<
  Pick<
    Company,
    | 'accountType'
    | 'accountLimit'
    | 'currentCount'
    | 'pendingAccountType'
    | 'countResetDate'
    | 'stripeCustomerId'
    | 'stripeSubscriptionId'
    | 'subscriptionStatus'
    | 'cancelAtPeriodEnd'
    | 'currentPeriodEnd'
    | 'stripeStateAt'
  >
>;

function creditState(company: Company): CreditState {
  return {
    accountType: isPlanType(company.accountType) ? company.accountType : 'free',
    accountLimit: company.accountLimit,
    currentCount: company.currentCount,
    pendingAccountType: isPlanType(company.pendingAccountType) ? company.pendingAccountType : null,
  };
}

const freePlan = (at: Date): CompanyBillingUpdate => ({
  accountType: 'free',
  accountLimit: plans.free.credits,
  currentCount: plans.free.credits,
  pendingAccountType: null,
  countResetDate: at,
  cancelAtPeriodEnd: false,
});

/**
 * How the company converges on the subscription as Stripe has it now (docs/billing.md). The
 * snapshot is always re-read, never taken from the event, so the result depends on
 * the event only through its type and age:
 * - a subscription new to the company starts a paid cycle: the plan applies at once, the
 *   difference in allowance is added, and the cycle starts at the subscription's period start;
 * - a plan change on the same subscription: an upgrade at once (difference added), a downgrade
 *   waits in `pendingAccountType` until the next reset;
 * - an ended subscription drops the company to the free plan with a fresh free cycle;
 * - `invoice.paid` for a period the company has not reset for yet starts the new cycle (full
 *   allowance of the subscription's plan, so a waiting downgrade applies then).
 * An event older than the newest state applied (`stripeStateAt`) changes nothing, except the
 * cycle reset, which is keyed by the period and therefore safe in any order.
 * Returns null when nothing changes.
 */
export function planSubscriptionSync(
  company: Company,
  subscription: SubscriptionSnapshot,
  event: SyncEvent,
  at: Date,
): CompanyBillingUpdate | null {
  const update: CompanyBillingUpdate = {};
  const isCurrent = company.stripeSubscriptionId === subscription.id;
  const hasOtherLive =
    !isCurrent && company.stripeSubscriptionId !== null && isLiveStatus(company.subscriptionStatus);
  const isStale =
    event.created !== null && company.stripeStateAt !== null && event.created < company.stripeStateAt;
  const isLive = isLiveStatus(subscription.status) && subscription.planType !== null;
  let state = creditState(company);

  // News about another subscription must not disturb the one the company has now.
  if (hasOtherLive && !isLive) return null;

  if (!isStale) {
    Object.assign(update, {
      stripeCustomerId: subscription.customerId || company.stripeCustomerId,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      cancelAtPeriodEnd: isLive && subscription.cancelAtPeriodEnd,
      currentPeriodEnd: subscription.currentPeriodEnd,
    } satisfies CompanyBillingUpdate);
    if (event.created !== null) update.stripeStateAt = Math.max(company.stripeStateAt ?? 0, event.created);

    if (isLive && subscription.planType) {
      const plan: PlanType = subscription.planType;
      if (!isCurrent || !isLiveStatus(company.subscriptionStatus)) {
        state = {
          accountType: plan,
          accountLimit: plans[plan].credits,
          currentCount: creditsAfterUpgrade(state.currentCount, state.accountType, plan),
          pendingAccountType: null,
        };
        update.countResetDate = subscription.currentPeriodStart ?? at;
      } else {
        state = changePlanMidCycle(state, plan);
      }
      Object.assign(update, state);
    } else if (ENDED_STATUSES.includes(subscription.status)) {
      const alreadyEnded =
        isCurrent && !isLiveStatus(company.subscriptionStatus) && company.accountType === 'free';
      if (!alreadyEnded) Object.assign(update, freePlan(at));
    }
  }

  const periodStart = subscription.currentPeriodStart;
  const resetFrom = update.countResetDate ?? company.countResetDate;
  const willBeCurrent = (update.stripeSubscriptionId ?? company.stripeSubscriptionId) === subscription.id;
  if (
    event.type === 'invoice.paid' &&
    isLive &&
    subscription.planType &&
    willBeCurrent &&
    periodStart &&
    (!resetFrom || resetFrom.getTime() < periodStart.getTime())
  ) {
    Object.assign(update, resetCycle(state, subscription.planType), { countResetDate: periodStart });
  }

  return changedFields(company, update);
}

/** Only the fields whose value differs, so a repeated sync writes nothing. */
function changedFields(company: Company, update: CompanyBillingUpdate): CompanyBillingUpdate | null {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    const current = company[key as keyof CompanyBillingUpdate];
    const same =
      value instanceof Date && current instanceof Date
        ? value.getTime() === current.getTime()
        : value === current;
    if (!same) changed[key] = value;
  }
  return Object.keys(changed).length > 0 ? (changed as CompanyBillingUpdate) : null;
}
