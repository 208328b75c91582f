import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, stripeEvents } from '#server/db/schema.ts';
import type { AuthUser } from '#shared/schemas/auth.ts';
import type { CheckoutSessionResponse, SubscriptionStatusResponse } from '#shared/schemas/billing.ts';
import { startFakeStripe } from '#tests/fakes/stripe-server.ts';
import { browserFetch } from '#tests/helpers/app.ts';
import { createCompanyUser, TEST_PASSWORD, unique } from '#tests/helpers/factories.ts';
import { newestEmailTo } from '#tests/helpers/outbox.ts';
import { companyById } from '#tests/helpers/reads.ts';
import { madeBeforeAll, setUpTestApp } from '#tests/helpers/suite.ts';

const WEBHOOK_SECRET = 'whsec_letlead_integration_test';
const PRICES = { small: 'price_small_test', medium: 'price_medium_test', large: 'price_large_test' };

describe('billing against a Stripe-compatible local server', () => {
  const stripe = madeBeforeAll(
    'the Stripe server',
    () => startFakeStripe({ webhookSecret: WEBHOOK_SECRET }),
    (server) => server.close(),
  );
  const app = setUpTestApp(() => ({
    STRIPE_SECRET_KEY: 'sk_test_letlead',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_SMALL: PRICES.small,
    STRIPE_PRICE_MEDIUM: PRICES.medium,
    STRIPE_PRICE_LARGE: PRICES.large,
    STRIPE_API_URL: stripe.apiUrl,
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
  }));
  beforeAll(() => {
    stripe.setWebhookUrl(`${app.url}/api/stripe/webhook`);
  });

  const postJson = (path: string, body: unknown, cookie?: string) =>
    browserFetch(app, 'POST', path, cookie, body);

  async function signUpPaid(planType: 'small' | 'medium' | 'large') {
    const email = `${unique('paid')}@example.test`.toLowerCase();
    const signup = await postJson('/api/auth/signup', {
      companyName: 'Harbour Lettings',
      firstName: 'Priya',
      lastName: 'Shah',
      email,
      phone: '020 7946 0123',
      password: TEST_PASSWORD,
      accountType: planType,
    });
    expect(signup.status).toBe(201);
    const checkout = await postJson('/api/stripe/create-checkout-session', {
      planType,
      customerEmail: email,
      customerName: 'Priya Shah',
    });
    expect(checkout.status).toBe(200);
    const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
    const sessionId = checkoutUrl.split('/').pop()!;
    const [company] = await app.ctx.db.select().from(companies).where(eq(companies.email, email));
    return { email, checkoutUrl, sessionId, companyId: company!.id };
  }

  /** A signed-in company with a paid subscription bought through checkout. */
  async function subscribedCompany(planType: 'small' | 'medium' | 'large') {
    const owner = await createCompanyUser(app);
    const checkout = await postJson(
      '/api/stripe/create-checkout-session',
      { planType, customerEmail: owner.email, customerName: 'Alex Agent' },
      owner.cookie,
    );
    expect(checkout.status).toBe(200);
    const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
    const { subscription } = await stripe.payCheckout(checkoutUrl.split('/').pop()!);
    return { ...owner, subscriptionId: subscription.id };
  }

  it('paid sign-up: checkout in subscription mode with the plan price, metadata and return URLs', async () => {
    const { checkoutUrl, sessionId, companyId } = await signUpPaid('medium');
    expect(checkoutUrl.startsWith(stripe.url)).toBe(true);
    const created = stripe.sessions.get(sessionId)!;
    expect(created).toMatchObject({
      mode: 'subscription',
      _price: PRICES.medium,
      metadata: { companyId, planType: 'medium' },
      _subscriptionMetadata: { companyId, planType: 'medium' },
      success_url: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/checkout/cancel',
    });
    // The Stripe customer is kept, so a second attempt reuses it.
    expect((await companyById(app.ctx.db, companyId)).stripeCustomerId).toBe(created.customer);
  });

  it('the whole paid sign-up: pay, success page, verify email, log in: Medium 1,500 of 1,500, active', async () => {
    const { email, sessionId, companyId } = await signUpPaid('medium');
    const { subscription } = await stripe.payCheckout(sessionId);

    const details = await fetch(`${app.url}/api/stripe/checkout-session/${sessionId}`);
    expect(details.status).toBe(200);
    const { session } = (await details.json()) as CheckoutSessionResponse;
    expect(session).toMatchObject({
      plan: { name: 'Medium', price: 70, credits: 1500 },
      customerEmail: email,
      customer: subscription.customer,
      subscription: subscription.id,
      paid: true,
      accountUpgraded: true,
    });

    const mail = await newestEmailTo(app, email);
    const link = /https?:\/\/\S+verify-email\?token=\S+/
      .exec(mail!.text)![0]
      .replace('http://localhost:3000', app.url);
    expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toBe('/login?verified=1');

    const login = await postJson('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const user = (await (
      await fetch(`${app.url}/api/auth/user`, { headers: { cookie } })
    ).json()) as AuthUser;
    expect(user.company).toMatchObject({
      id: companyId,
      accountType: 'medium',
      accountLimit: 1500,
      currentCount: 1500,
      subscriptionStatus: 'active',
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: subscription.customer,
    });
  });

  it('the success page upgrades the account even before any webhook arrives, and the webhooks then add nothing', async () => {
    const { sessionId, companyId } = await signUpPaid('small');
    const { session, subscription } = stripe.completeCheckout(sessionId);
    await app.ctx.db.update(companies).set({ currentCount: 20 }).where(eq(companies.id, companyId));

    const details = (await (
      await fetch(`${app.url}/api/stripe/checkout-session/${sessionId}`)
    ).json()) as CheckoutSessionResponse;
    expect(details.session.accountUpgraded).toBe(true);
    expect(await companyById(app.ctx.db, companyId)).toMatchObject({
      accountType: 'small',
      currentCount: 490,
    });

    for (const [type, object] of [
      ['checkout.session.completed', session],
      ['invoice.paid', stripe.invoiceEvent(subscription)],
      ['customer.subscription.created', subscription],
    ] as const) {
      expect((await stripe.sendEvent(type, object)).status).toBe(200);
    }
    expect(await companyById(app.ctx.db, companyId)).toMatchObject({
      accountType: 'small',
      accountLimit: 500,
      currentCount: 490,
    });
  });

  it('has no local test checkout or portal when Stripe is configured', async () => {
    expect((await fetch(`${app.url}/api/stripe/test-checkout?session=cs_local_x`)).status).toBe(404);
    expect((await postJson('/api/stripe/test-checkout/pay', { session: 'cs_local_x' })).status).toBe(404);
    expect((await fetch(`${app.url}/api/stripe/test-portal?portal=bps_local_x`)).status).toBe(404);
  });

  it('an unknown checkout session is a 404', async () => {
    const response = await fetch(`${app.url}/api/stripe/checkout-session/cs_test_doesnotexist`);
    expect(response.status).toBe(404);
  });

  it('a replayed event is acknowledged and changes nothing', async () => {
    const { companyId, subscriptionId } = await subscribedCompany('medium').then(async (owner) => ({
      companyId: owner.company.id,
      subscriptionId: owner.subscriptionId,
    }));
    const subscription = stripe.renewSubscription(subscriptionId);
    const renewal = stripe.signEvent('invoice.paid', stripe.invoiceEvent(subscription));
    await app.ctx.db.update(companies).set({ currentCount: 900 }).where(eq(companies.id, companyId));

    const first = await stripe.deliver(renewal);
    expect(await first.json()).toEqual({ received: true });
    expect((await companyById(app.ctx.db, companyId)).currentCount).toBe(1500);

    await app.ctx.db.update(companies).set({ currentCount: 1200 }).where(eq(companies.id, companyId));
    const replay = await stripe.deliver(renewal);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect((await companyById(app.ctx.db, companyId)).currentCount).toBe(1200);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const owner = await subscribedCompany('small');
    const before = await companyById(app.ctx.db, owner.company.id);
    const cancelled = stripe.cancelSubscription(owner.subscriptionId);

    const wrongSecret = stripe.signEvent('customer.subscription.deleted', cancelled, {
      secret: 'whsec_not_ours',
    });
    const tampered = stripe.signEvent('customer.subscription.deleted', cancelled);
    const tamperedPayload = tampered.payload.replace('"livemode":false', '"livemode":true');
    const responses = [
      await stripe.deliver(wrongSecret),
      await stripe.deliver({ payload: tamperedPayload, header: tampered.header }),
      await fetch(`${app.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: tampered.payload,
      }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(/signature/i);
    }
    expect(await companyById(app.ctx.db, owner.company.id)).toMatchObject({
      accountType: before.accountType,
      currentCount: before.currentCount,
      subscriptionStatus: 'active',
    });
    const recorded = await app.ctx.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, tampered.event.id));
    expect(recorded).toEqual([]);
  });

  it('upgrade Small to Large with 100 credits used leaves 4,900, at once', async () => {
    const owner = await subscribedCompany('small');
    await app.ctx.db.update(companies).set({ currentCount: 400 }).where(eq(companies.id, owner.company.id));
    const subscription = stripe.updateSubscription(owner.subscriptionId, { price: PRICES.large });
    expect((await stripe.sendEvent('customer.subscription.updated', subscription)).status).toBe(200);
    expect(await companyById(app.ctx.db, owner.company.id)).toMatchObject({
      accountType: 'large',
      accountLimit: 5000,
      currentCount: 4900,
      pendingAccountType: null,
    });
  });

  it('a downgrade waits for the next paid invoice, which resets credits to the smaller plan', async () => {
    const owner = await subscribedCompany('large');
    await app.ctx.db.update(companies).set({ currentCount: 4000 }).where(eq(companies.id, owner.company.id));
    await stripe.sendEvent(
      'customer.subscription.updated',
      stripe.updateSubscription(owner.subscriptionId, { price: PRICES.medium }),
    );
    expect(await companyById(app.ctx.db, owner.company.id)).toMatchObject({
      accountType: 'large',
      currentCount: 4000,
      pendingAccountType: 'medium',
    });

    const renewed = stripe.renewSubscription(owner.subscriptionId);
    await stripe.sendEvent('customer.subscription.updated', renewed);
    await stripe.sendEvent('invoice.paid', stripe.invoiceEvent(renewed));
    const company = await companyById(app.ctx.db, owner.company.id);
    expect(company).toMatchObject({
      accountType: 'medium',
      accountLimit: 1500,
      currentCount: 1500,
      pendingAccountType: null,
    });
    expect(company.countResetDate?.getTime()).toBe(renewed.items.data[0]!.current_period_start * 1000);
  });

  it('cancel at period end keeps the plan, shows the end date, then the deletion drops to free (30) once', async () => {
    const owner = await subscribedCompany('medium');
    const subscription = stripe.updateSubscription(owner.subscriptionId, { cancelAtPeriodEnd: true });
    await stripe.sendEvent('customer.subscription.updated', subscription);

    const status = (await (
      await fetch(`${app.url}/api/stripe/subscription-status`, { headers: { cookie: owner.cookie } })
    ).json()) as SubscriptionStatusResponse;
    const periodEnd = new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString();
    expect(status).toEqual({
      company: { subscriptionStatus: 'active' },
      subscription: { status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd },
      plan: { name: 'Medium', price: 70 },
      pendingPlan: null,
      hasStripeCustomer: true,
    });
    expect((await companyById(app.ctx.db, owner.company.id)).accountType).toBe('medium');

    const deleted = stripe.signEvent(
      'customer.subscription.deleted',
      stripe.cancelSubscription(owner.subscriptionId),
    );
    expect((await stripe.deliver(deleted)).status).toBe(200);
    expect(await companyById(app.ctx.db, owner.company.id)).toMatchObject({
      accountType: 'free',
      accountLimit: 30,
      currentCount: 30,
      subscriptionStatus: 'canceled',
      cancelAtPeriodEnd: false,
    });

    await app.ctx.db.update(companies).set({ currentCount: 7 }).where(eq(companies.id, owner.company.id));
    expect(await (await stripe.deliver(deleted)).json()).toEqual({ received: true, duplicate: true });
    // Even a fresh copy of the news (a new event id) does not hand out the free credits again.
    await stripe.sendEvent('customer.subscription.deleted', stripe.subscription(owner.subscriptionId));
    expect((await companyById(app.ctx.db, owner.company.id)).currentCount).toBe(7);
  });

  it('a cancellation with a date (cancel_at) counts as ending at that date', async () => {
    const owner = await subscribedCompany('small');
    const endsAt = stripe.now() + 10 * 24 * 60 * 60;
    await stripe.sendEvent(
      'customer.subscription.updated',
      stripe.updateSubscription(owner.subscriptionId, { cancelAt: endsAt }),
    );
    const company = await companyById(app.ctx.db, owner.company.id);
    expect(company.cancelAtPeriodEnd).toBe(true);
    expect(company.currentPeriodEnd?.getTime()).toBe(endsAt * 1000);
  });

  it('past_due keeps the plan and shows the status', async () => {
    const owner = await subscribedCompany('small');
    await stripe.sendEvent(
      'customer.subscription.updated',
      stripe.updateSubscription(owner.subscriptionId, { status: 'past_due' }),
    );
    expect(await companyById(app.ctx.db, owner.company.id)).toMatchObject({
      accountType: 'small',
      subscriptionStatus: 'past_due',
    });
  });

  it('an older event delivered late does not undo a newer state', async () => {
    const owner = await subscribedCompany('medium');
    const older = stripe.signEvent(
      'customer.subscription.updated',
      stripe.subscription(owner.subscriptionId),
    );
    stripe.advance(60);
    await stripe.sendEvent('customer.subscription.deleted', stripe.cancelSubscription(owner.subscriptionId));
    expect((await companyById(app.ctx.db, owner.company.id)).accountType).toBe('free');

    // Stripe answers the late event's re-read with a stale copy (as a lagging replica might).
    stripe.updateSubscription(owner.subscriptionId, { status: 'active' });
    expect((await stripe.deliver(older)).status).toBe(200);
    expect(await companyById(app.ctx.db, owner.company.id)).toMatchObject({
      accountType: 'free',
      subscriptionStatus: 'canceled',
    });
  });

  it('the end of an old subscription does not touch the new one', async () => {
    const owner = await subscribedCompany('small');
    const old = owner.subscriptionId;
    // The company ended the old subscription and bought a new one.
    await stripe.sendEvent('customer.subscription.deleted', stripe.cancelSubscription(old));
    const again = await postJson(
      '/api/stripe/create-checkout-session',
      { planType: 'large', customerEmail: owner.email, customerName: 'Alex Agent' },
      owner.cookie,
    );
    const { subscription } = await stripe.payCheckout(
      ((await again.json()) as { checkoutUrl: string }).checkoutUrl.split('/').pop()!,
    );
    expect(await companyById(app.ctx.db, owner.company.id)).toMatchObject({
      accountType: 'large',
      stripeSubscriptionId: subscription.id,
    });

    await stripe.sendEvent('customer.subscription.deleted', stripe.subscription(old));
    expect(await companyById(app.ctx.db, owner.company.id)).toMatchObject({
      accountType: 'large',
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: 'active',
    });
  });

  it('opens the Billing Portal for a subscriber, returning to My Account', async () => {
    const owner = await subscribedCompany('small');
    const response = await postJson('/api/stripe/create-portal-session', undefined, owner.cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; portalUrl: string };
    expect(body.success).toBe(true);
    expect(body.portalUrl.startsWith(`${stripe.url}/portal/`)).toBe(true);
    const call = stripe.requests.findLast((request) => request.path === '/v1/billing_portal/sessions');
    expect(call?.body).toEqual({
      customer: (await companyById(app.ctx.db, owner.company.id)).stripeCustomerId,
      return_url: 'http://localhost:3000/my-account',
    });
  });

  it('a free company has no portal to open', async () => {
    const owner = await createCompanyUser(app);
    const response = await postJson('/api/stripe/create-portal-session', undefined, owner.cookie);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/no subscription/i);
  });

  it('refuses checkout where it does not belong', async () => {
    const unknown = await postJson('/api/stripe/create-checkout-session', {
      planType: 'small',
      customerEmail: 'nobody@example.test',
      customerName: 'No Body',
    });
    expect(unknown.status).toBe(404);

    // A verified account must sign in to change plan.
    const verified = await createCompanyUser(app);
    const signedOut = await postJson('/api/stripe/create-checkout-session', {
      planType: 'small',
      customerEmail: verified.email,
      customerName: 'Alex Agent',
    });
    expect(signedOut.status).toBe(401);

    const subscribed = await subscribedCompany('small');
    const twice = await postJson(
      '/api/stripe/create-checkout-session',
      { planType: 'large', customerEmail: subscribed.email, customerName: 'Alex Agent' },
      subscribed.cookie,
    );
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toMatch(/Manage Subscription/);

    const freePlan = await postJson(
      '/api/stripe/create-checkout-session',
      { planType: 'free', customerEmail: verified.email, customerName: 'Alex Agent' },
      verified.cookie,
    );
    expect(freePlan.status).toBe(400);
  });

  it('ignores events it does not handle and subscriptions that match no company', async () => {
    expect(
      await (await stripe.sendEvent('customer.created', { id: 'cus_x', object: 'customer' })).json(),
    ).toEqual({
      received: true,
    });
    const response = await stripe.sendEvent('customer.subscription.updated', {
      id: 'sub_missing',
      object: 'subscription',
      metadata: {},
    });
    expect(response.status).toBe(200);
  });
});
