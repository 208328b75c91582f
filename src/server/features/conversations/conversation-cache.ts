import type { Conversation } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { perContext } from '#server/lib/per-context.ts';

/** What a chat turn needs of its conversation, as this process last stored or read it. */
export type CachedConversation = Pick<
  Conversation,
  | 'id'
  | 'sessionKey'
  | 'companyId'
  | 'propertyId'
  | 'messages'
  | 'state'
  | 'status'
  | 'turnCount'
  | 'createdAt'
  | 'takenOverBy'
>;

type Entry = { conversation: CachedConversation; expiresAt: number };

/**
 * The conversations this process served lately, so that a turn costs one database round trip
 * (the guarded UPDATE) instead of two. The copy is only ever a guess: every turn is stored with
 * `turn_count = <the copy's turn count> and status = 'active'`, so a copy that another instance
 * (or the idle finaliser, or a deletion) made stale stores nothing, is dropped, and the turn is
 * redone from a fresh read. Anything that changes a conversation's meaning for the next turn must
 * therefore change its status or turn count; `leftAt` (the unload beacon) is the one field written
 * elsewhere, and every turn clears it anyway. Taking a chat over, a person's message and handing
 * it back all add one to the turn count, so a copy from before never answers for the assistant.
 *
 * Bounded: a busy process holds a few hundred chats under way; the oldest go first.
 */
const MAX_ENTRIES = 2_000;
const TTL_MS = 10 * 60_000;
const cacheOf = perContext(() => new Map<string, Entry>());

/** The cached copy for this company's chat, or null (never another company's conversation). */
export function cachedConversation(
  ctx: AppContext,
  sessionKey: string,
  companyId: string,
): CachedConversation | null {
  const cache = cacheOf(ctx);
  const entry = cache.get(sessionKey);
  if (!entry) return null;
  if (entry.expiresAt <= Date.now() || entry.conversation.companyId !== companyId) {
    cache.delete(sessionKey);
    return null;
  }
  return entry.conversation;
}

export function rememberConversation(ctx: AppContext, conversation: CachedConversation): void {
  const cache = cacheOf(ctx);
  // Re-inserting moves the key to the end: the map's order is least recently stored first.
  cache.delete(conversation.sessionKey);
  if (cache.size >= MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(conversation.sessionKey, { conversation, expiresAt: Date.now() + TTL_MS });
}

export function forgetConversation(ctx: AppContext, sessionKey: string): void {
  cacheOf(ctx).delete(sessionKey);
}
