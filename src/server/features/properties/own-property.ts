import { and, eq } from 'drizzle-orm';
import { companies, companyMembers, properties } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { isUuid } from '#server/lib/session.ts';

/** The property if it belongs to the user's company; another company's property is a 404. */
export async function findOwnProperty(ctx: AppContext, userId: string, propertyId: string) {
  if (!isUuid(propertyId)) throw notFound('Property not found');
  const [row] = await ctx.db
    .select({ property: properties, company: companies })
    .from(properties)
    .innerJoin(companies, eq(companies.id, properties.companyId))
    .innerJoin(companyMembers, eq(companyMembers.companyId, properties.companyId))
    .where(and(eq(properties.id, propertyId), eq(companyMembers.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Property not found');
  return row;
}
