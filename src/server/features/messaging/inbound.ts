import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { isThanksOnly } from '#agent/text.ts';
import type { Db } from '#server/db/client.ts';
import {
  channelMessages,
  channelOptOuts,
  companies,
  leads,
  type MessagingChannel,
} from '#server/db/schema.ts';
import { latestThreadQuery } from '#server/features/conversations/index.ts';
import { recordLeadActivity } from '#server/features/leads/index.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { perContext } from '#server/lib/per-context.ts';
import type {
  ChatResponse,
  EndChatResponse,
  ParsedChatRequest,
  ParsedEndChatRequest,
} from '#shared/schemas/chat.ts';
import { invitingEnquiry } from './enquiry-invite.ts';
import {
  lastOfferedOptions,
  lastSentText,
  optOutOf,
  placeholderValue,
  retryOnce,
  sendToTenant,
} from './outbound.ts';
import { pickNumberedOption, plainSms } from './sms-text.ts';

const OPT_OUT_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const OPT_IN_WORDS = new Set(['START', 'UNSTOP']);
/** A message this soon after the end is a note on the lead, not a new enquiry. */
const AFTER_END_MS = 24 * 60 * 60 * 1000;

export type InboundMessage = {
  companyId: string;
  channel: MessagingChannel;
  /** The sender, E.164. */
  phone: string;
  text: string;
  /** The provider's message id (Twilio MessageSid, WhatsApp id): a retry is processed once. */
  providerId: string;
  /** A WhatsApp button or list reply: the option it stands for. */
  optionId?: string | null;
};

/**
 * Another feature's first look at a tenant's message (after opt-outs, before the conversation):
 * the viewings' confirmation replies. A handler that takes the message answers it itself and
 * returns the conversation to file it under; null lets the conversation answer as usual.
 */
export type InboundReplyHandler = (
  ctx: AppContext,
  message: InboundMessage,
) => Promise<{ conversationId: string | null } | null>;

const replyHandlers = perContext((): InboundReplyHandler[] => []);

/**
 * The conversation a thread's messages are answered by: the chat's own turn and end, handed over
 * by the chat feature when it registers (it sits above messaging, which never imports it).
 */
export type ConversationPort = {
  /**
   * A new conversation that is the thread of this channel and number from its first write, with
   * the tenant's first text (`request.message`) first. `greeting` is the greeting to send before
   * `response` when that answers the text (null when the text only greets: the greeting is the
   * response).
   */
  start(
    ctx: AppContext,
    input: {
      companySlug: string;
      request: ParsedChatRequest;
      thread: { channel: MessagingChannel; phone: string; isGreetingOnly: boolean };
    },
  ): Promise<{ response: ChatResponse; conversationId: string; greeting: string | null }>;
  turn(
    ctx: AppContext,
    input: { companySlug: string; request: ParsedChatRequest; knownPhone?: string },
  ): Promise<ChatResponse>;
  end(
    ctx: AppContext,
    input: { companySlug: string; request: ParsedEndChatRequest },
  ): Promise<EndChatResponse>;
};

const conversationPort = perContext((): { current: ConversationPort | null } => ({ current: null }));

/** Hands messaging the conversation that answers tenants' messages (the chat does, once). */
export function answerMessagesWith(ctx: AppContext, port: ConversationPort): void {
  conversationPort(ctx).current = port;
}

function answering(ctx: AppContext): ConversationPort {
  const port = conversationPort(ctx).current;
  if (!port) throw new Error('No conversation answers messages: the chat feature is not registered');
  return port;
}

/** Registers a handler that may take a tenant's message before the conversation does. */
export function handleInboundReplies(ctx: AppContext, handler: InboundReplyHandler): void {
  replyHandlers(ctx).push(handler);
}

/** A sent message's statuses in the order they happen. */
const DELIVERY_ORDER = sql.raw("array['queued', 'sent', 'delivered', 'read']::text[]");

