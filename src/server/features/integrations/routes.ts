import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Company } from '#server/db/schema.ts';
import type { SessionUser } from '#server/lib/auth.ts';
import type { AppContext } from '#server/lib/context.ts';
import { requireCompanyById, requireOwnCompany } from '#server/lib/session.ts';
import {
  apiKeyCreatedSchema,
  apiKeyInputSchema,
  apiKeyListSchema,
  apiKeySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
} from '#shared/schemas/integrations.ts';
import { idParamsSchema } from '#shared/schemas/params.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';
import { registerPublicApi } from './public-api-routes.ts';
import {
  deliverMessage,
  fanOutEvent,
  purgeWebhookMessages,
  WEBHOOK_DELIVER_JOB,
  WEBHOOK_EMIT_JOB,
  WEBHOOK_PURGE_JOB,
} from './webhook-delivery.ts';
import { subscribeWebhooks } from './webhook-events.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  testEndpoint,
  updateEndpoint,
} from './webhooks.ts';

/** The company whose webhooks and API keys these are: its owner and admins manage them. */
async function managedCompany(
  ctx: AppContext,
  request: FastifyRequest,
  companyId?: string,
): Promise<{ user: SessionUser; company: Company }> {
  return companyId === undefined
    ? requireOwnCompany(ctx, request, 'integrations')
    : requireCompanyById(ctx, request, companyId, 'integrations');
}

export async function registerIntegrations(root: FastifyInstance, ctx: AppContext): Promise<void> {
  subscribeWebhooks(ctx);
  ctx.jobs.define<Parameters<typeof fanOutEvent>[1]>(
    WEBHOOK_EMIT_JOB,
    (data, job) => fanOutEvent(ctx, data, job.id),
    {
      retryLimit: 5,
      retryDelaySeconds: 5,
    },
  );
  // A failed try is rescheduled by the handler itself; the queue's retries cover only a handler
  // that could not reach the database.
  ctx.jobs.define<Parameters<typeof deliverMessage>[1]>(
    WEBHOOK_DELIVER_JOB,
    (data) => deliverMessage(ctx, data),
    {
      retryLimit: 3,
      retryDelaySeconds: 30,
    },
  );
  ctx.jobs.define(WEBHOOK_PURGE_JOB, () => purgeWebhookMessages(ctx), { retryLimit: 2 });
  ctx.jobs.schedule(WEBHOOK_PURGE_JOB, '40 3 * * *');

  const app = root.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/api/companies/:id/webhooks',
    { schema: { params: idParamsSchema, response: { 200: webhookEndpointListSchema } } },
    async (request, reply) => {
      const { company } = await managedCompany(ctx, request, request.params.id);
      return reply.headers(noStore).send(await listEndpoints(ctx, company.id));
    },
  );

  app.post(
    '/api/companies/:id/webhooks',
    {
      schema: {
        params: idParamsSchema,
        body: webhookEndpointInputSchema,
        response: { 201: webhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) => {
      const { company } = await managedCompany(ctx, request, request.params.id);
      const created = await createEndpoint(ctx, { companyId: company.id, input: request.body });
      return reply.status(201).headers(noStore).send(created);
    },
  );

  app.patch(
    '/api/webhooks/:id',
    {
      schema: {
        params: idParamsSchema,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => {
      const { company } = await managedCompany(ctx, request);
      return updateEndpoint(ctx, {
        companyId: company.id,
        endpointId: request.params.id,
        input: request.body,
      });
    },
  );

  app.delete('/api/webhooks/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const { company } = await managedCompany(ctx, request);
    await deleteEndpoint(ctx, { companyId: company.id, endpointId: request.params.id });
    return reply.status(204).send();
  });

  app.post(
    '/api/webhooks/:id/rotate-secret',
    { schema: { params: idParamsSchema, response: { 200: webhookEndpointWithSecretSchema } } },
    async (request, reply) => {
      const { company } = await managedCompany(ctx, request);
      const rotated = await rotateSecret(ctx, { companyId: company.id, endpointId: request.params.id });
      return reply.headers(noStore).send(rotated);
    },
  );

  app.post(
    '/api/webhooks/:id/test',
    { schema: { params: idParamsSchema, response: { 200: webhookDeliverySchema } } },
    async (request) => {
      const { company } = await managedCompany(ctx, request);
      return testEndpoint(ctx, { companyId: company.id, endpointId: request.params.id });
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    { schema: { params: idParamsSchema, response: { 200: webhookDeliveryListSchema } } },
    async (request, reply) => {
      const { company } = await managedCompany(ctx, request);
      const deliveries = await listDeliveries(ctx, { companyId: company.id, endpointId: request.params.id });
      return reply.headers(noStore).send(deliveries);
    },
  );

  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/resend',
    { schema: { params: webhookDeliveryParamsSchema, response: { 200: webhookDeliverySchema } } },
    async (request) => {
      const { company } = await managedCompany(ctx, request);
      return resendDelivery(ctx, {
        companyId: company.id,
        endpointId: request.params.id,
        deliveryId: request.params.deliveryId,
      });
    },
  );

  app.get(
    '/api/companies/:id/api-keys',
    { schema: { params: idParamsSchema, response: { 200: apiKeyListSchema } } },
    async (request, reply) => {
      const { company } = await managedCompany(ctx, request, request.params.id);
      return reply.headers(noStore).send(await listApiKeys(ctx, company.id));
    },
  );

  app.post(
    '/api/companies/:id/api-keys',
    {
      schema: {
        params: idParamsSchema,
        body: apiKeyInputSchema,
        response: { 201: apiKeyCreatedSchema },
      },
    },
    async (request, reply) => {
      const { user, company } = await managedCompany(ctx, request, request.params.id);
      const created = await createApiKey(ctx, {
        companyId: company.id,
        userId: user.id,
        input: request.body,
      });
      return reply.status(201).headers(noStore).send(created);
    },
  );

  app.delete(
    '/api/api-keys/:id',
    { schema: { params: idParamsSchema, response: { 200: apiKeySchema } } },
    async (request) => {
      const { company } = await managedCompany(ctx, request);
      return revokeApiKey(ctx, { companyId: company.id, keyId: request.params.id });
    },
  );

  await registerPublicApi(app, ctx);
}
