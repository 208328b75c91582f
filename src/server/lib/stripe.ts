import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { type Company, companies } from '#server/db/schema.ts';
import type { Env } from '#server/env.ts';
import { isPaidPlan, isPlanType, type PaidPlanType } from '#shared/plans.ts';
import { now } from './clock.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';

/**
 * The payment edge: Stripe through its official SDK when STRIPE_SECRET_KEY is set, otherwise the
 * local test checkout (DESIGN.md section 2), a LetLead page that stands in for Checkout and the
 * Billing Portal. The local one keeps no state of its own: its session and portal ids are tokens
 * signed with SESSION_SECRET, and the subscription it "creates" lives on the company row, so it
 * works the same with several instances.
 */

/** A subscription as the sync needs it, whichever side it came from. */
export type SubscriptionSnapshot = {
  id: string;
  customerId: string;
  /** Stripe's status: active, past_due, canceled, incomplete, trialing, unpaid, paused… */
  status: string;
  /** The plan its price stands for; null for a price this deployment does not sell. */
  planType: PaidPlanType | null;
  /** True when it ends at `currentPeriodEnd` (cancel at period end, or a set cancel date). */
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  /** From the metadata we set at checkout. */
  companyId: string | null;
};

export type CheckoutSessionInfo = {
  id: string;
  companyId: string | null;
  planType: PaidPlanType | null;
  customerEmail: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  isPaid: boolean;
};

export function isLocalCheckout(env: Env): boolean {
  return env.stripe === undefined;
}

/** The local test checkout never runs in production (env.ts already refuses to start without keys). */
function assertLocalAllowed(env: Env) {
  if (env.isProduction) throw new AppError('NOT_FOUND', 'Not found');
}

// ---- Stripe SDK ----

const clients = new WeakMap<Env, Stripe>();

function stripeClient(env: Env): Stripe {
  const config = env.stripe;
  if (!config) throw new Error('Stripe is not configured');
  const cached = clients.get(env);
  if (cached) return cached;
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const client = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  clients.set(env, client);
  return client;
}

function planForPrice(env: Env, priceId: string | undefined): PaidPlanType | null {
  if (!priceId || !env.stripe) return null;
  const prices = env.stripe.prices;
  if (prices.small === priceId) return 'small';
  if (prices.medium === priceId) return 'medium';
  if (prices.large === priceId) return 'large';
  return null;
}

function paidPlanOrNull(value: unknown): PaidPlanType | null {
  return isPlanType(value) && isPaidPlan(value) ? value : null;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function fromSeconds(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}

function toSnapshot(env: Env, subscription: Stripe.Subscription): SubscriptionSnapshot {
  // Since API version 2025-03-31 the billing period lives on the subscription items.
  const item = subscription.items.data[0];
  const periodEnd = fromSeconds(item?.current_period_end);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    planType: planForPrice(env, item?.price.id) ?? paidPlanOrNull(subscription.metadata?.planType),
    // The portal may cancel with a date (cancel_at) instead of the period-end flag.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    currentPeriodStart: fromSeconds(item?.current_period_start),
    currentPeriodEnd: fromSeconds(subscription.cancel_at) ?? periodEnd,
    companyId: subscription.metadata?.companyId ?? null,
  };
}

// ---- Local test checkout: signed tokens ----

type CheckoutToken = {
  kind: 'checkout';
  companyId: string;
  planType: PaidPlanType;
  email: string;
  nonce: string;
  exp: number;
};
type PortalToken = { kind: 'portal'; companyId: string; exp: number };

const CHECKOUT_PREFIX = 'cs_local_';
const PORTAL_PREFIX = 'bps_local_';
const CHECKOUT_TOKEN_SECONDS = 24 * 60 * 60;
const PORTAL_TOKEN_SECONDS = 60 * 60;

function signature(env: Env, payload: string): string {
  return createHmac('sha256', env.sessionSecret)
    .update(`letlead-local-checkout.${payload}`)
    .digest('base64url');
}

function signToken(env: Env, prefix: string, data: CheckoutToken | PortalToken): string {
  const payload = Buffer.from(JSON.stringify(data)).toString('base64url');
  return `${prefix}${payload}.${signature(env, payload)}`;
}

