import { and, count, desc, eq, getTableColumns, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import {
  type Company,
  chatTranscripts,
  companyMembers,
  type Lead,
  leads,
  properties,
  users,
  viewings,
} from '#server/db/schema.ts';
import { toCompanyDto } from '#server/features/companies/index.ts';
import { CONVERSATION_VIEW, deleteConversations, findOneOf } from '#server/features/conversations/index.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { isUuid } from '#server/lib/session.ts';
import { availabilityDates } from '#shared/availability-dates.ts';
import { londonDay } from '#shared/format.ts';
import type {
  DashboardDto,
  LeadDetailDto,
  LeadListItemDto,
  LeadQuestionsResponse,
  PassedOnQuestion,
  RelatedLeadDto,
  TranscriptMessage,
} from '#shared/schemas/leads.ts';
import type { ViewingStatus } from '#shared/schemas/viewings.ts';
import { listLeadActivity } from './activity.ts';
import { leadsToCsv } from './leads-csv.ts';
import { readScoreBreakdown } from './score-breakdown.ts';

/** What a lead's row gains beyond its columns: read from its transcript and its conversation. */
type LeadContext = {
  /** The transcript's `extractedData.openQuestions`, as stored (any JSON). */
  openQuestions: unknown;
  answeredQuestions: number[];
  /** The London day the conversation began, `yyyy-mm-dd`. */
  conversationDay: string | null;
};

type LeadRow = Omit<
  LeadListItemDto,
  'createdAt' | 'availabilityDates' | 'passedOnQuestions' | 'viewingAt' | 'viewingStatus'
> & {
  createdAt: Date;
};

/** The lead's latest viewing, as the lead shows it. */
type LeadViewing = Pick<LeadListItemDto, 'viewingAt' | 'viewingStatus'>;

/**
 * The latest viewing booked in the lead's conversation, whatever became of it. Viewings carry
 * the conversation, not the lead: the tenant can book one before the chat ends and the lead is made.
 */
export async function findLeadViewing(
  ctx: AppContext,
  lead: { companyId: string; conversationId: string | null },
): Promise<LeadViewing & { viewingConfirmedAt: string | null }> {
  if (!lead.conversationId) return { viewingAt: null, viewingStatus: null, viewingConfirmedAt: null };
  const [viewing] = await ctx.db
    .select({ startsAt: viewings.startsAt, status: viewings.status, confirmedAt: viewings.confirmedAt })
    .from(viewings)
    .where(and(eq(viewings.conversationId, lead.conversationId), eq(viewings.companyId, lead.companyId)))
    .orderBy(desc(viewings.createdAt), desc(viewings.startsAt))
    .limit(1);
  return {
    viewingAt: viewing?.startsAt.toISOString() ?? null,
    viewingStatus: viewing?.status ?? null,
    viewingConfirmedAt: viewing?.confirmedAt?.toISOString() ?? null,
  };
}

/** The questions the assistant passed on, each with whether the agent has ticked it answered. */
export function readPassedOnQuestions(
  openQuestions: unknown,
  answered: readonly number[],
): PassedOnQuestion[] {
  if (!Array.isArray(openQuestions)) return [];
  const questions: PassedOnQuestion[] = [];
  openQuestions.forEach((text, index) => {
    if (typeof text === 'string') questions.push({ text, answered: answered.includes(index) });
  });
  return questions;
}

/**
 * The lead's answers, its place in the pipeline and its latest viewing: what every shape of a lead
 * carries (the dashboard's row and detail, the public API and the lead webhooks).
 */
export function toLeadFields(
  row: LeadRow,
  viewing: LeadViewing,
): Omit<LeadListItemDto, 'availabilityDates' | 'passedOnQuestions'> {
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
    personRequested: row.personRequested,
    status: row.status,
    lostReason: row.lostReason,
    assigneeId: row.assigneeId,
    source: row.source,
    enquiryId: row.enquiryId,
    ...viewing,
  };
}

