import { desc, eq } from 'drizzle-orm';
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

/** An audit event about a lead the actor may see (its company is read from the lead). */
export async function auditLead(
  ctx: AppContext,
  { actor, leadId, action }: { actor: NonNullable<AuditActor>; leadId: string; action: AuditAction },
): Promise<void> {
  const [lead] = await ctx.db
    .select({ companyId: leads.companyId })
    .from(leads)
    .where(eq(leads.id, leadId))
    .limit(1);
  if (lead) await recordAudit(ctx.db, { companyId: lead.companyId, actor, action, subjectId: leadId });
}
