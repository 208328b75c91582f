import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { Auth } from './auth.ts';
import type { Email, Mailer } from './mail.ts';

/** Everything a feature needs, built once per app and handed to each feature's routes. */
export type AppContext = {
  env: Env;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  /** Sends an email now; failures are logged and retried by the job queue where one runs. */
  sendEmail: (email: Email) => Promise<void>;
  log: FastifyBaseLogger;
};
