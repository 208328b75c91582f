import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '#server/db/client.ts';
import { LONDON } from './clock.ts';
import type { JobHandler, Jobs } from './jobs-types.ts';

/**
 * The request being handled, so that a job queued while handling it carries its id into the
 * worker's log lines (app.ts enters it for every request; a job's handler runs inside it too).
 */
export const requestScope = new AsyncLocalStorage<{ requestId: string | undefined }>();

/** The key under which a job's data carries the id of the request that queued it. */
const REQUEST_ID_KEY = '_requestId';

type Definition = {
  handler: JobHandler<object>;
  retryLimit: number;
  retryDelaySeconds: number;
};

export type JobQueue = Jobs & {
  /** Creates the queues and, where this process runs jobs, starts the workers and schedules. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * pg-boss on our own database connection (PGlite or the pg pool), so jobs live in the same
 * PostgreSQL as everything else and each job is done by exactly one instance.
 */
export function createJobQueue(options: {
  database: Pick<Database, 'execute' | 'executeSteps'>;
  runWorkers: boolean;
  log: FastifyBaseLogger;
}): JobQueue {
  const { database, runWorkers, log } = options;
  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, string>();
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;

  const start = async () => {
    boss = new PgBoss({
      db: { executeSql: (text, values) => executeForBoss(database, text, values) },
      schema: 'pgboss',
      supervise: runWorkers,
      schedule: runWorkers,
      migrate: true,
    });
    boss.on('error', (error) => log.warn({ err: error }, 'Job queue error'));
    await boss.start();
    for (const [name, definition] of definitions) {
      await boss.createQueue(name, {
        name,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
      });
    }
    if (!runWorkers) return;
    for (const [name, definition] of definitions) {
      await boss.work<object>(name, { pollingIntervalSeconds: 2, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await runJob(name, job.id, job.data, definition, log);
      });
    }
    for (const [name, cron] of schedules) await boss.schedule(name, cron, {}, { tz: LONDON });
  };

  return {
    define: (name, handler, defineOptions = {}) => {
      definitions.set(name, {
        handler: handler as JobHandler<object>,
        retryLimit: defineOptions.retryLimit ?? 5,
        retryDelaySeconds: defineOptions.retryDelaySeconds ?? 30,
      });
    },
    schedule: (name, cron) => {
      schedules.set(name, cron);
    },
    send: async (name, data, sendOptions = {}) => {
      if (!boss) throw new Error('The job queue is not started');
      if (!definitions.has(name)) throw new Error(`Unknown job: ${name}`);
      const requestId = sendOptions.requestId ?? requestScope.getStore()?.requestId;
      await boss.send(name, requestId ? { ...data, [REQUEST_ID_KEY]: requestId } : data, {
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
    },
    start: async () => {
      starting ??= start();
      await starting;
    },
    stop: async () => {
      await boss?.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}

/** Any number: the advisory lock under which queues are created, the same in every instance. */
// The call alone: pg-boss's schema script, which defines the function, must run as it is.
const CREATE_QUEUE_CALL = /^\s*select\s+\w+\.create_queue\(\$1,\s*\$2\)\s*$/i;
const CREATE_QUEUE_LOCK = 4_271_990_112;

/**
 * pg-boss's statements, run on our connection. Creating a queue inserts its row and attaches a
 * partition to the job table: two instances starting together that create the same queues at once
 * would each wait for the other (the row, then the table) until PostgreSQL aborted one as a
 * deadlock. So each creation runs in a transaction that first takes one advisory lock: they take
 * turns, and whoever comes second finds the queue made (pg-boss's function then does nothing).
 */
function executeForBoss(
  database: Pick<Database, 'execute' | 'executeSteps'>,
  text: string,
  values: unknown[] | undefined,
): Promise<{ rows: Record<string, unknown>[] }> {
  if (CREATE_QUEUE_CALL.test(text)) {
    return database
      .executeSteps([
        { text: 'select pg_advisory_xact_lock($1)', values: [CREATE_QUEUE_LOCK] },
        { text, values: values ?? [] },
      ])
      .then((rows) => ({ rows }));
  }
  return database.execute(text, values && values.length > 0 ? values : undefined);
}

async function runJob(
  name: string,
  id: string,
  stored: object,
  definition: Definition,
  log: FastifyBaseLogger,
): Promise<void> {
  const { [REQUEST_ID_KEY]: storedRequestId, ...data } = stored as Record<string, unknown>;
  const requestId = typeof storedRequestId === 'string' ? storedRequestId : undefined;
  const bindings = { job: name, jobId: id, ...(requestId ? { reqId: requestId } : {}) };
  const jobLog = typeof log.child === 'function' ? log.child(bindings) : log;
  const started = Date.now();
  try {
    await requestScope.run({ requestId }, () => definition.handler(data, { id, log: jobLog, requestId }));
    jobLog.info({ ms: Date.now() - started }, 'Job done');
  } catch (error) {
    jobLog.warn(
      { err: error, ms: Date.now() - started },
      'Job failed: it will be retried while retries remain',
    );
    throw error;
  }
}