function toLeadDto(row: LeadRow, context: LeadContext, viewing: LeadViewing): LeadListItemDto {
  return {
    ...toLeadFields(row, viewing),
    availabilityDates: context.conversationDay
      ? availabilityDates(row.availability, context.conversationDay)
      : [],
    passedOnQuestions: readPassedOnQuestions(context.openQuestions, context.answeredQuestions),
  };
}

/**
 * The latest viewing of the lead in a query `from(leads)`, as the dashboard's list reads it: the
 * CSV export and the public API select these beside the lead's columns.
 */
const latestViewing = (column: 'starts_at' | 'status') =>
  sql.raw(`(select v.${column} from viewings v
    where v.conversation_id = leads.conversation_id and v.company_id = leads.company_id
    order by v.created_at desc, v.starts_at desc limit 1)`);
export const latestViewingColumns = {
  viewingAt: sql`${latestViewing('starts_at')}`.mapWith(viewings.startsAt),
  viewingStatus: sql`${latestViewing('status')}`.mapWith(viewings.status),
};

/** The columns `latestViewingColumns` read, as a lead's DTO carries them. */
export function toLeadViewing(row: {
  viewingAt: Date | null;
  viewingStatus: ViewingStatus | null;
}): LeadViewing {
  return { viewingAt: row.viewingAt?.toISOString() ?? null, viewingStatus: row.viewingStatus ?? null };
}

/** Whether a message to the lead's tenant on their channel finally failed (after its retry). */
const DELIVERY_FAILED_SQL = `exists (select 1 from channel_messages m
  where m.conversation_id = l.conversation_id and m.direction = 'out' and m.status = 'failed' and m.attempts >= 2)`;

/**
 * The table's columns, named as `leadSchema` names them, and what the lead's transcript and
 * conversation add (its passed-on questions, the day its availability was said, its latest
 * viewing). Plain SQL rather
 * than the query builder: 10,000 rows go out whole, and reading the timestamp as text (not as a
 * Date to turn back into text) with no mapping step roughly halves the time.
 */
const dashboardLeadsSql = `
  select l.id,
    to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
    l.property_id as "propertyId",
    l.property_name as "propertyName",
    l.property_location as "propertyLocation",
    l.rental_price as "rentalPrice",
    l.number_of_beds as "numberOfBeds",
    l.name,
    l.email,
    l.contact_number as "contactNumber",
    l.income,
    l.profession,
    l.number_of_people as "numberOfPeople",
    l.move_in_date as "moveInDate",
    l.availability,
    l.rating,
    l.person_requested as "personRequested",
    l.status,
    l.lost_reason as "lostReason",
    l.assignee_id as "assigneeId",
    l.source,
    l.enquiry_id as "enquiryId",
    to_char(v.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "viewingAt",
    v.status as "viewingStatus",
    t.extracted_data -> 'openQuestions' as "openQuestions",
    l.answered_questions as "answeredQuestions",
    to_char(coalesce(c.created_at, l.created_at) at time zone 'Europe/London', 'YYYY-MM-DD') as "conversationDay",
    coalesce(c.channel, 'web') as channel,
    (c.channel is not null and c.channel <> 'web' and ${DELIVERY_FAILED_SQL}) as "deliveryFailed"
  from leads l
  left join chat_transcripts t on t.id = l.chat_transcript_id
  left join ${CONVERSATION_VIEW} c on c.id = l.conversation_id
  left join lateral (
    select starts_at, status from viewings
    where conversation_id = l.conversation_id and company_id = l.company_id
    order by created_at desc, starts_at desc
    limit 1
  ) v on true
  where l.company_id = $1 and ($2::text is null or l.source = $2)
    and ($3::text is null or l.assignee_id = $3)
  order by l.created_at desc, l.id desc`;

type DashboardLeadRow = Omit<LeadListItemDto, 'availabilityDates' | 'passedOnQuestions'> & LeadContext;

