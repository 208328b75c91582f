import { createHash } from 'node:crypto';
import { eq, fillPlaceholders, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { absorbTakeover, toLeadFields } from '#agent/lead-fields.ts';
import type { AgentContext, AgentState } from '#agent/types.ts';
import { chatTranscripts, companies, leadActivity, leads } from '#server/db/schema.ts';
import {
  type CachedConversation,
  dueToEnd,
  endConversationSql,
  findById,
  forgetConversation,
  readStoredState,
  type StoredState,
} from '#server/features/conversations/index.ts';
import {
  type ChatProperty,
  type CompanyDirectory,
  loadDirectoryById,
} from '#server/features/directory/index.ts';
import { hasSubscriberSql } from '#server/features/integrations/index.ts';
import {
  type LeadEmailPlan,
  leadCreationSql,
  leadValues,
  notifyNewLead,
} from '#server/features/leads/index.ts';
import { relayToChannel } from '#server/lib/channel-relay.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { retryTransient } from '#server/lib/transient.ts';
import type { EndChatResponse } from '#shared/schemas/chat.ts';
import { agentContext, conversationProperty } from './engine.ts';
import { formatTranscript, transcriptFileName } from './transcript.ts';

/** After the unload beacon, how long a refreshed page has to come back before the chat ends. */
export const UNLOAD_GRACE_SECONDS = 45;

/** A lead the end made: how its email goes, and whether a webhook endpoint wants it. */
type SavedLead = { leadId: string; email: LeadEmailPlan; hasLeadWebhook: boolean };

const dialect = new PgDialect();

/**
 * Ends a conversation: stores its transcript and, when the tenant answered anything, its lead.
 * Safe to call any number of times from any number of processes at once: the status change
 * `active → ended` is the one gate (only one statement's UPDATE matches), and the unique
 * conversation ids on transcripts and leads stop a second copy even if that gate were passed.
 *
 * `directory` is the company as the caller already has it (the chat's cache, at most seconds
 * old, and reloaded at once after this process's own edits); without it, it is read here.
 * `copy` is this process's copy of the conversation (it served the last turn): when it is
 * current, the end is one round trip. Without it (the idle finaliser, the demo seed), or when it
 * is stale, the conversation is read first and the same statement runs on what was read.
 * `byTenant`: the tenant's page asked for the end and learns of it from the answer, so only the
 * company's people watching live are told; any other end is announced to the tenant's page too.
 */
export async function endConversation(
  ctx: AppContext,
  conversationId: string,
  options: { directory?: CompanyDirectory; copy?: CachedConversation; byTenant?: boolean } = {},
): Promise<EndChatResponse> {
  let conversation: CachedConversation | null = options.copy?.id === conversationId ? options.copy : null;
  // Each pass either ends it, finds it ended, or lost a race with a turn and reads it again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    conversation ??= await findById(ctx, conversationId);
    if (conversation?.status !== 'active') break;
    const directory =
      options.directory?.company.id === conversation.companyId
        ? options.directory
        : await loadDirectoryById(ctx.db, conversation.companyId);
    const end = await runEnd(ctx, endOfConversation(ctx, conversation, directory, !options.byTenant));
    if (end.applied) {
      forgetConversation(ctx, conversation.sessionKey);
      if (end.saved) await notifyNewLead(ctx, { companyId: conversation.companyId, ...end.saved });
      return { alreadyEnded: false, alreadyProcessed: false, leadCreated: end.saved !== null };
    }
    conversation = null;
  }
  const [transcript] = await ctx.db
    .select({ processed: chatTranscripts.processed })
    .from(chatTranscripts)
    .where(eq(chatTranscripts.conversationId, conversationId));
  return { alreadyEnded: true, alreadyProcessed: transcript?.processed ?? false, leadCreated: false };
}

/** What ending this copy of the conversation writes: its transcript and, with an answer, its lead. */
function endOfConversation(
  ctx: AppContext,
  conversation: CachedConversation,
  directory: CompanyDirectory | null,
  announce: boolean,
): EndInput {
  const source = {
    kind: 'conversation',
    id: conversation.id,
    turnCount: conversation.turnCount,
    announce,
  } as const;
  // No transcript for a chat the tenant never wrote in, nor for a company that is gone.
  if (!directory || !conversation.messages.some((m) => m.sender === 'user')) {
    return { companyId: conversation.companyId, source, transcript: null, record: null, property: null };
  }
  const stored = readStoredState(conversation.state);
  const property = conversationProperty(
    directory,
    conversation.propertyId,
    stored?.agent.fields.propertyId ?? null,
  );
  const context = agentContext(directory, property);
  // Ended while a person had the chat: what the tenant told them counts too.
  const agent =
    stored && conversation.takenOverBy
      ? absorbTakeover(context, stored.agent, sinceLastNotice(conversation.messages))
      : stored?.agent;
  // Read before the transcript is written, so that it is written once, already processed.
  const read = agent ? readLeadRecord(agent, context, ctx.log, conversation.id) : null;
  // Where the chat came from (`?src=`, an enquiry's link) goes on the lead too.
  const record = read && stored ? { ...read, fields: { ...read.fields, ...leadOrigin(stored) } } : read;
  return {
    companyId: conversation.companyId,
    source,
    transcript: {
      fileName: transcriptFileName(
        directory.company.slug,
        conversation.createdAt.toISOString(),
        conversation.id,
      ),
      content: formatTranscript({
        companyName: directory.company.name,
        propertyName: property?.name ?? null,
        messages: conversation.messages,
      }),
    },
    record,
    property,
  };
}

