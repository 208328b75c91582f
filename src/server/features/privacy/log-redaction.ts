import type { FastifyServerOptions } from 'fastify';

/**
 * Logs hold no message text, email address or phone number (the GDPR page's promise, and logs
 * are read by more people and kept in more places than the database). Three guards, because
 * personal data reaches a log line three ways:
 * - a field of a logged object (`{ to, subject }` of an email): named fields are removed;
 * - an error: only its name, code, message and stack are kept, never the values it carries
 *   (a Drizzle query error lists the query's parameters, an AI SDK error the whole prompt, a pg
 *   error the conflicting value), and emails and phone numbers are masked in its text;
 * - the message string itself: emails and phone numbers are masked.
 */

/** Fields that carry personal data or message text wherever they appear at the top two levels. */
const personalFields = [
  'email',
  'to',
  'from',
  'phone',
  'contactNumber',
  'password',
  'newPassword',
  'token',
  'subject',
  'text',
  'html',
  'content',
  'messages',
  'conversationHistory',
  'body',
  'userSessionKey',
  'sessionKey',
];

export const personalDataRedactPaths = [
  ...personalFields,
  ...personalFields.map((field) => `*.${field}`),
  // Top level only: `err.message` is an error's (already scrubbed) text and must stay.
  'message',
];

// A top-level domain of letters: a package path such as `@ai-sdk/provider-utils@3.0.1` is no email.
const emailPattern = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// A run of digits with the separators people type in phone numbers; checked for length below.
const phonePattern = /(?<![\w.-])\+?\d[\d ().-]{7,}\d(?![\w-])/g;
const ipv4Pattern = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Masks email addresses and phone numbers in free text. */
export function scrubText(text: string): string {
  return text.replace(emailPattern, '[email]').replace(phonePattern, (match) => {
    const digits = match.replace(/\D/g, '').length;
    return digits >= 10 && digits <= 15 && !ipv4Pattern.test(match) ? '[phone]' : match;
  });
}

/** Drizzle's "Failed query: …\nparams: a,b,c" puts every bound value in the message. */
function withoutQueryParams(text: string): string {
  return text.replace(/\nparams:[^\n]*/g, '\nparams: [redacted]');
}

const keptErrorFields = ['code', 'statusCode', 'status', 'errno', 'syscall', 'address', 'port'] as const;

/** The error serializer: what an operator needs to act on, and no data. */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: scrubText(withoutQueryParams(String(error))) };
  }
  const source = error as Error & Record<string, unknown>;
  const serialized: Record<string, unknown> = {
    type: source.constructor?.name ?? 'Error',
    message: scrubText(withoutQueryParams(source.message ?? '')),
  };
  if (source.stack) serialized.stack = scrubText(withoutQueryParams(source.stack));
  for (const field of keptErrorFields) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') {
      serialized[field] = typeof value === 'string' ? scrubText(value) : value;
    }
  }
  if (depth < 3 && source.cause !== undefined) serialized.cause = serializeError(source.cause, depth + 1);
  if (depth < 3 && Array.isArray(source.errors)) {
    serialized.errors = source.errors.slice(0, 5).map((inner) => serializeError(inner, depth + 1));
  }
  return serialized;
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
type RedactOptions = { paths: string[]; censor?: unknown; remove?: boolean };

/**
 * Adds the guards to a logger configuration (the app's own, or one a test passes in), keeping
 * its other settings and redact paths.
 */
export function withPersonalDataGuards(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const options = (logger === true ? {} : logger) as LoggerOptions & {
    redact?: string[] | RedactOptions;
    serializers?: Record<string, (value: never) => unknown>;
    hooks?: {
      logMethod?: (
        this: unknown,
        args: unknown[],
        method: (...args: unknown[]) => void,
        level: number,
      ) => void;
    };
  };
  const redact: RedactOptions = Array.isArray(options.redact)
    ? { paths: options.redact }
    : (options.redact ?? { paths: [] });
  const previousLogMethod = options.hooks?.logMethod;
  return {
    ...options,
    redact: { ...redact, paths: [...new Set([...redact.paths, ...personalDataRedactPaths])], remove: true },
    serializers: {
      ...options.serializers,
      err: (error: unknown) => serializeError(error),
      error: (error: unknown) => serializeError(error),
    },
    hooks: {
      ...options.hooks,
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void, level: number) {
        const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg));
        if (previousLogMethod) return previousLogMethod.call(this, scrubbed, method, level);
        return method.apply(this, scrubbed);
      },
    },
  } as unknown as LoggerOptions;
}
