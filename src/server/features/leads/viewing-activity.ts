import type { AppContext } from '#server/lib/context.ts';
import type { DomainEvents, ViewingEvent } from '#server/lib/events.ts';
import { longTimeLabel } from '#shared/viewing-times.ts';
import { moveLeadAvailability, recordLeadActivity, revertLeadStatusAfterViewing } from './activity.ts';

/**
 * The lead follows its viewing: `viewing_moved` `{ viewingId, from, startsAt, by }`,
 * `viewing_cancelled` `{ viewingId, startsAt, by }` (`by: "release"` for a release) or
 * `viewing_confirmed` `{ viewingId, startsAt }` on its activity, by the agent who did it (null:
 * the tenant, the system, or the property's deletion). A moved viewing moves the availability
 * that named its time; a cancelled or released one no longer leaves the lead "Viewing booked":
 * the lead goes back to where it was before the booking, unless a person has moved it since.
 */
export function subscribeViewingActivity(ctx: AppContext): void {
  ctx.events.on('viewing.moved', (event) => recordViewingChange(ctx, 'viewing_moved', event));
  ctx.events.on('viewing.cancelled', (event) => recordViewingChange(ctx, 'viewing_cancelled', event));
  ctx.events.on('viewing.confirmed', (event) => recordViewingChange(ctx, 'viewing_confirmed', event));
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
