import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type MessagingChannel, messagingChannels } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { perContext } from '#server/lib/per-context.ts';
import { open, SecretBoxError, seal } from '#server/lib/secret-box.ts';
import type { TwilioSettings } from '#server/lib/twilio-sms.ts';
import type { WhatsAppSettings } from '#server/lib/whatsapp-cloud.ts';
import type {
  ChannelSettingsDto,
  SmsChannelRequest,
  WhatsAppChannelRequest,
} from '#shared/schemas/messaging.ts';
import { smsChannelRequestSchema, whatsappChannelRequestSchema } from '#shared/schemas/messaging.ts';

/** A connected provider, its secrets opened: only ever held in memory, never logged or returned. */
export type ConnectedChannel =
  | { channel: 'sms'; companyId: string; sms: TwilioSettings }
  | {
      channel: 'whatsapp';
      companyId: string;
      whatsapp: WhatsAppSettings;
      verifyToken: string;
      templates: { enquiryInvite: string | null; viewingReminder: string | null };
    };

function requireKey(ctx: AppContext): string {
  if (!ctx.env.encryptionKey) {
    throw new AppError(
      'UNAVAILABLE',
      'Messaging cannot be connected until the server has ENCRYPTION_KEY set (32 or more characters).',
    );
  }
  return ctx.env.encryptionKey;
}

/** "••••1a2b": enough to recognise a secret, never enough to use it. */
export function mask(secret: string | undefined | null): string | null {
  if (!secret) return null;
  return `••••${secret.slice(-4)}`;
}

export function webhookUrl(ctx: AppContext, channel: MessagingChannel, companyId: string): string {
  return `${ctx.env.appUrl}/api/channels/${channel}/${companyId}`;
}

type CacheEntry = { connected: Promise<ConnectedChannel | null>; expiresAt: number };

/**
 * Every inbound message checks its signature with the channel's secret and every reply is sent
 * with its token: opening them (a read and a decryption) for each would be most of a message's
 * work under load, so they are kept per process for a few seconds. This process's connect,
 * disconnect or settings change empties the entry at once (a disconnected channel's secret is
 * never used again here); another instance sees the change within CHANNEL_SETTINGS_TTL_MS.
 */
export const CHANNEL_SETTINGS_TTL_MS = 10_000;
const MAX_ENTRIES = 500;
const cacheOf = perContext(() => new Map<string, CacheEntry>());
const cacheKey = (companyId: string, channel: MessagingChannel) => `${companyId}:${channel}`;

/** Forgets this process's opened settings of one channel, or of every channel of a company. */
function forgetChannel(ctx: AppContext, companyId: string, channel?: MessagingChannel): void {
  const cache = cacheOf(ctx);
  if (channel) {
    cache.delete(cacheKey(companyId, channel));
    return;
  }
  cache.delete(cacheKey(companyId, 'sms'));
  cache.delete(cacheKey(companyId, 'whatsapp'));
}

/** A company that changed or closed is read again: a closed company's channels stop at once. */
export function registerChannelCache(ctx: AppContext): void {
  ctx.events.on('company.changed', ({ companyId }) => forgetChannel(ctx, companyId));
}

/**
 * The company's connection on one channel with its secrets opened, or null when not connected:
 * from this process's cache while fresh. Simultaneous first reads share one read.
 */
export function loadChannel(
  ctx: AppContext,
  companyId: string,
  channel: MessagingChannel,
): Promise<ConnectedChannel | null> {
  const cache = cacheOf(ctx);
  const key = cacheKey(companyId, channel);
  const cached = cache.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.connected;
  if (cache.size >= MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  const entry: CacheEntry = {
    connected: readChannel(ctx, companyId, channel),
    expiresAt: Date.now() + CHANNEL_SETTINGS_TTL_MS,
  };
  cache.set(key, entry);
  // A failed read (the database, a key that does not open it) is tried again by the next message.
  entry.connected.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.connected;
}

/** The connection as stored now, its secrets opened (the settings card reads it this way). */
async function readChannel(
  ctx: AppContext,
  companyId: string,
  channel: MessagingChannel,
): Promise<ConnectedChannel | null> {
  const [row] = await ctx.db
    .select()
    .from(messagingChannels)
    .where(and(eq(messagingChannels.companyId, companyId), eq(messagingChannels.channel, channel)));
  if (!row) return null;
  if (!ctx.env.encryptionKey) {
    ctx.log.error({ companyId, channel }, 'A messaging channel is connected but ENCRYPTION_KEY is not set');
    return null;
  }
  const secrets = JSON.parse(open(ctx.env.encryptionKey, row.secrets)) as Record<string, string>;
  const settings = row.settings;
  if (channel === 'sms') {
    return {
      channel,
      companyId,
      sms: {
        accountSid: settings.accountSid ?? '',
        from: settings.from ?? '',
        authToken: secrets.authToken ?? '',
      },
    };
  }
  return {
    channel,
    companyId,
    whatsapp: {
      phoneNumberId: settings.phoneNumberId ?? '',
      accessToken: secrets.accessToken ?? '',
      appSecret: secrets.appSecret ?? '',
    },
    verifyToken: row.verifyToken ?? '',
    templates: {
      enquiryInvite: settings.enquiryInvite ?? null,
      viewingReminder: settings.viewingReminder ?? null,
    },
  };
}

/** PUT /api/companies/{id}/channels/{channel}: connects (or replaces) the provider's settings. */
export async function connectChannel(
  ctx: AppContext,
  companyId: string,
  channel: MessagingChannel,
  body: unknown,
): Promise<ChannelSettingsDto> {
  const key = requireKey(ctx);
  let settings: Record<string, string | null>;
  let secrets: Record<string, string>;
  if (channel === 'sms') {
    const input = parse(smsChannelRequestSchema, body) as Required<SmsChannelRequest>;
    settings = { accountSid: input.accountSid, from: input.from };
    secrets = { authToken: input.authToken };
  } else {
    const input = parse(whatsappChannelRequestSchema, body) as WhatsAppChannelRequest;
    settings = {
      phoneNumberId: input.phoneNumberId,
      enquiryInvite: input.enquiryInvite ?? null,
      viewingReminder: input.viewingReminder ?? null,
    };
    secrets = { accessToken: input.accessToken, appSecret: input.appSecret };
  }
  const sealed = seal(key, JSON.stringify(secrets));
  await ctx.db
    .insert(messagingChannels)
    .values({
      companyId,
      channel,
      settings,
      secrets: sealed,
      verifyToken: channel === 'whatsapp' ? randomBytes(18).toString('base64url') : null,
    })
    .onConflictDoUpdate({
      target: [messagingChannels.companyId, messagingChannels.channel],
      // The verify token stays: Meta keeps the one pasted when the webhook was set up.
      set: { settings, secrets: sealed, updatedAt: new Date() },
    });
  forgetChannel(ctx, companyId, channel);
  return readChannelSettings(ctx, companyId, channel);
}

function parse<T>(
  schema: { safeParse: (value: unknown) => { success: boolean; data?: T; error?: unknown } },
  body: unknown,
): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    // As every 400 of the API answers (docs/api.md): each failing field's first message.
    const issues = (result.error as { issues: { path: PropertyKey[]; message: string }[] }).issues;
    const errors: Record<string, string> = {};
    for (const issue of issues) errors[issue.path.join('.') || '_'] ??= issue.message;
    throw new AppError('BAD_REQUEST', issues[0]?.message ?? 'Invalid settings', { errors });
  }
  return result.data as T;
}

