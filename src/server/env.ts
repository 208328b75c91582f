import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());
const booleanString = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const positiveInt = z.coerce.number().int().positive();

const schema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  HOST: optional(z.string()),
  APP_URL: optional(z.url({ protocol: /^https?$/ })),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  DATA_DIR: optional(z.string()),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: optional(z.string()),
  CONTACT_EMAIL: optional(z.email()),
  STRIPE_SECRET_KEY: optional(z.string()),
  STRIPE_WEBHOOK_SECRET: optional(z.string()),
  STRIPE_PRICE_SMALL: optional(z.string()),
  STRIPE_PRICE_MEDIUM: optional(z.string()),
  STRIPE_PRICE_LARGE: optional(z.string()),
  STRIPE_API_URL: optional(z.url()),
  ENCRYPTION_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  TWILIO_API_URL: optional(z.url()),
  WHATSAPP_API_URL: optional(z.url()),
  AI_PROVIDER: optional(z.enum(['guided', 'openai', 'openai-compatible', 'anthropic'])),
  AI_BASE_URL: optional(z.url()),
  AI_API_KEY: optional(z.string()),
  AI_MODEL: optional(z.string()),
  AI_TIMEOUT_MS: optional(positiveInt),
  AI_TOKEN_BUDGET: optional(z.coerce.number().int().min(500, 'must be at least 500 tokens')),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/ })),
  DEMO_DATA: optional(booleanString),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  CHAT_IDLE_MINUTES: optional(z.coerce.number().positive()),
  RATE_LIMIT_AUTH_PER_MINUTE: optional(positiveInt),
  RATE_LIMIT_CHAT_PER_MINUTE: optional(positiveInt),
  RATE_LIMIT_API_PER_MINUTE: optional(positiveInt),
  RATE_LIMIT_PUBLIC_API_PER_MINUTE: optional(positiveInt),
  RATE_LIMIT_INBOUND_PER_MINUTE: optional(positiveInt),
  JOBS: optional(booleanString),
  WEBHOOK_RETRY_DELAYS: optional(
    z
      .string()
      .regex(/^\d+(,\d+)*$/, { message: 'must be a comma-separated list of seconds, e.g. 5,300,1800' })
      .transform((text) => text.split(',').map(Number)),
  ),
  INBOUND_DOMAIN: optional(
    z
      .string()
      .toLowerCase()
      .regex(
        /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
        'must be a domain name, e.g. in.letlead.co.uk',
      ),
  ),
  INBOUND_SMTP_PORT: optional(z.coerce.number().int().min(0).max(65535)),
  INBOUND_WEBHOOK_SECRET: optional(z.string().min(24, 'must be at least 24 characters')),
  TRUST_PROXY: optional(
    z.union([z.enum(['true', 'false']), z.string().regex(/^\d+$/), z.string().regex(/^[\d.:a-fA-F/, ]+$/)], {
      message: 'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses',
    }),
  ),
});

export type RawEnv = z.infer<typeof schema>;

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  stripe:
    | {
        secretKey: string;
        webhookSecret: string | undefined;
        prices: { small?: string; medium?: string; large?: string };
        apiUrl: string | undefined;
      }
    | undefined;
  ai: {
    provider: 'guided' | 'openai' | 'openai-compatible' | 'anthropic';
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    timeoutMs: number;
    /** Tokens of instructions and conversation sent to the model each turn. */
    tokenBudget: number;
  };
  /**
   * The key that encrypts secrets kept at rest (messaging credentials). Unset only in production
   * without ENCRYPTION_KEY: connecting a channel is then refused.
   */
  encryptionKey: string | undefined;
  /** The messaging providers' API bases (stand-ins in tests and development). */
  messaging: { twilioApiUrl: string | undefined; whatsappApiUrl: string };
  redisUrl: string | undefined;
  demoData: boolean;
  logLevel: string;
  chatIdleMinutes: number;
  rateLimits: {
    authPerMinute: number;
    chatPerMinute: number;
    apiPerMinute: number;
    /** Per API key on /api/v1. */
    publicApiPerMinute: number;
    /** Per company on the WhatsApp and SMS webhooks: the providers post every tenant's message from a few addresses. */
    inboundPerMinute: number;
  };
  /** Seconds before each retry of a failed webhook delivery (the first try is at once). */
  webhookRetryDelaysSeconds: number[];
  /** Whether this process runs background jobs (idle finaliser, purge, resets, email retries). */
  runJobs: boolean;
  /**
   * Which X-Forwarded-For hops to believe for the client's address (rate limits). Off by default:
   * believing a header anyone can send would let one client dodge per-IP limits.
   */
  trustProxy: boolean | number | string;
  /** Mail to the companies' private inbound addresses (`{key}@domain`). */
  inbound: {
    /** Unset: no inbound addresses are shown (the webhook and receiver still take mail). */
    domain: string | undefined;
    /** The built-in SMTP receiver's port; unset: off. */
    smtpPort: number | undefined;
    /** `POST /api/inbound/email` answers 404 while unset. */
    webhookSecret: string | undefined;
  };
};

