import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { leadActivity, leads, users } from '#server/db/schema.ts';
import type { LeadActivityDto, LeadActivityKind } from '#shared/schemas/leads.ts';
import { statusesMovableTo } from './status-rules.ts';

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
