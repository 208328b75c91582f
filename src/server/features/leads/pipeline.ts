import { and, eq, inArray } from 'drizzle-orm';
import { companyMembers, leadActivity, leads } from '#server/db/schema.ts';
import { assertAssignable } from '#server/features/team/index.ts';
import { findCompanyRow } from '#server/lib/company-row.ts';
import type { AppContext } from '#server/lib/context.ts';
import { badRequest, notFound } from '#server/lib/errors.ts';
import { isUuid } from '#server/lib/session.ts';
import type {
  BulkLeadStatusRequest,
  CreateLeadNoteRequest,
  LeadActivityDto,
  PatchLeadRequest,
  UpdateLeadRequest,
} from '#shared/schemas/leads.ts';
import { listLeadActivity } from './activity.ts';
import { findOwnLead } from './leads.ts';
import { applyStatusChange } from './status-rules.ts';

type Transaction = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/**
 * PATCH /api/leads/{id}: a person moves the lead along the pipeline (or changes why it was
 * lost), and/or gives it to a member. One transaction under the lead's row lock, so two people
 * changing it at once each see the other's change, and a change refused in part (a lost reason
 * for a lead that is not lost) changes nothing at all; a change that changes nothing records
 * nothing.
 */
export async function updateLead(
  ctx: AppContext,
  { userId, leadId, input }: { userId: string; leadId: string; input: PatchLeadRequest },
): Promise<void> {
  const lead = await findOwnLead(ctx, userId, leadId);
  const { assigneeId, ...pipeline } = input;
  const toName = assigneeId !== undefined ? await assertAssignable(ctx, lead.companyId, assigneeId) : null;
  const changed = await ctx.db.transaction(async (tx) => {
    const isMoved =
      pipeline.status !== undefined || pipeline.lostReason !== undefined
        ? await writeStatusChange(tx, { lead, actorUserId: userId, input: pipeline })
        : false;
    const isAssigned =
      assigneeId !== undefined
        ? await writeAssignment(tx, { lead, actorUserId: userId, assigneeId, toName })
        : false;
    return isMoved || isAssigned;
  });
  if (changed) await ctx.events.emit('lead.updated', { companyId: lead.companyId, leadIds: [lead.id] });
}

/** Gives the lead to a member of its company (or to nobody), recording `assigned`. */
async function writeAssignment(
  tx: Transaction,
  {
    lead,
    actorUserId,
    assigneeId,
    toName,
  }: {
    lead: { id: string; companyId: string };
    actorUserId: string;
    assigneeId: string | null;
    toName: string | null;
  },
): Promise<boolean> {
  const [current] = await tx
    .select({ assigneeId: leads.assigneeId })
    .from(leads)
    .where(eq(leads.id, lead.id))
    .for('update');
  if (!current) throw notFound('Lead not found');
  if (current.assigneeId === assigneeId) return false;
  await tx.update(leads).set({ assigneeId, updatedAt: new Date() }).where(eq(leads.id, lead.id));
  await tx.insert(leadActivity).values({
    leadId: lead.id,
    companyId: lead.companyId,
    actorUserId,
    kind: 'assigned',
    detail: { from: current.assigneeId, to: assigneeId, toName },
  });
  return true;
}

/**
 * PATCH /api/v1/leads/{id}: the same change made through the public API, for the key's company.
 * The activity records the system as its actor: a key is not a person.
 */
export async function updateCompanyLead(
  ctx: AppContext,
  { companyId, leadId, input }: { companyId: string; leadId: string; input: UpdateLeadRequest },
): Promise<void> {
  const lead = await findCompanyRow(ctx.db, leads, { companyId, id: leadId }, 'Lead not found');
  await changeLeadStatus(ctx, { lead, actorUserId: null, input });
}

async function changeLeadStatus(
  ctx: AppContext,
  {
    lead,
    actorUserId,
    input,
  }: { lead: { id: string; companyId: string }; actorUserId: string | null; input: UpdateLeadRequest },
): Promise<void> {
  const changed = await ctx.db.transaction((tx) => writeStatusChange(tx, { lead, actorUserId, input }));
  if (changed) await ctx.events.emit('lead.updated', { companyId: lead.companyId, leadIds: [lead.id] });
}

