import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '#server/lib/context.ts';

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

/**
 * Whether someone of the company (`alias.company_id`) is watching live on any instance: a stream
 * of the Live tab or of a conversation's page is open (`live_watchers`, kept by the live feature's hub).
 */
function isWatchedSql(alias: string): string {
  return `exists (select 1 from live_watchers w where w.company_id = ${alias}.company_id and w.until > now())`;
}

/**
 * `notifyAppendedSql` for the chat's own turns (the tenant's message and the assistant's answer,
 * a new chat): only the company's people watch those, since the tenant's page had them in its
 * own answers. So they are announced only while someone watches: a NOTIFY makes every commit
 * that sends one wait for the one before it, across the whole database, and most companies are
 * not watching most of the time.
 */
export function notifyTurnSql(alias: string, appended: string): string {
  return `case when ${isWatchedSql(alias)} then ${notifyAppendedSql(alias, appended)} end`;
}

/**
 * The same for a conversation that ended (`alias` has its `id` and `company_id`), in a Drizzle
 * statement: announced when `always` (the tenant's page may be open and must hear it) or while
 * someone of the company watches.
 */
export function notifyEndedSql(alias: string, always: SQL): SQL {
  return sql`case when ${always} or ${sql.raw(isWatchedSql(alias))} then ${sql.raw(
    `pg_notify('${LIVE_CHANNEL}', json_build_object('k', 'e', 'c', ${alias}.id, 'co', ${alias}.company_id)::text)`,
  )} end`;
}

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
