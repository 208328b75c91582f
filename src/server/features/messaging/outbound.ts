import { randomUUID } from 'node:crypto';
import { and, desc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  type ChannelMessage,
  channelMessages,
  channelOptOuts,
  type MessagingChannel,
} from '#server/db/schema.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { perContext } from '#server/lib/per-context.ts';
import { sendTwilioSms, twilioErrorMessage } from '#server/lib/twilio-sms.ts';
import { sendWhatsApp, type WhatsAppOutbound } from '#server/lib/whatsapp-cloud.ts';
import { type ConnectedChannel, loadChannel, webhookUrl } from './settings.ts';
import { composeSms } from './sms-text.ts';

/** At most this many messages to one tenant number per company a day (DESIGN section 14). */
export const DAILY_CAP_PER_NUMBER = 40;
/** WhatsApp free-form messages only within this long of the tenant's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;
export const RETRY_FAILED_JOB = 'messaging.retry-failed';
export const DAILY_CAP_ERROR = `Not sent: this number has had ${DAILY_CAP_PER_NUMBER} messages from you in 24 hours (the daily limit)`;

export type Outgoing = {
  companyId: string;
  channel: MessagingChannel;
  /** The tenant's number, E.164. */
  phone: string;
  conversationId: string | null;
  text: string;
  /** Quick replies: WhatsApp buttons or a list; numbered lines on SMS. */
  options?: string[];
  /** WhatsApp outside the 24-hour window: the approved template to send instead, if any. */
  template?: { name: string; parameters: string[] } | null;
  /** The opt-out and opt-in confirmations go out to a number that has just opted out. */
  ignoreOptOut?: boolean;
  /** The portal enquiry this message answers: the tenant's reply continues from that enquiry. */
  enquiryId?: string | null;
};

export type SendOutcome =
  | { kind: 'sent'; message: ChannelMessage }
  | { kind: 'failed'; message: ChannelMessage }
  | { kind: 'skipped'; reason: 'opted_out' | 'daily_cap' | 'outside_window' | 'no_provider' };

/** What goes to the provider, stored with the message so a retry sends the same again. */
type Payload = { sms?: string; whatsapp?: WhatsAppOutbound; options?: string[]; enquiryId?: string };

/** The opt-out row of one number on one of the company's channels, as a condition. */
export function optOutOf(
  companyId: string | Placeholder,
  channel: MessagingChannel | Placeholder,
  phone: string | Placeholder,
) {
  return and(
    eq(channelOptOuts.companyId, companyId),
    eq(channelOptOuts.channel, channel),
    eq(channelOptOuts.phone, phone),
  );
}

/**
 * A value of a statement prepared once, given at each run as the driver takes it (JSON text, ISO
 * timestamps): Drizzle maps no value inside `sql`.
 */
export const placeholderValue = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * The statements of every reply, built once per database and prepared by name: Drizzle skips
 * building the SQL, and PostgreSQL parses and plans each once per connection. `updatedAt` is set
 * explicitly: the schema's `$onUpdate` would otherwise be evaluated once, when it is built.
 */
function prepareStatements(db: Db) {
  return {
    storeOutgoing: db
      .insert(channelMessages)
      .values({
        companyId: placeholderValue('companyId'),
        conversationId: placeholderValue('conversationId'),
        channel: placeholderValue('channel'),
        direction: 'out',
        phone: placeholderValue('phone'),
        body: placeholderValue('body'),
        payload: placeholderValue('payload'),
        provider: placeholderValue('provider'),
        status: 'queued',
        createdAt: placeholderValue('at'),
        updatedAt: placeholderValue('at'),
      })
      .returning()
      .prepare('messaging_store_outgoing'),

    markSent: db
      .update(channelMessages)
      .set({
        providerId: placeholderValue('providerId'),
        status: placeholderValue('status'),
        attempts: placeholderValue('attempts'),
        error: null,
        updatedAt: placeholderValue('at'),
      })
      .where(eq(channelMessages.id, sql.placeholder('id')))
      .returning()
      .prepare('messaging_mark_sent'),

    lastOffered: db
      .select({ payload: channelMessages.payload, body: channelMessages.body })
      .from(channelMessages)
      .where(
        and(
          eq(channelMessages.conversationId, sql.placeholder('conversationId')),
          eq(channelMessages.direction, 'out'),
        ),
      )
      .orderBy(desc(channelMessages.createdAt))
      .limit(1)
      .prepare('messaging_last_offered'),
  };
}

const outboundStatements = perContext((ctx) => prepareStatements(ctx.db));

