import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { migrationsDir } from '#server/lib/paths.ts';
import { type Schema, schema } from './schema.ts';

/**
 * The database as every feature sees it. Both drivers build the same pg-core queries at run time,
 * but TypeScript cannot resolve overloads (`transaction`, `.returning({ … })`) on the union of the
 * two drivers' types, so the embedded database is given the node-postgres type once, where it is
 * opened, and no feature casts.
 */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Runs raw SQL with positional parameters on either driver (used by the job queue). */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Runs one statement of the hot paths under a name: PostgreSQL parses and plans it once per
 * connection, and the rows come back as the driver reads them (no ORM mapping).
 */
export type PreparedExecutor = <Row extends Record<string, unknown>>(
  name: string,
  text: string,
  values: unknown[],
) => Promise<Row[]>;

/** One statement of `executeSteps`: prepared by name when it has one. */
export type Step = { name?: string; text: string; values: unknown[] };

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  execute: SqlExecutor;
  executePrepared: PreparedExecutor;
  /**
   * Runs the steps in order in one transaction on one connection, and answers the last one's
   * rows. For a statement that must take a row lock before its snapshot is taken: the lock is a
   * step of its own, so the statement after it reads the row as its last holder left it.
   */
  executeSteps: <Row extends Record<string, unknown>>(steps: Step[]) => Promise<Row[]>;
  ping: () => Promise<void>;
  /**
   * LISTEN on a channel (PostgreSQL's NOTIFY, for news between instances). On PostgreSQL it holds
   * one connection of its own, outside the pool, reconnecting when it drops; `onReconnect` is
   * called then, because notifications sent meanwhile are lost. Resolves to a stop function.
   */
  listen: (
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
  ) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

export class DatabaseLockedError extends Error {}

type OpenOptions = {
  databaseUrl?: string;
  /** Folder of the embedded database; `memory://` for a throwaway in-memory one. */
  pgliteDir?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** A dumped, migrated embedded database to start from (tests). */
  pgliteTemplate?: Blob;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.maxConnections ?? 10)
    : await openPglite(options.pgliteDir ?? 'memory://', options.pgliteTemplate);
  return database;
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server (a restart) emits an error; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema });
  await migrateOnce(pool, () => migrateNodePg(db, { migrationsFolder: migrationsDir }));
  return {
    db,
    kind: 'postgres',
    execute: async (text, values) => {
      const result = await pool.query(text, values as unknown[] | undefined);
      // A multi-statement text answers an array of results: the last one carries the rows.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    executePrepared: async <Row extends Record<string, unknown>>(
      name: string,
      text: string,
      values: unknown[],
    ) => (await pool.query<Row>({ name, text, values })).rows,
    executeSteps: async <Row extends Record<string, unknown>>(steps: Step[]) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        let rows: Row[] = [];
        for (const step of steps) rows = (await client.query<Row>({ ...step })).rows;
        await client.query('commit');
        return rows;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, onNotify, onReconnect) =>
      listenOnPostgres(connectionString, channel, onNotify, onReconnect),
    close: () => pool.end(),
  };
}

/**
 * One connection that only listens. When it drops (a database restart, a network cut) it comes
 * back after a second, listens again and says so, so that the listener can catch up.
 */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let isStopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    const reconnect = () => {
      if (isStopped || client !== next) return;
      client = null;
      void next.end().catch(() => {});
      retry = setTimeout(() => void connect(true).catch(() => reconnect()), 1000);
    };
    next.on('error', reconnect);
    next.on('end', reconnect);
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      if (!isReconnect) {
        client = null;
        await next.end().catch(() => {});
        throw error;
      }
      reconnect();
      return;
    }
    if (isReconnect) onReconnect?.();
  };
  await connect(false);
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}

