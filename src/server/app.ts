import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConversationEngine } from '#agent/types.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { type Env, loadEnv } from '#server/env.ts';
import { registerFeatures } from '#server/features/index.ts';
import { withPersonalDataGuards } from '#server/features/privacy/index.ts';
import { createAuth } from '#server/lib/auth.ts';
import type { AppContext } from '#server/lib/context.ts';
import { recordDelivery } from '#server/lib/delivery-status.ts';
import { emailTemplates } from '#server/lib/email-templates.ts';
import { badRequest } from '#server/lib/errors.ts';
import { createEventBus } from '#server/lib/events.ts';
import { createJobQueue, requestScope } from '#server/lib/jobs.ts';
import { createMailer, type Email } from '#server/lib/mail.ts';
import { webDistDir } from '#server/lib/paths.ts';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '#server/lib/unstorable-text.ts';
import { errorHandlerPlugin } from '#server/plugins/error-handler.ts';
import { originCheckPlugin } from '#server/plugins/origin-check.ts';
import { pageFallbackPlugin } from '#server/plugins/page-fallback.ts';
import { rateLimitsPlugin } from '#server/plugins/rate-limits.ts';
import { securityHeadersPlugin } from '#server/plugins/security-headers.ts';

export type BuildAppOptions = {
  env?: Env;
  /** An open database; when omitted the app opens one from the environment. */
  database?: Database;
  /** Close the database with the app (always when the app opened it). */
  closeDatabase?: boolean;
  /** Serve the built web client from dist/web (on by default when it exists). */
  serveWeb?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The chat's conversation engine, instead of the one `env.ai` names (tests). */
  engine?: ConversationEngine;
};

export type App = FastifyInstance & { ctx: AppContext };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export async function buildApp(options: BuildAppOptions = {}): Promise<App> {
  const env = options.env ?? loadEnv();
  const app = Fastify({
    logger: withPersonalDataGuards(options.logger ?? loggerOptions(env)),
    bodyLimit: 1024 * 1024,
    // A number of hops becomes a function: Fastify's types take hops only that way.
    trustProxy:
      typeof env.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (env.trustProxy as number)
        : env.trustProxy,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database || options.closeDatabase === true;
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: env.databaseUrl, pgliteDir: path.join(env.dataDir, 'db') }));

  const mailer = createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, db: database.db, log: app.log });
  const jobs = createJobQueue({ database, runWorkers: env.runJobs, log: app.log });
  jobs.define<Email>('email', (email) => mailer.send(email), { retryLimit: 8, retryDelaySeconds: 60 });
  const sendEmail: AppContext['sendEmail'] = async (email) => {
    try {
      await mailer.send(email);
      return 'sent';
    } catch (error) {
      app.log.warn({ err: error, subject: email.subject }, 'Email not sent: queued for retry');
      await jobs.send('email', email);
      return 'queued';
    }
  };
  const auth = createAuth({
    env,
    db: database.db,
    sendEmail: async (email) => {
      recordDelivery(await sendEmail(email));
    },
    templates: emailTemplates(env),
    log: app.log,
  });
  const ctx: AppContext = {
    env,
    database,
    db: database.db,
    auth,
    mailer,
    sendEmail,
    log: app.log,
    jobs,
    events: createEventBus(app.log),
    ...(options.engine ? { engine: options.engine } : {}),
  };
  app.decorate('ctx', ctx);

  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
    if (ownsDatabase) await database.close();
  });

  // Jobs queued while handling a request carry its id into the worker's log lines.
  app.addHook('preHandler', (request, _reply, done) => requestScope.run({ requestId: request.id }, done));
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // One line per request (Fastify's own two lines are off): method, path (never the query string),
  // status and time. Written without the redaction pass: these four fields are all it holds.
  const requestLog = app.log.child({}, { redact: [] });
  app.addHook('onResponse', (request, reply, done) => {
    const query = request.url.indexOf('?');
    requestLog.info(
      {
        reqId: request.id,
        method: request.method,
        path: query === -1 ? request.url : request.url.slice(0, query),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });

  await app.register(securityHeadersPlugin, { env });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(rateLimitsPlugin, { env });
  await app.register(originCheckPlugin, { env });

  // Before any route's validation, so that no handler ever meets text the database cannot store.
  app.addHook('preValidation', async (request) => {
    const field = findUnstorableText({ params: request.params, query: request.query, body: request.body });
    if (field) {
      const name = field.replace(/^(params|query|body)\.?/, '') || '_';
      throw badRequest(UNSTORABLE_TEXT_MESSAGE, { errors: { [name]: UNSTORABLE_TEXT_MESSAGE } });
    }
  });

  await app.register(errorHandlerPlugin);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'The database is not reachable' });
    }
  });

  await registerFeatures(app, ctx);
  await jobs.start();

  const serveWeb = options.serveWeb ?? existsSync(path.join(webDistDir, 'index.html'));
  await app.register(pageFallbackPlugin, { ctx, serveWeb });

  return app as unknown as App;
}

function loggerOptions(env: Env): FastifyServerOptions['logger'] {
  return {
    level: env.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      remove: true,
    },
    serializers: {
      // Only the path: query strings can carry tokens and emails.
      req: (request) => ({ method: request.method, url: request.url.split('?')[0], id: request.id }),
    },
    ...(env.isProduction || env.nodeEnv === 'test'
      ? {}
      : {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }),
  };
}
