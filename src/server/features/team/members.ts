import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { type Company, companies, companyMembers, leads, properties, users } from '#server/db/schema.ts';
import type { SessionUser } from '#server/lib/auth.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError, badRequest, notFound } from '#server/lib/errors.ts';
import type { Assignee, AuditAction, ChangeMemberBody, Member, TeamRole } from '#shared/schemas/team.ts';
import { recordAudit } from './audit.ts';

type Actor = { user: SessionUser; company: Company; role: TeamRole };

/** The one row of `company_members` for a user in a company. */
function membership(companyId: string, userId: string) {
  return and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId));
}

/** An actor's change to one member, in the audit log (inside the change's transaction). */
function auditMemberChange(
  tx: Tx,
  actor: Actor,
  action: AuditAction,
  userId: string,
  detail: Record<string, unknown>,
): Promise<void> {
  return recordAudit(tx, {
    companyId: actor.company.id,
    actor: actor.user,
    action,
    subjectId: userId,
    detail,
  });
}

const memberColumns = {
  userId: companyMembers.userId,
  role: companyMembers.role,
  joinedAt: companyMembers.createdAt,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  name: users.name,
};

type MemberRow = {
  userId: string;
  role: TeamRole;
  joinedAt: Date;
  email: string;
  firstName: string | null;
  lastName: string | null;
};

function toMember(row: MemberRow): Member {
  return {
    userId: row.userId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
  };
}

function membersOf(ctx: AppContext, companyId: string, userId?: string) {
  return ctx.db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(userId === undefined ? eq(companyMembers.companyId, companyId) : membership(companyId, userId));
}

/** GET /api/companies/{id}/members: the owner first, then by when they joined. */
export async function listMembers(ctx: AppContext, companyId: string): Promise<Member[]> {
  const rows = await membersOf(ctx, companyId).orderBy(
    sql`${companyMembers.role} <> 'owner'`,
    asc(companyMembers.createdAt),
  );
  return rows.map(toMember);
}

/** GET /api/companies/{id}/assignees: who a lead or listing can be given to, by name. */
export async function listAssignees(ctx: AppContext, companyId: string): Promise<Assignee[]> {
  const rows = await membersOf(ctx, companyId).orderBy(asc(users.name));
  return rows.map((row) => ({ userId: row.userId, name: assigneeName(row) }));
}

/** The member with this user id, or a 404 (another company's user is not found either). */
export async function findMember(ctx: AppContext, companyId: string, userId: string): Promise<MemberRow> {
  const [row] = await membersOf(ctx, companyId, userId);
  if (!row) throw notFound('Member not found');
  return row;
}

const OWNER_FIXED = "The owner's role changes only when they hand over ownership.";

/** PATCH /api/companies/{id}/members/{userId}: admin ⇄ negotiator. */
export async function changeMemberRole(
  ctx: AppContext,
  { actor, userId, input }: { actor: Actor; userId: string; input: ChangeMemberBody },
): Promise<Member> {
  const member = await findMember(ctx, actor.company.id, userId);
  if (member.role === 'owner') throw new AppError('FORBIDDEN', OWNER_FIXED);
  if (member.role === input.role) return toMember(member);
  await ctx.db.transaction(async (tx) => {
    await tx.update(companyMembers).set({ role: input.role }).where(membership(actor.company.id, userId));
    await auditMemberChange(tx, actor, 'role_changed', userId, {
      email: member.email,
      from: member.role,
      to: input.role,
    });
  });
  return toMember({ ...member, role: input.role });
}

/**
 * DELETE /api/companies/{id}/members/{userId}: they lose access at their next request (every
 * route reads the membership); their leads and listings go back to nobody.
 */
export async function removeMember(
  ctx: AppContext,
  { actor, userId }: { actor: Actor; userId: string },
): Promise<void> {
  const member = await findMember(ctx, actor.company.id, userId);
  if (member.role === 'owner') {
    throw new AppError('FORBIDDEN', 'The owner cannot be removed. Hand over ownership first.');
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(companyMembers).where(membership(actor.company.id, userId));
    await tx
      .update(leads)
      .set({ assigneeId: null })
      .where(and(eq(leads.companyId, actor.company.id), eq(leads.assigneeId, userId)));
    await tx
      .update(properties)
      .set({ assigneeId: null })
      .where(and(eq(properties.companyId, actor.company.id), eq(properties.assigneeId, userId)));
    await auditMemberChange(tx, actor, 'member_removed', userId, { email: member.email, role: member.role });
  });
}

/**
 * POST /api/companies/{id}/ownership: the owner hands the company to one of its admins and
 * becomes an admin. One transaction: there is never a moment with no owner or two.
 */
export async function transferOwnership(
  ctx: AppContext,
  { actor, userId }: { actor: Actor; userId: string },
): Promise<Member[]> {
  if (userId === actor.user.id) throw badRequest('You already own this company.');
  const member = await findMember(ctx, actor.company.id, userId);
  if (member.role !== 'admin') {
    throw badRequest('Ownership can be handed only to an admin. Make them an admin first.');
  }
  await ctx.db.transaction(async (tx) => {
    // The old owner steps down first: the one-owner index would refuse the other order.
    await tx.update(companyMembers).set({ role: 'admin' }).where(membership(actor.company.id, actor.user.id));
    await tx.update(companyMembers).set({ role: 'owner' }).where(membership(actor.company.id, userId));
    await tx.update(companies).set({ ownerId: userId }).where(eq(companies.id, actor.company.id));
    await auditMemberChange(tx, actor, 'ownership_transferred', userId, { email: member.email });
  });
  return listMembers(ctx, actor.company.id);
}

/**
 * Whether a user id names a member of the company (an assignee must be one). Answers the member's
 * name as the assignees list shows it (null for nobody), for the lead's activity.
 */
export async function assertAssignable(
  ctx: AppContext,
  companyId: string,
  userId: string | null,
): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await membersOf(ctx, companyId, userId).limit(1);
  if (!row) {
    throw badRequest('The assignee must be a member of your team.', {
      errors: { assigneeId: 'The assignee must be a member of your team.' },
    });
  }
  return assigneeName(row);
}

const assigneeName = (row: { name: string; email: string }) => row.name || row.email;

/**
 * Where a listing's agent notices go: the email of the member looking after it, or null (then
 * the company address). Keyed by property id for the lead digest, which covers many listings.
 */
export async function assigneeEmailsByProperty(
  ctx: AppContext,
  propertyIds: readonly (string | null)[],
): Promise<Map<string, string>> {
  const ids = [...new Set(propertyIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ propertyId: properties.id, email: users.email })
    .from(properties)
    .innerJoin(
      companyMembers,
      and(
        eq(companyMembers.userId, properties.assigneeId),
        eq(companyMembers.companyId, properties.companyId),
      ),
    )
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(inArray(properties.id, ids));
  return new Map(rows.map((row) => [row.propertyId, row.email]));
}
