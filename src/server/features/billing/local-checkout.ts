import { randomUUID } from 'node:crypto';
import { addMonths } from 'date-fns';
import { and, eq, inArray, like, lte } from 'drizzle-orm';
import { type Company, companies } from '#server/db/schema.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import {
  isLocalCheckout,
  isLocalSubscriptionId,
  localCompany,
  localCustomerId,
  localSnapshot,
  localSubscriptionId,
  readLocalCheckoutToken,
  readLocalPortalToken,
  type SubscriptionSnapshot,
} from '#server/lib/stripe.ts';
import { isPlanType, plans } from '#shared/plans.ts';
import type { TestCheckoutResponse, TestPortalAction, TestPortalResponse } from '#shared/schemas/billing.ts';
import { LIVE_STATUSES } from './sync-rules.ts';
import { applySubscriptionSnapshot, type SyncOutcome } from './sync-subscription.ts';

/**
 * The local test checkout and portal (no Stripe keys): what a user does on these pages becomes
 * a subscription snapshot and goes through the same sync, with the same once-only event record,
 * as a real Stripe webhook.
 */

function requireLocal(ctx: AppContext) {
  if (!isLocalCheckout(ctx.env) || ctx.env.isProduction) throw notFound('Not found');
}

const expired = () =>
  new AppError('NOT_FOUND', 'This test checkout link is invalid or has expired. Please start again.');

