import type { AppContext } from '#server/lib/context.ts';
import type { DomainEvents, ViewingEvent } from '#server/lib/events.ts';
import { longTimeLabel } from '#shared/viewing-times.ts';
import {
  moveLeadAvailability,
  recordLeadActivity,
  revertLeadStatusAfterViewing,
  setLeadStatusFromViewing,
} from './activity.ts';

/**
 * The lead follows its viewing. Booked once the lead exists (a chat's booking made before its end
 * reaches the lead through the end statement): `viewing_booked` `{ viewingId, startsAt }` on its
 * activity and the status `viewing_booked`; attended: the status `viewed`. Both move the status
 * forwards only (`setLeadStatusFromViewing`), and an attended viewing that moved it announces
 * `lead.updated`. Then `viewing_moved` `{ viewingId, from, startsAt, by }`,
 * `viewing_cancelled` `{ viewingId, startsAt, by }` (`by: "release"` for a release) or
 * `viewing_confirmed` `{ viewingId, startsAt }` on its activity, by the agent who did it (null:
 * the tenant, the system, or the property's deletion). A moved viewing moves the availability
 * that named its time; a cancelled or released one no longer leaves the lead "Viewing booked":
 * the lead goes back to where it was before the booking, unless a person has moved it since.
 */
export function subscribeViewingActivity(ctx: AppContext): void {
  ctx.events.on('viewing.booked', (event) => recordBooking(ctx, event));
  ctx.events.on('viewing.attended', (event) => markViewed(ctx, event));
  ctx.events.on('viewing.moved', (event) => recordViewingChange(ctx, 'viewing_moved', event));
  ctx.events.on('viewing.cancelled', (event) => recordViewingChange(ctx, 'viewing_cancelled', event));
  ctx.events.on('viewing.confirmed', (event) => recordViewingChange(ctx, 'viewing_confirmed', event));
}

async function recordBooking(ctx: AppContext, { viewing, leadId }: ViewingEvent): Promise<void> {
  if (!leadId) return;
  await recordLeadActivity(ctx.db, {
    leadId,
    companyId: viewing.companyId,
    actorUserId: null,
    kind: 'viewing_booked',
    detail: { viewingId: viewing.id, startsAt: viewing.startsAt.toISOString() },
  });
  await setLeadStatusFromViewing(ctx.db, leadId, 'viewing_booked');
}

async function markViewed(ctx: AppContext, { viewing, leadId }: ViewingEvent): Promise<void> {
  if (leadId && (await setLeadStatusFromViewing(ctx.db, leadId, 'viewed'))) {
    await ctx.events.emit('lead.updated', { companyId: viewing.companyId, leadIds: [leadId] });
  }
}

async function recordViewingChange(
  ctx: AppContext,
  kind: 'viewing_moved' | 'viewing_cancelled' | 'viewing_confirmed',
  event: ViewingEvent & Partial<DomainEvents['viewing.moved']>,
): Promise<void> {
  const { viewing, leadId, by, previousStartsAt } = event;
  if (!leadId) return;
  try {
    await recordLeadActivity(ctx.db, {
      leadId,
      companyId: viewing.companyId,
      actorUserId: event.actorUserId ?? null,
      kind,
      detail: {
        viewingId: viewing.id,
        ...(previousStartsAt ? { from: previousStartsAt.toISOString() } : {}),
        startsAt: viewing.startsAt.toISOString(),
        ...(by ? { by } : {}),
      },
    });
    if (kind === 'viewing_cancelled') {
      await revertLeadStatusAfterViewing(ctx.db, leadId);
    } else if (kind === 'viewing_moved' && previousStartsAt) {
      await moveLeadAvailability(ctx.db, leadId, {
        from: longTimeLabel(previousStartsAt),
        to: longTimeLabel(viewing.startsAt),
      });
    }
  } catch (error) {
    ctx.log.error({ err: error, viewingId: viewing.id }, 'Viewing change not recorded on the lead');
  }
}
