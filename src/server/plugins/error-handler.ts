import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '#server/lib/errors.ts';
import { isTransientDatabaseError } from '#server/lib/transient.ts';

/**
 * The one error handler: every error answers `{ message }` with a fitting status. A failed
 * schema names each failing field; an AppError maps its code to a status; every 429 carries
 * `Retry-After`; a lost database, or a statement that kept losing races, is a 503; anything else is a 500 that never shows internals.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
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
        return reply.status(400).send({ message: joinSentences(Object.values(errors)), errors });
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
      const busy = databaseBusy(error);
      if (busy) {
        request.log.error({ err: error }, busy.log);
        return reply.status(503).header('retry-after', busy.retryAfter).send({ message: busy.message });
      }
      request.log.error({ err: error }, 'Unhandled error');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    });
  },
  { name: 'error-handler' },
);

/** A database that cannot serve the request now: a 503 that says when to try again, not a 500. */
function databaseBusy(error: unknown): { log: string; retryAfter: string; message: string } | null {
  // A lost race that outlasted its retries (retryTransient): nothing was saved, and sending the
  // same request again is safe.
  if (isTransientDatabaseError(error)) {
    return {
      log: 'A statement kept losing races with others',
      retryAfter: '1',
      message: 'LetLead is very busy. Please try again in a moment.',
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      log: 'Database unavailable',
      retryAfter: '5',
      message: 'LetLead is briefly unavailable. Please try again in a moment.',
    };
  }
  return null;
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

/** The wait a 429 names: an AppError's `retryAfter` detail, or the rate-limit plugin's `retryAfter`. */
function retryAfterSeconds(error: FastifyError): number | undefined {
  const value =
    error instanceof AppError ? error.details?.retryAfter : (error as { retryAfter?: unknown }).retryAfter;
  return typeof value === 'number' && value > 0 ? Math.ceil(value) : undefined;
}

/** One message from several, each its own sentence (some end in a full stop, some do not). */
function joinSentences(messages: string[]): string {
  const unique = [...new Set(messages)];
  if (unique.length === 0) return 'Invalid request';
  return unique
    .map((message, index) => (index < unique.length - 1 && !/[.!?]$/.test(message) ? `${message}.` : message))
    .join(' ');
}
