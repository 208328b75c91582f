import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, type SQL, type SQLChunk, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { toLeadFields } from '#agent/lead-fields.ts';
import type { AgentContext, AgentState } from '#agent/types.ts';
import type { Tx } from '#server/db/client.ts';
import { chatTranscripts, companies, conversations, leads } from '#server/db/schema.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import type { EndChatResponse } from '#shared/schemas/chat.ts';
import { type CachedConversation, forgetConversation } from './conversation-cache.ts';
import { type ChatProperty, type CompanyDirectory, loadDirectoryById } from './directory.ts';
import { agentContext, conversationProperty } from './engine.ts';
import { LEAD_DIGEST_SECONDS, type LeadEmailPlan, notifyNewLead } from './lead-email.ts';
import { readStoredState } from './stored-state.ts';
import { formatTranscript, transcriptFileName } from './transcript.ts';

/** After the unload beacon, how long a refreshed page has to come back before the chat ends. */
export const UNLOAD_GRACE_SECONDS = 45;

type SavedLead = { leadId: string; email: LeadEmailPlan };

const dialect = new PgDialect();

/**
 * Ends a conversation: stores its transcript and, when the tenant answered anything, its lead.
 * Safe to call any number of times from any number of processes at once: the status change
 * `active → ended` is the one gate (only one transaction's UPDATE matches), and the unique
 * conversation ids on transcripts and leads stop a second copy even if that gate were passed.
 *
 * `directory` is the company as the caller already has it (the chat's cache, at most seconds
 * old, and reloaded at once after this process's own edits); without it, it is read here.
 * `copy` is this process's copy of the conversation: when it is current, the end is one
 * statement (see `endFromCopy`).
 */
export async function endConversation(
  ctx: AppContext,
  conversationId: string,
  options: { directory?: CompanyDirectory; copy?: CachedConversation } = {},
): Promise<EndChatResponse> {
  const { directory, copy } = options;
  if (copy?.id === conversationId && directory?.company.id === copy.companyId) {
    const fromCopy = await endFromCopy(ctx, copy, directory);
    if (fromCopy) {
      forgetConversation(ctx, copy.sessionKey);
      if (fromCopy.saved) await notifyNewLead(ctx, { companyId: copy.companyId, ...fromCopy.saved });
      return { alreadyEnded: false, alreadyProcessed: false, leadCreated: fromCopy.saved !== null };
    }
  }

  const result = await ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(conversations)
      .set({ status: 'ended', endedAt: now() })
      .where(and(eq(conversations.id, conversationId), eq(conversations.status, 'active')))
      .returning();
    if (!ended) return null;
    const { companyId, sessionKey } = ended;
    if (!ended.messages.some((m) => m.sender === 'user')) return { companyId, sessionKey, saved: null };

    const directory =
      options.directory?.company.id === companyId
        ? options.directory
        : await loadDirectoryById(tx, companyId);
    if (!directory) return { companyId, sessionKey, saved: null };
    const stored = readStoredState(ended.state);
    const property = conversationProperty(
      directory,
      ended.propertyId,
      stored?.agent.fields.propertyId ?? null,
    );
    const context = agentContext(directory, property);
    // Read before the transcript is written, so that it is written once, already processed.
    const record = stored ? readLeadRecord(stored.agent, context, ctx.log, ended.id) : null;
    const [transcript] = await tx
      .insert(chatTranscripts)
      .values({
        companyId,
        conversationId: ended.id,
        fileName: transcriptFileName(directory.company.slug, ended.createdAt.toISOString(), ended.id),
        content: formatTranscript({
          companyName: directory.company.name,
          propertyName: property?.name ?? null,
          messages: ended.messages,
        }),
        processed: record !== null,
        extractedData: record?.extractedData ?? null,
      })
      .onConflictDoNothing({ target: chatTranscripts.conversationId })
      .returning({ id: chatTranscripts.id });
    if (!transcript || !record?.hasAnyAnswer) return { companyId, sessionKey, saved: null };

    const saved = await insertLead(tx, {
      companyId,
      conversationId: ended.id,
      transcriptId: transcript.id,
      property,
      fields: record.fields,
    });
    return { companyId, sessionKey, saved };
  });

  if (result) forgetConversation(ctx, result.sessionKey);
  if (result === null) {
    const [transcript] = await ctx.db
      .select({ processed: chatTranscripts.processed })
      .from(chatTranscripts)
      .where(eq(chatTranscripts.conversationId, conversationId));
    return { alreadyEnded: true, alreadyProcessed: transcript?.processed ?? false, leadCreated: false };
  }
  if (result.saved) {
    await notifyNewLead(ctx, { companyId: result.companyId, ...result.saved });
  }
  return { alreadyEnded: false, alreadyProcessed: false, leadCreated: result.saved !== null };
}

