import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Company, companies, companyMembers } from '#server/db/schema.ts';
import { AREA_DENIED_MESSAGES, canAccess, type TeamArea, type TeamRole } from '#shared/schemas/team.ts';
import { getSessionUser, type SessionUser } from './auth.ts';
import type { AppContext } from './context.ts';
import { AppError, notFound, unauthorized } from './errors.ts';

/** A signed-in user with the company they work for and their role in it. */
export type Membership = { user: SessionUser; company: Company; role: TeamRole };

/** The signed-in user, or a 401. */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<SessionUser> {
  const user = await getSessionUser(ctx.auth, request);
  if (!user) throw unauthorized();
  return user;
}

/** The company a user works for and their role, if any. */
export async function findMembership(
  db: AppContext['db'],
  userId: string,
): Promise<{ company: Company; role: TeamRole } | undefined> {
  const [row] = await db
    .select({ company: companies, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  return row;
}

/** 403 with the reason when the role may not use the area (docs/team.md). */
export function assertArea(role: TeamRole, area: TeamArea): void {
  if (!canAccess(role, area)) throw new AppError('FORBIDDEN', AREA_DENIED_MESSAGES[area]);
}

/**
 * The signed-in user's own company, found from the session, or a 401 (signed out) / 404 (no
 * company); a 403 when their role may not use `area`.
 */
export async function requireOwnCompany(
  ctx: AppContext,
  request: FastifyRequest,
  area: TeamArea = 'leads',
): Promise<Membership> {
  const user = await requireUser(ctx, request);
  const membership = await findMembership(ctx.db, user.id);
  if (!membership) throw new AppError('NOT_FOUND', 'No company is registered for this account');
  assertArea(membership.role, area);
  return { user, ...membership };
}

/**
 * The company with this id if the signed-in user works for it, and their role. Another company's
 * id answers 404, exactly as if it did not exist; a role that may not use `area` answers 403.
 */
export async function requireCompanyById(
  ctx: AppContext,
  request: FastifyRequest,
  companyId: string,
  area: TeamArea = 'leads',
): Promise<Membership> {
  const user = await requireUser(ctx, request);
  if (!isUuid(companyId)) throw notFound('Company not found');
  const [row] = await ctx.db
    .select({ company: companies, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, user.id)))
    .limit(1);
  if (!row) throw notFound('Company not found');
  assertArea(row.role, area);
  return { user, company: row.company, role: row.role };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
