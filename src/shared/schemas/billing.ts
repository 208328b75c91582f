import { z } from 'zod';
import { paidPlanTypes, planTypes } from '#shared/plans.ts';

/** POST /api/stripe/create-checkout-session. */
export const checkoutRequestSchema = z.object({
  planType: z.enum(paidPlanTypes, { error: 'Choose a paid plan: small, medium or large' }),
  customerEmail: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Valid email is required' }).max(255)),
  customerName: z.string().trim().max(255).optional().default(''),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({ checkoutUrl: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const planSummarySchema = z.object({
  name: z.string(),
  /** Monthly price in whole pounds. */
  price: z.number(),
  credits: z.number().int(),
});

/** GET /api/stripe/checkout-session/{sessionId}. */
export const checkoutSessionResponseSchema = z.object({
  session: z.object({
    plan: planSummarySchema,
    planType: z.enum(planTypes),
    customerEmail: z.string().nullable(),
    customer: z.string().nullable(),
    subscription: z.string().nullable(),
    /** The payment went through. */
    paid: z.boolean(),
    /** The company already carries this subscription (the webhook or this call applied it). */
    accountUpgraded: z.boolean(),
  }),
});
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

export const checkoutSessionParamsSchema = z.object({ sessionId: z.string().min(1).max(2048) });

/** GET /api/stripe/subscription-status. */
export const subscriptionStatusResponseSchema = z.object({
  company: z.object({ subscriptionStatus: z.string().nullable() }),
  subscription: z
    .object({
      status: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: z.string().nullable(),
    })
    .nullable(),
  plan: z.object({ name: z.string(), price: z.number() }),
  /** A downgrade waiting for the next reset. */
  pendingPlan: z.object({ name: z.string(), price: z.number() }).nullable(),
  hasStripeCustomer: z.boolean(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;

/** POST /api/stripe/create-portal-session. */
export const portalSessionResponseSchema = z.object({ success: z.boolean(), portalUrl: z.string() });
export type PortalSessionResponse = z.infer<typeof portalSessionResponseSchema>;

export const webhookResponseSchema = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });

/**
 * What the signup page keeps in localStorage (key `letlead.pendingSignup`) while the browser is at
 * checkout: non-secret details only, for the success page's welcome.
 */
export const PENDING_SIGNUP_KEY = 'letlead.pendingSignup';
export const pendingSignupSchema = z.object({
  accountType: z.enum(paidPlanTypes),
  email: z.email(),
  firstName: z.string().trim().min(1),
  lastName: z.string().trim().min(1),
  companyName: z.string().trim().min(1),
});
export type PendingSignup = z.infer<typeof pendingSignupSchema>;

// ---- The local test checkout and portal (no Stripe keys; never in production) ----

export const testCheckoutQuerySchema = z.object({ session: z.string().min(1).max(2048) });

export const testCheckoutResponseSchema = z.object({
  plan: planSummarySchema,
  planType: z.enum(paidPlanTypes),
  customerEmail: z.string(),
  companyName: z.string(),
  /** Already paid (a second Pay changes nothing). */
  paid: z.boolean(),
});
export type TestCheckoutResponse = z.infer<typeof testCheckoutResponseSchema>;

export const testCheckoutPayRequestSchema = z.object({ session: z.string().min(1).max(2048) });
export const testCheckoutPayResponseSchema = z.object({ successUrl: z.string() });

export const testPortalQuerySchema = z.object({ portal: z.string().min(1).max(2048) });

export const testPortalResponseSchema = z.object({
  companyName: z.string(),
  customerEmail: z.string().nullable(),
  planType: z.enum(planTypes),
  pendingPlanType: z.enum(planTypes).nullable(),
  subscriptionStatus: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  returnUrl: z.string(),
});
export type TestPortalResponse = z.infer<typeof testPortalResponseSchema>;

export const testPortalActionSchema = z.discriminatedUnion('action', [
  z.object({
    portal: z.string().min(1).max(2048),
    action: z.literal('switch'),
    planType: z.enum(paidPlanTypes),
  }),
  z.object({ portal: z.string().min(1).max(2048), action: z.literal('cancel') }),
  z.object({ portal: z.string().min(1).max(2048), action: z.literal('resume') }),
]);
export type TestPortalAction = z.infer<typeof testPortalActionSchema>;
