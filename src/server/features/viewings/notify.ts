import { and, eq } from 'drizzle-orm';
import { leads, type Viewing } from '#server/db/schema.ts';
import { assigneeEmailsByProperty } from '#server/features/team/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import type { Email } from '#server/lib/mail.ts';
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
 * What follows a change of a viewing, after its write has committed: the change is announced
 * (`viewing.booked|moved|cancelled|confirmed`: the company's webhook event and the lead's activity
 * subscribe), then the tenant's email with the invitation and the agent's notice are sent. A failing email never undoes the viewing;
 * `sendEmail` queues it for retry when the mail server is down.
 */
export async function notifyViewing(ctx: AppContext, viewing: Viewing, change: ViewingChange): Promise<void> {
  if (change.kind !== 'contact-added') await announceViewingChange(ctx, viewing, change);
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

/** The change as the other features hear it, with the lead of the viewing's chat. */
async function announceViewingChange(
  ctx: AppContext,
  viewing: Viewing,
  change: Exclude<ViewingChange, { kind: 'contact-added' }>,
): Promise<void> {
  const leadId = await findViewingLead(ctx, viewing);
  const actorUserId = 'actorUserId' in change ? (change.actorUserId ?? null) : null;
  if (change.kind === 'booked' || change.kind === 'confirmed') {
    await ctx.events.emit(`viewing.${change.kind}`, { viewing, leadId });
  } else if (change.kind === 'rescheduled') {
    await ctx.events.emit('viewing.moved', {
      viewing,
      leadId,
      by: change.by,
      actorUserId,
      previousStartsAt: change.previous,
    });
  } else {
    const by = change.kind === 'released' ? 'release' : change.by;
    await ctx.events.emit('viewing.cancelled', { viewing, leadId, by, actorUserId });
  }
}