/** The messages after the last notice (a person joining): those of the takeover under way. */
export function sinceLastNotice<T extends { sender: string }>(messages: T[]): T[] {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (messages[i]!.sender === 'system') return messages.slice(i + 1);
  }
  return [];
}

/**
 * Turns a stored transcript into its lead (reprocessing): at most one lead per conversation and
 * per transcript, one credit for it, and the transcript marked processed, all in the one end
 * statement. Null when no lead was made: the tenant gave no answer at all (no lead, no credit),
 * the lead exists already, or the fields could not be read (left unprocessed, to try again).
 */
export async function saveLeadFromTranscript(
  ctx: AppContext,
  input: {
    companyId: string;
    transcriptId: string;
    property: ChatProperty | null;
    context: AgentContext;
    agent: AgentState;
  },
): Promise<SavedLead | null> {
  const record = readLeadRecord(input.agent, input.context, ctx.log, input.transcriptId);
  if (!record) return null;
  const end = await runEnd(ctx, {
    companyId: input.companyId,
    source: { kind: 'transcript', id: input.transcriptId },
    transcript: null,
    record,
    property: input.property,
  });
  return end.saved;
}

type EndInput = {
  companyId: string;
  /**
   * A conversation to end (only while it is active and at the turn this copy has seen), or a
   * stored transcript to process again.
   */
  source:
    | { kind: 'conversation'; id: string; turnCount: number; announce: boolean }
    | { kind: 'transcript'; id: string };
  /** The transcript to write when a conversation ends; null writes none. */
  transcript: { fileName: string; content: string } | null;
  /** The extraction; null when it could not be read (the transcript is then left unprocessed). */
  record: LeadRecord | null;
  property: ChatProperty | null;
};

type EndStatement = { name: string; sql: string; params: unknown[] };

type EndRow = {
  ended_id: string | null;
  transcript_id: string | null;
  lead_id: string | null;
  is_first_lead_email: boolean | null;
  digest_wait_seconds: number | null;
  has_lead_webhook?: boolean;
};

/**
 * The company's row lock, taken alone before an end that may make a lead (docs/architecture.md,
 * "Lock order"). Taken inside the end statement, the lock would wait for the end before it and
 * then the statement's UPDATE of the row, starting from the version its older snapshot saw, would
 * walk the row's versions again, queueing behind the very ends waiting on it: a deadlock once three
 * ends of one company meet. Taken first, the statement's snapshot begins after the lock is held,
 * sees the row as the last holder left it, and touches it once more without waiting.
 */
const LOCK_COMPANY = 'select 1 from companies where id = $1 for no key update';

/** The end statement of each shape, built once: only its values change from one end to the next. */
const endStatements = new Map<string, EndStatement>();

/**
 * The end statement (see `runEnd`) for a conversation or a transcript, with the lead's columns
 * (`lead:<field>` values) or without a lead, its values as placeholders. Prepared by name: the
 * text is the same for every end of one shape, so PostgreSQL plans it once per connection, and
 * building it (a few hundred microseconds of Drizzle) happens once per process.
 */
