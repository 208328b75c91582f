import type { TestApp } from '#tests/helpers/app.ts';

/**
 * Every table of the app's own schema, read from the database (so that a table added later is
 * covered); the job queue's tables live in pg-boss's schema and are its bookkeeping, like
 * `live_watchers` here.
 */
const tablesByApp = new WeakMap<TestApp, Promise<string[]>>();
function appTables(app: TestApp): Promise<string[]> {
  let tables = tablesByApp.get(app);
  if (!tables) {
    tables = app.ctx.database
      .execute(
        `select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ($1)
          order by table_name`,
        // Which instances hold live streams: refreshed by the streams themselves, not by requests.
        ['live_watchers'],
      )
      .then(({ rows }) => rows.map((row) => (row as { table_name: string }).table_name));
    tablesByApp.set(app, tables);
  }
  return tables;
}

export type Fingerprint = Record<string, string>;

/**
 * A hash of every row of every table (the row count and the sum of each row's hash, which needs
 * no sort), so that two fingerprints differ when anything at all was written: a rejected request
 * must leave them equal.
 */
export async function databaseFingerprint(app: TestApp): Promise<Fingerprint> {
  const columns = (await appTables(app)).map(
    (table) =>
      `(select count(*) || ':' || coalesce(sum(hashtext(t::text)), 0) from "${table}" t) as "${table}"`,
  );
  const { rows } = await app.ctx.database.execute(`select ${columns.join(', ')}`, []);
  return rows[0] as Fingerprint;
}

/**
 * The same, for one company's rows only: what another company's user must never change. (API
 * keys are left out: a refused call with the company's own read key still marks it used.)
 */
export async function companyFingerprint(app: TestApp, companyId: string): Promise<Fingerprint> {
  const scoped = [
    'properties',
    'conversations',
    'chat_transcripts',
    'leads',
    'webhook_endpoints',
    'webhook_messages',
    'company_members',
    'company_invitations',
    'audit_events',
  ].map(
    (table) =>
      `(select count(*) || ':' || coalesce(sum(hashtext(t::text)), 0) from ${table} t where t.company_id = $1) as ${table}`,
  );
  const company = `(select coalesce(sum(hashtext(t::text)), 0) from companies t where t.id = $1) as company`;
  const { rows } = await app.ctx.database.execute(`select ${[company, ...scoped].join(', ')}`, [companyId]);
  return rows[0] as Fingerprint;
}

/** The tables whose fingerprints differ. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(before).filter((table) => before[table] !== after[table]);
}
