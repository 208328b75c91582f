import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { type Company, companies, users } from '#server/db/schema.ts';
import type { Env } from '#server/env.ts';
import { isPaidPlan, isPlanType, type PaidPlanType } from '#shared/plans.ts';
import { now } from './clock.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';

/**
 * The payment edge: Stripe through its official SDK when STRIPE_SECRET_KEY is set, otherwise the
 * local test checkout, a LetLead page that stands in for Checkout and the
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

type CheckoutToken = { companyId: string; planType: PaidPlanType; nonce: string; exp: number };
type PortalToken = { companyId: string; exp: number };

const CHECKOUT_PREFIX = 'cs_local_';
const PORTAL_PREFIX = 'bps_local_';
const CHECKOUT_TOKEN_SECONDS = 24 * 60 * 60;
const PORTAL_TOKEN_SECONDS = 60 * 60;
const PAID_PLANS: PaidPlanType[] = ['small', 'medium', 'large'];

/*
 * Tokens are packed in binary (company uuid, plan, nonce, expiry) with a 128-bit HMAC: the checkout
 * one travels as a path segment (GET /api/stripe/checkout-session/{id}), where Fastify allows 100
 * characters, so it must stay about as short as a real Stripe session id (~70 characters).
 */
function mac(env: Env, prefix: string, payload: Buffer): Buffer {
  return createHmac('sha256', env.sessionSecret)
    .update(`letlead-local-checkout.${prefix}`)
    .update(payload)
    .digest()
    .subarray(0, 16);
}

function seal(env: Env, prefix: string, payload: Buffer): string {
  return `${prefix}${payload.toString('base64url')}.${mac(env, prefix, payload).toString('base64url')}`;
}

/** The payload of a token signed by us and not yet expired (its last 4 bytes are the expiry). */
function unseal(env: Env, prefix: string, token: string, length: number): Buffer | null {
  if (!token.startsWith(prefix)) return null;
  const [body, signature] = token.slice(prefix.length).split('.');
  if (!body || !signature) return null;
  const payload = Buffer.from(body, 'base64url');
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(env, prefix, payload);
  if (payload.length !== length || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return null;
  }
  if (payload.readUInt32BE(length - 4) * 1000 < now().getTime()) return null;
  return payload;
}

const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
const uuidText = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
const expiresIn = (seconds: number) => Math.floor(now().getTime() / 1000) + seconds;
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

function signCheckoutToken(env: Env, token: CheckoutToken): string {
  const payload = Buffer.concat([
    uuidBytes(token.companyId),
    Buffer.from([PAID_PLANS.indexOf(token.planType)]),
    Buffer.from(token.nonce, 'hex'),
    uint32(token.exp),
  ]);
  return seal(env, CHECKOUT_PREFIX, payload);
}

function signPortalToken(env: Env, token: PortalToken): string {
  return seal(env, PORTAL_PREFIX, Buffer.concat([uuidBytes(token.companyId), uint32(token.exp)]));
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
  const payload = unseal(env, CHECKOUT_PREFIX, token, 16 + 1 + 8 + 4);
  const planType = payload ? PAID_PLANS[payload[16]!] : undefined;
  if (!payload || !planType) return null;
  return {
    companyId: uuidText(payload.subarray(0, 16)),
    planType,
    nonce: payload.subarray(17, 25).toString('hex'),
    exp: payload.readUInt32BE(25),
  };
}

export function readLocalPortalToken(env: Env, token: string): PortalToken | null {
  assertLocalAllowed(env);
  const payload = unseal(env, PORTAL_PREFIX, token, 16 + 4);
  if (!payload) return null;
  return { companyId: uuidText(payload.subarray(0, 16)), exp: payload.readUInt32BE(16) };
}

/** A company and its owner's email: the local checkout's "customer". */
export async function localCompany(
  ctx: AppContext,
  companyId: string,
): Promise<{ company: Company; ownerEmail: string } | null> {
  const [row] = await ctx.db
    .select({ company: companies, ownerEmail: users.email })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? null;
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
    const id = signCheckoutToken(env, {
      companyId: company.id,
      planType,
      nonce: randomBytes(8).toString('hex'),
      exp: expiresIn(CHECKOUT_TOKEN_SECONDS),
    });
    // Same-origin paths: the local pages are ours, so they work behind any host name or port.
    return { id, url: `/checkout/test?session=${encodeURIComponent(id)}`, customerId: null };
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
    const local = await localCompany(ctx, token.companyId);
    const isPaid = local?.company.stripeSubscriptionId === subscriptionId;
    return {
      id: sessionId,
      companyId: token.companyId,
      planType: token.planType,
      customerEmail: local?.ownerEmail ?? null,
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
  if (isLocalCheckout(env)) {
    assertLocalAllowed(env);
    const token = signPortalToken(env, { companyId: company.id, exp: expiresIn(PORTAL_TOKEN_SECONDS) });
    return { url: `/checkout/test?portal=${encodeURIComponent(token)}` };
  }
  if (!company.stripeCustomerId) throw new AppError('BAD_REQUEST', 'There is no subscription to manage yet.');
  const session = await stripeClient(env).billingPortal.sessions.create({
    customer: company.stripeCustomerId,
    return_url: `${env.appUrl}/my-account`,
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