/** The status change under the lead's row lock, recording `status_changed`; false when nothing changes. */
async function writeStatusChange(
  tx: Transaction,
  {
    lead,
    actorUserId,
    input,
  }: { lead: { id: string; companyId: string }; actorUserId: string | null; input: UpdateLeadRequest },
): Promise<boolean> {
  const [current] = await tx
    .select({ status: leads.status, lostReason: leads.lostReason })
    .from(leads)
    .where(eq(leads.id, lead.id))
    .for('update');
  if (!current) throw notFound('Lead not found');
  const change = applyStatusChange(current, input);
  if ('error' in change) throw badRequest(change.error);
  const { next } = change;
  if (next.status === current.status && next.lostReason === current.lostReason) return false;
  await tx.update(leads).set(next).where(eq(leads.id, lead.id));
  await tx.insert(leadActivity).values({
    leadId: lead.id,
    companyId: lead.companyId,
    actorUserId,
    kind: 'status_changed',
    detail: statusDetail(current.status, next),
  });
  return true;
}

function statusDetail(from: string, next: { status: string; lostReason: string | null }) {
  return next.lostReason === null
    ? { from, to: next.status }
    : { from, to: next.status, lostReason: next.lostReason };
}

/**
 * POST /api/leads/bulk-status: the table's bulk change. All or nothing: every id must be one of
 * the user's company's leads (else 404, and nothing changes), and they change in one transaction.
 */
export async function bulkUpdateLeadStatus(
  ctx: AppContext,
  { userId, input }: { userId: string; input: BulkLeadStatusRequest },
): Promise<{ updated: number }> {
  const ids = [...new Set(input.ids)];
  if (!ids.every(isUuid)) throw notFound('Lead not found');
  const [company] = await ctx.db
    .select({ id: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  if (!company) throw notFound('Lead not found');
  const next = {
    status: input.status,
    lostReason: input.status === 'lost' ? (input.lostReason ?? null) : null,
  };
  const changed = await ctx.db.transaction(async (tx) => {
    const current = await tx
      .select({ id: leads.id, status: leads.status, lostReason: leads.lostReason })
      .from(leads)
      .where(and(eq(leads.companyId, company.id), inArray(leads.id, ids)))
      .orderBy(leads.id)
      .for('update');
    if (current.length !== ids.length) throw notFound('Lead not found');
    const changing = current.filter(
      (lead) => lead.status !== next.status || lead.lostReason !== next.lostReason,
    );
    if (changing.length === 0) return [];
    await tx
      .update(leads)
      .set(next)
      .where(
        and(
          eq(leads.companyId, company.id),
          inArray(
            leads.id,
            changing.map((lead) => lead.id),
          ),
        ),
      );
    await tx.insert(leadActivity).values(
      changing.map((lead) => ({
        leadId: lead.id,
        companyId: company.id,
        actorUserId: userId,
        kind: 'status_changed' as const,
        detail: statusDetail(lead.status, next),
      })),
    );
    return changing.map((lead) => lead.id);
  });
  if (changed.length > 0) await ctx.events.emit('lead.updated', { companyId: company.id, leadIds: changed });
  return { updated: changed.length };
}

/** POST /api/leads/{id}/notes: a note on the lead's activity, signed by its author. */
export async function addLeadNote(
  ctx: AppContext,
  { userId, leadId, input }: { userId: string; leadId: string; input: CreateLeadNoteRequest },
): Promise<LeadActivityDto> {
  const lead = await findOwnLead(ctx, userId, leadId);
  const [note] = await ctx.db
    .insert(leadActivity)
    .values({
      leadId: lead.id,
      companyId: lead.companyId,
      actorUserId: userId,
      kind: 'note',
      detail: { body: input.body },
    })
    .returning({ id: leadActivity.id });
  const [entry] = note ? await listLeadActivity(ctx.db, lead, note.id) : [];
  if (!entry) throw notFound('Lead not found');
  return entry;
}
