import { z } from 'zod';
import { requiredText } from '#shared/schemas/text.ts';

// ---- Webhooks ----

/** The events an endpoint may subscribe to; the features that emit them call emitWebhookEvent. */
export const webhookEventTypes = [
  'lead.created',
  'lead.updated',
  'viewing.booked',
  'viewing.rescheduled',
  'viewing.cancelled',
  'viewing.confirmed',
  'enquiry.received',
] as const;
export const webhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** How each event reads in the settings page. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'lead.created': 'A new lead',
  'lead.updated': 'A lead changed',
  'viewing.booked': 'A viewing booked',
  'viewing.rescheduled': 'A viewing moved',
  'viewing.cancelled': 'A viewing cancelled',
  'viewing.confirmed': 'A viewing confirmed by the tenant',
  'enquiry.received': 'A portal enquiry received',
};

/** POST /api/companies/{id}/webhooks */
export const webhookEndpointInputSchema = z.object({
  url: requiredText('Webhook URL is required', 2000, 'Webhook URL must be at most 2000 characters').refine(
    isHttpUrl,
    'Webhook URL must be a full http:// or https:// address',
  ),
  events: z
    .array(webhookEventTypeSchema, { error: 'Choose at least one event' })
    .min(1, 'Choose at least one event')
    // Each once, in the list's own order, however they were ticked.
    .transform((events) => webhookEventTypes.filter((type) => events.includes(type))),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;
export type WebhookEndpointFormValues = z.input<typeof webhookEndpointInputSchema>;

/** PATCH /api/webhooks/{id}: change the events, or switch a disabled endpoint back on. */
export const webhookEndpointUpdateSchema = z
  .object({
    events: webhookEndpointInputSchema.shape.events.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  })
  .refine((update) => update.events !== undefined || update.enabled !== undefined, {
    message: 'Nothing to change: give events or enabled',
  });
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** When the endpoint was switched off after three days of failures (null: never, or on again). */
  disabledAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpointDto = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);

/** The answer to creating an endpoint or rotating its secret: the secret, shown this once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecretDto = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt and resend of one event. */
  messageId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  trigger: z.enum(['automatic', 'resend', 'test']),
  /** The receiver's HTTP status; null when no answer came (timeout, refused connection). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  /** Null while the attempt is under way. */
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

export const webhookDeliveryParamsSchema = z.object({ id: z.string(), deliveryId: z.string() });

// ---- API keys ----

export const apiKeyScopes = ['read', 'write'] as const;
export const apiKeyScopeSchema = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** POST /api/companies/{id}/api-keys */
export const apiKeyInputSchema = z.object({
  name: requiredText('Key name is required', 100, 'Key name must be at most 100 characters'),
  scopes: z
    .array(apiKeyScopeSchema, { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .transform((scopes) => [...new Set(scopes)]),
});
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;
export type ApiKeyFormValues = z.input<typeof apiKeyInputSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** The key's first characters (`ll_AbC…`), to tell keys apart. */
  start: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKeyDto = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

/** The answer to creating a key: the key itself (`ll_…`), shown this once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreatedDto = z.infer<typeof apiKeyCreatedSchema>;