function readToken<T extends CheckoutToken | PortalToken>(
  env: Env,
  prefix: string,
  token: string,
  kind: T['kind'],
): T | null {
  if (!token.startsWith(prefix)) return null;
  const [payload, mac] = token.slice(prefix.length).split('.');
  if (!payload || !mac) return null;
  const expected = Buffer.from(signature(env, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as T;
    if (data.kind !== kind || typeof data.exp !== 'number' || data.exp * 1000 < now().getTime()) return null;
    return data;
  } catch {
    return null;
  }
}

/** The ids a paid local checkout gives the company, derived so that a second Pay changes nothing. */
export function localCustomerId(companyId: string): string {
  return `cus_local_${companyId.replaceAll('-', '')}`;
}
export function localSubscriptionId(nonce: string): string {
  return `sub_local_${nonce}`;
}
export function isLocalSubscriptionId(id: string | null): boolean {
  return id?.startsWith('sub_local_') ?? false;
}

export function readLocalCheckoutToken(env: Env, token: string): CheckoutToken | null {
  assertLocalAllowed(env);
  return readToken<CheckoutToken>(env, CHECKOUT_PREFIX, token, 'checkout');
}

export function readLocalPortalToken(env: Env, token: string): PortalToken | null {
  assertLocalAllowed(env);
  return readToken<PortalToken>(env, PORTAL_PREFIX, token, 'portal');
}

/** The subscription a local company carries, read back from its row (the local "Stripe"). */
export function localSnapshot(company: Company): SubscriptionSnapshot | null {
  if (!company.stripeSubscriptionId || !isLocalSubscriptionId(company.stripeSubscriptionId)) return null;
  return {
    id: company.stripeSubscriptionId,
    customerId: company.stripeCustomerId ?? localCustomerId(company.id),
    status: company.subscriptionStatus ?? 'active',
    // A waiting downgrade is the plan the subscription is already on; the company keeps the
    // bigger allowance until the next reset.
    planType: paidPlanOrNull(company.pendingAccountType) ?? paidPlanOrNull(company.accountType),
    cancelAtPeriodEnd: company.cancelAtPeriodEnd,
    currentPeriodStart: company.countResetDate,
    currentPeriodEnd: company.currentPeriodEnd,
    companyId: company.id,
  };
}

// ---- The adapter functions ----

export async function createCheckoutSession(
  ctx: AppContext,
  input: {
    company: Company;
    planType: PaidPlanType;
    customerEmail: string;
    customerName: string;
  },
): Promise<{ id: string; url: string; customerId: string | null }> {
  const { env } = ctx;
  const { company, planType } = input;
  if (isLocalCheckout(env)) {
    assertLocalAllowed(env);
    const id = signToken(env, CHECKOUT_PREFIX, {
      kind: 'checkout',
      companyId: company.id,
      planType,
      email: input.customerEmail,
      nonce: randomBytes(12).toString('hex'),
      exp: Math.floor(now().getTime() / 1000) + CHECKOUT_TOKEN_SECONDS,
    });
    return { id, url: `${env.appUrl}/checkout/test?session=${encodeURIComponent(id)}`, customerId: null };
  }

  const price = env.stripe?.prices[planType];
  if (!price) throw new AppError('UNAVAILABLE', `Payments for the ${planType} plan are not configured yet.`);
  const stripe = stripeClient(env);
  const customerId =
    company.stripeCustomerId ??
    (
      await stripe.customers.create({
        email: input.customerEmail,
        name: input.customerName || company.name,
        metadata: { companyId: company.id },
      })
    ).id;
  const metadata = { companyId: company.id, planType };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customerId,
    client_reference_id: company.id,
    line_items: [{ price, quantity: 1 }],
    metadata,
    subscription_data: { metadata },
    success_url: `${env.appUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${env.appUrl}/checkout/cancel`,
  });
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
  return { id: session.id, url: session.url, customerId };
}

export async function retrieveCheckoutSession(
  ctx: AppContext,
  sessionId: string,
): Promise<CheckoutSessionInfo | null> {
  const { env } = ctx;
  if (isLocalCheckout(env)) {
    const token = readLocalCheckoutToken(env, sessionId);
    if (!token) return null;
    const subscriptionId = localSubscriptionId(token.nonce);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, token.companyId)).limit(1);
    const isPaid = company?.stripeSubscriptionId === subscriptionId;
    return {
      id: sessionId,
      companyId: token.companyId,
      planType: token.planType,
      customerEmail: token.email,
      customerId: isPaid ? localCustomerId(token.companyId) : null,
      subscriptionId: isPaid ? subscriptionId : null,
      isPaid,
    };
  }
  if (!sessionId.startsWith('cs_')) return null;
  try {
    const session = await stripeClient(env).checkout.sessions.retrieve(sessionId);
    return {
      id: session.id,
      companyId: session.metadata?.companyId ?? session.client_reference_id ?? null,
      planType: paidPlanOrNull(session.metadata?.planType),
      customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
      customerId: idOf(session.customer),
      subscriptionId: idOf(session.subscription),
      isPaid: session.status === 'complete' && session.payment_status !== 'unpaid',
    };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export async function createPortalSession(ctx: AppContext, company: Company): Promise<{ url: string }> {
  const { env } = ctx;
  const returnUrl = `${env.appUrl}/my-account`;
  if (isLocalCheckout(env)) {
    assertLocalAllowed(env);
    const token = signToken(env, PORTAL_PREFIX, {
      kind: 'portal',
      companyId: company.id,
      exp: Math.floor(now().getTime() / 1000) + PORTAL_TOKEN_SECONDS,
    });
    return { url: `${env.appUrl}/checkout/test?portal=${encodeURIComponent(token)}` };
  }
  if (!company.stripeCustomerId) throw new AppError('BAD_REQUEST', 'There is no subscription to manage yet.');
  const session = await stripeClient(env).billingPortal.sessions.create({
    customer: company.stripeCustomerId,
    return_url: returnUrl,
  });
  return { url: session.url };
}

export async function retrieveSubscription(
  ctx: AppContext,
  subscriptionId: string,
): Promise<SubscriptionSnapshot | null> {
  const { env } = ctx;
  if (isLocalCheckout(env)) {
    const [company] = await ctx.db
      .select()
      .from(companies)
      .where(eq(companies.stripeSubscriptionId, subscriptionId))
      .limit(1);
    return company ? localSnapshot(company) : null;
  }
  try {
    return toSnapshot(env, await stripeClient(env).subscriptions.retrieve(subscriptionId));
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Checks the Stripe-Signature header against STRIPE_WEBHOOK_SECRET; a bad one is a 400. */
export function verifyWebhookEvent(
  env: Env,
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
): Stripe.Event {
  const secret = env.stripe?.webhookSecret;
  if (!env.stripe || !secret) throw new AppError('BAD_REQUEST', 'Stripe webhooks are not configured');
  if (!signatureHeader) throw new AppError('BAD_REQUEST', 'Missing Stripe signature');
  try {
    return stripeClient(env).webhooks.constructEvent(rawBody, signatureHeader, secret);
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid Stripe signature');
  }
}

export type { Stripe };