/**
 * The usual end in one statement, from this process's copy of the conversation (it served the
 * last turn): what `endConversation`'s transaction does in seven round trips. The conversation's
 * UPDATE is guarded by the copy's turn count, so a stale copy changes nothing; each step feeds
 * the next, so the company row is locked before the lead is written (its creation time follows
 * the lock's order, as the digest needs) and the credit is spent only for a lead written.
 * Null when it did not apply (a stale copy, an end already made, a chat with no answer, which
 * the transaction handles).
 */
async function endFromCopy(
  ctx: AppContext,
  copy: CachedConversation,
  directory: CompanyDirectory,
): Promise<{ saved: SavedLead | null } | null> {
  const stored = readStoredState(copy.state);
  if (!stored || !copy.messages.some((m) => m.sender === 'user')) return null;
  const property = conversationProperty(directory, copy.propertyId, stored.agent.fields.propertyId);
  const context = agentContext(directory, property);
  const record = readLeadRecord(stored.agent, context, ctx.log, copy.id);
  if (!record?.hasAnyAnswer) return null;

  const at = now().toISOString();
  const window = sql.raw(`interval '${LEAD_DIGEST_SECONDS} seconds'`);
  const lead: Record<string, unknown> = {
    ...record.fields,
    companyId: copy.companyId,
    conversationId: copy.id,
    propertyId: property?.id ?? null,
  };
  const columns = getTableColumns(leads);
  const names: SQLChunk[] = [];
  const values: SQL[] = [];
  for (const [key, value] of Object.entries(lead)) {
    const column = columns[key as keyof typeof columns];
    // As Drizzle's own insert does, a field the table has no column for is left out.
    if (!column) continue;
    names.push(sql.identifier(column.name));
    // Typed: a parameter in a SELECT list has no type of its own.
    const driverValue = value === null || value === undefined ? null : column.mapToDriverValue(value);
    values.push(sql`${driverValue}::${sql.raw(column.getSQLType())}`);
  }

  const statement = sql`
    with ended as (
      update ${conversations} set status = 'ended', ended_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      where id = ${copy.id} and status = 'active' and turn_count = ${copy.turnCount}
      returning id, company_id
    ), locked as (
      select id,
        (last_lead_email_at is null or last_lead_email_at <= clock_timestamp() - ${window}) as is_first_lead_email,
        coalesce(extract(epoch from (last_lead_email_at + ${window} - clock_timestamp())), 0)::float8 as digest_wait_seconds
      from ${companies} where id = (select company_id from ended)
      for no key update
    ), transcript as (
      insert into ${chatTranscripts} (company_id, conversation_id, file_name, content, processed, extracted_data)
      select company_id, id,
        ${transcriptFileName(directory.company.slug, copy.createdAt.toISOString(), copy.id)},
        ${formatTranscript({ companyName: directory.company.name, propertyName: property?.name ?? null, messages: copy.messages })},
        true, ${JSON.stringify(record.extractedData)}::jsonb
      from ended
      on conflict (conversation_id) do nothing
      returning id
    ), lead as (
      insert into ${leads} (${sql.join(names, sql`, `)}, chat_transcript_id, created_at)
      select ${sql.join(values, sql`, `)}, transcript.id, clock_timestamp() from transcript, locked
      on conflict (conversation_id) do nothing
      returning id
    ), spent as (
      update ${companies} set
        current_count = greatest(current_count - 1, 0),
        last_lead_email_at = case when locked.is_first_lead_email then clock_timestamp() else ${companies.lastLeadEmailAt} end,
        updated_at = ${at}::timestamptz
      from locked, lead
      where ${companies.id} = locked.id
      returning ${companies.id}
    )
    select (select id from ended) as ended_id, (select id from lead) as lead_id,
      (select is_first_lead_email from locked) as is_first_lead_email,
      (select digest_wait_seconds from locked) as digest_wait_seconds,
      (select count(*) from spent) as spent`;
  // Prepared by name: the text is the same for every end (the values are parameters), so
  // PostgreSQL plans this five-step statement once per connection instead of at every end.
  const query = dialect.sqlToQuery(statement);
  const name = `chat_end_${createHash('sha1').update(query.sql).digest('hex').slice(0, 12)}`;
  const [row] = await ctx.database.executePrepared<{
    ended_id: string | null;
    lead_id: string | null;
    is_first_lead_email: boolean | null;
    digest_wait_seconds: number | null;
  }>(name, query.sql, query.params);
  if (!row?.ended_id) return null;
  if (!row.lead_id) return { saved: null };
  const email: LeadEmailPlan = row.is_first_lead_email
    ? { kind: 'now' }
    : { kind: 'digest', afterSeconds: Math.max(1, Math.ceil(Number(row.digest_wait_seconds ?? 0))) };
  return { saved: { leadId: row.lead_id, email } };
}