export async function isOptedOut(
  ctx: AppContext,
  companyId: string,
  channel: MessagingChannel,
  phone: string,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ phone: channelOptOuts.phone })
    .from(channelOptOuts)
    .where(optOutOf(companyId, channel, phone));
  return !!row;
}

/** When the tenant last wrote on the channel (WhatsApp's 24-hour window runs from it). */
export async function lastInboundAt(
  ctx: AppContext,
  companyId: string,
  channel: MessagingChannel,
  phone: string,
): Promise<Date | null> {
  const [row] = await ctx.db
    .select({ at: channelMessages.createdAt })
    .from(channelMessages)
    .where(
      and(
        eq(channelMessages.companyId, companyId),
        eq(channelMessages.phone, phone),
        eq(channelMessages.channel, channel),
        eq(channelMessages.direction, 'in'),
      ),
    )
    .orderBy(desc(channelMessages.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Whether the number opted out, how many messages it had from the company in 24 hours, and when
 * it last wrote on the channel: one statement (every reply reads all three).
 */
async function readSendRules(
  ctx: AppContext,
  companyId: string,
  channel: MessagingChannel,
  phone: string,
): Promise<{ optedOut: boolean; sentToday: number; lastInboundAt: Date | null }> {
  const since = new Date(now().getTime() - 24 * 60 * 60 * 1000).toISOString();
  const { rows } = await ctx.database.execute(
    `select
      exists (select 1 from channel_opt_outs o
        where o.company_id = $1 and o.channel = $2 and o.phone = $3) as opted_out,
      (select count(*)::int from channel_messages m
        where m.company_id = $1 and m.phone = $3 and m.direction = 'out'
          and m.created_at > $4::timestamptz) as sent_today,
      (select max(m.created_at) from channel_messages m
        where m.company_id = $1 and m.phone = $3 and m.channel = $2 and m.direction = 'in') as last_in`,
    [companyId, channel, phone, since],
  );
  const row = rows[0] as
    | { opted_out?: boolean; sent_today?: number; last_in?: Date | string | null }
    | undefined;
  return {
    optedOut: row?.opted_out === true,
    sentToday: Number(row?.sent_today ?? 0),
    lastInboundAt: row?.last_in ? new Date(row.last_in) : null,
  };
}

function whatsappMessage(text: string, options: string[]): WhatsAppOutbound {
  if (options.length === 0) return { kind: 'text', body: text };
  if (options.length <= 3 && options.every((o) => o.length <= 20))
    return { kind: 'buttons', body: text, options };
  if (options.length <= 10) return { kind: 'list', body: text, options };
  return { kind: 'text', body: `${text}\n\n${options.map((o, i) => `${i + 1}) ${o}`).join('\n')}` };
}

/**
 * Sends one message to a tenant on a channel, under the channel's rules: nothing to a number
 * that opted out, at most 40 a day, WhatsApp free-form only within 24 hours of the tenant's last
 * message (else the template, else nothing). Every message sent is stored with its provider id
 * and status; a failure is retried once through the job queue.
 */
export async function sendToTenant(ctx: AppContext, out: Outgoing): Promise<SendOutcome> {
  const { companyId, channel, phone } = out;
  // The channel's rules for this number, read in one round trip.
  const rules = await readSendRules(ctx, companyId, channel, phone);
  if (!out.ignoreOptOut && rules.optedOut) {
    return { kind: 'skipped', reason: 'opted_out' };
  }
  const sent = rules.sentToday;
  if (sent >= DAILY_CAP_PER_NUMBER) {
    ctx.log.warn({ companyId, channel }, 'Daily message cap reached for a tenant number: message not sent');
    // The first message held back shows on the lead's thread (and the lead as not delivered), so
    // the agency knows the tenant is no longer hearing from the assistant; the ones after it add
    // nothing.
    if (sent === DAILY_CAP_PER_NUMBER && out.conversationId) {
      await ctx.db.insert(channelMessages).values({
        companyId,
        conversationId: out.conversationId,
        channel,
        direction: 'out',
        phone,
        body: out.text,
        provider: 'none',
        status: 'failed',
        error: DAILY_CAP_ERROR,
        // Final: not retried.
        attempts: 2,
        createdAt: now(),
        updatedAt: now(),
      });
    }
    return { kind: 'skipped', reason: 'daily_cap' };
  }
  const connection = await loadChannel(ctx, companyId, channel);
  if (!connection && ctx.env.isProduction) return { kind: 'skipped', reason: 'no_provider' };

  const options = out.options ?? [];
  const about = out.enquiryId ? { enquiryId: out.enquiryId } : {};
  let payload: Payload;
  let body: string;
  if (channel === 'sms') {
    body = composeSms(out.text, options);
    payload = { sms: body, options, ...about };
  } else {
    const last = rules.lastInboundAt;
    const isInWindow = last !== null && now().getTime() - last.getTime() < WHATSAPP_WINDOW_MS;
    if (isInWindow) {
      body = out.text;
      payload = { whatsapp: whatsappMessage(out.text, options), options, ...about };
    } else if (out.template) {
      body = `[template ${out.template.name}] ${out.template.parameters.join(' | ')}`;
      payload = {
        whatsapp: {
          kind: 'template',
          name: out.template.name,
          language: 'en_GB',
          parameters: out.template.parameters,
        },
        ...about,
      };
    } else {
      return { kind: 'skipped', reason: 'outside_window' };
    }
  }

  const [stored] = await outboundStatements(ctx).storeOutgoing.execute({
    companyId,
    conversationId: out.conversationId,
    channel,
    phone,
    body,
    payload: JSON.stringify(payload),
    provider: connection ? (channel === 'sms' ? 'twilio' : 'meta') : 'dev',
    at: now().toISOString(),
  });
  return deliver(ctx, stored!, connection);
}

/** Hands a stored message to its provider (or the development outbox) and records what it said. */
async function deliver(
  ctx: AppContext,
  message: ChannelMessage,
  connection: ConnectedChannel | null,
): Promise<SendOutcome> {
  const payload = (message.payload ?? {}) as Payload;
  const attempts = message.attempts + 1;
  try {
    let providerId: string;
    let status: 'queued' | 'sent';
    if (!connection) {
      providerId = `dev-${randomUUID()}`;
      status = 'sent';
    } else if (connection.channel === 'sms') {
      const sent = await sendTwilioSms(connection.sms, ctx.env.messaging.twilioApiUrl, {
        to: message.phone,
        body: payload.sms ?? message.body,
        statusCallback: `${webhookUrl(ctx, 'sms', message.companyId)}/status`,
      });
      providerId = sent.providerId;
      status = sent.status === 'sent' ? 'sent' : 'queued';
    } else {
      const sent = await sendWhatsApp(
        connection.whatsapp,
        ctx.env.messaging.whatsappApiUrl,
        message.phone,
        payload.whatsapp ?? { kind: 'text', body: message.body },
      );
      providerId = sent.providerId;
      status = 'sent';
    }
    const [updated] = await outboundStatements(ctx).markSent.execute({
      id: message.id,
      providerId,
      status,
      attempts,
      at: now().toISOString(),
    });
    return { kind: 'sent', message: updated! };
  } catch (error) {
    const reason = connection?.channel === 'sms' ? twilioErrorMessage(error) : (error as Error).message;
    ctx.log.warn(
      { messageId: message.id, channel: message.channel, reason },
      'A channel message was not accepted',
    );
    const [updated] = await ctx.db
      .update(channelMessages)
      .set({ status: 'failed', error: reason.slice(0, 500), attempts, updatedAt: now() })
      .where(eq(channelMessages.id, message.id))
      .returning();
    await retryOnce(ctx, updated!);
    return { kind: 'failed', message: updated! };
  }
}

/** A failed message is tried once more, a minute later, through the job queue. */
export async function retryOnce(ctx: AppContext, message: ChannelMessage): Promise<void> {
  if (message.attempts >= 2) return;
  await ctx.jobs.send(
    RETRY_FAILED_JOB,
    { messageId: message.id },
    { startAfterSeconds: 60, singletonKey: message.id },
  );
}

/** The retry job: sends a failed message again (its second and last try). */
export async function retryFailedMessage(ctx: AppContext, messageId: string): Promise<void> {
  const [message] = await ctx.db.select().from(channelMessages).where(eq(channelMessages.id, messageId));
  if (message?.status !== 'failed' || message.attempts >= 2) return;
  if (await isOptedOut(ctx, message.companyId, message.channel, message.phone)) return;
  const connection = await loadChannel(ctx, message.companyId, message.channel);
  if (!connection && ctx.env.isProduction) return;
  await deliver(ctx, message, connection);
}

/** The options last offered in a conversation (an SMS "2" picks the second of them). */
export async function lastOfferedOptions(ctx: AppContext, conversationId: string): Promise<string[]> {
  const options = (await lastSent(ctx, conversationId))?.options;
  return Array.isArray(options) ? options : [];
}

/** The text of the last message sent in the conversation's thread, or null. */
export async function lastSentText(ctx: AppContext, conversationId: string): Promise<string | null> {
  return (await lastSent(ctx, conversationId))?.body ?? null;
}

async function lastSent(ctx: AppContext, conversationId: string) {
  const [row] = await outboundStatements(ctx).lastOffered.execute({ conversationId });
  return row ? { body: row.body, options: (row.payload as Payload | null)?.options } : null;
}
