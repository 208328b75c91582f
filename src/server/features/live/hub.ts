import { randomUUID } from 'node:crypto';
import { LIVE_CHANNEL, type LiveNotice } from '#server/features/conversations/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { perContext } from '#server/lib/per-context.ts';
import { type LiveRead, NO_MESSAGES, readLive } from './summary.ts';

/**
 * Live news between instances: every instance LISTENs on the chat's live channel (`LIVE_CHANNEL`,
 * one connection per instance, not per stream) and hands what arrives to the streams it holds
 * open. The chat's statements announce what they write (`chat/live-notices.ts`); the instance
 * that has a reader for it reads the new messages from the database once, for all of its streams
 * of that conversation or company.
 */

/** How long a watch lasts unless its instance renews it, and how often an instance does. */
const WATCH_SECONDS = 90;
const WATCH_RENEW_MS = 30_000;

/**
 * Writes (or renews) this instance's watches of these companies, and clears the watches of
 * instances that are gone. A company deleted meanwhile is skipped.
 */
const RENEW_WATCHES = `
  with gone as (delete from live_watchers where until < now() and instance_id <> $2)
  insert into live_watchers (company_id, instance_id, until)
  select id, $2, now() + interval '${WATCH_SECONDS} seconds' from companies where id = any($1::uuid[])
  on conflict (company_id, instance_id) do update set until = excluded.until`;

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
  /**
   * Listens for one conversation's news, or a whole company's. Returns the unsubscribe. A stream
   * of the company's people names the company it `watches`: until it closes, the company's chat
   * turns are announced (`notifyTurnSql`); the returned promise waits for that to hold.
   */
  subscribe: (
    target: { conversationId: string } | { companyId: string },
    listener: LiveListener,
    options?: { watches?: string },
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
  const instanceId = randomUUID();
  /** The companies this instance's streams watch: how many streams, and the watch being written. */
  const watches = new Map<string, { streams: number; written: Promise<void> }>();
  /** Watch writes go one after another, so that an end never overtakes the start it follows. */
  let watchWrites: Promise<unknown> = Promise.resolve();
  let watchTimer: NodeJS.Timeout | undefined;

  const writeWatches = (statement: string, params: unknown[]) => {
    const written = watchWrites.then(() => ctx.database.execute(statement, params));
    watchWrites = written.catch(() => {});
    return written.then(() => {});
  };
  const renewWatches = (companyIds: string[]) => writeWatches(RENEW_WATCHES, [companyIds, instanceId]);

  const watch = async (companyId: string) => {
    let entry = watches.get(companyId);
    if (!entry) {
      entry = { streams: 0, written: renewWatches([companyId]) };
      watches.set(companyId, entry);
      watchTimer ??= setInterval(() => {
        if (watches.size === 0) return;
        renewWatches([...watches.keys()]).catch((error: unknown) =>
          ctx.log.warn({ err: error }, 'Live watches not renewed'),
        );
      }, WATCH_RENEW_MS).unref();
    }
    entry.streams += 1;
    try {
      await entry.written;
    } catch (error) {
      unwatch(companyId);
      throw error;
    }
  };

  const unwatch = (companyId: string) => {
    const entry = watches.get(companyId);
    if (!entry) return;
    entry.streams -= 1;
    if (entry.streams > 0) return;
    watches.delete(companyId);
    writeWatches('delete from live_watchers where company_id = $1 and instance_id = $2', [
      companyId,
      instanceId,
    ]).catch((error: unknown) => ctx.log.warn({ err: error }, 'A live watch was not removed'));
  };

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
    async subscribe(target, listener, options = {}) {
      const [map, key] =
        'conversationId' in target ? [byConversation, target.conversationId] : [byCompany, target.companyId];
      let set = map.get(key);
      if (!set) {
        set = new Set();
        map.set(key, set);
      }
      set.add(listener);
      const unsubscribe = () => {
        set.delete(listener);
        if (set.size === 0 && map.get(key) === set) map.delete(key);
      };
      try {
        await ensureListening();
      } catch (error) {
        stopListening = null;
        unsubscribe();
        throw error;
      }
      const { watches: watched } = options;
      if (!watched) return unsubscribe;
      try {
        await watch(watched);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      let isSubscribed = true;
      return () => {
        if (!isSubscribed) return;
        isSubscribed = false;
        unsubscribe();
        unwatch(watched);
      };
    },
    size: () => all().size,
    async closeAll() {
      clearInterval(sessionTimer);
      closeEveryone();
      watches.clear();
      if (watchTimer) {
        clearInterval(watchTimer);
        watchTimer = undefined;
        await writeWatches('delete from live_watchers where instance_id = $1', [instanceId]).catch(
          (error: unknown) => ctx.log.warn({ err: error }, 'Live watches not removed'),
        );
      }
      const stop = stopListening;
      stopListening = null;
      if (stop) await (await stop.catch(() => async () => {}))();
    },
  };
}

export const liveHub = perContext(createHub);
