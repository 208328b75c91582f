import { describe, expect, it } from 'vitest';
import type { Company } from '#server/db/schema.ts';
import type { SubscriptionSnapshot } from '#server/lib/stripe.ts';
import { planSubscriptionSync, type SyncEvent } from './sync-rules.ts';

const at = new Date('2025-05-10T12:00:00Z');
const periodStart = new Date('2025-05-10T11:59:00Z');
const periodEnd = new Date('2025-06-10T11:59:00Z');

function company(overrides: Partial<Company> = {}): Company {
  return {
    id: 'c1',
    name: 'Oak Lettings',
    slug: 'oak-lettings',
    ownerId: 'u1',
    email: null,
    phone: null,
    accountType: 'free',
    accountLimit: 30,
    currentCount: 30,
    countResetDate: new Date('2025-05-01T09:00:00Z'),
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    subscriptionStatus: null,
    cancelAtPeriodEnd: false,
    currentPeriodEnd: null,
    pendingAccountType: null,
    stripeStateAt: null,
    lastLeadEmailAt: null,
    viewingSchedule: null,
    quietHours: null,
    releaseUnconfirmedHours: null,
    calendarFeedToken: null,
    createdAt: new Date('2025-05-01T09:00:00Z'),
    updatedAt: new Date('2025-05-01T09:00:00Z'),
    ...overrides,
  };
}

function subscription(overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  return {
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    planType: 'medium',
    cancelAtPeriodEnd: false,
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
    companyId: 'c1',
    ...overrides,
  };
}

/** A sync at `at` of the company against the subscription with these changes. */
const sync = (
  row: Company,
  snapshot: Partial<SubscriptionSnapshot>,
  type: SyncEvent['type'],
  created: SyncEvent['created'],
) => planSubscriptionSync(row, subscription(snapshot), { type, created }, at);

const subscribed = (overrides: Partial<Company> = {}) =>
  company({
    accountType: 'small',
    accountLimit: 500,
    currentCount: 400,
    countResetDate: periodStart,
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: 'sub_1',
    subscriptionStatus: 'active',
    currentPeriodEnd: periodEnd,
    stripeStateAt: 100,
    ...overrides,
  });

describe('planSubscriptionSync', () => {
  it('checkout completed: a free company moves to the plan at once with the difference added', () => {
    const update = sync(company({ currentCount: 25 }), {}, 'checkout.session.completed', 100);
    expect(update).toMatchObject({
      accountType: 'medium',
      accountLimit: 1500,
      currentCount: 1495,
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
      subscriptionStatus: 'active',
      countResetDate: periodStart,
      currentPeriodEnd: periodEnd,
      stripeStateAt: 100,
    });
  });

  it('gives the same result whether invoice.paid or checkout completed arrives first', () => {
    const start = company({ currentCount: 10 });
    const first = sync(start, {}, 'invoice.paid', 100);
    const afterFirst = { ...start, ...first } as Company;
    const second = sync(afterFirst, {}, 'checkout.session.completed', 100);
    expect(afterFirst).toMatchObject({ accountType: 'medium', currentCount: 1480 });
    expect(second).toBeNull();
  });

  it('upgrade Small to Large with 100 used leaves 4,900', () => {
    const update = sync(subscribed(), { planType: 'large' }, 'customer.subscription.updated', 200);
    expect(update).toMatchObject({ accountType: 'large', accountLimit: 5000, currentCount: 4900 });
  });

  it('a downgrade waits until the next paid invoice, which resets to the smaller plan', () => {
    const large = subscribed({ accountType: 'large', accountLimit: 5000, currentCount: 3000 });
    const update = sync(large, { planType: 'small' }, 'customer.subscription.updated', 200);
    expect(update).toEqual({ pendingAccountType: 'small', stripeStateAt: 200 });

    const waiting = { ...large, ...update } as Company;
    const nextStart = new Date('2025-06-10T11:59:00Z');
    const renewal = sync(
      waiting,
      {
        planType: 'small',
        currentPeriodStart: nextStart,
        currentPeriodEnd: new Date('2025-07-10T11:59:00Z'),
      },
      'invoice.paid',
      300,
    );
    expect(renewal).toMatchObject({
      accountType: 'small',
      accountLimit: 500,
      currentCount: 500,
      pendingAccountType: null,
      countResetDate: nextStart,
    });
  });

  it('invoice.paid for a period already reset changes nothing, and a replay of it neither', () => {
    expect(sync(subscribed(), { planType: 'small' }, 'invoice.paid', 100)).toBeNull();
  });

  it('cancel at period end keeps the plan and records the end date', () => {
    const update = sync(
      subscribed(),
      { planType: 'small', cancelAtPeriodEnd: true },
      'customer.subscription.updated',
      200,
    );
    expect(update).toEqual({ cancelAtPeriodEnd: true, stripeStateAt: 200 });
  });

  it('past_due keeps the plan and shows the status', () => {
    const update = sync(
      subscribed(),
      { planType: 'small', status: 'past_due' },
      'customer.subscription.updated',
      200,
    );
    expect(update).toEqual({ subscriptionStatus: 'past_due', stripeStateAt: 200 });
  });

  it('deleted: drops to the free plan with 30 credits, once', () => {
    const update = sync(
      subscribed({ currentCount: 3 }),
      { planType: 'small', status: 'canceled' },
      'customer.subscription.deleted',
      200,
    );
    expect(update).toMatchObject({
      accountType: 'free',
      accountLimit: 30,
      currentCount: 30,
      subscriptionStatus: 'canceled',
      countResetDate: at,
    });
    const dropped = { ...subscribed(), ...update, currentCount: 12 } as Company;
    const again = sync(
      dropped,
      { planType: 'small', status: 'canceled' },
      'customer.subscription.deleted',
      250,
    );
    expect(again).toEqual({ stripeStateAt: 250 });
  });

  it('an older event does not undo a newer state', () => {
    const cancelled = subscribed({
      accountType: 'free',
      accountLimit: 30,
      currentCount: 30,
      subscriptionStatus: 'canceled',
      stripeStateAt: 500,
    });
    const update = sync(cancelled, { planType: 'small' }, 'customer.subscription.updated', 400);
    expect(update).toBeNull();
  });

  it('the end of an old subscription leaves the current one alone', () => {
    const onNew = subscribed({ stripeSubscriptionId: 'sub_2' });
    const update = sync(onNew, { status: 'canceled' }, 'customer.subscription.deleted', 900);
    expect(update).toBeNull();
  });

  it('the success page sync (no event time) converges without moving the state time', () => {
    const update = sync(company(), {}, 'checkout.session.completed', null);
    expect(update).toMatchObject({ accountType: 'medium', currentCount: 1500 });
    expect(update).not.toHaveProperty('stripeStateAt');
  });
});