export class EnvError extends Error {}

/**
 * Parses the environment once. Throws an EnvError naming every bad variable, and in
 * production every unsafe development default, so that the process stops with a clear message.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  const nodeEnv = raw.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const port = raw.PORT ?? 3000;
  const appUrl = (raw.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = path.resolve(raw.DATA_DIR ?? './data');

  if (isProduction) {
    const unsafe: string[] = [];
    if (!raw.SESSION_SECRET)
      unsafe.push('SESSION_SECRET is not set (a generated development secret is unsafe)');
    if (!raw.SMTP_URL) unsafe.push('SMTP_URL is not set (the development mail outbox is not for production)');
    if (!raw.STRIPE_SECRET_KEY)
      unsafe.push('STRIPE_SECRET_KEY is not set (the local test checkout is not for production)');
    if (raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET) unsafe.push('STRIPE_WEBHOOK_SECRET is not set');
    if (!raw.APP_URL)
      unsafe.push('APP_URL is not set (links in emails and agent URLs need the public address)');
    if (unsafe.length > 0) {
      throw new EnvError(
        `Refusing to start with NODE_ENV=production:\n${unsafe.map((line) => `  ${line}`).join('\n')}`,
      );
    }
  }

  const provider = raw.AI_PROVIDER ?? 'guided';
  if (provider !== 'guided' && !raw.AI_MODEL) {
    throw new EnvError(
      `Invalid environment configuration:\n  AI_MODEL: required when AI_PROVIDER=${provider}`,
    );
  }
  if (provider === 'openai-compatible' && !raw.AI_BASE_URL) {
    throw new EnvError(
      'Invalid environment configuration:\n  AI_BASE_URL: required when AI_PROVIDER=openai-compatible',
    );
  }

  return {
    nodeEnv,
    isProduction,
    port,
    host: raw.HOST ?? '0.0.0.0',
    appUrl,
    databaseUrl: raw.DATABASE_URL,
    dataDir,
    sessionSecret: raw.SESSION_SECRET ?? developmentSecret(dataDir),
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM ?? `LetLead <no-reply@${new URL(appUrl).hostname}>`,
    contactEmail: raw.CONTACT_EMAIL ?? `hello@${new URL(appUrl).hostname}`,
    stripe: raw.STRIPE_SECRET_KEY
      ? {
          secretKey: raw.STRIPE_SECRET_KEY,
          webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
          prices: {
            small: raw.STRIPE_PRICE_SMALL,
            medium: raw.STRIPE_PRICE_MEDIUM,
            large: raw.STRIPE_PRICE_LARGE,
          },
          apiUrl: raw.STRIPE_API_URL,
        }
      : undefined,
    ai: {
      provider,
      baseUrl: raw.AI_BASE_URL,
      apiKey: raw.AI_API_KEY,
      model: raw.AI_MODEL,
      timeoutMs: raw.AI_TIMEOUT_MS ?? 8000,
      tokenBudget: raw.AI_TOKEN_BUDGET ?? 6000,
    },
    encryptionKey:
      raw.ENCRYPTION_KEY ?? (isProduction ? undefined : developmentSecret(dataDir, 'encryption-key')),
    messaging: {
      twilioApiUrl: raw.TWILIO_API_URL?.replace(/\/+$/, ''),
      whatsappApiUrl: (raw.WHATSAPP_API_URL ?? 'https://graph.facebook.com/v23.0').replace(/\/+$/, ''),
    },
    redisUrl: raw.REDIS_URL,
    demoData: raw.DEMO_DATA ?? (!raw.DATABASE_URL && !isProduction && nodeEnv !== 'test'),
    logLevel: raw.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    chatIdleMinutes: raw.CHAT_IDLE_MINUTES ?? 30,
    rateLimits: {
      authPerMinute: raw.RATE_LIMIT_AUTH_PER_MINUTE ?? 20,
      chatPerMinute: raw.RATE_LIMIT_CHAT_PER_MINUTE ?? 600,
      apiPerMinute: raw.RATE_LIMIT_API_PER_MINUTE ?? 3000,
      publicApiPerMinute: raw.RATE_LIMIT_PUBLIC_API_PER_MINUTE ?? 120,
      inboundPerMinute: raw.RATE_LIMIT_INBOUND_PER_MINUTE ?? 1200,
    },
    // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight tries over a little more than a day.
    webhookRetryDelaysSeconds: raw.WEBHOOK_RETRY_DELAYS ?? [5, 300, 1800, 7200, 18000, 36000, 36000],
    runJobs: raw.JOBS ?? true,
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    inbound: {
      domain: raw.INBOUND_DOMAIN,
      smtpPort: raw.INBOUND_SMTP_PORT,
      webhookSecret: raw.INBOUND_WEBHOOK_SECRET,
    },
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * A development secret generated once and kept in DATA_DIR so sessions (and encrypted settings)
 * survive restarts.
 */
function developmentSecret(dataDir: string, name = 'session-secret'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
