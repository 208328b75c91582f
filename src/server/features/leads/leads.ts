import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import {
  type Company,
  chatTranscripts,
  companies,
  conversations,
  type Lead,
  leads,
  properties,
} from '#server/db/schema.ts';
import { toCompanyDto } from '#server/features/companies/company-dto.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { isUuid } from '#server/lib/session.ts';
import { londonParts } from '#shared/format.ts';
import type {
  DashboardDto,
  LeadDetailDto,
  LeadListItemDto,
  TranscriptMessage,
} from '#shared/schemas/leads.ts';
import { listLeadActivity } from './activity.ts';
import { leadsToCsv } from './leads-csv.ts';
import { findRelatedLeads } from './pipeline.ts';
import { readScoreBreakdown } from './score-breakdown.ts';

type LeadRow = Omit<LeadListItemDto, 'createdAt'> & { createdAt: Date };

function toLeadDto(row: LeadRow): LeadListItemDto {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
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
  };
}

/**
 * The table's columns, named as `leadSchema` names them. Plain SQL rather than the query builder:
 * 10,000 rows go out whole, and reading the timestamp as text (not as a Date to turn back into
 * text) with no mapping step roughly halves the time.
 */
const dashboardLeadsSql = `
  select id,
    to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
    property_id as "propertyId",
    property_name as "propertyName",
    property_location as "propertyLocation",
    rental_price as "rentalPrice",
    number_of_beds as "numberOfBeds",
    name,
    email,
    contact_number as "contactNumber",
    income,
    profession,
    number_of_people as "numberOfPeople",
    move_in_date as "moveInDate",
    availability,
    rating,
    status,
    lost_reason as "lostReason"
  from leads
  where company_id = $1
  order by created_at desc, id desc`;

/**
 * GET /api/companies/{id}/dashboard: the company, its counts and every lead, newest first, as
 * JSON text. It skips the response schema's serialiser (a zod parse of every row); the
 * integration tests hold the answer to `dashboardSchema`.
 */
export async function getDashboardJson(ctx: AppContext, company: Company): Promise<string> {
  const [leadRows, [propertyCount]] = await Promise.all([
    ctx.database.execute(dashboardLeadsSql, [company.id]),
    ctx.db.select({ value: count() }).from(properties).where(eq(properties.companyId, company.id)),
  ]);
  const dashboard: DashboardDto = {
    company: toCompanyDto(company),
    stats: { totalLeads: leadRows.rows.length, totalProperties: propertyCount?.value ?? 0 },
    leads: leadRows.rows as LeadListItemDto[],
  };
  return JSON.stringify(dashboard);
}

/** The lead if it belongs to the user's company; another company's lead is a 404. */
export async function findOwnLead(ctx: AppContext, userId: string, leadId: string): Promise<Lead> {
  if (!isUuid(leadId)) throw notFound('Lead not found');
  const [row] = await ctx.db
    .select({ lead: leads })
    .from(leads)
    .innerJoin(companies, eq(companies.id, leads.companyId))
    .where(and(eq(leads.id, leadId), eq(companies.ownerId, userId)))
    .limit(1);
  if (!row) throw notFound('Lead not found');
  return row.lead;
}

/**
 * GDPR erasure: the lead, its transcript and the conversation it came from go together, so
 * nothing the tenant said is left behind.
 */