/** GET /api/companies/{id}/channels/{channel}: the settings with every secret masked. */
export async function readChannelSettings(
  ctx: AppContext,
  companyId: string,
  channel: MessagingChannel,
): Promise<ChannelSettingsDto> {
  const connected = await readChannel(ctx, companyId, channel);
  const base: ChannelSettingsDto = {
    channel,
    connected: connected !== null,
    webhookUrl: webhookUrl(ctx, channel, companyId),
    statusCallbackUrl: channel === 'sms' ? `${webhookUrl(ctx, channel, companyId)}/status` : null,
    verifyToken: null,
    accountSid: null,
    from: null,
    phoneNumberId: null,
    enquiryInvite: null,
    viewingReminder: null,
    authToken: null,
    accessToken: null,
    appSecret: null,
    devOutbox: !ctx.env.isProduction && connected === null,
  };
  if (!connected) return base;
  if (connected.channel === 'sms') {
    return {
      ...base,
      accountSid: connected.sms.accountSid,
      from: connected.sms.from,
      authToken: mask(connected.sms.authToken),
    };
  }
  return {
    ...base,
    verifyToken: connected.verifyToken,
    phoneNumberId: connected.whatsapp.phoneNumberId,
    accessToken: mask(connected.whatsapp.accessToken),
    appSecret: mask(connected.whatsapp.appSecret),
    enquiryInvite: connected.templates.enquiryInvite,
    viewingReminder: connected.templates.viewingReminder,
  };
}

/** DELETE: disconnects; the secrets are gone with the row. */
export async function disconnectChannel(
  ctx: AppContext,
  companyId: string,
  channel: MessagingChannel,
): Promise<void> {
  await ctx.db
    .delete(messagingChannels)
    .where(and(eq(messagingChannels.companyId, companyId), eq(messagingChannels.channel, channel)));
  forgetChannel(ctx, companyId, channel);
}

/** The server cannot start: what is wrong and how to put it right. */
export class MessagingKeyError extends Error {}

/**
 * At start: when messaging credentials are stored, ENCRYPTION_KEY must open them. In production a
 * missing or wrong key stops the process with a clear message (every message to and from tenants
 * would otherwise fail, one by one, much later); elsewhere it is logged.
 */
export async function checkMessagingKey(ctx: AppContext): Promise<void> {
  const rows = await ctx.db
    .select({ companyId: messagingChannels.companyId, secrets: messagingChannels.secrets })
    .from(messagingChannels)
    .limit(1);
  const [stored] = rows;
  if (!stored) return;
  let problem: string | null = null;
  if (!ctx.env.encryptionKey) {
    problem =
      'ENCRYPTION_KEY is not set, but messaging credentials (WhatsApp or SMS) are stored encrypted under it. Set ENCRYPTION_KEY to the key they were saved with (32 or more characters).';
  } else {
    try {
      open(ctx.env.encryptionKey, stored.secrets);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      problem =
        'ENCRYPTION_KEY does not open the stored messaging credentials (WhatsApp or SMS): it is not the key they were saved with. Set the original key, or reconnect the channels after changing it.';
    }
  }
  if (!problem) return;
  if (ctx.env.isProduction) {
    throw new MessagingKeyError(`Refusing to start with NODE_ENV=production:\n  ${problem}`);
  }
  ctx.log.warn(problem);
}
