import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { leads, viewings } from '#server/db/schema.ts';
import { toAgentViewing } from '#server/features/viewings/index.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { badRequest } from '#server/lib/errors.ts';
import type { ApiViewingListDto, ApiViewingListQuery } from '#shared/schemas/public-api.ts';
import { afterCursor, cursorColumns, pageWithCursor } from './cursor.ts';

/**
 * GET /api/v1/viewings: the company's viewings by start, soonest first, from `from` (default now)
 * to before `to`, a page at a time. Every status, so that a cancellation shows as one.
 */
export async function listApiViewings(
  ctx: AppContext,
  { companyId, query }: { companyId: string; query: ApiViewingListQuery },
): Promise<ApiViewingListDto> {
  const from = query.from ? new Date(query.from) : now();
  const conditions: SQL[] = [eq(viewings.companyId, companyId), gte(viewings.startsAt, from)];
  if (query.to) {
    const to = new Date(query.to);
    if (to <= from) throw badRequest('to must be after from', { errors: { to: 'to must be after from' } });
    conditions.push(lt(viewings.startsAt, to));
  }
  if (query.cursor) conditions.push(afterCursor(query.cursor, viewings.startsAt, viewings.id));
  const rows = await ctx.db
    .select({
      viewing: viewings,
      leadId: leads.id,
      score: leads.score,
      cursor: cursorColumns(viewings.startsAt, viewings.id),
    })
    .from(viewings)
    .leftJoin(
      leads,
      and(eq(leads.conversationId, viewings.conversationId), eq(leads.companyId, viewings.companyId)),
    )
    .where(and(...conditions))
    .orderBy(asc(viewings.startsAt), asc(viewings.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = pageWithCursor(rows, query.limit);
  return {
    data: page.map((row) => {
      const { propertySlug: _slug, ...viewing } = toAgentViewing(row.viewing, row.leadId, row.score, null);
      return viewing;
    }),
    nextCursor,
  };
}
