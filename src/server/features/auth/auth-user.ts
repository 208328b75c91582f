import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import { toCompanyDto } from '#server/features/companies/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { findMembership } from '#server/lib/session.ts';
import type { AuthUser } from '#shared/schemas/auth.ts';

/** The user as GET /api/auth/user answers it: with its company, or `company: null`. */
export async function loadAuthUser(ctx: AppContext, userId: string): Promise<AuthUser | null> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const membership = await findMembership(ctx.db, user.id);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    company: membership ? toCompanyDto(membership.company) : null,
    role: membership?.role ?? null,
  };
}
