import type { ChatMessage, ConversationChannel } from '#server/db/schema.ts';
import { type Batcher, createBatcher } from '#server/lib/batcher.ts';
import type { AppContext } from '#server/lib/context.ts';
import { perContext } from '#server/lib/per-context.ts';
import { retryTransient } from '#server/lib/transient.ts';
import { notifyTurnSql } from './live-notices.ts';
import type { StoredState } from './stored-state.ts';

/**
 * The three statements of every conversation (the credit check as the page opens, the first
 * message, each answer), each written for many rows at once: the rows travel as one JSON
 * parameter and `jsonb_to_recordset` turns them back into a table. See `createBatcher` for how
 * callers share a statement; each one still waits for its own row.
 */

export type TurnWrite = {
  id: string;
  /** The turn count the turn was computed from: a conversation that moved on stores nothing. */
  turnCount: number;
  newMessages: ChatMessage[];
  state: StoredState;
  propertyId: string | null;
  at: string;
};

export type ConversationStart = {
  sessionKey: string;
  companyId: string;
  propertyId: string | null;
  messages: ChatMessage[];
  state: StoredState;
  turnCount: number;
  at: string;
  source: string | null;
  enquiryId: string | null;
  /** A messaging thread's channel and number ('web' and null for the web chat). */
  channel: ConversationChannel;
  contactPhone: string | null;
};

/**
 * One turn: the two new messages appended, the agent's state replaced, guarded as above. While
 * someone of the company watches, the Live tab hears of it from the same statement (a NOTIFY sent
 * as it commits).
 *
 * The guard says `status <> 'ended'` (the same rows as `status = 'active'`: the check constraint
 * allows no third status) so that the planner cannot read the batch's conversations through the
 * partial index of active chats. It would: statistics count almost no active rows among the
 * ended ones, so a hash join over that index looks cheaper than one primary key lookup per row,
 * but the index also holds every chat ended since the last vacuum, and the join then visited over
 * a thousand pages for each batch. Each row is now found by its primary key.
 */
export const STORE_TURNS = `
  update conversations as c set
    messages = c.messages || v.new_messages,
    state = v.state,
    turn_count = c.turn_count + 1,
    property_id = v.property_id,
    last_activity_at = v.at,
    updated_at = v.at
  from jsonb_to_recordset($1::jsonb) as v(
    k int, id uuid, turn_count int, new_messages jsonb, state jsonb, property_id uuid, at timestamptz
  )
  where c.id = v.id and c.status <> 'ended' and c.turn_count = v.turn_count
  returning v.k, ${notifyTurnSql('c', 'jsonb_array_length(v.new_messages)')} as notified`;

/**
 * New conversations, each stored only while its company has a credit left: the check and the
 * insert in one statement. A conversation missing from the answer had no credit (or company).
 */
const START_CONVERSATIONS = `
  insert into conversations as c (session_key, company_id, property_id, messages, state, turn_count, last_activity_at, source, enquiry_id, channel, contact_phone)
  select v.session_key, v.company_id, v.property_id, v.messages, v.state, v.turn_count, v.at, v.source, v.enquiry_id, v.channel, v.contact_phone
  from jsonb_to_recordset($1::jsonb) as v(
    session_key text, company_id uuid, property_id uuid, messages jsonb, state jsonb, turn_count int, at timestamptz,
    source text, enquiry_id uuid, channel text, contact_phone text
  )
  where exists (select 1 from companies co where co.id = v.company_id and co.current_count > 0)
  returning c.id, c.created_at, c.session_key, ${notifyTurnSql('c', 'jsonb_array_length(c.messages)')} as notified`;

const CREDITS_LEFT = 'select id, current_count from companies where id = any($1::uuid[])';

type ChatWrites = {
  storeTurn: Batcher<TurnWrite, boolean>;
  start: Batcher<ConversationStart, { id: string; createdAt: Date } | null>;
  /** The company's credits left, or null when there is no such company. */
  creditsLeft: Batcher<string, number | null>;
};

function createChatWrites(ctx: AppContext): ChatWrites {
  // Each is one statement, guarded by what it reads (the turn count, the credit): when it loses a
  // race it is rolled back whole and runs again.
  const run = <Row extends Record<string, unknown>>(name: string, text: string, values: unknown[]) =>
    retryTransient(ctx, name, () => ctx.database.executePrepared<Row>(name, text, values));

  const storeTurns = async (turns: TurnWrite[]) => {
    const rows = await run<{ k: number }>('chat_store_turns', STORE_TURNS, [
      JSON.stringify(
        turns.map((turn, k) => ({
          k,
          id: turn.id,
          turn_count: turn.turnCount,
          new_messages: turn.newMessages,
          state: turn.state,
          property_id: turn.propertyId,
          at: turn.at,
        })),
      ),
    ]);
    const stored = new Set(rows.map((row) => row.k));
    return turns.map((_, k) => stored.has(k));
  };

  const startConversations = async (starts: ConversationStart[]) => {
    const rows = await run<{ id: string; created_at: Date; session_key: string }>(
      'chat_start_conversations',
      START_CONVERSATIONS,
      [
        JSON.stringify(
          starts.map((start) => ({
            session_key: start.sessionKey,
            company_id: start.companyId,
            property_id: start.propertyId,
            messages: start.messages,
            state: start.state,
            turn_count: start.turnCount,
            at: start.at,
            source: start.source,
            enquiry_id: start.enquiryId,
            channel: start.channel,
            contact_phone: start.contactPhone,
          })),
        ),
      ],
    );
    const bySessionKey = new Map(rows.map((row) => [row.session_key, row]));
    return starts.map((start) => {
      const row = bySessionKey.get(start.sessionKey);
      return row ? { id: row.id, createdAt: new Date(row.created_at) } : null;
    });
  };

  const readCredits = async (companyIds: string[]) => {
    const rows = await run<{ id: string; current_count: number }>('chat_credits_left', CREDITS_LEFT, [
      [...new Set(companyIds)],
    ]);
    const byId = new Map(rows.map((row) => [row.id, row.current_count]));
    return companyIds.map((id) => byId.get(id) ?? null);
  };

  return {
    storeTurn: createBatcher({
      runBatch: storeTurns,
      runOne: async (turn) => (await storeTurns([turn]))[0]!,
    }),
    start: createBatcher({
      runBatch: startConversations,
      runOne: async (start) => (await startConversations([start]))[0]!,
    }),
    creditsLeft: createBatcher({
      runBatch: readCredits,
      runOne: async (companyId) => (await readCredits([companyId]))[0]!,
    }),
  };
}

export const chatWrites = perContext(createChatWrites);