/**
 * GET /api/companies/{id}/dashboard: the company, its counts and every lead, newest first, as
 * JSON text. It skips the response schema's serialiser (a zod parse of every row); the
 * integration tests hold the answer to `dashboardSchema`.
 */
export async function getDashboardJson(
  ctx: AppContext,
  company: Company,
  filter: { source?: string | undefined; assigneeId?: string | undefined } = {},
): Promise<string> {
  const [leadRows, [propertyCount]] = await Promise.all([
    ctx.database.execute(dashboardLeadsSql, [company.id, filter.source ?? null, filter.assigneeId ?? null]),
    ctx.db.select({ value: count() }).from(properties).where(eq(properties.companyId, company.id)),
  ]);
  const dashboard: DashboardDto = {
    company: toCompanyDto(company),
    stats: { totalLeads: leadRows.rows.length, totalProperties: propertyCount?.value ?? 0 },
    leads: (leadRows.rows as DashboardLeadRow[]).map(
      ({ openQuestions, answeredQuestions, conversationDay, ...lead }) => ({
        ...lead,
        availabilityDates:
          lead.availability && conversationDay ? availabilityDates(lead.availability, conversationDay) : [],
        passedOnQuestions: openQuestions ? readPassedOnQuestions(openQuestions, answeredQuestions ?? []) : [],
      }),
    ),
  };
  return JSON.stringify(dashboard);
}

/** The lead if it belongs to the company the user works for; another company's lead is a 404. */
export async function findOwnLead(ctx: AppContext, userId: string, leadId: string): Promise<Lead> {
  if (!isUuid(leadId)) throw notFound('Lead not found');
  const [row] = await ctx.db
    .select({ lead: leads })
    .from(leads)
    .innerJoin(companyMembers, eq(companyMembers.companyId, leads.companyId))
    .where(and(eq(leads.id, leadId), eq(companyMembers.userId, userId)))
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
): Promise<{ companyId: string }> {
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
    await deleteConversations(tx, { companyId: lead.companyId, conversationIds });
  });
  return { companyId: lead.companyId };
}

const SENDERS = ['user', 'ai', 'agent', 'system'] as const;

