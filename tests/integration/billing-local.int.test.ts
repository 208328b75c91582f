import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { companies } from '#server/db/schema.ts';
import { refreshCreditsIfDue, resetDueCredits } from '#server/features/billing/credit-resets.ts';
import { setNow } from '#server/lib/clock.ts';
import { dueCreditReset } from '#shared/credit-cycle.ts';
import type {
  CheckoutSessionResponse,
  SubscriptionStatusResponse,
  TestCheckoutResponse,
  TestPortalResponse,
} from '#shared/schemas/billing.ts';
import { browserFetch } from '#tests/helpers/app.ts';
import { createCompanyUser, TEST_PASSWORD, unique } from '#tests/helpers/factories.ts';
import { companyById } from '#tests/helpers/reads.ts';
import { setUpTestApp } from '#tests/helpers/suite.ts';

describe('billing with the local test checkout (no Stripe keys)', () => {
  const app = setUpTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '1000' });
  afterEach(() => setNow(undefined));

  async function request<T>(method: string, path: string, body?: unknown, cookie?: string) {
    const response = await browserFetch(app, method, path, cookie, body);
    return { status: response.status, body: (await response.json()) as T };
  }

  async function checkoutFor(planType: string, email: string, cookie?: string) {
    const { status, body } = await request<{ checkoutUrl: string }>(
      'POST',
      '/api/stripe/create-checkout-session',
      { planType, customerEmail: email, customerName: 'Sam Patel' },
      cookie,
    );
    expect(status).toBe(200);
    const url = new URL(body.checkoutUrl, app.ctx.env.appUrl);
    return { url, session: url.searchParams.get('session')! };
  }

  async function subscribedCompany(planType: 'small' | 'medium' | 'large') {
    const owner = await createCompanyUser(app);
    const { session } = await checkoutFor(planType, owner.email, owner.cookie);
    expect((await request('POST', '/api/stripe/test-checkout/pay', { session })).status).toBe(200);
    const portal = await request<{ portalUrl: string }>(
      'POST',
      '/api/stripe/create-portal-session',
      undefined,
      owner.cookie,
    );
    const token = new URL(portal.body.portalUrl, app.ctx.env.appUrl).searchParams.get('portal')!;
    return { ...owner, portal: token };
  }

  it('a paid sign-up pays on the test checkout and lands on a success page with the plan summary', async () => {
    const email = `${unique('local')}@example.test`.toLowerCase();
    const signup = await request('POST', '/api/auth/signup', {
      companyName: 'Canal Side Lettings',
      firstName: 'Sam',
      lastName: 'Patel',
      email,
      phone: '0161 496 0000',
      password: TEST_PASSWORD,
      accountType: 'medium',
    });
    expect(signup.status).toBe(201);

    const { url, session } = await checkoutFor('medium', email);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/checkout/test');

    const page = await request<TestCheckoutResponse>(
      'GET',
      `/api/stripe/test-checkout?session=${encodeURIComponent(session)}`,
    );
    expect(page.body).toEqual({
      plan: { name: 'Medium', price: 70, credits: 1500 },
      planType: 'medium',
      customerEmail: email,
      companyName: 'Canal Side Lettings',
      paid: false,
    });

    const paid = await request<{ successUrl: string }>('POST', '/api/stripe/test-checkout/pay', { session });
    expect(paid.status).toBe(200);
    expect(paid.body.successUrl).toBe(`/checkout/success?session_id=${encodeURIComponent(session)}`);

    const [company] = await app.ctx.db.select().from(companies).where(eq(companies.email, email));
    expect(company).toMatchObject({
      accountType: 'medium',
      accountLimit: 1500,
      currentCount: 1500,
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(company!.stripeCustomerId).toMatch(/^cus_local_/);
    expect(company!.stripeSubscriptionId).toMatch(/^sub_local_/);

    const details = await request<CheckoutSessionResponse>(
      'GET',
      `/api/stripe/checkout-session/${encodeURIComponent(session)}`,
    );
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    expect(details.body.session).toEqual({
      plan: { name: 'Medium', price: 70, credits: 1500 },
      planType: 'medium',
      customerEmail: email,
      customer: company!.stripeCustomerId,
      subscription: company!.stripeSubscriptionId,
      paid: true,
      accountUpgraded: true,
    });

    // Paying twice (a double click, the back button) changes nothing.
    await app.ctx.db.update(companies).set({ currentCount: 1000 }).where(eq(companies.id, company!.id));
    expect((await request('POST', '/api/stripe/test-checkout/pay', { session })).status).toBe(200);
    expect((await companyById(app.ctx.db, company!.id)).currentCount).toBe(1000);
  });

  it('refuses a tampered or expired test checkout link', async () => {
    const owner = await createCompanyUser(app);
    const { session } = await checkoutFor('small', owner.email, owner.cookie);
    // Another plan or company in the payload: the signature no longer matches.
    const at = 'cs_local_'.length + 4;
    const tampered = `${session.slice(0, at)}${session[at] === 'A' ? 'B' : 'A'}${session.slice(at + 1)}`;
    expect((await request('POST', '/api/stripe/test-checkout/pay', { session: tampered })).status).toBe(404);

    setNow(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    const late = await request<{ message: string }>('POST', '/api/stripe/test-checkout/pay', { session });
    expect(late.status).toBe(404);
    expect(late.body.message).toMatch(/expired/);
    expect((await companyById(app.ctx.db, owner.company.id)).accountType).toBe('free');
  });

  it('the test portal switches plan: upgrade at once (Small with 100 used to Large leaves 4,900), downgrade at the next cycle', async () => {
    const owner = await subscribedCompany('small');
    await app.ctx.db.update(companies).set({ currentCount: 400 }).where(eq(companies.id, owner.company.id));

    const portal = await request<TestPortalResponse>(
      'GET',
      `/api/stripe/test-portal?portal=${encodeURIComponent(owner.portal)}`,
    );
    expect(portal.body).toMatchObject({
      planType: 'small',
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: false,
    });

    const upgraded = await request<TestPortalResponse>('POST', '/api/stripe/test-portal', {
      portal: owner.portal,
      action: 'switch',
      planType: 'large',
    });
    expect(upgraded.body.planType).toBe('large');
    expect(await companyById(app.ctx.db, owner.company.id)).toMatchObject({
      accountType: 'large',
      accountLimit: 5000,
      currentCount: 4900,
    });

    const downgraded = await request<TestPortalResponse>('POST', '/api/stripe/test-portal', {
      portal: owner.portal,
      action: 'switch',
      planType: 'medium',
    });
    expect(downgraded.body).toMatchObject({ planType: 'large', pendingPlanType: 'medium' });
    const status = await request<SubscriptionStatusResponse>(
      'GET',
      '/api/stripe/subscription-status',
      undefined,
      owner.cookie,
    );
    expect(status.body.pendingPlan).toEqual({ name: 'Medium', price: 70 });

    // The period ends: the local subscription renews, its invoice is paid, the downgrade applies.
    const periodEnd = (await companyById(app.ctx.db, owner.company.id)).currentPeriodEnd!;
    setNow(new Date(periodEnd.getTime() + 1000));
    await refreshCreditsIfDue(app.ctx, owner.company.id);
    const renewed = await companyById(app.ctx.db, owner.company.id);
    expect(renewed).toMatchObject({
      accountType: 'medium',
      accountLimit: 1500,
      currentCount: 1500,
      pendingAccountType: null,
      subscriptionStatus: 'active',
      countResetDate: periodEnd,
    });
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(periodEnd.getTime());
  });

  it('cancel at period end keeps the plan with its date, resume undoes it, and the end drops to free', async () => {
    const owner = await subscribedCompany('medium');
    const cancelled = await request<TestPortalResponse>('POST', '/api/stripe/test-portal', {
      portal: owner.portal,
      action: 'cancel',
    });
    expect(cancelled.body).toMatchObject({ planType: 'medium', cancelAtPeriodEnd: true });
    const status = await request<SubscriptionStatusResponse>(
      'GET',
      '/api/stripe/subscription-status',
      undefined,
      owner.cookie,
    );
    expect(status.body.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(status.body.subscription?.currentPeriodEnd).toBe(cancelled.body.currentPeriodEnd);

    const resumed = await request<TestPortalResponse>('POST', '/api/stripe/test-portal', {
      portal: owner.portal,
      action: 'resume',
    });
    expect(resumed.body.cancelAtPeriodEnd).toBe(false);
    await request('POST', '/api/stripe/test-portal', { portal: owner.portal, action: 'cancel' });

    setNow(new Date(new Date(cancelled.body.currentPeriodEnd!).getTime() + 60_000));
    const after = await request<SubscriptionStatusResponse>(
      'GET',
      '/api/stripe/subscription-status',
      undefined,
      owner.cookie,
    );
    expect(after.body).toMatchObject({
      company: { subscriptionStatus: 'canceled' },
      plan: { name: 'Free', price: 0 },
    });
    expect(await companyById(app.ctx.db, owner.company.id)).toMatchObject({
      accountType: 'free',
      accountLimit: 30,
      currentCount: 30,
    });
  });

  it('the portal cannot change a subscription that has ended', async () => {
    const owner = await createCompanyUser(app);
    const portal = await request<{ message: string }>(
      'POST',
      '/api/stripe/create-portal-session',
      undefined,
      owner.cookie,
    );
    expect(portal.status).toBe(400);
  });

  it('free credits reset on the anniversary: lazily on read, once, with month-end clamping', async () => {
    const owner = await createCompanyUser(app, {
      currentCount: 4,
      countResetDate: new Date('2025-01-31T15:00:00Z'),
    });
    setNow(new Date('2025-02-27T23:59:00Z'));
    await refreshCreditsIfDue(app.ctx, owner.company.id);
    expect((await companyById(app.ctx.db, owner.company.id)).currentCount).toBe(4);

    setNow(new Date('2025-02-28T00:00:01Z'));
    await Promise.all([
      refreshCreditsIfDue(app.ctx, owner.company.id),
      refreshCreditsIfDue(app.ctx, owner.company.id),
    ]);
    const reset = await companyById(app.ctx.db, owner.company.id);
    expect(reset).toMatchObject({ accountType: 'free', accountLimit: 30, currentCount: 30 });
    expect(reset.countResetDate?.toISOString()).toBe('2025-02-28T00:00:00.000Z');

    await app.ctx.db.update(companies).set({ currentCount: 10 }).where(eq(companies.id, owner.company.id));
    await refreshCreditsIfDue(app.ctx, owner.company.id);
    expect((await companyById(app.ctx.db, owner.company.id)).currentCount).toBe(10);
  });

  it('reading the account, the dashboard or the usage check brings due credits back', async () => {
    const lastMonth = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    const owner = await createCompanyUser(app, { currentCount: 0, countResetDate: lastMonth });
    const spendAllSinceLastMonth = () =>
      app.ctx.db
        .update(companies)
        .set({ currentCount: 0, countResetDate: lastMonth })
        .where(eq(companies.id, owner.company.id));
    const user = await request<{ company: { currentCount: number } }>(
      'GET',
      '/api/auth/user',
      undefined,
      owner.cookie,
    );
    expect(user.body.company.currentCount).toBe(30);

    await spendAllSinceLastMonth();
    const dashboard = await request<{ company: { currentCount: number } }>(
      'GET',
      `/api/companies/${owner.company.id}/dashboard`,
      undefined,
      owner.cookie,
    );
    expect(dashboard.body.company.currentCount).toBe(30);

    await spendAllSinceLastMonth();
    const usage = await request<{ canProcess: boolean }>(
      'GET',
      `/api/companies/slug/${owner.company.slug}/usage-check`,
    );
    expect(usage.body).toEqual({ canProcess: true });
  });

  it('the daily job resets every due free or unsubscribed company in one statement, and no one else', async () => {
    const at = new Date('2025-06-15T06:00:00Z');
    const lastReset = [
      new Date('2025-05-15T08:00:00Z'), // due today
      new Date('2025-03-31T12:00:00Z'), // missed two anniversaries: catches up to 30 May
      new Date('2025-05-16T08:00:00Z'), // due tomorrow
    ];
    const due = await createCompanyUser(app, { currentCount: 0, countResetDate: lastReset[0] });
    const late = await createCompanyUser(app, {
      currentCount: 2,
      countResetDate: lastReset[1],
      accountType: 'small',
      accountLimit: 500,
      pendingAccountType: 'free',
    });
    const notYet = await createCompanyUser(app, { currentCount: 1, countResetDate: lastReset[2] });
    const paying = await createCompanyUser(app, {
      accountType: 'medium',
      accountLimit: 1500,
      currentCount: 9,
      countResetDate: new Date('2025-04-01T08:00:00Z'),
      subscriptionStatus: 'active',
    });

    setNow(at);
    const count = await resetDueCredits(app.ctx, at);
    expect(count).toBeGreaterThanOrEqual(2);

    expect(await companyById(app.ctx.db, due.company.id)).toMatchObject({ currentCount: 30 });
    expect((await companyById(app.ctx.db, due.company.id)).countResetDate).toEqual(
      dueCreditReset(lastReset[0]!, at),
    );
    const lateNow = await companyById(app.ctx.db, late.company.id);
    expect(lateNow).toMatchObject({
      accountType: 'free',
      accountLimit: 30,
      currentCount: 30,
      pendingAccountType: null,
    });
    expect(lateNow.countResetDate).toEqual(dueCreditReset(lastReset[1]!, at));
    expect(lateNow.countResetDate?.toISOString()).toBe('2025-05-30T23:00:00.000Z');
    expect((await companyById(app.ctx.db, notYet.company.id)).currentCount).toBe(1);
    expect((await companyById(app.ctx.db, paying.company.id)).currentCount).toBe(9);

    // A second run the same day finds nothing due.
    await app.ctx.db.update(companies).set({ currentCount: 5 }).where(eq(companies.id, due.company.id));
    await resetDueCredits(app.ctx, at);
    expect((await companyById(app.ctx.db, due.company.id)).currentCount).toBe(5);
  });
});
