import { and, eq } from 'drizzle-orm';
import { leads, type Viewing } from '#server/db/schema.ts';
import { emitWebhookEvent } from '#server/features/integrations/webhook-delivery.ts';
import {
  moveLeadAvailability,
  recordLeadActivity,
  revertLeadStatusAfterViewing,
} from '#server/features/leads/activity.ts';
import { assigneeEmailsByProperty } from '#server/features/team/members.ts';
import type { AppContext } from '#server/lib/context.ts';
import type { Email } from '#server/lib/mail.ts';
import { longTimeLabel } from '#shared/viewing-times.ts';
import { findAgency, viewingEmails } from './emails.ts';

export type ViewingChange =
  | { kind: 'booked' }
  /** Booked before the tenant gave an email: the confirmation now that there is one. */
  | { kind: 'contact-added' }
  /** `actorUserId`: the agent who moved or cancelled it (none for the tenant or the system). */
  | { kind: 'rescheduled'; by: 'tenant' | 'agent'; previous: Date; actorUserId?: string }
  | { kind: 'cancelled'; by: 'tenant' | 'agent' | 'property'; actorUserId?: string }
  /** Not confirmed by the company's release hour: the tenant's notice is a scheduled message. */
  | { kind: 'released' }
  /** The tenant confirmed: in their thread, or with the button of the email or manage page. */
  | { kind: 'confirmed' };

/**
 * What follows a change of a viewing, after its write has committed: the company's webhook event,
 * the lead's activity (a move or a cancellation), the tenant's email with the invitation, the
 * agent's notice, and the reminder for the (new) time. A failing email never undoes the viewing;
 * `sendEmail` queues it for retry when the mail server is down.
 */
export async function notifyViewing(ctx: AppContext, viewing: Viewing, change: ViewingChange): Promise<void> {
  const leadId = change.kind === 'contact-added' ? null : await findViewingLead(ctx, viewing);
  if (change.kind !== 'contact-added') {
    const event = change.kind === 'released' ? 'cancelled' : change.kind;
    await emitViewingEvent(ctx, viewing, event, leadId);
  }
  if (leadId && change.kind !== 'booked' && change.kind !== 'contact-added') {
    await recordViewingChange(ctx, viewing, leadId, change);
  }
  if (change.kind === 'confirmed') return;
  try {
    const found = await findAgency(ctx, viewing.companyId);
    if (!found) return;
    // The agent's notices go to the member looking after the listing, else the company address.
    const assignees = await assigneeEmailsByProperty(ctx, [viewing.propertyId]);
    const assignee = viewing.propertyId ? assignees.get(viewing.propertyId) : undefined;
    const agency = found;
    const agent = assignee ? { ...found, to: assignee } : found;
    const emails: (Email | null)[] = [];
    if (change.kind === 'booked') {
      emails.push(viewingEmails.confirmation(ctx, viewing, agency));
      emails.push(viewingEmails.toAgent(ctx, viewing, agent, 'booked'));
    } else if (change.kind === 'contact-added') {
      emails.push(viewingEmails.confirmation(ctx, viewing, agency));
    } else if (change.kind === 'rescheduled') {
      emails.push(viewingEmails.rescheduled(ctx, viewing, agency));
      if (change.by === 'tenant') {
        emails.push(viewingEmails.toAgent(ctx, viewing, agent, 'rescheduled', change.previous));
      }
    } else if (change.kind === 'released') {
      emails.push(viewingEmails.toAgent(ctx, viewing, agent, 'released'));
    } else {
      emails.push(viewingEmails.cancelled(ctx, viewing, agency, change.by));
      if (change.by === 'tenant') emails.push(viewingEmails.toAgent(ctx, viewing, agent, 'cancelled'));
    }
    for (const email of emails) if (email) await ctx.sendEmail(email);
  } catch (error) {
    ctx.log.error({ err: error, viewingId: viewing.id }, 'Viewing emails not sent');
  }
}

/**
 * `viewing.booked`, `.rescheduled` or `.cancelled`: the viewing's times, status, property and the
 * lead of the same chat (null until the chat ends). No tenant details: they are the lead's.
 */
async function emitViewingEvent(
  ctx: AppContext,
  viewing: Viewing,
  kind: 'booked' | 'rescheduled' | 'cancelled' | 'confirmed',
  leadId: string | null,
): Promise<void> {
  try {
    await emitWebhookEvent(ctx, viewing.companyId, `viewing.${kind}`, {
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
  } catch (error) {
    ctx.log.error({ err: error, viewingId: viewing.id }, 'Viewing webhook event not queued');
  }
}

/** The lead of the viewing's chat: none until the chat ends (or for a chat that made none). */
async function findViewingLead(ctx: AppContext, viewing: Viewing): Promise<string | null> {
  if (!viewing.conversationId) return null;
  try {
    const [lead] = await ctx.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.conversationId, viewing.conversationId), eq(leads.companyId, viewing.companyId)))
      .limit(1);
    return lead?.id ?? null;
  } catch (error) {
    ctx.log.error({ err: error, viewingId: viewing.id }, 'Viewing lead not read');
    return null;
  }
}

/**
 * `viewing_moved` `{ viewingId, from, startsAt, by }`, `viewing_cancelled` `{ viewingId, startsAt,
 * by }` (`by: "release"` for a release) or `viewing_confirmed` `{ viewingId, startsAt }` on the
 * lead, by the agent who did it (null: the tenant, the system, or the property's deletion). A moved
 * viewing moves the availability that named its time; a cancelled or released one no longer leaves
 * the lead "Viewing booked": the lead goes back to where it was before the booking, unless a
 * person has moved it since.
 */
async function recordViewingChange(
  ctx: AppContext,
  viewing: Viewing,
  leadId: string,
  change: Extract<ViewingChange, { kind: 'rescheduled' | 'cancelled' | 'released' | 'confirmed' }>,
): Promise<void> {
  const kind =
    change.kind === 'rescheduled'
      ? 'viewing_moved'
      : change.kind === 'confirmed'
        ? 'viewing_confirmed'
        : 'viewing_cancelled';
  try {
    await recordLeadActivity(ctx.db, {
      leadId,
      companyId: viewing.companyId,
      actorUserId: 'actorUserId' in change ? (change.actorUserId ?? null) : null,
      kind,
      detail: {
        viewingId: viewing.id,
        ...(change.kind === 'rescheduled' ? { from: change.previous.toISOString() } : {}),
        startsAt: viewing.startsAt.toISOString(),
        ...('by' in change ? { by: change.by } : change.kind === 'released' ? { by: 'release' } : {}),
      },
    });
    if (change.kind === 'cancelled' || change.kind === 'released') {
      await revertLeadStatusAfterViewing(ctx.db, leadId);
    } else if (change.kind === 'rescheduled') {
      await moveLeadAvailability(ctx.db, leadId, {
        from: longTimeLabel(change.previous),
        to: longTimeLabel(viewing.startsAt),
      });
    }
  } catch (error) {
    ctx.log.error({ err: error, viewingId: viewing.id }, 'Viewing change not recorded on the lead');
  }
}
