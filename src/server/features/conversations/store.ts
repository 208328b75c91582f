import { and, desc, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '#server/db/client.ts';
import {
  type ChatMessage,
  type Conversation,
  conversations,
  type MessagingChannel,
} from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notifyAppendedSql } from './live-notices.ts';

/**
 * The conversation's reads and writes outside a chat turn's own statements (`batched-writes.ts`,
 * `statements.ts`, and the end in `chat/end-conversation.ts`): the tenant leaving and coming back,
 * a message passed to the person who has the chat, a person taking it over, writing in it and
 * handing it back, a messaging thread, a lead's transcript, a demo chat's dates, and deletions. Each is one guarded statement; those that append messages announce them on the live
 * channel in the same statement. The stored state is patched here and nowhere else (a field by
 * path, so that a turn stored meanwhile is never overwritten).
 */

/** The page was refreshed: the pending end from the unload beacon is off, the idle clock restarts. */
export async function markReturned(ctx: AppContext, conversationId: string, at: Date): Promise<void> {
  await ctx.db
    .update(conversations)
    .set({ lastActivityAt: at, state: sql`jsonb_set(${conversations.state}, '{leftAt}', 'null'::jsonb)` })
    .where(and(eq(conversations.id, conversationId), eq(conversations.status, 'active')));
}

/** The unload beacon: the conversation ends shortly unless the tenant comes back. */
export async function markLeft(ctx: AppContext, conversationId: string, at: Date): Promise<void> {
  await ctx.db
    .update(conversations)
    .set({ state: sql`jsonb_set(${conversations.state}, '{leftAt}', to_jsonb(${at.toISOString()}::text))` })
    .where(and(eq(conversations.id, conversationId), eq(conversations.status, 'active')));
}

/**
 * The tenant's message while a person has the chat, with the state's rate window; false when no
 * person has it any more (or it ended).
 */
export async function appendForPerson(
  ctx: AppContext,
  input: { conversationId: string; message: ChatMessage; recentMessages: unknown; at: Date },
): Promise<boolean> {
  return appendAndAnnounce(ctx, input.conversationId, input.at, {
    set: `messages = c.messages || jsonb_build_array($2::jsonb),
       state = jsonb_set(jsonb_set(c.state, '{recentMessages}', $3::jsonb), '{leftAt}', 'null'::jsonb)`,
    guard: 'c.taken_over_by is not null',
    params: [JSON.stringify(input.message), JSON.stringify(input.recentMessages)],
  });
}

/**
 * One guarded change that appends messages (`appended` of them) while the conversation is active:
 * `set` and `guard` name their parameters from `$2` (`$1` is the conversation). Each adds one to
 * the turn count, so a process's copy from before never answers for the assistant, marks the
 * activity, and is announced on the live channel by the same statement. False when the guard
 * did not hold.
 */
async function appendAndAnnounce(
  ctx: AppContext,
  conversationId: string,
  at: Date,
  change: { set: string; guard: string; params: unknown[]; appended?: number },
): Promise<boolean> {
  const atParam = `$${change.params.length + 2}`;
  const { rows } = await ctx.database.execute(
    `update conversations as c set ${change.set},
       turn_count = c.turn_count + 1, last_activity_at = ${atParam}, updated_at = ${atParam}
     where c.id = $1 and c.status = 'active' and ${change.guard}
     returning c.id, ${notifyAppendedSql('c', String(change.appended ?? 1))} as notified`,
    [conversationId, ...change.params, at.toISOString()],
  );
  return rows.length > 0;
}

/**
 * The companies whose conversations a person may take over, as SQL on the parameter that holds
 * their user id: the one place that says who belongs to a company (any member, whatever the role).
 */
function companiesOf(personParam: string): string {
  return `(select company_id from company_members where user_id = ${personParam})`;
}

/** Who holds the conversation, if it is one of the person's companies'. */
export type HeldConversation = {
  id: string;
  status: string;
  taken_over_by: string | null;
  turn_count: number;
  company_id: string;
  company_name: string;
};

export async function findHeldConversation(
  ctx: AppContext,
  personId: string,
  conversationId: string,
): Promise<HeldConversation | null> {
  const { rows } = await ctx.database.execute(
    `select c.id, c.status, c.taken_over_by, c.turn_count, c.company_id, co.name as company_name
     from conversations c join companies co on co.id = c.company_id
     where c.id = $1 and c.company_id in ${companiesOf('$2')}`,
    [conversationId, personId],
  );
  return (rows[0] as HeldConversation | undefined) ?? null;
}

/** The person takes the chat, with the notice that they joined; false when someone was quicker. */
export async function takeConversation(
  ctx: AppContext,
  input: { conversationId: string; personId: string; joined: ChatMessage; at: Date },
): Promise<boolean> {
  return appendAndAnnounce(ctx, input.conversationId, input.at, {
    set: 'taken_over_by = $2, messages = c.messages || jsonb_build_array($3::jsonb)',
    guard: 'c.taken_over_by is null',
    params: [input.personId, JSON.stringify(input.joined)],
  });
}

/** The person's message, only while they have the chat; false otherwise. */
export async function appendPersonMessage(
  ctx: AppContext,
  input: { conversationId: string; personId: string; message: ChatMessage; at: Date },
): Promise<boolean> {
  return appendAndAnnounce(ctx, input.conversationId, input.at, {
    set: 'messages = c.messages || jsonb_build_array($3::jsonb)',
    guard: `c.taken_over_by = $2 and c.company_id in ${companiesOf('$2')}`,
    params: [input.personId, JSON.stringify(input.message)],
  });
}