/**
 * The statements of every message in and every delivery status (2 to 3 for each reply sent),
 * built once per database and prepared by name (see outbound.ts).
 */
function prepareStatements(db: Db) {
  const thread = {
    companyId: sql.placeholder('companyId'),
    channel: sql.placeholder('channel'),
    phone: sql.placeholder('phone'),
  };
  const latest = latestThreadQuery(thread);
  return {
    storeInbound: db
      .insert(channelMessages)
      .values({
        companyId: placeholderValue('companyId'),
        channel: placeholderValue('channel'),
        direction: 'in',
        phone: placeholderValue('phone'),
        body: placeholderValue('body'),
        provider: placeholderValue('provider'),
        providerId: placeholderValue('providerId'),
        status: 'received',
        createdAt: placeholderValue('at'),
        updatedAt: placeholderValue('at'),
      })
      .onConflictDoNothing()
      .returning({ id: channelMessages.id })
      .prepare('messaging_store_inbound'),

    readSender: db
      .select({
        company: { slug: companies.slug, name: companies.name },
        isSenderOptedOut: sql<boolean>`exists (select 1 from ${channelOptOuts} where ${optOutOf(thread.companyId, thread.channel, thread.phone)})`,
        latest: {
          id: latest.id,
          sessionKey: latest.sessionKey,
          status: latest.status,
          endedAt: latest.endedAt,
          createdAt: latest.createdAt,
        },
      })
      .from(companies)
      .leftJoin(latest, sql`true`)
      .where(eq(companies.id, thread.companyId))
      .prepare('messaging_read_sender'),

    linkInbound: db
      .update(channelMessages)
      .set({ conversationId: placeholderValue('conversationId'), updatedAt: placeholderValue('at') })
      .where(eq(channelMessages.id, sql.placeholder('id')))
      .prepare('messaging_link_inbound'),

    // One statement, so that two callbacks for one message at once cannot both pass a check made
    // before either wrote: callbacks arrive out of order, a status never moves backwards, and a
    // failure is final.
    setStatus: db
      .update(channelMessages)
      .set({
        status: placeholderValue('status'),
        error: placeholderValue('error'),
        updatedAt: placeholderValue('at'),
      })
      .where(
        and(
          eq(channelMessages.companyId, sql.placeholder('companyId')),
          eq(channelMessages.channel, sql.placeholder('channel')),
          eq(channelMessages.direction, 'out'),
          eq(channelMessages.providerId, sql.placeholder('providerId')),
          gt(channelMessages.attempts, 0),
          ne(channelMessages.status, 'failed'),
          sql`(${sql.placeholder('status')}::text = 'failed' or coalesce(array_position(${DELIVERY_ORDER}, ${channelMessages.status}::text), 0) < array_position(${DELIVERY_ORDER}, ${sql.placeholder('status')}::text))`,
        ),
      )
      .returning()
      .prepare('messaging_set_status'),
  };
}

const inboundStatements = perContext((ctx) => prepareStatements(ctx.db));

/**
 * One tenant's messages are answered one after another in this process, so a quick second text
 * waits for the first answer instead of racing it (across instances, the turn's own guard holds).
 */
const threadQueue = perContext(() => new Map<string, Promise<unknown>>());

function inTurn<T>(ctx: AppContext, key: string, work: () => Promise<T>): Promise<T> {
  const queue = threadQueue(ctx);
  const previous = queue.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  queue.set(key, next);
  void next
    .finally(() => {
      if (queue.get(key) === next) queue.delete(key);
    })
    .catch(() => undefined);
  return next;
}

/**
 * A tenant's message on a channel: stored once per provider id (a retry, even one reaching two
 * instances at the same moment, is answered once), then answered by the same engine as the web
 * chat. Returns false for a message already processed.
 */
