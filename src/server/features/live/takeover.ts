import { randomUUID } from 'node:crypto';
import { resumeAfterHandback } from '#agent/dialogue.ts';
import { absorbTakeover } from '#agent/lead-fields.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import {
  agentContext,
  conversationProperty,
  personName,
  sinceLastNotice,
} from '#server/features/chat/index.ts';
import {
  appendPersonMessage,
  findHeldConversation,
  handBackConversation,
  publishLive,
  readForHandback,
  readStoredState,
  takeConversation,
  toStoredState,
} from '#server/features/conversations/index.ts';
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

const conversationNotFound = () => notFound('Conversation not found');

/** Reads who may act and who holds the conversation; 404 unless it is the person's company's. */
export async function requireOwnConversation(ctx: AppContext, person: Person, conversationId: string) {
  const row = await findHeldConversation(ctx, person.id, conversationId);
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
  const taken = await takeConversation(ctx, { conversationId, personId: person.id, joined, at });
  if (taken) await relayToChannel(ctx, { conversationId, text: joined.content });
  if (!taken) {
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
  if (!(await appendPersonMessage(ctx, { conversationId, personId: person.id, message, at }))) {
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

    const current = await readForHandback(ctx, conversationId);
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
    const handedBack = await handBackConversation(ctx, {
      conversationId,
      personId: person.id,
      added,
      state,
      propertyId: directory.properties.some((p) => p.id === propertyId) ? propertyId : null,
      at,
      turnCount: current.turn_count,
    });
    if (handedBack) {
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
