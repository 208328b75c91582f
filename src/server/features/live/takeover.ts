import { randomUUID } from 'node:crypto';
import { resumeAfterHandback } from '#agent/dialogue.ts';
import { absorbTakeover } from '#agent/lead-fields.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import {
  agentContext,
  conversationProperty,
  notifyAppendedSql,
  personName,
  publishLive,
  readStoredState,
  sinceLastNotice,
  toStoredState,
} from '#server/features/chat/index.ts';
import { loadDirectoryById } from '#server/features/directory/index.ts';
import { chatViewingTimes } from '#server/features/viewings/index.ts';
import { relayToChannel } from '#server/lib/channel-relay.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import type { LiveConversation } from '#shared/schemas/live.ts';
import { NO_MESSAGES, readLive } from './summary.ts';

/**
 * A person of the agency in a tenant's chat (DESIGN section 12). Only the company's own people
 * reach its conversations (another company's answers 404, as if it did not exist), one person at
 * a time. Each step appends to the conversation in one guarded statement that also announces it
 * on the live channel, and adds one to the turn count, so that no stale copy of the conversation
 * (another instance's, or an assistant's answer computed meanwhile) is ever stored over it.
 */

type Person = { id: string; firstName: string | null; email: string };

/**
 * The companies whose conversations a person may take over, as SQL on the parameter that holds
 * their user id: the one place that says who belongs to a company (any member, whatever the role).
 */
function companiesOf(personParam: string): string {
  return `(select company_id from company_members where user_id = ${personParam})`;
}

const conversationNotFound = () => notFound('Conversation not found');

/** Reads who may act and who holds the conversation; 404 unless it is the person's company's. */
export async function requireOwnConversation(ctx: AppContext, person: Person, conversationId: string) {
  const { rows } = await ctx.database.execute(
    `select c.id, c.status, c.taken_over_by, c.turn_count, c.company_id, co.name as company_name
     from conversations c join companies co on co.id = c.company_id
     where c.id = $1 and c.company_id in ${companiesOf('$2')}`,
    [conversationId, person.id],
  );
  const row = rows[0] as
    | {
        id: string;
        status: string;
        taken_over_by: string | null;
        turn_count: number;
        company_id: string;
        company_name: string;
      }
    | undefined;
  if (!row) throw conversationNotFound();
  return row;
}

async function liveConversation(ctx: AppContext, conversationId: string): Promise<LiveConversation> {
  const read = await readLive(ctx, conversationId, NO_MESSAGES);
  if (!read) throw conversationNotFound();
  return read.conversation;
}

const chatEnded = () => new AppError('CONFLICT', 'This chat has ended.');

async function heldByOther(ctx: AppContext, holder: string): Promise<AppError> {
  return new AppError(
    'CONFLICT',
    `${await personName(ctx, holder)} is already in this chat. Only one person at a time can take it over.`,
  );
}

function notice(content: string, at: Date): ChatMessage {
  return { id: randomUUID(), sender: 'system', content, timestamp: at.toISOString() };
}

/** POST /api/conversations/{id}/takeover: the assistant stops; the tenant sees the person join. */
export async function takeOver(
  ctx: AppContext,
  input: { person: Person; conversationId: string },
): Promise<LiveConversation> {
  const { person, conversationId } = input;
  const row = await requireOwnConversation(ctx, person, conversationId);
  if (row.status !== 'active') throw chatEnded();
  if (row.taken_over_by === person.id) return liveConversation(ctx, conversationId);
  if (row.taken_over_by) throw await heldByOther(ctx, row.taken_over_by);

  const at = now();
  const name = await personName(ctx, person.id);
  const joined = notice(`${name} from ${row.company_name} has joined`, at);
  const { rows } = await ctx.database.execute(
    `update conversations as c set
       taken_over_by = $2, messages = c.messages || jsonb_build_array($3::jsonb),
       turn_count = c.turn_count + 1, last_activity_at = $4, updated_at = $4
     where c.id = $1 and c.status = 'active' and c.taken_over_by is null
     returning c.id, ${notifyAppendedSql('c', '1')} as notified`,
    [conversationId, person.id, JSON.stringify(joined), at.toISOString()],
  );
  if (rows.length > 0) await relayToChannel(ctx, { conversationId, text: joined.content });
  if (rows.length === 0) {
    // Someone else was quicker, or it ended meanwhile.
    const latest = await requireOwnConversation(ctx, person, conversationId);
    if (latest.status !== 'active') throw chatEnded();
    if (latest.taken_over_by && latest.taken_over_by !== person.id)
      throw await heldByOther(ctx, latest.taken_over_by);
  }
  return liveConversation(ctx, conversationId);
}

