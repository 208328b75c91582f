import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type Database, openDatabase } from '#server/db/client.ts';
import { type Env, loadEnv } from '#server/env.ts';
import { findCompanyDirectory } from '#server/features/chat/directory.ts';
import { registerFeatures } from '#server/features/index.ts';
import { withPersonalDataGuards } from '#server/features/privacy/log-redaction.ts';
import { createWebPages, isChatEntryPath } from '#server/features/site/web-pages.ts';
import { createAuth } from '#server/lib/auth.ts';
import type { AppContext } from '#server/lib/context.ts';
import { recordDelivery } from '#server/lib/delivery-status.ts';
import { emailTemplates } from '#server/lib/email-templates.ts';
import { AppError, badRequest } from '#server/lib/errors.ts';
import { createJobQueue, requestScope } from '#server/lib/jobs.ts';
import { createMailer, type Email } from '#server/lib/mail.ts';
import { isSameOriginRequest } from '#server/lib/origin-check.ts';
import { webDistDir } from '#server/lib/paths.ts';
import { securityHeaders } from '#server/lib/security-headers.ts';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '#server/lib/unstorable-text.ts';
import { matchChatRoute } from '#shared/chat-routes.ts';
import { isClientRoute } from '#shared/routes.ts';

export type BuildAppOptions = {
  env?: Env;
  /** An open database; when omitted the app opens one from the environment. */
  database?: Database;
  /** Close the database with the app (always when the app opened it). */
  closeDatabase?: boolean;
  /** Serve the built web client from dist/web (on by default when it exists). */
  serveWeb?: boolean;
  logger?: FastifyServerOptions['logger'];
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
  const jobs = createJobQueue({ execute: database.execute, runWorkers: env.runJobs, log: app.log });
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
  const ctx: AppContext = { env, database, db: database.db, auth, mailer, sendEmail, log: app.log, jobs };
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

  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(env.appUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: env.appUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(rateLimit, {
    global: false,
    ...(env.redisUrl ? { redis: await createRedis(env.redisUrl) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      retryAfter: Math.ceil(context.ttl / 1000),
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  app.addHook('onRequest', async (request) => {
    // A browser request that changes state with our cookie must come from our own pages. Without
    // a cookie too, when the browser names another site: a cross-site form posting to
    // /api/auth/login would otherwise sign the visitor in to an account of the attacker's choosing.
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/stripe/webhook')) return;
    const secFetchSite = request.headers['sec-fetch-site'];
    const isOurs = isSameOriginRequest({
      origin: request.headers.origin,
      referer: request.headers.referer,
      secFetchSite: Array.isArray(secFetchSite) ? secFetchSite[0] : secFetchSite,
      hasCookie: Boolean(request.headers.cookie),
      appUrl: env.appUrl,
      host: request.headers.host,
    });
    if (!isOurs) {
      throw new AppError('FORBIDDEN', 'This request must come from a LetLead page (origin check failed)');
    }
  });

  // Before any route's validation, so that no handler ever meets text the database cannot store.
  app.addHook('preValidation', async (request) => {
    const field = findUnstorableText({ params: request.params, query: request.query, body: request.body });
    if (field) {
      const name = field.replace(/^(params|query|body)\.?/, '') || '_';
      throw badRequest(UNSTORABLE_TEXT_MESSAGE, { errors: { [name]: UNSTORABLE_TEXT_MESSAGE } });
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Every 429 says when to come back: the use case's or the rate limiter's own wait, else 60 s.
    if ((error instanceof AppError ? error.status : error.statusCode) === 429) {
      reply.header('retry-after', String(retryAfterSeconds(error) ?? 60));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const messages = [...new Set(Object.values(errors))];
      return reply.status(400).send({ message: messages.join('. ') || 'Invalid request', errors });
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send({ message: error.message, ...error.details });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError'
          ? 'The request body is not valid JSON'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type'
              : error.message;
      return reply.status(status).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'Database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: 'LetLead is briefly unavailable. Please try again in a moment.' });
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

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
  if (serveWeb) await registerWebClient(app);
  const webPages = createWebPages(env);
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method) || !serveWeb) {
      return reply.status(404).send({ message: 'Not found' });
    }
    const isKnownRoute = isClientRoute(pathname);
    if (isKnownRoute && isChatEntryPath(pathname)) allowFraming(reply);
    const isFound = isKnownRoute && (await isChatLinkLive(ctx, pathname));
    return reply
      .status(isFound ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie')
      .type('text/html')
      .send(webPages.html({ pathname, cookie: request.headers.cookie, isKnownRoute }));
  });

  return app as unknown as App;
}

async function registerWebClient(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  // Files in dist/web (assets, favicon, robots.txt) are served by path; everything else falls back.
  app.get('/*', async (request, reply) => {
    const pathname = decodeURIComponent((request.url.split('?')[0] ?? '/').slice(1));
    if (pathname && !pathname.includes('..') && existsSync(path.join(webDistDir, pathname))) {
      const full = path.join(webDistDir, pathname);
      if (!full.endsWith(`${path.sep}index.html`) && !isDirectory(full)) return reply.sendFile(pathname);
    }
    return reply.callNotFound();
  });
}

/**
 * A chat link names an agency and maybe one of its listings: the page for one that does not exist
 * (a deleted listing, a mistyped link) says so with a 404, so that search engines drop it. The
 * page itself shows "Company Not Found". When the database cannot be asked, the page is served.
 */
async function isChatLinkLive(ctx: AppContext, pathname: string): Promise<boolean> {
  const route = matchChatRoute(pathname, '');
  if (route.page !== 'chat') return true;
  try {
    const { companySlug, propertySlug } = route;
    const directory = await findCompanyDirectory(ctx, companySlug, { propertySlug });
    return directory !== null && (!propertySlug || directory.properties.some((p) => p.slug === propertySlug));
  } catch {
    return true;
  }
}

/**
 * Agencies put the tenant chat on their own websites in an iframe, so the chat page (and the
 * holding page it sends a tenant to when credits run out) may be framed by any site. Every other
 * page keeps frame-ancestors 'none': the dashboard and account pages can never be framed
 * (clickjacking). The chat carries no agent session (SameSite=Lax cookies stay out of a framed
 * page), so a frame can do nothing there that the tenant could not do on the page itself.
 */
function allowFraming(reply: FastifyReply) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header('content-security-policy', policy.replace("frame-ancestors 'none'", 'frame-ancestors *'));
  }
  reply.removeHeader('x-frame-options');
}

function isDirectory(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isDirectory() ?? true;
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

/** A lost or refused database connection (anywhere in the cause chain): a 503, not a 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  const connectionCodes = new Set([
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    '57P01',
    '57P02',
    '57P03',
  ]);
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (connectionCodes.has(code) || code.startsWith('08'))) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message)
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}

async function createRedis(url: string) {
  const { Redis } = await import('ioredis');
  return new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false });
}

/** The wait a 429 names: an AppError's `retryAfter` detail, or the rate-limit plugin's `retryAfter`. */
function retryAfterSeconds(error: FastifyError): number | undefined {
  const value =
    error instanceof AppError ? error.details?.retryAfter : (error as { retryAfter?: unknown }).retryAfter;
  return typeof value === 'number' && value > 0 ? Math.ceil(value) : undefined;
}
