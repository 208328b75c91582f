import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import { type Lead, leads } from '#server/db/schema.ts';
import { latestViewingColumns, toLeadFields, toLeadViewing } from '#server/features/leads/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { isUuid } from '#server/lib/session.ts';
import type { ApiLeadDto, ApiLeadListDto, ApiLeadListQuery } from '#shared/schemas/public-api.ts';
import type { ViewingStatus } from '#shared/schemas/viewings.ts';
import { afterCursor, cursorColumns, pageWithCursor } from './cursor.ts';

type ApiLeadRow = { lead: Lead; viewingAt: Date | null; viewingStatus: ViewingStatus | null };

/** A lead as the public API and the lead webhooks carry it: the dashboard's lead, its change time and score. */
function toApiLead({ lead, ...viewing }: ApiLeadRow): ApiLeadDto {
  return {
    ...toLeadFields(lead, toLeadViewing(viewing)),
    updatedAt: lead.updatedAt.toISOString(),
    score: lead.score,
  };
}

/** GET /api/v1/leads: the company's leads, oldest change first, a page at a time. */
export async function listApiLeads(
  ctx: AppContext,
  { companyId, query }: { companyId: string; query: ApiLeadListQuery },
): Promise<ApiLeadListDto> {
  const conditions: SQL[] = [eq(leads.companyId, companyId)];
  if (query.updatedSince) conditions.push(gte(leads.updatedAt, new Date(query.updatedSince)));
  if (query.propertyId) conditions.push(eq(leads.propertyId, query.propertyId));
  if (query.status) conditions.push(eq(leads.status, query.status));
  if (query.cursor) conditions.push(afterCursor(query.cursor, leads.updatedAt, leads.id));
  const rows = await ctx.db
    .select({ lead: leads, ...latestViewingColumns, cursor: cursorColumns(leads.updatedAt, leads.id) })
    .from(leads)
    .where(and(...conditions))
    .orderBy(asc(leads.updatedAt), asc(leads.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = pageWithCursor(rows, query.limit);
  return { data: page.map(toApiLead), nextCursor };
}

/** GET /api/v1/leads/{id}: another company's lead is a 404, as if it did not exist. */
export async function getApiLead(
  ctx: AppContext,
  { companyId, leadId }: { companyId: string; leadId: string },
): Promise<ApiLeadDto> {
  const lead = isUuid(leadId) ? await findApiLead(ctx, companyId, leadId) : null;
  if (!lead) throw notFound('Lead not found');
  return lead;
}

/** The lead for a webhook event, or null when it has been deleted since. */
export async function findApiLead(
  ctx: AppContext,
  companyId: string,
  leadId: string,
): Promise<ApiLeadDto | null> {
  const [row] = await ctx.db
    .select({ lead: leads, ...latestViewingColumns })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId)))
    .limit(1);
  return row ? toApiLead(row) : null;
}
