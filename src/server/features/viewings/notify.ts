import { and, eq, isNull, sql } from 'drizzle-orm';
import { leads, type Viewing, viewings } from '#server/db/schema.ts';
import { emitWebhookEvent } from '#server/features/integrations/webhook-delivery.ts';
import {
  moveLeadAvailability,
  recordLeadActivity,
  revertLeadStatusAfterViewing,
} from '#server/features/leads/activity.ts';
import { assigneeEmailsByProperty } from '#server/features/team/members.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import type { Email } from '#server/lib/mail.ts';
import { longSlotLabel } from '#shared/viewing-slots.ts';
import { findAgency, viewingEmails } from './emails.ts';

export const VIEWING_REMINDER_JOB = 'viewings.reminder';
const DAY_MS = 86_400_000;

export type ViewingChange =
  | { kind: 'booked' }
  /** Booked before the tenant gave an email: the confirmation now that there is one. */
  | { kind: 'contact-added' }
  /** `actorUserId`: the agent who moved or cancelled it (none for the tenant or the system). */
  | { kind: 'rescheduled'; by: 'tenant' | 'agent'; previous: Date; actorUserId?: string }
  | { kind: 'cancelled'; by: 'tenant' | 'agent' | 'property'; actorUserId?: string };

/**
 * What follows a change of a viewing, after its write has committed: the company's webhook event,
 * the lead's activity (a move or a cancellation), the tenant's email with the invitation, the
 * agent's notice, and the reminder for the (new) time. A failing email never undoes the viewing;
 * `sendEmail` queues it for retry when the mail server is down.
 */
export async function notifyViewing(ctx: AppContext, viewing: Viewing, change: ViewingChange): Promise<void> {
  const leadId = change.kind === 'contact-added' ? null : await findViewingLead(ctx, viewing);
  if (change.kind !== 'contact-added') await emitViewingEvent(ctx, viewing, change.kind, leadId);
  if (leadId && (change.kind === 'rescheduled' || change.kind === 'cancelled')) {
    await recordViewingChange(ctx, viewing, leadId, change);
  }
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
    } else {
      emails.push(viewingEmails.cancelled(ctx, viewing, agency, change.by));
      if (change.by === 'tenant') emails.push(viewingEmails.toAgent(ctx, viewing, agent, 'cancelled'));
    }
    for (const email of emails) if (email) await ctx.sendEmail(email);
    if (change.kind === 'booked' || change.kind === 'rescheduled') await scheduleReminder(ctx, viewing);
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
  kind: 'booked' | 'rescheduled' | 'cancelled',
  leadId: string | null,
): Promise<void> {
  try {
    await emitWebhookEvent(ctx, viewing.companyId, `viewing.${kind}`, {
      id: viewing.id,
      status: viewing.status,
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
 * `viewing_moved` `{ viewingId, from, startsAt, by }` or `viewing_cancelled` `{ viewingId,
 * startsAt, by }` on the lead, by the agent who did it (null: the tenant, or the property's
 * deletion). A moved viewing moves the availability that named its time; a cancelled one no
 * longer leaves the lead "Viewing booked": the lead goes back to where it was before the booking,
 * unless a person has moved it since.
 */
async function recordViewingChange(
  ctx: AppContext,
  viewing: Viewing,
  leadId: string,
  change: Extract<ViewingChange, { kind: 'rescheduled' | 'cancelled' }>,
): Promise<void> {
  try {
    await recordLeadActivity(ctx.db, {
      leadId,
      companyId: viewing.companyId,
      actorUserId: change.actorUserId ?? null,
      kind: change.kind === 'rescheduled' ? 'viewing_moved' : 'viewing_cancelled',
      detail: {
        viewingId: viewing.id,
        ...(change.kind === 'rescheduled' ? { from: change.previous.toISOString() } : {}),
        startsAt: viewing.startsAt.toISOString(),
        by: change.by,
      },
    });
    if (change.kind === 'cancelled') await revertLeadStatusAfterViewing(ctx.db, leadId);
    else {
      await moveLeadAvailability(ctx.db, leadId, {
        from: longSlotLabel(change.previous),
        to: longSlotLabel(viewing.startsAt),
      });
    }
  } catch (error) {
    ctx.log.error({ err: error, viewingId: viewing.id }, 'Viewing change not recorded on the lead');
  }
}

/**
 * Queues the reminder for 24 hours before the viewing, unless it was booked (or moved) less than
 * 24 hours ahead. The job names the viewing's SEQUENCE: after a move or a cancellation the old
 * job finds a different sequence (or no live viewing) and sends nothing.
 */
export async function scheduleReminder(ctx: AppContext, viewing: Viewing): Promise<void> {
  const dueAt = viewing.startsAt.getTime() - DAY_MS;
  const untilDue = dueAt - now().getTime();
  if (untilDue < 0) return;
  await ctx.jobs.send(
    VIEWING_REMINDER_JOB,
    { viewingId: viewing.id, sequence: viewing.sequence },
    {
      startAfterSeconds: Math.max(1, Math.ceil(untilDue / 1000)),
      singletonKey: `${viewing.id}:${viewing.sequence}`,
    },
  );
}

/**
 * The reminder job. Exactly one run sends it: the conditional UPDATE claims the reminder for the
 * viewing's current time, so a retried or duplicated job (or another instance) finds it claimed.
 */
export async function sendViewingReminder(
  ctx: AppContext,
  input: { viewingId: string; sequence: number },
): Promise<boolean> {
  const [viewing] = await ctx.db
    .update(viewings)
    .set({ reminderSentAt: now() })
    .where(
      and(
        eq(viewings.id, input.viewingId),
        eq(viewings.sequence, input.sequence),
        eq(viewings.status, 'booked'),
        isNull(viewings.reminderSentAt),
        sql`${viewings.startsAt} > ${now().toISOString()}`,
      ),
    )
    .returning();
  if (!viewing) return false;
  const agency = await findAgency(ctx, viewing.companyId);
  const email = agency ? viewingEmails.reminder(ctx, viewing, agency) : null;
  if (email) await ctx.sendEmail(email);
  return true;
}
