/**
 * Webhooks and the public API. Webhook events follow the event bus (`webhook-events.ts`).
 * Code outside the feature uses only what is exported here.
 */

export { registerIntegrations } from './routes.ts';
export { hasSubscriberSql } from './webhook-delivery.ts';
