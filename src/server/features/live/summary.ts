import { SLOT_ORDER } from '#agent/dialogue.ts';
import { LIVE_ORDER, leadAnswers, slotDisplay } from '#agent/slots/index.ts';
import type { AgentState } from '#agent/types.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import { CONVERSATION_VIEW, readStoredState } from '#server/features/conversations/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import type { LiveConversation, LiveMessageEvent } from '#shared/schemas/live.ts';
import type { ConversationChannelName } from '#shared/schemas/messaging.ts';

/** A conversation as the Live tab shows it, with the messages after a given position. */
export type LiveRead = {
  conversation: LiveConversation;
  companyId: string;
  /** Messages after the position asked for, each with its position (from 1). */
  messages: LiveMessageEvent[];
  /** The assistant's latest quick replies (for a tenant's page after a hand-back). */
  quickReplies: string[];
};

/** Pass as `after` to read a conversation without any of its messages. */
export const NO_MESSAGES = 2_000_000_000;

type Row = {
  id: string;
  company_id: string;
  status: 'active' | 'ended';
  created_at: Date | string;
  last_activity_at: Date | string;
  source: string | null;
  channel: ConversationChannelName;
  state: Record<string, unknown>;
  taken_over_by: string | null;
  taken_over_name: string | null;
  property_name: string | null;
  message_count: number;
  last_message: ChatMessage | null;
  new_messages: ChatMessage[];
  after: number;
};

/**
 * One statement for both the Live tab's list and a single conversation's news: the messages are
 * cut in the database (`after`), so a long chat's earlier messages never travel again.
 */
const LIVE_SELECT = `
  select c.id, c.company_id, c.status, c.created_at, c.last_activity_at, c.source, c.channel, c.state, c.taken_over_by,
    coalesce(nullif(u.first_name, ''), split_part(u.name, ' ', 1)) as taken_over_name,
    p.property_name, jsonb_array_length(c.messages) as message_count, c.messages -> -1 as last_message,
    (select coalesce(jsonb_agg(t.e order by t.i), '[]'::jsonb)
       from jsonb_array_elements(c.messages) with ordinality as t(e, i) where t.i > $2) as new_messages,
    $2::int as after
  from ${CONVERSATION_VIEW} c
  left join users u on u.id = c.taken_over_by
  left join properties p on p.id::text = coalesce(c.state->'agent'->'fields'->>'propertyId', c.property_id::text)`;

/** The conversation with the messages after position `after`; null when it does not exist. */
export async function readLive(
  ctx: AppContext,
  conversationId: string,
  after: number,
): Promise<LiveRead | null> {
  const { rows } = await ctx.database.execute(`${LIVE_SELECT} where c.id = $1`, [conversationId, after]);
  const row = rows[0] as Row | undefined;
  return row ? toLiveRead(row) : null;
}

/** The Live tab's list: chats under way and those of the last 24 hours, latest activity first. */
export async function listLive(ctx: AppContext, companyId: string): Promise<LiveConversation[]> {
  const { rows } = await ctx.database.execute(
    `${LIVE_SELECT}
     where c.company_id = $1 and (c.status = 'active' or c.last_activity_at > now() - interval '24 hours')
     order by c.last_activity_at desc limit 100`,
    [companyId, NO_MESSAGES],
  );
  return (rows as Row[]).map((row) => toLiveRead(row).conversation);
}

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toLiveRead(row: Row): LiveRead {
  const stored = readStoredState(row.state);
  const agent = stored?.agent ?? null;
  const last = row.last_message;
  return {
    companyId: row.company_id,
    quickReplies: stored?.quickReplies ?? [],
    messages: row.new_messages.map((message, index) => ({ ...message, seq: row.after + index + 1 })),
    conversation: {
      id: row.id,
      status: row.status,
      startedAt: iso(row.created_at),
      lastActivityAt: iso(row.last_activity_at),
      propertyName: row.property_name,
      source: row.source,
      channel: row.channel,
      tenantName: agent?.fields.name ?? null,
      takenOver:
        row.taken_over_by !== null
          ? { userId: row.taken_over_by, name: row.taken_over_name || 'A colleague' }
          : null,
      messageCount: Number(row.message_count),
      lastMessage: last ? { sender: last.sender, content: last.content.slice(0, 200) } : null,
      ...knownDetails(agent),
    },
  };
}

/** The questions the assistant asks of every tenant, for the progress count. */
const ASKED = SLOT_ORDER.filter((slot) => slot !== 'propertyId');

/** What the tenant has told so far, in the words the dashboard uses for a lead (the slots' display). */
export function knownDetails(agent: AgentState | null): Pick<LiveConversation, 'details' | 'progress'> {
  if (!agent) return { details: [], progress: { answered: 0, total: ASKED.length } };
  const f = agent.fields;
  // Before the tenant says when they can view, a viewing they booked stands in for it.
  const lead = {
    ...leadAnswers(f, null),
    availability: f.availability ?? agent.viewing?.booked?.label ?? null,
  };
  const details = LIVE_ORDER.map((slot) => {
    const display = slotDisplay(slot);
    return { label: display.label, value: display.text(lead) };
  }).filter((detail): detail is { label: string; value: string } => Boolean(detail.value));
  const answered = ASKED.filter((slot) => {
    return f[slot] !== null || agent.refused.includes(slot);
  }).length;
  return { details, progress: { answered, total: ASKED.length } };
}
