import type { AppContext } from '#server/lib/context.ts';
import { perContext } from '#server/lib/per-context.ts';
import { type LiveRead, NO_MESSAGES, readLive } from './summary.ts';

/**
 * Live news between instances: every instance LISTENs on one PostgreSQL channel (one connection
 * per instance, not per stream) and hands what arrives to the streams it holds open. A
 * notification carries ids and counts only, far below PostgreSQL's 8,000-byte payload limit; the
 * instance that has a reader for it reads the new messages from the database once, for all of
 * its streams of that conversation or company.
 */
export const LIVE_CHANNEL = 'letlead_live';

/**
 * A notification: messages appended (`a` of them, the last now at position `n`), a reply piece,
 * someone typing (`w`: `tenant`, or the person's first name), an end.
 */
export type LiveNotice =
  | { k: 'm'; c: string; co: string; n: number; a: number }
  | { k: 'd'; c: string; co: string; d: string }
  | { k: 't'; c: string; co: string; w: string }
  | { k: 'e'; c: string; co: string };

/**
 * The SQL that announces messages appended by an UPDATE or INSERT on `conversations` (alias `c`),
 * for its RETURNING list: the notification is sent when the statement commits, in commit order,
 * with no round trip of its own.
 */
export function notifyAppendedSql(alias: string, appended: string): string {
  return `pg_notify('${LIVE_CHANNEL}', json_build_object('k', 'm', 'c', ${alias}.id, 'co', ${alias}.company_id, 'n', jsonb_array_length(${alias}.messages), 'a', ${appended})::text)`;
}

/** The same for a conversation that ended (`alias` has its `id` and `company_id`). */
export function notifyEndedSql(alias: string): string {
  return `pg_notify('${LIVE_CHANNEL}', json_build_object('k', 'e', 'c', ${alias}.id, 'co', ${alias}.company_id)::text)`;
}

export type LiveListener = {
  /** New messages, or a change of who has the chat, or the end (`conversation.status`). */
  onRead?: (read: LiveRead) => void;
  /** A piece of the assistant's reply as it is written. */
  onDelta?: (delta: string) => void;
  /** Someone is typing: `tenant`, or the first name of the person who has the chat. */
  onTyping?: (who: string) => void;
  /** The stream must end (the app stops, the session ended, news may have been lost). */
  close: () => void;
  /** The signed-in session the stream belongs to: when it ends (logout), the stream closes. */
  sessionId?: string;
};

type Hub = {
  /** Listens for one conversation's news, or a whole company's. Returns the unsubscribe. */
  subscribe: (
    target: { conversationId: string } | { companyId: string },
    listener: LiveListener,
  ) => Promise<() => void>;
  /** Open streams on this instance. */
  size: () => number;
  closeAll: () => Promise<void>;
};

/** How often open agents' streams check that their session still exists (logout, account deletion). */
export const SESSION_CHECK_MS = 10_000;

function createHub(ctx: AppContext): Hub {
  const byConversation = new Map<string, Set<LiveListener>>();
  const byCompany = new Map<string, Set<LiveListener>>();
  let stopListening: Promise<() => Promise<void>> | null = null;
  let chain: Promise<void> = Promise.resolve();
  let sessionTimer: NodeJS.Timeout | undefined;

  const all = () =>
    new Set([
      ...[...byConversation.values()].flatMap((s) => [...s]),
      ...[...byCompany.values()].flatMap((s) => [...s]),
    ]);

  const handle = async (notice: LiveNotice) => {
    const listeners = [...(byConversation.get(notice.c) ?? []), ...(byCompany.get(notice.co) ?? [])];
    if (listeners.length === 0) return;
    if (notice.k === 'd') {
      for (const listener of listeners) listener.onDelta?.(notice.d);
      return;
    }
    if (notice.k === 't') {
      for (const listener of listeners) listener.onTyping?.(notice.w.slice(0, 100));
      return;
    }
    const after = notice.k === 'm' ? notice.n - notice.a : NO_MESSAGES;
    const read = await readLive(ctx, notice.c, after);
    if (!read) return;
    for (const listener of listeners) listener.onRead?.(read);
  };

  const receive = (payload: string) => {
    let notice: LiveNotice;
    try {
      notice = JSON.parse(payload) as LiveNotice;
    } catch {
      return;
    }
    // One at a time, in the order PostgreSQL delivered them: a stream never sees news out of order.
    chain = chain.then(() =>
      handle(notice).catch((error: unknown) => ctx.log.error({ err: error }, 'Live news could not be read')),
    );
  };

  const closeEveryone = () => {
    for (const listener of all()) listener.close();
  };

  const checkSessions = async () => {
    const withSession = [...all()].filter((listener) => listener.sessionId);
    if (withSession.length === 0) return;
    const ids = [...new Set(withSession.map((listener) => listener.sessionId!))];
    const { rows } = await ctx.database.execute(
      'select id from sessions where id = any($1::text[]) and expires_at > now()',
      [ids],
    );
    const alive = new Set(rows.map((row) => row.id as string));
    for (const listener of withSession) if (!alive.has(listener.sessionId!)) listener.close();
  };

  const ensureListening = () => {
    stopListening ??= ctx.database.listen(LIVE_CHANNEL, receive, closeEveryone);
    if (!sessionTimer) {
      sessionTimer = setInterval(() => {
        checkSessions().catch((error: unknown) => ctx.log.warn({ err: error }, 'Live sessions not checked'));
      }, SESSION_CHECK_MS);
      sessionTimer.unref();
    }
    return stopListening;
  };

  return {
    async subscribe(target, listener) {
      const [map, key] =
        'conversationId' in target ? [byConversation, target.conversationId] : [byCompany, target.companyId];
      let set = map.get(key);
      if (!set) {
        set = new Set();
        map.set(key, set);
      }
      set.add(listener);
      try {
        await ensureListening();
      } catch (error) {
        stopListening = null;
        set.delete(listener);
        throw error;
      }
      return () => {
        set.delete(listener);
        if (set.size === 0 && map.get(key) === set) map.delete(key);
      };
    },
    size: () => all().size,
    async closeAll() {
      clearInterval(sessionTimer);
      closeEveryone();
      const stop = stopListening;
      stopListening = null;
      if (stop) await (await stop.catch(() => async () => {}))();
    },
  };
}

export const liveHub = perContext(createHub);

/** Sends a notification on the live channel (for news no chat statement carries). */
export async function publishLive(ctx: AppContext, notice: LiveNotice): Promise<void> {
  await ctx.database.execute('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(notice)]);
}

/**
 * The assistant's reply pieces for one turn, in order: each waits for the one before, since two
 * connections of the pool could otherwise deliver them swapped. `flush` waits for all of them.
 */
export function deltaPublisher(ctx: AppContext, conversation: { id: string; companyId: string }) {
  let sent: Promise<void> = Promise.resolve();
  return {
    onDelta(delta: string) {
      // Kept well under the payload limit; a longer piece goes as several.
      for (let at = 0; at < delta.length; at += 1500) {
        const piece = delta.slice(at, at + 1500);
        sent = sent.then(() =>
          publishLive(ctx, { k: 'd', c: conversation.id, co: conversation.companyId, d: piece }).catch(
            (error: unknown) => ctx.log.warn({ err: error }, 'A reply piece was not published'),
          ),
        );
      }
    },
    flush: () => sent,
  };
}
