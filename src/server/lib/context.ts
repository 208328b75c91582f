import type { FastifyBaseLogger } from 'fastify';
import type { ConversationEngine } from '#agent/types.ts';
import type { Database, Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { Auth } from './auth.ts';
import type { EventBus } from './events.ts';
import type { Jobs } from './jobs-types.ts';
import type { Email, Mailer } from './mail.ts';

/** Everything a feature needs, built once per app and handed to each feature's routes. */
export type AppContext = {
  env: Env;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  /**
   * Sends an email now; when the mail server fails, the email is queued and retried by the job
   * queue ('queued'), so the caller can say it may be delayed instead of failing.
   */
  sendEmail: (email: Email) => Promise<'sent' | 'queued'>;
  log: FastifyBaseLogger;
  /** Background jobs: define handlers and schedules while registering routes; send from use cases. */
  jobs: Jobs;
  /** What happened, announced after commit to the features that react to it (lib/events.ts). */
  events: EventBus;
  /** The chat's engine when the app was given one (tests); else chosen from `env.ai`. */
  engine?: ConversationEngine;
};