function readMessages(stored: unknown): TranscriptMessage[] {
  if (!Array.isArray(stored)) return [];
  const messages: TranscriptMessage[] = [];
  stored.forEach((item, index) => {
    if (!item || typeof item !== 'object') return;
    const message = item as Record<string, unknown>;
    const sender = SENDERS.find((known) => known === message.sender);
    if (!sender || typeof message.content !== 'string') return;
    messages.push({
      id: typeof message.id === 'string' ? message.id : String(index),
      sender,
      content: message.content,
      timestamp: typeof message.timestamp === 'string' ? message.timestamp : null,
      ...(typeof message.name === 'string' ? { name: message.name } : {}),
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
  const conversation = await findOneOf(ctx, lead.companyId, conversationIds);
  const messages = readMessages(conversation?.messages);
  const [activity, relatedLeads, viewing, delivery] = await Promise.all([
    listLeadActivity(ctx.db, lead),
    findRelatedLeads(ctx, lead),
    findLeadViewing(ctx, lead),
    lead.conversationId
      ? ctx.database.execute(
          `select ${DELIVERY_FAILED_SQL} as failed from (select $1::uuid as conversation_id) l`,
          [lead.conversationId],
        )
      : null,
  ]);

  return {
    ...toLeadDto(
      lead,
      {
        openQuestions: transcript
          ? (transcript.extractedData as { openQuestions?: unknown } | null)?.openQuestions
          : [],
        answeredQuestions: lead.answeredQuestions,
        conversationDay: londonDay(conversation?.createdAt ?? lead.createdAt),
      },
      viewing,
    ),
    viewingConfirmedAt: viewing.viewingConfirmedAt,
    channel: conversation?.channel ?? 'web',
    deliveryFailed: (delivery?.rows[0] as { failed?: boolean } | undefined)?.failed === true,
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
): Promise<{ fileName: string; csv: string; rows: number }> {
  const rows = await ctx.db
    .select({ ...getTableColumns(leads), ...latestViewingColumns, assigneeName: users.name })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.assigneeId))
    .where(eq(leads.companyId, company.id))
    .orderBy(desc(leads.createdAt), desc(leads.id));
  return {
    fileName: `leads-${company.slug}-${londonDay(now()) ?? 'export'}.csv`,
    csv: leadsToCsv(rows),
    rows: rows.length,
  };
}

/**
 * PATCH /api/leads/{id}/questions/{index}: ticks one of the lead's passed-on questions answered
 * (or not). The change is one statement, so two agents ticking two questions at once keep both.
 */
export async function setQuestionAnswered(
  ctx: AppContext,
  input: { userId: string; leadId: string; index: number; answered: boolean },
): Promise<LeadQuestionsResponse> {
  const lead = await findOwnLead(ctx, input.userId, input.leadId);
  const [transcript] = lead.chatTranscriptId
    ? await ctx.db
        .select({ extractedData: chatTranscripts.extractedData })
        .from(chatTranscripts)
        .where(
          and(eq(chatTranscripts.id, lead.chatTranscriptId), eq(chatTranscripts.companyId, lead.companyId)),
        )
        .limit(1)
    : [];
  const openQuestions = (transcript?.extractedData as { openQuestions?: unknown } | null)?.openQuestions;
  const count = Array.isArray(openQuestions) ? openQuestions.length : 0;
  if (input.index >= count || typeof (openQuestions as unknown[])[input.index] !== 'string') {
    throw notFound('Question not found');
  }
  const answered = input.answered
    ? sql`array(select distinct i from unnest(array_append(${leads.answeredQuestions}, ${input.index}::integer)) as i order by i)`
    : sql`array_remove(${leads.answeredQuestions}, ${input.index}::integer)`;
  const [updated] = await ctx.db
    .update(leads)
    .set({ answeredQuestions: answered, updatedAt: now() })
    .where(and(eq(leads.id, lead.id), eq(leads.companyId, lead.companyId)))
    .returning({ answeredQuestions: leads.answeredQuestions });
  if (!updated) throw notFound('Lead not found');
  return { passedOnQuestions: readPassedOnQuestions(openQuestions, updated.answeredQuestions) };
}

/** How far apart two enquiries from one tenant about different properties are still related. */
const RELATED_DAYS = 30;

/**
 * The same tenant's other enquiries: the company's leads with the same email (any case) or
 * phone, about another property, made within 30 days either side of this one. Newest first.
 */
export async function findRelatedLeads(
  ctx: AppContext,
  lead: {
    id: string;
    companyId: string;
    propertyId: string | null;
    email: string | null;
    contactNumber: string | null;
    createdAt: Date;
  },
): Promise<RelatedLeadDto[]> {
  const sameTenant = [
    lead.email ? sql`lower(${leads.email}) = lower(${lead.email})` : undefined,
    lead.contactNumber ? eq(leads.contactNumber, lead.contactNumber) : undefined,
  ].filter((condition) => condition !== undefined);
  if (sameTenant.length === 0) return [];
  const span = RELATED_DAYS * 86_400_000;
  const rows = await ctx.db
    .select({ id: leads.id, propertyName: leads.propertyName, createdAt: leads.createdAt })
    .from(leads)
    .where(
      and(
        eq(leads.companyId, lead.companyId),
        ne(leads.id, lead.id),
        or(...sameTenant),
        sql`${leads.propertyId} is distinct from ${lead.propertyId}`,
        gte(leads.createdAt, new Date(lead.createdAt.getTime() - span)),
        lte(leads.createdAt, new Date(lead.createdAt.getTime() + span)),
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(20);
  return rows.map((row) => ({
    id: row.id,
    propertyName: row.propertyName,
    createdAt: row.createdAt.toISOString(),
  }));
}
