import pg from 'pg';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

/**
 * Sends `count` requests at once so that, on PostgreSQL, they really meet: inserts into `table`
 * are held back (a SHARE lock, which lets reads through) until every request is waiting on a
 * lock. Code that counts and then inserts has by then let all of them pass its count; code that
 * makes them take turns has one waiting on the insert and the others on their turn. The embedded
 * database runs one statement at a time, so there the requests simply go together.
 */
export async function sendAtOnce(
  app: TestApp,
  { table, count }: { table: string; count: number },
  send: (index: number) => Promise<Response>,
): Promise<Response[]> {
  const sendAll = () => Promise.all(Array.from({ length: count }, (_, index) => send(index)));
  if (process.env.TEST_DB !== 'postgres') return sendAll();
  // Connections of its own: the app's small pool is for the requests.
  const [{ name } = { name: '' }] = (await app.database.execute('select current_database() as name'))
    .rows as { name: string }[];
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const holder = new pg.Client({ connectionString: url.toString() });
  const watcher = new pg.Client({ connectionString: url.toString() });
  await Promise.all([holder.connect(), watcher.connect()]);
  try {
    await holder.query('begin');
    await holder.query(`lock table ${pg.escapeIdentifier(table)} in share mode`);
    const sent = sendAll();
    await expect
      .poll(
        async () => {
          const result = await watcher.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return result.rows[0]!.waiting;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(count);
    await holder.query('commit');
    return await sent;
  } finally {
    await Promise.all([holder.end(), watcher.end()]);
  }
}
