import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getSessionUser } from '#server/lib/auth.ts';
import { readBodiesAsBytes } from '#server/lib/body-parsers.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { requireOwnCompany } from '#server/lib/session.ts';
import { verifyWebhookEvent } from '#server/lib/stripe.ts';
import { perMinute } from '#server/plugins/rate-limits.ts';
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  checkoutSessionParamsSchema,
  checkoutSessionResponseSchema,
  portalSessionResponseSchema,
  subscriptionStatusResponseSchema,
  testCheckoutPayRequestSchema,
  testCheckoutPayResponseSchema,
  testCheckoutQuerySchema,
  testCheckoutResponseSchema,
  testPortalActionSchema,
  testPortalQuerySchema,
  testPortalResponseSchema,
  webhookResponseSchema,
} from '#shared/schemas/billing.ts';
import { getCheckoutSessionDetails, getSubscriptionStatus, openPortal, startCheckout } from './checkout.ts';
import { resetDueCredits } from './credit-resets.ts';
import {
  applyLocalPortalAction,
  describeLocalCheckout,
  describeLocalPortal,
  payLocalCheckout,
} from './local-checkout.ts';
import { handleStripeEvent } from './sync-subscription.ts';

const RESET_JOB = 'billing.reset-credits';

export async function registerBilling(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/stripe/create-checkout-session',
    {
      schema: { body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } },
      config: perMinute(ctx.env.rateLimits.authPerMinute),
    },
    async (request) => {
      const user = await getSessionUser(ctx.auth, request);
      return startCheckout(ctx, { user, ...request.body });
    },
  );

  app.get(
    '/api/stripe/checkout-session/:sessionId',
    {
      schema: { params: checkoutSessionParamsSchema, response: { 200: checkoutSessionResponseSchema } },
      config: perMinute(ctx.env.rateLimits.authPerMinute),
    },
    async (request) => getCheckoutSessionDetails(ctx, request.params.sessionId),
  );

  app.get(
    '/api/stripe/subscription-status',
    { schema: { response: { 200: subscriptionStatusResponseSchema } } },
    async (request) => {
      const { company } = await requireOwnCompany(ctx, request, 'billing');
      return getSubscriptionStatus(ctx, company.id);
    },
  );

  app.post(
    '/api/stripe/create-portal-session',
    { schema: { response: { 200: portalSessionResponseSchema } } },
    async (request) => {
      const { company } = await requireOwnCompany(ctx, request, 'billing');
      return openPortal(ctx, company);
    },
  );

  // Stripe signs the exact bytes it sent, so this one route keeps the body as a Buffer.
  await app.register(async (scope) => {
    readBodiesAsBytes(scope, 512 * 1024);
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/stripe/webhook',
        { schema: { response: { 200: webhookResponseSchema } } },
        async (request) => {
          const event = verifyWebhookEvent(
            ctx.env,
            request.body as Buffer,
            request.headers['stripe-signature'] as string | undefined,
          );
          const outcome = await handleStripeEvent(ctx, event);
          request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event');
          return { received: true, ...(outcome === 'duplicate' ? { duplicate: true } : {}) };
        },
      );
  });

  // The local test checkout and portal; each answers 404 when Stripe is configured or in production.
  app.get(
    '/api/stripe/test-checkout',
    { schema: { querystring: testCheckoutQuerySchema, response: { 200: testCheckoutResponseSchema } } },
    async (request) => describeLocalCheckout(ctx, request.query.session),
  );
  app.post(
    '/api/stripe/test-checkout/pay',
    {
      schema: { body: testCheckoutPayRequestSchema, response: { 200: testCheckoutPayResponseSchema } },
      config: perMinute(ctx.env.rateLimits.authPerMinute),
    },
    async (request) => payLocalCheckout(ctx, request.body.session),
  );
  app.get(
    '/api/stripe/test-portal',
    { schema: { querystring: testPortalQuerySchema, response: { 200: testPortalResponseSchema } } },
    async (request) => describeLocalPortal(ctx, request.query.portal),
  );
  app.post(
    '/api/stripe/test-portal',
    {
      schema: { body: testPortalActionSchema, response: { 200: testPortalResponseSchema } },
      config: perMinute(ctx.env.rateLimits.authPerMinute),
    },
    async (request) => applyLocalPortalAction(ctx, request.body),
  );

  ctx.jobs.define(
    RESET_JOB,
    async () => {
      const count = await resetDueCredits(ctx, now());
      if (count > 0) ctx.log.info({ count }, 'Monthly credits reset');
    },
    { retryLimit: 3 },
  );
  // Shortly after London midnight, when a day's anniversaries fall due.
  ctx.jobs.schedule(RESET_JOB, '5 0 * * *');
}
