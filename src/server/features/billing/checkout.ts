import { eq } from 'drizzle-orm';
import { type Company, companies, users } from '#server/db/schema.ts';
import type { SessionUser } from '#server/lib/auth.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { assertArea, findMembership } from '#server/lib/session.ts';
import {
  createCheckoutSession,
  createPortalSession,
  isLocalCheckout,
  retrieveCheckoutSession,
} from '#server/lib/stripe.ts';
import { isPlanType, type PaidPlanType, plans } from '#shared/plans.ts';
import type { CheckoutSessionResponse, SubscriptionStatusResponse } from '#shared/schemas/billing.ts';
import { refreshCreditsIfDue } from './credit-resets.ts';
import { isLiveStatus } from './sync-rules.ts';
import { syncSubscription } from './sync-subscription.ts';

async function ownCompany(ctx: AppContext, userId: string): Promise<Company | undefined> {
  const [company] = await ctx.db.select().from(companies).where(eq(companies.ownerId, userId)).limit(1);
  return company;
}

/**
 * The company a checkout is for. Signed in: the user's own company (an upgrade). Signed out: the
 * paid sign-up, whose account was just created and cannot sign in before the email is verified;
 * it is found by the owner's email, and only while that email is still unverified, so this path
 * cannot start a checkout for an established account.
 */
async function checkoutCompany(ctx: AppContext, user: SessionUser | null, email: string): Promise<Company> {
  if (user) {
    const membership = await findMembership(ctx.db, user.id);
    if (!membership) throw notFound('Register your company before choosing a plan.');
    assertArea(membership.role, 'billing');
    return membership.company;
  }
  const [owner] = await ctx.db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const company = owner ? await ownCompany(ctx, owner.id) : undefined;
  if (!owner || !company)
    throw notFound('We could not find an account for this email. Please sign up first.');
  if (owner.emailVerified) throw new AppError('UNAUTHORIZED', 'Please log in to change your plan.');
  return company;
}

export async function startCheckout(
  ctx: AppContext,
  input: { user: SessionUser | null; planType: PaidPlanType; customerEmail: string; customerName: string },
): Promise<{ checkoutUrl: string }> {
  const company = await checkoutCompany(ctx, input.user, input.customerEmail);
  if (isLiveStatus(company.subscriptionStatus)) {
    throw new AppError(
      'CONFLICT',
      'This account already has an active subscription. Use Manage Subscription in My Account to change plan.',
    );
  }
  const session = await createCheckoutSession(ctx, {
    company,
    planType: input.planType,
    customerEmail: input.customerEmail,
    customerName: input.customerName,
  });
  // Kept at once so that a second attempt reuses the Stripe customer instead of making another.
  if (session.customerId && session.customerId !== company.stripeCustomerId) {
    await ctx.db
      .update(companies)
      .set({ stripeCustomerId: session.customerId })
      .where(eq(companies.id, company.id));
  }
  return { checkoutUrl: session.url };
}

/**
 * The success page's summary. A paid Stripe session is also synced here (idempotently, and
 * without moving the webhook ordering mark), so the account is upgraded even if the webhook is
 * late.
 */
export async function getCheckoutSessionDetails(
  ctx: AppContext,
  sessionId: string,
): Promise<CheckoutSessionResponse> {
  const session = await retrieveCheckoutSession(ctx, sessionId);
  if (!session) throw notFound('Checkout session not found');
  if (!isLocalCheckout(ctx.env) && session.isPaid && session.subscriptionId) {
    try {
      await syncSubscription(ctx, {
        subscriptionId: session.subscriptionId,
        companyId: session.companyId,
        eventId: null,
        event: { type: 'checkout.session.completed', created: null },
      });
    } catch (error) {
      ctx.log.error({ err: error, sessionId: session.id }, 'Syncing a paid checkout session failed');
    }
  }
  let accountUpgraded = false;
  if (session.companyId && session.subscriptionId) {
    const [company] = await ctx.db
      .select({ subscriptionId: companies.stripeSubscriptionId, status: companies.subscriptionStatus })
      .from(companies)
      .where(eq(companies.stripeSubscriptionId, session.subscriptionId))
      .limit(1);
    accountUpgraded = company !== undefined && isLiveStatus(company.status);
  }
  const planType = session.planType ?? 'free';
  const plan = plans[planType];
  return {
    session: {
      plan: { name: plan.name, price: plan.price, credits: plan.credits },
      planType,
      customerEmail: session.customerEmail,
      customer: session.customerId,
      subscription: session.subscriptionId,
      paid: session.isPaid,
      accountUpgraded,
    },
  };
}

export async function getSubscriptionStatus(
  ctx: AppContext,
  companyId: string,
): Promise<SubscriptionStatusResponse> {
  await refreshCreditsIfDue(ctx, companyId);
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw notFound('Company not found');
  const plan = plans[isPlanType(company.accountType) ? company.accountType : 'free'];
  const pending = isPlanType(company.pendingAccountType) ? plans[company.pendingAccountType] : null;
  return {
    company: { subscriptionStatus: company.subscriptionStatus },
    subscription: company.stripeSubscriptionId
      ? {
          status: company.subscriptionStatus,
          cancelAtPeriodEnd: company.cancelAtPeriodEnd,
          currentPeriodEnd: company.currentPeriodEnd?.toISOString() ?? null,
        }
      : null,
    plan: { name: plan.name, price: plan.price },
    pendingPlan: pending ? { name: pending.name, price: pending.price } : null,
    hasStripeCustomer: company.stripeCustomerId !== null,
  };
}

export async function openPortal(
  ctx: AppContext,
  company: Company,
): Promise<{ success: boolean; portalUrl: string }> {
  if (!company.stripeCustomerId || !company.stripeSubscriptionId) {
    throw new AppError(
      'BAD_REQUEST',
      'There is no subscription to manage yet. Choose a plan on the Pricing page.',
    );
  }
  const { url } = await createPortalSession(ctx, company);
  return { success: true, portalUrl: url };
}