function endStatement(kind: EndInput['source']['kind'], leadKeys: string[] | null): EndStatement {
  const key = `${kind}:${leadKeys?.join(',') ?? '-'}`;
  const cached = endStatements.get(key);
  if (cached) return cached;
  const value = (name: string) => sql.placeholder(name);
  const source =
    kind === 'conversation'
      ? sql`ended as (
      ${endConversationSql({ id: value('sourceId'), at: value('at'), turnCount: value('turnCount'), announce: value('announce') })}
    ), transcript as (
      insert into ${chatTranscripts} (company_id, conversation_id, file_name, content, processed, extracted_data)
      select company_id, id, ${value('fileName')}::text, ${value('content')}::text,
        ${value('processed')}::boolean, ${value('extractedData')}::jsonb
      from ended where ${value('writesTranscript')}::boolean
      on conflict (conversation_id) do nothing
      returning id, conversation_id
    )`
      : sql`transcript as (
      update ${chatTranscripts} set processed = true, extracted_data = ${value('extractedData')}::jsonb
      where id = ${value('sourceId')} and company_id = ${value('companyId')}
      returning id, conversation_id
    ), ended as (select id from transcript)`;

  const lead = leadKeys ? leadCreationSql(leadKeys, value) : null;
  const statement = lead
    ? sql`
    with ${source}, ${lead.ctes}
    select (select id from ended) as ended_id, (select id from transcript) as transcript_id,
      ${lead.columns},
      ${hasSubscriberSql(value('companyId'), 'lead.created')} as has_lead_webhook`
    : sql`
    with ${source}
    select (select id from ended) as ended_id, (select id from transcript) as transcript_id,
      null::uuid as lead_id, null::boolean as is_first_lead_email,
      null::float8 as digest_wait_seconds`;
  const query = dialect.sqlToQuery(statement);
  const built = {
    name: `chat_end_${createHash('sha1').update(query.sql).digest('hex').slice(0, 12)}`,
    sql: query.sql,
    params: query.params,
  };
  endStatements.set(key, built);
  return built;
}

/**
 * The one end statement, for every way a conversation ends (the tenant's end button, the idle
 * finaliser after silence or the unload beacon, reprocessing a transcript). Each step feeds the
 * next: the conversation's UPDATE is the gate (guarded by the turn count, so a stale copy changes
 * nothing), then the transcript, then the company row is read (locked by the step before the
 * statement, `LOCK_COMPANY`, so leads' creation times follow the lock's order, as the digest
 * needs), the lead is inserted (nothing on a conflict: one lead
 * per conversation, per transcript, and per tenant and property a day) (when the tenant booked a
 * viewing in the chat, with the status `viewing_booked` and a `viewing_booked` activity; its
 * `created` activity is its own creation time, see `listLeadActivity`), and only a lead actually
 * inserted spends its credit and claims the immediate lead email when it is the first in the
 * digest window. The same statement announces the end on the live channel (to the company's
 * people watching, and to the tenant's open page when the page did not ask for it) and says
 * whether a webhook endpoint wants the new lead: no round trip of their own. `applied` is false
 * when the gate did not open (ended already, a newer turn, or no such transcript).
 */
async function runEnd(
  ctx: AppContext,
  input: EndInput,
): Promise<{ applied: boolean; saved: SavedLead | null }> {
  const { record } = input;
  const lead = record?.hasAnyAnswer
    ? leadValues(input.companyId, input.property?.id ?? null, record.fields)
    : null;
  const statement = endStatement(input.source.kind, lead?.fields ?? null);
  const values: Record<string, unknown> = {
    ...lead?.values,
    at: now().toISOString(),
    sourceId: input.source.id,
    turnCount: input.source.kind === 'conversation' ? input.source.turnCount : null,
    announce: input.source.kind === 'conversation' ? input.source.announce : null,
    companyId: input.companyId,
    writesTranscript: input.transcript !== null,
    fileName: input.transcript?.fileName ?? null,
    content: input.transcript?.content ?? null,
    processed: record !== null,
    extractedData: record ? JSON.stringify(record.extractedData) : null,
  };
  const params = fillPlaceholders(statement.params, values);
  const end = { name: statement.name, text: statement.sql, values: params };
  // Rolled back whole when it loses a race, so it runs again as if it had never run.
  const [row] = await retryTransient(ctx, 'chat.end', () =>
    lead
      ? ctx.database.executeSteps<EndRow>([
          { name: 'chat_end_lock_company', text: LOCK_COMPANY, values: [input.companyId] },
          end,
        ])
      : ctx.database.executePrepared<EndRow>(end.name, end.text, end.values),
  );
  if (!row?.ended_id) return { applied: false, saved: null };
  if (!row.lead_id) {
    // The lead was not made although the tenant answered: the same tenant enquired about the
    // same property within 24 hours (the leads' exclusion constraints), and this transcript
    // joins that lead. A second statement, but only for a repeat enquiry.
    if (record?.hasAnyAnswer && row.transcript_id) {
      await linkRepeatEnquiry(ctx, { ...input, transcriptId: row.transcript_id, fields: record.fields });
    }
    return { applied: true, saved: null };
  }
  const email: LeadEmailPlan = row.is_first_lead_email
    ? { kind: 'now' }
    : { kind: 'digest', afterSeconds: Math.max(1, Math.ceil(Number(row.digest_wait_seconds ?? 0))) };
  return {
    applied: true,
    saved: { leadId: row.lead_id, email, hasLeadWebhook: row.has_lead_webhook === true },
  };
}

