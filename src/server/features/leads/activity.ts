import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { leadActivity, leads, users } from '#server/db/schema.ts';
import {
  LEAD_STATUSES,
  type LeadActivityDto,
  type LeadActivityKind,
  type LeadStatus,
} from '#shared/schemas/leads.ts';
import { statusesMovableTo } from './status-rules.ts';

const isLeadStatus = (value: string): value is LeadStatus => LEAD_STATUSES.includes(value as LeadStatus);

/** The database or a transaction already under way: other features record inside their own. */
type Writer = Db | Tx;

/**
 * Records one thing that happened to a lead (a viewing booked, an email sent, an assignment).
 * `actorUserId` is the person who did it, or null for the system.
 */
export async function recordLeadActivity(
  db: Writer,
  input: {
    leadId: string;
    companyId: string;
    actorUserId: string | null;
    kind: LeadActivityKind;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(leadActivity).values({ ...input, detail: input.detail ?? {} });
}

/**
 * Moves a lead along when a viewing is booked or attended, and records it as the system's
 * status change. Only forwards: a lead already at or past the status, or applied, let or lost,
 * is left as it is (status-rules.ts). One statement: the lead's row lock orders it with a
 * person's change made at the same moment. True when the lead moved.
 */
export async function setLeadStatusFromViewing(
  db: Writer,
  leadId: string,
  status: 'viewing_booked' | 'viewed',
): Promise<boolean> {
  const from = statusesMovableTo(status);
  const result = await db.execute<{ lead_id: string }>(sql`
    with before as (
      select id, status from ${leads} where id = ${leadId} for update
    ), moved as (
      update ${leads} set status = ${status}, lost_reason = null, updated_at = now()
      from before
      where ${leads.id} = before.id and before.status in (${sql.join(
        from.map((value) => sql`${value}`),
        sql`, `,
      )})
      returning ${leads.id} as id, ${leads.companyId} as company_id, before.status as from_status
    )
    insert into ${leadActivity} (lead_id, company_id, actor_user_id, kind, detail)
    select id, company_id, null, 'status_changed', jsonb_build_object('from', from_status, 'to', ${status}::text)
    from moved
    returning lead_id`);
  return result.rows.length > 0;
}

/**
 * The lead's viewing was cancelled: a lead that the system moved to `viewing_booked` (the booking
 * in the chat, or `setLeadStatusFromViewing`) goes back to the status it had before, `new` when it
 * was made booked. A lead a person moved since (to any status, `viewing_booked` included) is left
 * as they set it: they may have arranged a viewing another way. Recorded as the system's change.
 * Under the lead's row lock, as the forward move is. True when the lead moved.
 */
export async function revertLeadStatusAfterViewing(db: Db, leadId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ status: leads.status, companyId: leads.companyId })
      .from(leads)
      .where(eq(leads.id, leadId))
      .for('update');
    if (lead?.status !== 'viewing_booked') return false;
    const [change] = await tx
      .select({ actorUserId: leadActivity.actorUserId, detail: leadActivity.detail })
      .from(leadActivity)
      .where(and(eq(leadActivity.leadId, leadId), eq(leadActivity.kind, 'status_changed')))
      .orderBy(desc(leadActivity.at), desc(leadActivity.id))
      .limit(1);
    const previous = previousStatus(change);
    if (!previous) return false;
    await tx
      .update(leads)
      .set({ status: previous, lostReason: null, updatedAt: sql`now()` })
      .where(eq(leads.id, leadId));
    await tx.insert(leadActivity).values({
      leadId,
      companyId: lead.companyId,
      actorUserId: null,
      kind: 'status_changed',
      detail: { from: 'viewing_booked', to: previous },
    });
    return true;
  });
}

/**
 * The lead's viewing moved: an availability that named the booked time (the chat stores the time
 * booked as the tenant's availability) names the new time instead. Words the tenant typed
 * themselves are kept as they are.
 */
export async function moveLeadAvailability(
  db: Writer,
  leadId: string,
  times: { from: string; to: string },
): Promise<void> {
  await db
    .update(leads)
    .set({ availability: times.to, updatedAt: sql`now()` })
    .where(and(eq(leads.id, leadId), eq(leads.availability, times.from)));
}

/**
 * Where a booked lead goes back to, from its latest status change: none made (booked when the
 * chat ended) is `new`; the system's move to `viewing_booked` is its `from`; a person's change,
 * nothing.
 */
function previousStatus(
  change: { actorUserId: string | null; detail: Record<string, unknown> } | undefined,
): LeadStatus | null {
  if (!change) return 'new';
  if (change.actorUserId !== null || change.detail.to !== 'viewing_booked') return null;
  const from = change.detail.from;
  return typeof from === 'string' && from !== 'viewing_booked' && isLeadStatus(from) && from !== 'lost'
    ? from
    : null;
}

/**
 * A lead's activity (or the one entry `entryId`), newest first, with each person's name. The
 * first entry, `created` by the system, is not a row: it is the lead's own creation time, so
 * that ending a chat writes one row fewer. It comes last, after anything recorded at that time.
 */
export async function listLeadActivity(
  db: Writer,
  lead: { id: string; companyId: string; createdAt: Date },
  entryId?: string,
): Promise<LeadActivityDto[]> {
  const rows = await db
    .select({
      at: leadActivity.at,
      kind: leadActivity.kind,
      detail: leadActivity.detail,
      actorId: users.id,
      actorName: users.name,
    })
    .from(leadActivity)
    .leftJoin(users, eq(users.id, leadActivity.actorUserId))
    .where(
      and(
        eq(leadActivity.leadId, lead.id),
        eq(leadActivity.companyId, lead.companyId),
        entryId ? eq(leadActivity.id, entryId) : undefined,
      ),
    )
    .orderBy(desc(leadActivity.at), desc(leadActivity.id));
  const entries: LeadActivityDto[] = rows.map((row) => ({
    at: row.at.toISOString(),
    actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '' } : null,
    kind: row.kind,
    detail: row.detail,
  }));
  if (!entryId) entries.push({ at: lead.createdAt.toISOString(), actor: null, kind: 'created', detail: {} });
  return entries;
}