async function companyById(ctx: AppContext, id: string): Promise<Company | undefined> {
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return company;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function describeLocalCheckout(ctx: AppContext, session: string): Promise<TestCheckoutResponse> {
  requireLocal(ctx);
  const token = readLocalCheckoutToken(ctx.env, session);
  const local = token ? await localCompany(ctx, token.companyId) : null;
  if (!token || !local) throw expired();
  const { company, ownerEmail } = local;
  const plan = plans[token.planType];
  return {
    plan: { name: plan.name, price: plan.price, credits: plan.credits },
    planType: token.planType,
    customerEmail: ownerEmail,
    companyName: company.name,
    paid: company.stripeSubscriptionId === localSubscriptionId(token.nonce),
  };
}

/** Pay: the subscription starts now for one month, exactly as `checkout.session.completed`. */
export async function payLocalCheckout(ctx: AppContext, session: string): Promise<{ successUrl: string }> {
  requireLocal(ctx);
  const token = readLocalCheckoutToken(ctx.env, session);
  if (!token) throw expired();
  const company = await companyById(ctx, token.companyId);
  if (!company) throw expired();
  const subscriptionId = localSubscriptionId(token.nonce);
  const hasOtherLive =
    company.stripeSubscriptionId !== subscriptionId &&
    (LIVE_STATUSES as readonly string[]).includes(company.subscriptionStatus ?? '');
  if (hasOtherLive) {
    throw new AppError(
      'CONFLICT',
      'This account already has an active subscription. Manage it from My Account.',
    );
  }
  const start = now();
  const snapshot: SubscriptionSnapshot = {
    id: subscriptionId,
    customerId: localCustomerId(company.id),
    status: 'active',
    planType: token.planType,
    cancelAtPeriodEnd: false,
    currentPeriodStart: start,
    currentPeriodEnd: addMonths(start, 1),
    companyId: company.id,
  };
  await applySubscriptionSnapshot(ctx, {
    snapshot,
    companyId: company.id,
    eventId: `evt_local_paid_${token.nonce}`,
    event: { type: 'checkout.session.completed', created: seconds(start) },
  });
  return { successUrl: `/checkout/success?session_id=${encodeURIComponent(session)}` };
}

async function portalCompany(ctx: AppContext, portal: string): Promise<Company> {
  requireLocal(ctx);
  const token = readLocalPortalToken(ctx.env, portal);
  if (!token)
    throw new AppError(
      'NOT_FOUND',
      'This test portal link is invalid or has expired. Open it again from My Account.',
    );
  const company = await companyById(ctx, token.companyId);
  if (!company) throw notFound('Company not found');
  return company;
}

function describePortal(company: Company): TestPortalResponse {
  return {
    companyName: company.name,
    customerEmail: company.email,
    planType: isPlanType(company.accountType) ? company.accountType : 'free',
    pendingPlanType: isPlanType(company.pendingAccountType) ? company.pendingAccountType : null,
    subscriptionStatus: company.subscriptionStatus,
    cancelAtPeriodEnd: company.cancelAtPeriodEnd,
    currentPeriodEnd: company.currentPeriodEnd?.toISOString() ?? null,
    returnUrl: '/my-account',
  };
}

export async function describeLocalPortal(ctx: AppContext, portal: string): Promise<TestPortalResponse> {
  const company = await portalCompany(ctx, portal);
  await renewLocalSubscriptionIfDue(ctx, company);
  return describePortal((await companyById(ctx, company.id)) ?? company);
}

/** Switch plan, cancel at period end or resume: `customer.subscription.updated`. */
export async function applyLocalPortalAction(
  ctx: AppContext,
  input: TestPortalAction,
): Promise<TestPortalResponse> {
  const company = await portalCompany(ctx, input.portal);
  const current = localSnapshot(company);
  if (!current || !(LIVE_STATUSES as readonly string[]).includes(current.status)) {
    throw new AppError(
      'CONFLICT',
      'There is no active subscription to change. Choose a plan on the Pricing page.',
    );
  }
  const snapshot: SubscriptionSnapshot =
    input.action === 'switch'
      ? { ...current, planType: input.planType }
      : { ...current, cancelAtPeriodEnd: input.action === 'cancel' };
  await applySubscriptionSnapshot(ctx, {
    snapshot,
    companyId: company.id,
    eventId: `evt_local_${randomUUID()}`,
    event: { type: 'customer.subscription.updated', created: seconds(now()) },
  });
  return describePortal((await companyById(ctx, company.id)) ?? company);
}

/**
 * What Stripe does at the end of a period, for local subscriptions: a cancelled one ends
 * (`customer.subscription.deleted`), the others renew and their invoice is paid (`invoice.paid`).
 * The event id is derived from the period, so two instances renewing at once apply it once.
 */
export async function renewLocalSubscriptionIfDue(
  ctx: AppContext,
  company: Company,
): Promise<SyncOutcome | null> {
  if (!isLocalCheckout(ctx.env) || !isLocalSubscriptionId(company.stripeSubscriptionId)) return null;
  const current = localSnapshot(company);
  const at = now();
  if (!current?.currentPeriodEnd || current.currentPeriodEnd.getTime() > at.getTime()) return null;
  if (!(LIVE_STATUSES as readonly string[]).includes(current.status)) return null;
  let periodStart = current.currentPeriodEnd;
  if (current.cancelAtPeriodEnd) {
    return applySubscriptionSnapshot(ctx, {
      snapshot: { ...current, status: 'canceled' },
      companyId: company.id,
      eventId: `evt_local_ended_${current.id}`,
      event: { type: 'customer.subscription.deleted', created: seconds(at) },
    });
  }
  // A long-idle local subscription catches up to the period that contains now.
  while (addMonths(periodStart, 1).getTime() <= at.getTime()) periodStart = addMonths(periodStart, 1);
  return applySubscriptionSnapshot(ctx, {
    snapshot: { ...current, currentPeriodStart: periodStart, currentPeriodEnd: addMonths(periodStart, 1) },
    companyId: company.id,
    eventId: `evt_local_renewed_${current.id}_${seconds(periodStart)}`,
    event: { type: 'invoice.paid', created: seconds(at) },
  });
}

/** The daily job's share for local subscriptions whose period has ended. */
export async function renewDueLocalSubscriptions(ctx: AppContext): Promise<number> {
  if (!isLocalCheckout(ctx.env)) return 0;
  const due = await ctx.db
    .select()
    .from(companies)
    .where(
      and(
        like(companies.stripeSubscriptionId, 'sub_local_%'),
        inArray(companies.subscriptionStatus, [...LIVE_STATUSES]),
        lte(companies.currentPeriodEnd, now()),
      ),
    );
  let renewed = 0;
  for (const company of due) {
    if ((await renewLocalSubscriptionIfDue(ctx, company)) === 'applied') renewed += 1;
  }
  return renewed;
}
