import { desc, eq, sql } from 'drizzle-orm';
import { auditEvents, leads } from '#server/db/schema.ts';
import type { SessionUser } from '#server/lib/auth.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditResponse } from '#shared/schemas/team.ts';

type Db = AppContext['db'];
/** A transaction accepts the same statements as the database. */
type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who did it, as the log shows them even after they leave: a user, or null for the system. */
export type AuditActor = Pick<SessionUser, 'id' | 'email' | 'firstName' | 'lastName'> | null;

export function actorLabel(actor: NonNullable<AuditActor>): string {
  const name = [actor.firstName, actor.lastName].filter(Boolean).join(' ');
  return name ? `${name} (${actor.email})` : actor.email;
}

/** Writes one audit event (docs/team.md); inside the caller's transaction when it passes one. */
export async function recordAudit(
  db: Executor,
  event: {
    companyId: string;
    actor: AuditActor;
    action: AuditAction;
    subjectId?: string | null;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditEvents).values({
    companyId: event.companyId,
    actorUserId: event.actor?.id ?? null,
    actorLabel: event.actor ? actorLabel(event.actor) : null,
    action: event.action,
    subjectId: event.subjectId ?? null,
    detail: event.detail ?? {},
  });
}

/** GET /api/companies/{id}/audit: newest first, a page at a time. */
export async function listAudit(
  ctx: AppContext,
  { companyId, page }: { companyId: string; page: number },
): Promise<AuditResponse> {
  const rows = await ctx.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.companyId, companyId))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return {
    events: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actorLabel,
      action: row.action,
      subjectId: row.subjectId,
      detail: row.detail,
    })),
    page,
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  };
}

/**
 * "Opened a lead", once per person per lead per London day: the log answers who has looked at a
 * tenant's details and when, and a negotiator opening the same lead twenty times while working it
 * says nothing more than the first time did (docs/team.md). The check and the insert run under an
 * advisory lock on (person, lead), so two tabs opening it at the same moment still write one event.
 */
export async function recordLeadOpened(
  ctx: AppContext,
  { actor, leadId }: { actor: NonNullable<AuditActor>; leadId: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`lead_opened:${actor.id}:${leadId}`}, 0))`,
    );
    await tx.execute(sql`
      insert into ${auditEvents} (company_id, actor_user_id, actor_label, action, subject_id)
      select ${leads.companyId}, ${actor.id}, ${actorLabel(actor)}, 'lead_opened', ${leadId}
        from ${leads}
       where ${leads.id} = ${leadId}
         and not exists (
           select 1 from ${auditEvents} opened
            where opened.company_id = ${leads.companyId}
              and opened.action = 'lead_opened'
              and opened.actor_user_id = ${actor.id}
              and opened.subject_id = ${leadId}
              and opened.at >= date_trunc('day', now(), 'Europe/London'))`);
  });
}
