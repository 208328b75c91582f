import type { AppContext } from '#server/lib/context.ts';
import type { ViewingEvent } from '#server/lib/events.ts';
import { emitLeadEvents, emitWebhookEvent } from './webhook-delivery.ts';

/**
 * The company's webhook events follow what the features announce: a lead made or changed, a
 * viewing booked, moved, cancelled (or released) or confirmed, an enquiry stored. Each is queued
 * after the change has committed and never throws back at what announced it.
 */
export function subscribeWebhooks(ctx: AppContext): void {
  const { events } = ctx;
  events.on('lead.created', ({ companyId, leadId, hasLeadWebhook }) =>
    emitWebhookEvent(ctx, companyId, 'lead.created', { leadId }, { subscribed: hasLeadWebhook }),
  );
  events.on('lead.updated', ({ companyId, leadIds }) =>
    emitLeadEvents(ctx, companyId, 'lead.updated', leadIds),
  );
  events.on('viewing.booked', (event) => emitViewingEvent(ctx, 'viewing.booked', event));
  events.on('viewing.moved', (event) => emitViewingEvent(ctx, 'viewing.rescheduled', event));
  events.on('viewing.cancelled', (event) => emitViewingEvent(ctx, 'viewing.cancelled', event));
  events.on('viewing.confirmed', (event) => emitViewingEvent(ctx, 'viewing.confirmed', event));
  events.on('enquiry.received', ({ companyId, enquiry }) =>
    emitWebhookEvent(ctx, companyId, 'enquiry.received', enquiry),
  );
}

/**
 * `viewing.booked`, `.rescheduled`, `.cancelled` or `.confirmed`: the viewing's times, status,
 * property and the lead of the same chat (null until the chat ends). No tenant details: they are
 * the lead's.
 */
function emitViewingEvent(
  ctx: AppContext,
  type: 'viewing.booked' | 'viewing.rescheduled' | 'viewing.cancelled' | 'viewing.confirmed',
  { viewing, leadId }: ViewingEvent,
): Promise<void> {
  return emitWebhookEvent(ctx, viewing.companyId, type, {
    id: viewing.id,
    status: viewing.status,
    confirmedAt: viewing.confirmedAt?.toISOString() ?? null,
    startsAt: viewing.startsAt.toISOString(),
    endsAt: viewing.endsAt.toISOString(),
    propertyId: viewing.propertyId,
    propertyName: viewing.propertyName,
    conversationId: viewing.conversationId,
    leadId,
  });
}