/** What handing back reads: the messages, the state and the turn count it is guarded by. */
export async function readForHandback(ctx: AppContext, conversationId: string) {
  const { rows } = await ctx.database.execute(
    'select messages, state, property_id, turn_count from conversations where id = $1',
    [conversationId],
  );
  return rows[0] as
    | {
        messages: ChatMessage[];
        state: Record<string, unknown>;
        property_id: string | null;
        turn_count: number;
      }
    | undefined;
}

/**
 * The assistant has the chat again: the notices and its reply appended, its state replaced,
 * guarded by the turn count read; false when a message landed meanwhile (read again).
 */
export async function handBackConversation(
  ctx: AppContext,
  input: {
    conversationId: string;
    personId: string;
    added: ChatMessage[];
    state: unknown;
    propertyId: string | null;
    at: Date;
    turnCount: number;
  },
): Promise<boolean> {
  return appendAndAnnounce(ctx, input.conversationId, input.at, {
    set: `taken_over_by = null, messages = c.messages || $3::jsonb, state = $4::jsonb,
       property_id = coalesce($5::uuid, c.property_id)`,
    guard: 'c.taken_over_by = $2 and c.turn_count = $6',
    params: [
      input.personId,
      JSON.stringify(input.added),
      JSON.stringify(input.state),
      input.propertyId,
      input.turnCount,
    ],
    appended: input.added.length,
  });
}

/** A new conversation, one by one (when its credit was checked first). */
export async function insertConversation(ctx: AppContext, values: typeof conversations.$inferInsert) {
  const [row] = await ctx.db
    .insert(conversations)
    .values(values)
    .returning({ id: conversations.id, createdAt: conversations.createdAt });
  return row ?? null;
}

// ---- Messaging threads ----

/** A messaging thread: the company's conversations with one number over one channel. */
export type Thread = { companyId: string; channel: MessagingChannel; phone: string };

/** A thread as a prepared statement names it: each part a value or a placeholder. */
type ThreadOrPlaceholders = { [Part in keyof Thread]: Thread[Part] | Placeholder };

/** The conversations of the thread, as a condition. */
export function sameThread(thread: ThreadOrPlaceholders) {
  return and(
    eq(conversations.companyId, thread.companyId),
    eq(conversations.channel, thread.channel),
    eq(conversations.contactPhone, thread.phone),
  );
}

/**
 * The newest conversation on this number with the company over this channel (at most one row),
 * as a subquery: the inbound message reads it in the same statement as the company and opt-out
 * (a statement prepared once, so the thread is given as placeholders).
 */
export function latestThreadQuery(thread: ThreadOrPlaceholders) {
  return new QueryBuilder()
    .select({
      id: conversations.id,
      sessionKey: conversations.sessionKey,
      status: conversations.status,
      endedAt: conversations.endedAt,
      createdAt: conversations.createdAt,
    })
    .from(conversations)
    .where(sameThread(thread))
    .orderBy(desc(conversations.createdAt))
    .limit(1)
    .as('latest_thread');
}

/** The company, channel and number of a conversation (a web chat has no number). */
export async function threadOf(ctx: AppContext, conversationId: string) {
  const [row] = await ctx.db
    .select({
      companyId: conversations.companyId,
      channel: conversations.channel,
      phone: conversations.contactPhone,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row ?? null;
}

// ---- Reads and deletes by id ----

/** A conversation by its session key (the tenant's page holds it). */
export async function findBySessionKey(ctx: AppContext, sessionKey: string): Promise<Conversation | null> {
  const [row] = await ctx.db.select().from(conversations).where(eq(conversations.sessionKey, sessionKey));
  return row ?? null;
}

/** A conversation by id. */
export async function findById(ctx: AppContext, conversationId: string): Promise<Conversation | null> {
  const [row] = await ctx.db.select().from(conversations).where(eq(conversations.id, conversationId));
  return row ?? null;
}

/** The first of these conversations of the company found, for a lead's transcript. */
export async function findOneOf(ctx: AppContext, companyId: string, conversationIds: string[]) {
  if (conversationIds.length === 0) return null;
  const [row] = await ctx.db
    .select({
      messages: conversations.messages,
      createdAt: conversations.createdAt,
      channel: conversations.channel,
    })
    .from(conversations)
    .where(and(inArray(conversations.id, conversationIds), eq(conversations.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** A demo chat moved back in time: its messages and times shifted to when it happened. */
export async function backdate(
  ctx: AppContext,
  input: { conversationId: string; messages: ChatMessage[]; startedAt: Date; endedAt: Date },
): Promise<void> {
  await ctx.db
    .update(conversations)
    .set({
      messages: input.messages,
      createdAt: input.startedAt,
      updatedAt: input.endedAt,
      lastActivityAt: input.endedAt,
      endedAt: input.endedAt,
    })
    .where(eq(conversations.id, input.conversationId));
}

/** These conversations of the company go (a deleted lead's, inside its transaction). */
export async function deleteConversations(
  db: Db | Tx,
  input: { companyId: string; conversationIds: string[] },
): Promise<void> {
  if (input.conversationIds.length === 0) return;
  await db
    .delete(conversations)
    .where(
      and(inArray(conversations.id, input.conversationIds), eq(conversations.companyId, input.companyId)),
    );
}

/** Every conversation of the company goes (an account closed, inside its transaction). */
export async function deleteCompanyConversations(db: Db | Tx, companyId: string): Promise<void> {
  await db.delete(conversations).where(eq(conversations.companyId, companyId));
}