/** POST /api/conversations/{id}/messages: the person's message, to the tenant's open chat. */
export async function sendAgentMessage(
  ctx: AppContext,
  input: { person: Person; conversationId: string; content: string },
): Promise<LiveConversation> {
  const { person, conversationId } = input;
  const at = now();
  const name = await personName(ctx, person.id);
  const message: ChatMessage = {
    id: randomUUID(),
    sender: 'agent',
    name,
    content: input.content,
    timestamp: at.toISOString(),
  };
  const { rows } = await ctx.database.execute(
    `update conversations as c set
       messages = c.messages || jsonb_build_array($3::jsonb),
       turn_count = c.turn_count + 1, last_activity_at = $4, updated_at = $4
     where c.id = $1 and c.status = 'active' and c.taken_over_by = $2
       and c.company_id in ${companiesOf('$2')}
     returning c.id, ${notifyAppendedSql('c', '1')} as notified`,
    [conversationId, person.id, JSON.stringify(message), at.toISOString()],
  );
  if (rows.length === 0) {
    const row = await requireOwnConversation(ctx, person, conversationId);
    if (row.status !== 'active') throw chatEnded();
    if (row.taken_over_by) throw await heldByOther(ctx, row.taken_over_by);
    throw new AppError('CONFLICT', 'Take over the chat before sending a message.');
  }
  await relayToChannel(ctx, { conversationId, text: input.content });
  return liveConversation(ctx, conversationId);
}

/**
 * POST /api/conversations/{id}/handback: the assistant carries on from what is known. What the
 * tenant told the person is read as answers first, so nothing answered is asked again.
 */
export async function handBack(
  ctx: AppContext,
  input: { person: Person; conversationId: string },
): Promise<LiveConversation> {
  const { person, conversationId } = input;
  // A tenant's message may land between the read and the write: then read again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await requireOwnConversation(ctx, person, conversationId);
    if (row.status !== 'active') throw chatEnded();
    if (!row.taken_over_by) return liveConversation(ctx, conversationId);
    if (row.taken_over_by !== person.id) throw await heldByOther(ctx, row.taken_over_by);

    const { rows } = await ctx.database.execute(
      'select messages, state, property_id, turn_count from conversations where id = $1',
      [conversationId],
    );
    const current = rows[0] as
      | {
          messages: ChatMessage[];
          state: Record<string, unknown>;
          property_id: string | null;
          turn_count: number;
        }
      | undefined;
    const stored = current ? readStoredState(current.state) : null;
    const directory = await loadDirectoryById(ctx.db, row.company_id);
    if (!current || !stored || !directory) throw conversationNotFound();

    const property = conversationProperty(directory, current.property_id, stored.agent.fields.propertyId);
    const context = {
      ...agentContext(directory, property),
      viewingTimes: await chatViewingTimes(ctx, directory, property),
    };
    const agent = absorbTakeover(context, stored.agent, sinceLastNotice(current.messages));
    const resumed = resumeAfterHandback(context, agent);
    const at = now();
    const name = await personName(ctx, person.id);
    const added: ChatMessage[] = [notice(`${name} has handed the chat back to the AI assistant`, at)];
    if (resumed)
      added.push({ id: randomUUID(), sender: 'ai', content: resumed.reply, timestamp: at.toISOString() });
    const state = toStoredState(resumed?.state ?? agent, stored, {
      quickReplies: resumed?.quickReplies ?? [],
    });
    const propertyId = resumed?.state.fields.propertyId ?? agent.fields.propertyId ?? current.property_id;
    const { rows: updated } = await ctx.database.execute(
      `update conversations as c set
         taken_over_by = null, messages = c.messages || $3::jsonb, state = $4::jsonb,
         property_id = coalesce($5::uuid, c.property_id),
         turn_count = c.turn_count + 1, last_activity_at = $6, updated_at = $6
       where c.id = $1 and c.status = 'active' and c.taken_over_by = $2 and c.turn_count = $7
       returning c.id, ${notifyAppendedSql('c', String(added.length))} as notified`,
      [
        conversationId,
        person.id,
        JSON.stringify(added),
        JSON.stringify(state),
        directory.properties.some((p) => p.id === propertyId) ? propertyId : null,
        at.toISOString(),
        current.turn_count,
      ],
    );
    if (updated.length > 0) {
      for (const message of added) await relayToChannel(ctx, { conversationId, text: message.content });
      return liveConversation(ctx, conversationId);
    }
  }
  throw new AppError('CONFLICT', 'The chat is busy. Please try handing it back again.');
}

/** POST /api/conversations/{id}/typing: the tenant's page shows that the person is typing. */
export async function announcePersonTyping(
  ctx: AppContext,
  input: { person: Person; conversationId: string },
): Promise<void> {
  const row = await requireOwnConversation(ctx, input.person, input.conversationId);
  if (row.status !== 'active') throw chatEnded();
  if (row.taken_over_by !== input.person.id) {
    throw new AppError('CONFLICT', 'Take over the chat before sending a message.');
  }
  const name = await personName(ctx, input.person.id);
  await publishLive(ctx, { k: 't', c: row.id, co: row.company_id, w: name });
}
