import { and, eq, sql } from 'drizzle-orm';
import { type ChatMessage, conversations } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notifyAppendedSql } from './live-notices.ts';

/**
 * The conversation's writes outside a chat turn: the tenant leaving and coming back, a message
 * passed to the person who has the chat, and a person taking it over, writing in it and handing
 * it back. Each is one guarded statement; those that append messages announce them on the live
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
  const { rows } = await ctx.database.execute(
    `update conversations as c set
       messages = c.messages || jsonb_build_array($2::jsonb),
       state = jsonb_set(jsonb_set(c.state, '{recentMessages}', $3::jsonb), '{leftAt}', 'null'::jsonb),
       turn_count = c.turn_count + 1, last_activity_at = $4, updated_at = $4
     where c.id = $1 and c.status = 'active' and c.taken_over_by is not null
     returning c.id, ${notifyAppendedSql('c', '1')} as notified`,
    [
      input.conversationId,
      JSON.stringify(input.message),
      JSON.stringify(input.recentMessages),
      input.at.toISOString(),
    ],
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
  const { rows } = await ctx.database.execute(
    `update conversations as c set
       taken_over_by = $2, messages = c.messages || jsonb_build_array($3::jsonb),
       turn_count = c.turn_count + 1, last_activity_at = $4, updated_at = $4
     where c.id = $1 and c.status = 'active' and c.taken_over_by is null
     returning c.id, ${notifyAppendedSql('c', '1')} as notified`,
    [input.conversationId, input.personId, JSON.stringify(input.joined), input.at.toISOString()],
  );
  return rows.length > 0;
}

/** The person's message, only while they have the chat; false otherwise. */
export async function appendPersonMessage(
  ctx: AppContext,
  input: { conversationId: string; personId: string; message: ChatMessage; at: Date },
): Promise<boolean> {
  const { rows } = await ctx.database.execute(
    `update conversations as c set
       messages = c.messages || jsonb_build_array($3::jsonb),
       turn_count = c.turn_count + 1, last_activity_at = $4, updated_at = $4
     where c.id = $1 and c.status = 'active' and c.taken_over_by = $2
       and c.company_id in ${companiesOf('$2')}
     returning c.id, ${notifyAppendedSql('c', '1')} as notified`,
    [input.conversationId, input.personId, JSON.stringify(input.message), input.at.toISOString()],
  );
  return rows.length > 0;
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
  const { rows } = await ctx.database.execute(
    `update conversations as c set
       taken_over_by = null, messages = c.messages || $3::jsonb, state = $4::jsonb,
       property_id = coalesce($5::uuid, c.property_id),
       turn_count = c.turn_count + 1, last_activity_at = $6, updated_at = $6
     where c.id = $1 and c.status = 'active' and c.taken_over_by = $2 and c.turn_count = $7
     returning c.id, ${notifyAppendedSql('c', String(input.added.length))} as notified`,
    [
      input.conversationId,
      input.personId,
      JSON.stringify(input.added),
      JSON.stringify(input.state),
      input.propertyId,
      input.at.toISOString(),
      input.turnCount,
    ],
  );
  return rows.length > 0;
}
