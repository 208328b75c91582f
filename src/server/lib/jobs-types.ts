import type { FastifyBaseLogger } from 'fastify';

/** What a handler knows about the job it runs. */
export type JobRun = {
  id: string;
  /** Logs with the job's name and id, and the id of the request that queued it (`reqId`). */
  log: FastifyBaseLogger;
  /** The request that queued the job, when one did. */
  requestId: string | undefined;
};

/** The background job queue (Postgres-backed: exactly one instance does each job). */
export type JobHandler<T> = (data: T, job: JobRun) => Promise<void>;

export type JobOptions = {
  /** Delay before the job may run. */
  startAfterSeconds?: number;
  /** At most one queued job with this key (per queue) at a time. */
  singletonKey?: string;
  /**
   * The request the job comes from, so its log lines carry the same `reqId`. Defaults to the
   * request being handled when `send` is called.
   */
  requestId?: string;
};

export type Jobs = {
  /**
   * Registers the handler of a named job. Handlers run only in processes with JOBS=true; a
   * failing handler is retried with backoff (retryLimit times).
   */
  define: <T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: { retryLimit?: number; retryDelaySeconds?: number },
  ) => void;
  /** Queues a job (works in every process, also with JOBS=false). */
  send: <T extends object>(name: string, data: T, options?: JobOptions) => Promise<void>;
  /** Runs a defined job on a cron schedule (Europe/London), once per tick across all instances. */
  schedule: (name: string, cron: string) => void;
};
