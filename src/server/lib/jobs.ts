import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { SqlExecutor } from '#server/db/client.ts';
import { LONDON } from './clock.ts';
import type { JobHandler, Jobs } from './jobs-types.ts';

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
  execute: SqlExecutor;
  runWorkers: boolean;
  log: FastifyBaseLogger;
}): JobQueue {
  const { execute, runWorkers, log } = options;
  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, string>();
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;

  const start = async () => {
    boss = new PgBoss({
      db: { executeSql: (text, values) => execute(text, values && values.length > 0 ? values : undefined) },
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
        for (const job of jobs) await definition.handler(job.data);
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
      await boss.send(name, data, {
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
