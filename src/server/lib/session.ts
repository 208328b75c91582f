import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Company, companies } from '#server/db/schema.ts';
import { getSessionUser, type SessionUser } from './auth.ts';
import type { AppContext } from './context.ts';
import { AppError, notFound, unauthorized } from './errors.ts';

/** The signed-in user, or a 401. */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<SessionUser> {
  const user = await getSessionUser(ctx.auth, request);
  if (!user) throw unauthorized();
  return user;
}

/** The signed-in user's own company, or a 401 (signed out) / 404 (no company). */
export async function requireOwnCompany(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ user: SessionUser; company: Company }> {
  const user = await requireUser(ctx, request);
  const [company] = await ctx.db.select().from(companies).where(eq(companies.ownerId, user.id)).limit(1);
  if (!company) throw new AppError('NOT_FOUND', 'No company is registered for this account');
  return { user, company };
}

/**
 * The company with this id if the signed-in user owns it. Another company's id answers 404,
 * exactly as if it did not exist.
 */
export async function requireCompanyById(
  ctx: AppContext,
  request: FastifyRequest,
  companyId: string,
): Promise<{ user: SessionUser; company: Company }> {
  const user = await requireUser(ctx, request);
  if (!isUuid(companyId)) throw notFound('Company not found');
  const [company] = await ctx.db
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.ownerId, user.id)))
    .limit(1);
  if (!company) throw notFound('Company not found');
  return { user, company };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
