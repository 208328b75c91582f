/**
 * Webhooks and the public API. Webhook events follow the event bus (`webhook-events.ts`).
 * Other features use only what is exported here.
 */
export { hasSubscriberSql } from './webhook-delivery.ts';