export async function receiveMessage(ctx: AppContext, input: InboundMessage): Promise<boolean> {
  const [stored] = await inboundStatements(ctx).storeInbound.execute({
    companyId: input.companyId,
    channel: input.channel,
    phone: input.phone,
    body: input.text,
    provider: input.providerId.startsWith('dev-') ? 'dev' : input.channel === 'sms' ? 'twilio' : 'meta',
    providerId: input.providerId,
    at: now().toISOString(),
  });
  if (!stored) return false;
  try {
    await inTurn(ctx, `${input.companyId}:${input.channel}:${input.phone}`, () =>
      answer(ctx, input, stored.id),
    );
  } catch (error) {
    // Nothing was answered: let the provider's retry try again.
    await ctx.db.delete(channelMessages).where(eq(channelMessages.id, stored.id));
    throw error;
  }
  return true;
}

async function answer(ctx: AppContext, input: InboundMessage, inboundId: string): Promise<void> {
  const { companyId, channel, phone } = input;
  const found = await readSender(ctx, input);
  if (!found) return;
  const { company, isSenderOptedOut, latest } = found;
  const word = input.text.trim().toUpperCase();
  const reply = (text: string, conversationId: string | null, options: string[] = [], ignoreOptOut = false) =>
    sendToTenant(ctx, { companyId, channel, phone, conversationId, text, options, ignoreOptOut });

  if (OPT_OUT_WORDS.has(word)) {
    const [added] = await ctx.db
      .insert(channelOptOuts)
      .values({ companyId, channel, phone })
      .onConflictDoNothing()
      .returning({ phone: channelOptOuts.phone });
    // One confirmation, then nothing more there.
    if (added) {
      await reply(
        `You won't get any more messages from ${company.name} here. Reply START if you change your mind.`,
        null,
        [],
        true,
      );
    }
    return;
  }
  if (OPT_IN_WORDS.has(word)) {
    await ctx.db.delete(channelOptOuts).where(optOutOf(companyId, channel, phone));
    await reply(`You're subscribed to messages from ${company.name} again.`, null, [], true);
    return;
  }
  if (isSenderOptedOut) return;

  for (const handler of replyHandlers(ctx)) {
    const taken = await handler(ctx, input);
    if (taken) {
      if (taken.conversationId) await linkInbound(ctx, inboundId, taken.conversationId);
      return;
    }
  }

  if (latest && latest.status !== 'active') {
    const isRecent = latest.endedAt && now().getTime() - latest.endedAt.getTime() < AFTER_END_MS;
    const [lead] = isRecent
      ? await ctx.db
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.conversationId, latest.id), eq(leads.companyId, companyId)))
      : [];
    if (lead) {
      await linkInbound(ctx, inboundId, latest.id);
      await recordLeadActivity(ctx.db, {
        leadId: lead.id,
        companyId,
        actorUserId: null,
        kind: 'note',
        detail: { body: input.text, channel },
      });
      // A thank-you needs no answer, and texts in a row are acknowledged once: the agency reads
      // every one on the lead.
      const passedOn = `Thank you, I've passed your message on to ${company.name}. Someone will reply to you here.`;
      const sentLast = await lastSentText(ctx, latest.id);
      // (An SMS is stored as sent: in its GSM form.)
      if (!isThanksOnly(input.text) && sentLast !== passedOn && sentLast !== plainSms(passedOn)) {
        await reply(passedOn, latest.id);
      }
      return;
    }
  }

  const isOpen = latest?.status === 'active';
  let text = input.optionId ?? input.text;
  // "2" picks the second option offered (numbered on SMS, buttons or a list on WhatsApp).
  if (isOpen && !input.optionId) {
    const picked = pickNumberedOption(text, await lastOfferedOptions(ctx, latest.id));
    if (picked) text = picked;
  }

  let response: ChatResponse;
  let conversationId: string;
  let greeting: string | null = null;
  try {
    if (isOpen) {
      conversationId = latest.id;
      await linkInbound(ctx, inboundId, conversationId);
      response = await answering(ctx).turn(ctx, {
        companySlug: company.slug,
        request: chatRequest(text, latest.sessionKey),
        knownPhone: phone,
      });
    } else {
      // A new thread, started with what the tenant wrote: the greeting (which says it is an AI
      // assistant and that a person reviews every enquiry) goes first, then the answer to it.
      // A reply to a portal enquiry's invitation continues from the enquiry: its property, its
      // source (the lead's stays the portal's), what it already told us.
      const enquiry = await invitingEnquiry(ctx, {
        companyId,
        channel,
        phone,
        since: latest ? (latest.createdAt ?? null) : null,
      });
      const thread = await answering(ctx).start(ctx, {
        companySlug: company.slug,
        request: {
          ...chatRequest(text, null),
          src: channel,
          enquiryToken: enquiry?.token ?? null,
          propertySlug: enquiry?.propertySlug ?? null,
        },
        thread: { channel, phone, isGreetingOnly: isGreetingOnly(text) },
      });
      ({ response, conversationId, greeting } = thread);
      await linkInbound(ctx, inboundId, conversationId);
    }
  } catch (error) {
    if (error instanceof AppError && error.code === 'OUT_OF_CREDITS') {
      await reply(
        `Sorry, ${company.name} is not taking enquiries by message right now. Please contact them directly.`,
        null,
      );
      return;
    }
    throw error;
  }

  if (greeting) await reply(greeting, conversationId);
  // While a person has the chat the assistant says nothing: the person answers.
  if (response.takenOver || !response.response) return;
  await reply(response.response, conversationId, response.isComplete ? [] : response.quickReplies);
  if (response.isComplete) {
    await answering(ctx).end(ctx, {
      companySlug: company.slug,
      request: { userSessionKey: response.sessionKey, propertySlug: null },
    });
  }
}

