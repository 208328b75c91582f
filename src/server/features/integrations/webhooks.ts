import { and, count, desc, eq } from 'drizzle-orm';
import {
  type WebhookEndpoint,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
} from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/unique-slug.ts';
import { now } from '#server/lib/clock.ts';
import { findCompanyRow, lockCompany } from '#server/lib/company-row.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { isUuid } from '#server/lib/session.ts';
import type {
  WebhookDeliveryDto,
  WebhookEndpointDto,
  WebhookEndpointInput,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecretDto,
  WebhookEventType,
} from '#shared/schemas/integrations.ts';
import {
  newWebhookSecret,
  PREVIOUS_SECRET_MS,
  resendMessage,
  sendTestEvent,
  toDeliveryDto,
} from './webhook-delivery.ts';
import { checkWebhookUrl } from './webhook-target.ts';

/** Enough for every system an agency connects; a runaway script cannot fan one event out further. */
export const MAX_ENDPOINTS = 10;
/** How many log rows an endpoint shows. */
const LOG_SIZE = 50;

export function toEndpointDto(endpoint: WebhookEndpoint): WebhookEndpointDto {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events as WebhookEventType[],
    enabled: endpoint.enabled,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    failingSince: endpoint.failingSince?.toISOString() ?? null,
    createdAt: endpoint.createdAt.toISOString(),
  };
}

export async function listEndpoints(ctx: AppContext, companyId: string): Promise<WebhookEndpointDto[]> {
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(webhookEndpoints.createdAt);
  return rows.map(toEndpointDto);
}

/** POST /api/companies/{id}/webhooks: the secret is in this answer and never again. */
export async function createEndpoint(
  ctx: AppContext,
  { companyId, input }: { companyId: string; input: WebhookEndpointInput },
): Promise<WebhookEndpointWithSecretDto> {
  await checkWebhookUrl(input.url, { isProduction: ctx.env.isProduction });
  // The count and the insert take turns under the company's lock, so endpoints added at the same
  // moment cannot pass the limit together. Two endpoints at one address would deliver every event
  // there twice: the unique index refuses the second, even when two requests race.
  const row = await ctx.db
    .transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const [existing] = await tx
        .select({ value: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.companyId, companyId));
      if ((existing?.value ?? 0) >= MAX_ENDPOINTS) {
        throw new AppError('CONFLICT', `A company can have at most ${MAX_ENDPOINTS} webhook endpoints`);
      }
      const [created] = await tx
        .insert(webhookEndpoints)
        .values({ companyId, url: input.url, events: input.events, secret: newWebhookSecret() })
        .returning();
      return created!;
    })
    .catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      const message = 'This URL already has an endpoint: change its events instead of adding another';
      throw new AppError('CONFLICT', message, { errors: { url: message } });
    });
  return { ...toEndpointDto(row), secret: row.secret };
}

/** The endpoint if it is the company's; another company's is a 404, as if it did not exist. */
export async function findEndpoint(ctx: AppContext, companyId: string, endpointId: string) {
  return findCompanyRow(
    ctx.db,
    webhookEndpoints,
    { companyId, id: endpointId },
    'Webhook endpoint not found',
  );
}

/** PATCH /api/webhooks/{id}: new events, or on again after being switched off. */
export async function updateEndpoint(
  ctx: AppContext,
  { companyId, endpointId, input }: { companyId: string; endpointId: string; input: WebhookEndpointUpdate },
): Promise<WebhookEndpointDto> {
  const endpoint = await findEndpoint(ctx, companyId, endpointId);
  const changes = {
    ...(input.events ? { events: input.events } : {}),
    ...(input.enabled === true ? { enabled: true, disabledAt: null, failingSince: null } : {}),
    ...(input.enabled === false ? { enabled: false } : {}),
  };
  if (Object.keys(changes).length === 0) return toEndpointDto(endpoint);
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set(changes)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, companyId)))
    .returning();
  return toEndpointDto(row!);
}

export async function deleteEndpoint(
  ctx: AppContext,
  { companyId, endpointId }: { companyId: string; endpointId: string },
): Promise<void> {
  await findEndpoint(ctx, companyId, endpointId);
  await ctx.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, companyId)));
}

/**
 * POST /api/webhooks/{id}/rotate-secret: a new secret, shown once. The old one keeps signing
 * beside it for a day, so a receiver can switch without losing events.
 */
export async function rotateSecret(
  ctx: AppContext,
  { companyId, endpointId }: { companyId: string; endpointId: string },
): Promise<WebhookEndpointWithSecretDto> {
  const endpoint = await findEndpoint(ctx, companyId, endpointId);
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      secret: newWebhookSecret(),
      previousSecret: endpoint.secret,
      previousSecretExpiresAt: new Date(now().getTime() + PREVIOUS_SECRET_MS),
    })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, companyId)))
    .returning();
  return { ...toEndpointDto(row), secret: row.secret };
}

/** GET /api/webhooks/{id}/deliveries: the newest attempts first. */
export async function listDeliveries(
  ctx: AppContext,
  { companyId, endpointId }: { companyId: string; endpointId: string },
): Promise<WebhookDeliveryDto[]> {
  await findEndpoint(ctx, companyId, endpointId);
  const rows = await ctx.db
    .select({ delivery: webhookDeliveries, eventType: webhookMessages.type })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.attempt))
    .limit(LOG_SIZE);
  return rows.map((row) => toDeliveryDto({ ...row.delivery, eventType: row.eventType }));
}

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend: the same event, same `webhook-id`. */
export async function resendDelivery(
  ctx: AppContext,
  { companyId, endpointId, deliveryId }: { companyId: string; endpointId: string; deliveryId: string },
): Promise<WebhookDeliveryDto> {
  const endpoint = await findEndpoint(ctx, companyId, endpointId);
  if (!isUuid(deliveryId)) throw notFound('Delivery not found');
  const [delivery] = await ctx.db
    .select({ messageId: webhookDeliveries.messageId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!delivery) throw notFound('Delivery not found');
  return resendMessage(ctx, endpoint, delivery.messageId);
}

/** POST /api/webhooks/{id}/test */
export async function testEndpoint(
  ctx: AppContext,
  { companyId, endpointId }: { companyId: string; endpointId: string },
): Promise<WebhookDeliveryDto> {
  return sendTestEvent(ctx, await findEndpoint(ctx, companyId, endpointId));
}
