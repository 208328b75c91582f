import { and, asc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { type Lead, leads } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { badRequest, notFound } from '#server/lib/errors.ts';
import { isUuid } from '#server/lib/session.ts';
import type { ApiLeadDto, ApiLeadListDto, ApiLeadListQuery } from '#shared/schemas/public-api.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

/** A lead as the public API and the lead webhooks carry it. */
export function toApiLead(row: Lead): ApiLeadDto {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    propertyLocation: row.propertyLocation,
    rentalPrice: row.rentalPrice,
    numberOfBeds: row.numberOfBeds,
    name: row.name,
    email: row.email,
    contactNumber: row.contactNumber,
    income: row.income,
    profession: row.profession,
    numberOfPeople: row.numberOfPeople,
    moveInDate: row.moveInDate,
    availability: row.availability,
    rating: row.rating,
    status: row.status,
    lostReason: row.lostReason,
    score: row.score,
    source: row.source,
    enquiryId: row.enquiryId,
  };
}

/** `updated_at` as text to the microsecond: the cursor's sort key. */
const updatedAtText = sql<string>`to_char(${leads.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** GET /api/v1/leads: the company's leads, oldest change first, a page at a time. */
export async function listApiLeads(
  ctx: AppContext,
  { companyId, query }: { companyId: string; query: ApiLeadListQuery },
): Promise<ApiLeadListDto> {
  const conditions: SQL[] = [eq(leads.companyId, companyId)];
  if (query.updatedSince) conditions.push(gte(leads.updatedAt, new Date(query.updatedSince)));
  if (query.propertyId) conditions.push(eq(leads.propertyId, query.propertyId));
  if (query.status) conditions.push(eq(leads.status, query.status));
  if (query.cursor) {
    const position = decodeCursor(query.cursor);
    if (!position)
      throw badRequest('cursor is not one this API gave', { errors: { cursor: 'Invalid cursor' } });
    conditions.push(
      sql`(${leads.updatedAt}, ${leads.id}) > (${position.at}::timestamptz, ${position.id}::uuid)`,
    );
  }
  const rows = await ctx.db
    .select({ lead: leads, updatedAtText })
    .from(leads)
    .where(and(...conditions))
    .orderBy(asc(leads.updatedAt), asc(leads.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => toApiLead(row.lead)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ at: last.updatedAtText, id: last.lead.id }) : null,
  };
}

/** GET /api/v1/leads/{id}: another company's lead is a 404, as if it did not exist. */
export async function getApiLead(
  ctx: AppContext,
  { companyId, leadId }: { companyId: string; leadId: string },
): Promise<ApiLeadDto> {
  if (!isUuid(leadId)) throw notFound('Lead not found');
  const [row] = await ctx.db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Lead not found');
  return toApiLead(row);
}

/** The lead for a webhook event, or null when it has been deleted since. */
export async function findApiLead(
  ctx: AppContext,
  companyId: string,
  leadId: string,
): Promise<ApiLeadDto | null> {
  const [row] = await ctx.db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId)))
    .limit(1);
  return row ? toApiLead(row) : null;
}