/**
 * The company, whether the sender opted out of its messages on the channel, and the sender's
 * latest thread there: one statement (every inbound message reads all three).
 */
async function readSender(ctx: AppContext, { companyId, channel, phone }: InboundMessage) {
  const [row] = await inboundStatements(ctx).readSender.execute({ companyId, channel, phone });
  return row ?? null;
}

function chatRequest(message: string, sessionKey: string | null) {
  return {
    message,
    userSessionKey: sessionKey,
    propertySlug: null,
    src: null,
    enquiryToken: null,
    conversationHistory: undefined,
  } as ParsedChatRequest;
}

function isGreetingOnly(text: string): boolean {
  return /^\s*(hi+|hello|hey|hiya|good (morning|afternoon|evening)|start|\W*)\s*[!.]*\s*$/i.test(text);
}

async function linkInbound(ctx: AppContext, inboundId: string, conversationId: string): Promise<void> {
  await inboundStatements(ctx).linkInbound.execute({
    id: inboundId,
    conversationId,
    at: now().toISOString(),
  });
}

/** A delivery status from the provider; a failure is retried once (outbound.ts). */
export async function recordStatus(
  ctx: AppContext,
  input: {
    companyId: string;
    channel: MessagingChannel;
    providerId: string;
    status: string;
    error?: string | null;
  },
): Promise<void> {
  const status = toStatus(input.status);
  if (!status) return;
  const [updated] = await inboundStatements(ctx).setStatus.execute({
    companyId: input.companyId,
    channel: input.channel,
    providerId: input.providerId,
    status,
    error: status === 'failed' ? (input.error ?? 'The provider could not deliver it') : null,
    at: now().toISOString(),
  });
  if (updated?.status === 'failed') {
    await retryOnce(ctx, updated);
  }
}

function toStatus(raw: string): 'queued' | 'sent' | 'delivered' | 'read' | 'failed' | null {
  switch (raw.toLowerCase()) {
    case 'accepted':
    case 'queued':
    case 'sending':
    case 'scheduled':
      return 'queued';
    case 'sent':
      return 'sent';
    case 'delivered':
      return 'delivered';
    case 'read':
      return 'read';
    case 'failed':
    case 'undelivered':
      return 'failed';
    default:
      return null;
  }
}