type LeadRecord = {
  hasAnyAnswer: boolean;
  fields: Omit<ReturnType<typeof toLeadFields>, 'hasAnyAnswer'>;
  /** What the transcript keeps of the extraction (reprocessing and the lead email read it). */
  extractedData: Record<string, unknown>;
};

/** The lead's fields from the agent's state; null (logged) when they cannot be read. */
function readLeadRecord(
  agent: AgentState,
  context: AgentContext,
  log: AppContext['log'],
  reference: string,
): LeadRecord | null {
  let leadFields: ReturnType<typeof toLeadFields>;
  try {
    leadFields = toLeadFields(agent, context);
  } catch (error) {
    log.error({ err: error, reference }, 'Lead fields could not be read');
    // Left unprocessed: "reprocess transcripts" tries again, and the chat still ends.
    return null;
  }
  const { hasAnyAnswer, ...fields } = leadFields;
  return {
    hasAnyAnswer,
    fields,
    extractedData: {
      hasAnyAnswer,
      fields: agent.fields,
      refused: agent.refused,
      openQuestions: agent.openQuestions,
      lead: fields,
    },
  };
}

type CompanyLock = { isFirstLeadEmail: boolean; digestWaitSeconds: number };

/**
 * The company row lock orders every lead of one company: credits, and the lead email's "first at
 * once, the rest in a digest" rule, see one lead at a time. Taken before the lead is written, so
 * that leads' creation times follow the lock's order (the digest's "created since the last
 * email" relies on it); it reads what the lead email needs under the lock.
 */