/** Any fixed number: the key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 4_172_023_151;

/**
 * Several instances starting together (a rolling deploy) would each try to apply the same new
 * migration, and all but one would fail: they take turns under a session-level advisory lock,
 * and those that follow find the migrations applied.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

async function openPglite(dir: string, template?: Blob): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  if (!dir.startsWith('memory://')) {
    mkdirSync(path.dirname(dir), { recursive: true });
    release = await lockDataDir(path.dirname(dir));
  }
  try {
    // btree_gist: the leads' one-lead-a-day exclusion constraints (migration 0006).
    const extensions = { btree_gist };
    const client = await PGlite.create(
      dir,
      template ? { loadDataDir: template, extensions } : { extensions },
    );
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: migrationsDir });
    return {
      db: db as PgliteDatabase<Schema> as unknown as Db,
      kind: 'pglite',
      execute: async (text, values) => {
        // Without parameters the text may hold several statements (migrations of pg-boss).
        if (!values) {
          const results = await client.exec(text);
          return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
        }
        const result = await client.query<Record<string, unknown>>(text, values as unknown[]);
        return { rows: result.rows };
      },
      // In-process: nothing to save by naming it.
      executePrepared: async <Row extends Record<string, unknown>>(
        _name: string,
        text: string,
        values: unknown[],
      ) => (await client.query<Row>(text, values)).rows,
      executeSteps: async <Row extends Record<string, unknown>>(steps: Step[]) =>
        client.transaction(async (tx) => {
          let rows: Row[] = [];
          for (const step of steps) rows = (await tx.query<Row>(step.text, step.values)).rows;
          return rows;
        }),
      ping: async () => {
        await client.query('select 1');
      },
      listen: async (channel, onNotify) => {
        const stop = await client.listen(channel, onNotify);
        return async () => {
          if (!client.closed) await stop();
        };
      },
      close: async () => {
        await client.close();
        await release?.();
      },
    };
  } catch (error) {
    await release?.();
    throw error;
  }
}

/** Lock folders this process holds: a second open from the same process is refused too. */
const heldLocks = new Set<string>();

/**
 * PGlite has no lock between processes: two servers on one data folder would corrupt it.
 * The lock is refreshed while we run. A dead owner on this machine is recognised by its pid at
 * once; the minute-long staleness window is only the fallback (another host on a shared disk),
 * long enough that a live owner whose event loop stalls (PGlite's start blocks it for seconds
 * on a loaded machine) never looks abandoned.
 * A lock left by a process that no longer runs on this machine (a crash, a kill -9, a container
 * restart) is taken over at once, so a restart need not wait for it to go stale; a live holder
 * is always refused.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const lockfilePath = path.join(dataDir, 'letlead.lock');
  const ownerFile = `${lockfilePath}.owner`;
  const lock = () =>
    lockfile.lock(dataDir, { lockfilePath, stale: 60_000, update: 5_000, onCompromised: () => {} });
  let release: () => Promise<void>;
  try {
    try {
      release = await lock();
    } catch (error) {
      if ((error as { code?: string }).code !== 'ELOCKED' || !isAbandoned(lockfilePath, ownerFile))
        throw error;
      rmSync(lockfilePath, { recursive: true, force: true });
      release = await lock();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') {
      throw new DatabaseLockedError(
        `The embedded database in ${dataDir} is in use by another LetLead process. ` +
          'Stop that process first, or set DATA_DIR to another folder (or DATABASE_URL to a PostgreSQL server).',
      );
    }
    throw error;
  }
  writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, hostname: hostname() }));
  heldLocks.add(lockfilePath);
  return async () => {
    heldLocks.delete(lockfilePath);
    rmSync(ownerFile, { force: true });
    await release();
  };
}

/** Whether the lock's owner was a process on this machine that is gone. */
function isAbandoned(lockfilePath: string, ownerFile: string): boolean {
  let owner: { pid?: unknown; hostname?: unknown };
  try {
    owner = JSON.parse(readFileSync(ownerFile, 'utf8'));
  } catch {
    return false;
  }
  if (typeof owner.pid !== 'number' || owner.hostname !== hostname()) return false;
  // A restarted container often gets the same pid as before.
  if (owner.pid === process.pid) return !heldLocks.has(lockfilePath);
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as { code?: string }).code === 'ESRCH';
  }
}