export async function deleteLead(
  ctx: AppContext,
  { userId, leadId }: { userId: string; leadId: string },
): Promise<void> {
  const lead = await findOwnLead(ctx, userId, leadId);
  await ctx.db.transaction(async (tx) => {
    // Its repeat enquiries' transcripts and conversations go with it (their link is cleared by
    // the lead's delete, so they are found first).
    const repeats = await tx
      .select({ id: chatTranscripts.id, conversationId: chatTranscripts.conversationId })
      .from(chatTranscripts)
      .where(and(eq(chatTranscripts.companyId, lead.companyId), eq(chatTranscripts.leadId, lead.id)));
    await tx.delete(leads).where(and(eq(leads.id, lead.id), eq(leads.companyId, lead.companyId)));
    const transcriptMatches = [
      lead.chatTranscriptId ? eq(chatTranscripts.id, lead.chatTranscriptId) : undefined,
      lead.conversationId ? eq(chatTranscripts.conversationId, lead.conversationId) : undefined,
      repeats.length > 0
        ? inArray(
            chatTranscripts.id,
            repeats.map((repeat) => repeat.id),
          )
        : undefined,
    ].filter((condition) => condition !== undefined);
    if (transcriptMatches.length > 0) {
      await tx
        .delete(chatTranscripts)
        .where(and(eq(chatTranscripts.companyId, lead.companyId), or(...transcriptMatches)));
    }
    const conversationIds = [lead.conversationId, ...repeats.map((repeat) => repeat.conversationId)].filter(
      (id): id is string => id !== null,
    );
    if (conversationIds.length > 0) {
      await tx
        .delete(conversations)
        .where(and(inArray(conversations.id, conversationIds), eq(conversations.companyId, lead.companyId)));
    }
  });
}

function readMessages(stored: unknown): TranscriptMessage[] {
  if (!Array.isArray(stored)) return [];
  const messages: TranscriptMessage[] = [];
  stored.forEach((item, index) => {
    if (!item || typeof item !== 'object') return;
    const message = item as Record<string, unknown>;
    if ((message.sender !== 'user' && message.sender !== 'ai') || typeof message.content !== 'string') return;
    messages.push({
      id: typeof message.id === 'string' ? message.id : String(index),
      sender: message.sender,
      content: message.content,
      timestamp: typeof message.timestamp === 'string' ? message.timestamp : null,
    });
  });
  return messages;
}

/** GET /api/leads/{id}: every answer, how the score was made, and the whole conversation. */
export async function getLeadDetail(
  ctx: AppContext,
  { userId, leadId }: { userId: string; leadId: string },
): Promise<LeadDetailDto> {
  const lead = await findOwnLead(ctx, userId, leadId);
  const transcriptMatches = [
    lead.chatTranscriptId ? eq(chatTranscripts.id, lead.chatTranscriptId) : undefined,
    lead.conversationId ? eq(chatTranscripts.conversationId, lead.conversationId) : undefined,
  ].filter((condition) => condition !== undefined);
  const [transcript] =
    transcriptMatches.length > 0
      ? await ctx.db
          .select()
          .from(chatTranscripts)
          .where(and(eq(chatTranscripts.companyId, lead.companyId), or(...transcriptMatches)))
          .limit(1)
      : [];
  const conversationIds = [lead.conversationId, transcript?.conversationId].filter(
    (id): id is string => typeof id === 'string',
  );
  const [conversation] =
    conversationIds.length > 0
      ? await ctx.db
          .select({ messages: conversations.messages })
          .from(conversations)
          .where(and(inArray(conversations.id, conversationIds), eq(conversations.companyId, lead.companyId)))
          .limit(1)
      : [];
  const messages = readMessages(conversation?.messages);
  const [activity, relatedLeads] = await Promise.all([
    listLeadActivity(ctx.db, lead),
    findRelatedLeads(ctx, lead),
  ]);

  return {
    ...toLeadDto(lead),
    updatedAt: lead.updatedAt.toISOString(),
    annualIncome: lead.annualIncome,
    score: lead.score,
    scoreBreakdown: readScoreBreakdown(lead.scoreBreakdown),
    transcript:
      transcript || messages.length > 0
        ? {
            id: transcript?.id ?? null,
            createdAt: transcript?.createdAt.toISOString() ?? null,
            content: transcript?.content ?? null,
            messages,
          }
        : null,
    activity,
    relatedLeads,
  };
}

/** GET /api/companies/{id}/leads.csv */
export async function exportLeadsCsv(
  ctx: AppContext,
  company: Company,
): Promise<{ fileName: string; csv: string }> {
  const rows = await ctx.db
    .select()
    .from(leads)
    .where(eq(leads.companyId, company.id))
    .orderBy(desc(leads.createdAt), desc(leads.id));
  const today = londonParts(now());
  const date = today
    ? `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`
    : 'export';
  return { fileName: `leads-${company.slug}-${date}.csv`, csv: leadsToCsv(rows) };
}