async function lockCompanyForLead(tx: Tx, companyId: string): Promise<CompanyLock> {
  const window = sql.raw(`interval '${LEAD_DIGEST_SECONDS} seconds'`);
  const [row] = await tx
    .select({
      isFirstLeadEmail: sql<boolean>`(${companies.lastLeadEmailAt} is null or ${companies.lastLeadEmailAt} <= clock_timestamp() - ${window})`,
      digestWaitSeconds: sql<number>`coalesce(extract(epoch from (${companies.lastLeadEmailAt} + ${window} - clock_timestamp())), 0)::float8`,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    // Not FOR UPDATE: that would also block every insert that references the company (a new
    // conversation's foreign key check) until this lead is saved.
    .for('no key update');
  return row ?? { isFirstLeadEmail: false, digestWaitSeconds: LEAD_DIGEST_SECONDS };
}

/**
 * Writes the lead under the company lock, and in one statement spends its credit (never below
 * zero: a conversation under way keeps its lead when the credits ran out meanwhile) and claims
 * the immediate lead email when it is the first in the digest window. Null when the lead exists.
 */
async function insertLead(
  tx: Tx,
  input: {
    companyId: string;
    conversationId: string | null;
    transcriptId: string;
    property: ChatProperty | null;
    fields: LeadRecord['fields'];
    lock?: CompanyLock;
  },
): Promise<SavedLead | null> {
  const lock = input.lock ?? (await lockCompanyForLead(tx, input.companyId));
  const [lead] = await tx
    .insert(leads)
    .values({
      ...input.fields,
      companyId: input.companyId,
      conversationId: input.conversationId,
      propertyId: input.property?.id ?? null,
      chatTranscriptId: input.transcriptId,
      // Statement time, not transaction start: leads of a company are then ordered as the lock
      // orders them, which the digest's "created since the last email" relies on.
      createdAt: sql`clock_timestamp()`,
    })
    .onConflictDoNothing({ target: leads.conversationId })
    .returning({ id: leads.id });
  if (!lead) return null;

  await tx
    .update(companies)
    .set({
      currentCount: sql`greatest(${companies.currentCount} - 1, 0)`,
      ...(lock.isFirstLeadEmail ? { lastLeadEmailAt: sql`clock_timestamp()` } : {}),
    })
    .where(eq(companies.id, input.companyId));
  const email: LeadEmailPlan = lock.isFirstLeadEmail
    ? { kind: 'now' }
    : { kind: 'digest', afterSeconds: Math.max(1, Math.ceil(lock.digestWaitSeconds)) };
  return { leadId: lead.id, email };
}

/**
 * Turns the agent's state into the transcript's lead, inside the caller's transaction (used by
 * reprocessing): at most one lead per conversation (or, without one, per transcript), one credit
 * for it, and the transcript marked processed. Null when the tenant gave no answer at all: no
 * lead, no credit.
 */
export async function saveLead(
  tx: Tx,
  input: {
    companyId: string;
    conversationId: string | null;
    transcriptId: string;
    property: ChatProperty | null;
    context: AgentContext;
    agent: AgentState;
    log: AppContext['log'];
  },
): Promise<SavedLead | null> {
  const record = readLeadRecord(input.agent, input.context, input.log, input.transcriptId);
  if (!record) return null;
  const markProcessed = () =>
    tx
      .update(chatTranscripts)
      .set({ processed: true, extractedData: record.extractedData })
      .where(eq(chatTranscripts.id, input.transcriptId));
  if (!record.hasAnyAnswer) {
    await markProcessed();
    return null;
  }
  // Under the lock: two reprocessing runs at once see each other's lead.
  const lock = await lockCompanyForLead(tx, input.companyId);
  if (!input.conversationId) {
    // A transcript without its conversation (reprocessing): its own id is the key instead.
    const existing = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.chatTranscriptId, input.transcriptId))
      .limit(1);
    if (existing.length > 0) {
      await markProcessed();
      return null;
    }
  }
  const saved = await insertLead(tx, { ...input, fields: record.fields, lock });
  await markProcessed();
  return saved;
}

/**
 * The idle finaliser (run every minute by the job queue): ends conversations silent for
 * CHAT_IDLE_MINUTES, and those whose page sent the unload beacon and did not come back.
 * Returns how many it ended.
 */
export async function finaliseIdleConversations(ctx: AppContext, at: Date = now()): Promise<number> {
  const idleBefore = new Date(at.getTime() - ctx.env.chatIdleMinutes * 60_000);
  const leftBefore = new Date(at.getTime() - UNLOAD_GRACE_SECONDS * 1000);
  let finished = 0;
  for (let batch = 0; batch < 20; batch += 1) {
    const due = await ctx.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.status, 'active'),
          sql`(${conversations.lastActivityAt} < ${idleBefore.toISOString()}::timestamptz or (${conversations.state}->>'leftAt' is not null and (${conversations.state}->>'leftAt')::timestamptz < ${leftBefore.toISOString()}::timestamptz))`,
        ),
      )
      .orderBy(conversations.lastActivityAt)
      .limit(100);
    for (const { id } of due) {
      try {
        const result = await endConversation(ctx, id);
        if (!result.alreadyEnded) finished += 1;
      } catch (error) {
        ctx.log.error({ err: error, conversationId: id }, 'Could not finalise an idle conversation');
      }
    }
    if (due.length < 100) break;
  }
  return finished;
}
