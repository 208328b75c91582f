/** The background job queue (Postgres-backed: exactly one instance does each job). */
export type JobHandler<T> = (data: T) => Promise<void>;

export type JobOptions = {
  /** Delay before the job may run. */
  startAfterSeconds?: number;
  /** At most one queued job with this key (per queue) at a time. */
  singletonKey?: string;
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