/**
 * Joins a repeat enquiry's transcript to the lead the same tenant (same email or phone) made
 * for the same property within the last 24 hours, and records it on that lead's activity.
 */
async function linkRepeatEnquiry(
  ctx: AppContext,
  input: {
    companyId: string;
    property: ChatProperty | null;
    transcriptId: string;
    fields: LeadRecord['fields'];
  },
): Promise<void> {
  const { email, contactNumber } = input.fields;
  if (!input.property || (!email && !contactNumber)) return;
  const property = input.property;
  await retryTransient(ctx, 'chat.link-repeat-enquiry', () =>
    ctx.db.execute(sql`
    with existing as (
      select id, company_id from ${leads}
      where company_id = ${input.companyId} and property_id = ${property.id}
        and (lower(email) = lower(${email ?? null}::text) or contact_number = ${contactNumber ?? null}::text)
        and created_at > clock_timestamp() - interval '24 hours'
        and chat_transcript_id is distinct from ${input.transcriptId}
      order by created_at desc
      limit 1
    ), linked as (
      update ${chatTranscripts} set lead_id = existing.id
      from existing
      where ${chatTranscripts.id} = ${input.transcriptId} and ${chatTranscripts.leadId} is null
      returning existing.id, existing.company_id, ${chatTranscripts.conversationId} as conversation_id
    )
    insert into ${leadActivity} (lead_id, company_id, kind, detail)
    select id, company_id, 'enquired_again',
      jsonb_build_object('transcriptId', ${input.transcriptId}::uuid, 'conversationId', conversation_id)
    from linked`),
  );
}

/** Where the chat came from, kept on the lead. */
function leadOrigin(stored: StoredState): { source: string | null; enquiryId: string | null } {
  return { source: stored.origin?.source ?? null, enquiryId: stored.origin?.enquiryId ?? null };
}

type LeadRecord = {
  hasAnyAnswer: boolean;
  fields: Omit<ReturnType<typeof toLeadFields>, 'hasAnyAnswer'> & {
    source?: string | null;
    enquiryId?: string | null;
  };
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
      // Questions still waiting for a listing that was never chosen go to the team as well.
      openQuestions: [...agent.openQuestions, ...(agent.pendingQuestions ?? [])],
      lead: fields,
    },
  };
}

/**
 * While a person of the agency has a chat, the idle finaliser waits; only a takeover left silent
 * this many times CHAT_IDLE_MINUTES (a colleague who went home without handing back) is ended.
 */
export const TAKEN_OVER_IDLE_FACTOR = 8;

/** What a tenant on a channel reads when their quiet conversation is ended and made a lead. */
export function idleClosingMessage(companyName: string): string {
  return `Thanks for your messages. I'll pass everything you've told me to the ${companyName} team. We will be in touch to book the viewing. Have a great day!`;
}

/**
 * The idle finaliser (run every minute by the job queue): ends conversations silent for
 * CHAT_IDLE_MINUTES, and those whose page sent the unload beacon and did not come back.
 * Returns how many it ended.
 */
export async function finaliseIdleConversations(ctx: AppContext, at: Date = now()): Promise<number> {
  const idleBefore = new Date(at.getTime() - ctx.env.chatIdleMinutes * 60_000);
  const leftBefore = new Date(at.getTime() - UNLOAD_GRACE_SECONDS * 1000);
  const takenOverIdleBefore = new Date(
    at.getTime() - TAKEN_OVER_IDLE_FACTOR * ctx.env.chatIdleMinutes * 60_000,
  );
  let finished = 0;
  for (let batch = 0; batch < 20; batch += 1) {
    const due = await dueToEnd(ctx, { idleBefore, leftBefore, takenOverIdleBefore, limit: 100 });
    const names = await companyNames(
      ctx,
      due
        .filter((conversation) => conversation.channel !== 'web')
        .map((conversation) => conversation.companyId),
    );
    for (const { id, channel, companyId } of due) {
      try {
        const result = await endConversation(ctx, id);
        if (!result.alreadyEnded) finished += 1;
        // On WhatsApp or SMS the tenant has no page that shows the end: the closing message goes
        // to their phone (only when the end made a lead: a thread that said nothing gets nothing).
        if (!result.alreadyEnded && result.leadCreated && channel !== 'web') {
          await relayToChannel(ctx, {
            conversationId: id,
            text: idleClosingMessage(names.get(companyId) ?? ''),
          });
        }
      } catch (error) {
        ctx.log.error({ err: error, conversationId: id }, 'Could not finalise an idle conversation');
      }
    }
    if (due.length < 100) break;
  }
  return finished;
}

/** The names of these companies, by id (for the closing messages of a batch of idle chats). */
async function companyNames(ctx: AppContext, companyIds: string[]): Promise<Map<string, string>> {
  if (companyIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...new Set(companyIds)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
