import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { closeAtTurnLimit, propertyNamedIn } from '#agent/dialogue.ts';
import { extractFromTranscript } from '#agent/lead-fields.ts';
import {
  type AgentContext,
  type AgentReply,
  type AgentState,
  type ExtractedFields,
  MAX_TURNS,
  type TurnOptions,
} from '#agent/types.ts';
import { type ChatMessage, type MessagingChannel, users } from '#server/db/schema.ts';
import { refreshCreditsIfDue } from '#server/features/billing/index.ts';
import {
  appendForPerson,
  type CachedConversation,
  cachedConversation,
  chatStatements,
  chatWrites,
  deltaPublisher,
  forgetConversation,
  insertConversation,
  markLeft,
  markReturned,
  publishLive,
  readStoredState,
  rememberConversation,
  type StoredState,
  toStoredState,
} from '#server/features/conversations/index.ts';
import {
  type ChatProperty,
  type CompanyDirectory,
  findProperty,
  requireDirectory,
} from '#server/features/directory/index.ts';
import { markEnquiryChatted, readChatOrigin } from '#server/features/enquiries/index.ts';
import {
  bookChatTime,
  chatViewingTimes,
  completeViewingContact,
  toBookedViewing,
} from '#server/features/viewings/index.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import type { ChatResponse, ConversationDto, ParsedChatRequest } from '#shared/schemas/chat.ts';
import { toViewingTime } from '#shared/viewing-times.ts';
import { agentContext, conversationProperty, engineFor } from './engine.ts';

/**
 * A person types a few messages a minute; more than this in one conversation is a script. Kept
 * in the conversation's own record so that it holds across instances.
 */
export const CONVERSATION_MESSAGES_PER_MINUTE = 20;

/**
 * Credits are read fresh, never from a cache: a new conversation needs one left. A due reset
 * (the monthly anniversary, an ended test subscription) only matters when none is left, so the
 * usual answer costs one prepared read and the reset is checked only at zero.
 */
export async function hasCreditsLeft(ctx: AppContext, companyId: string): Promise<boolean> {
  const { creditsLeft } = chatWrites(ctx);
  const left = await creditsLeft.run(companyId);
  if ((left ?? 0) > 0) return true;
  if (left === null) return false;
  await refreshCreditsIfDue(ctx, companyId);
  return ((await creditsLeft.run(companyId)) ?? 0) > 0;
}

export function message(sender: ChatMessage['sender'], content: string, at: Date): ChatMessage {
  return { id: randomUUID(), sender, content, timestamp: at.toISOString() };
}

function newSessionKey(): string {
  return randomBytes(24).toString('base64url');
}

/** One chat turn (POST /api/chat/{companySlug}); see `chatRequestSchema` for the protocol. */
export async function handleChatTurn(
  ctx: AppContext,
  input: {
    companySlug: string;
    request: ParsedChatRequest;
    /** A messaging thread's number: its messages are not held to the web chat's rate limit. */
    knownPhone?: string;
  },
): Promise<ChatResponse> {
  const { companySlug, request } = input;
  if (!request.userSessionKey) return (await startConversation(ctx, companySlug, request)).response;
  return continueConversation(ctx, companySlug, request.userSessionKey, {
    text: request.message.trim(),
    isThread: input.knownPhone !== undefined,
  });
}

/**
 * The channel and number a tenant's messages come from, and whether their first text only greets
 * ("Hi"): the greeting answers that one, and the engine is not asked.
 */
type MessagingThread = { channel: MessagingChannel; phone: string; isGreetingOnly: boolean };

/** A new conversation: the answer the tenant sees last, and on a thread the greeting before it. */
type StartedConversation = {
  response: ChatResponse;
  conversationId: string;
  /** The greeting, when `response` answers the tenant's first text after it (a thread's start). */
  greeting: string | null;
};

/**
 * A conversation started by a tenant's message: it is that channel's thread with that number
 * from its first statement, and the number is known (never asked). The tenant wrote first, so the
 * conversation reads as it happened: their text, the greeting, the answer to the text.
 */
export function startThread(
  ctx: AppContext,
  input: { companySlug: string; request: ParsedChatRequest; thread: MessagingThread },
): Promise<StartedConversation> {
  return startConversation(ctx, input.companySlug, input.request, input.thread);
}

async function startConversation(
  ctx: AppContext,
  companySlug: string,
  request: ParsedChatRequest,
  thread?: MessagingThread,
): Promise<StartedConversation> {
  const directory = await requireDirectory(ctx, companySlug, request.propertySlug);
  // A link to a listing the agency no longer has starts the agency-wide chat: the greeting offers
  // its other listings (the page says the one linked is no longer available).
  const property = request.propertySlug ? findProperty(directory, { slug: request.propertySlug }) : null;
  const outOfCredits = () =>
    new AppError('OUT_OF_CREDITS', 'This agency is not taking online enquiries right now.', {
      redirectToHoldingPage: true,
    });
  // The guided agent answers in microseconds, so the credit check rides on the insert (one round
  // trip). An LLM's answer costs money: with one, the credit is checked before it is asked.
  const isCheckedFirst = ctx.env.ai.provider !== 'guided';
  if (isCheckedFirst && !(await hasCreditsLeft(ctx, directory.company.id))) throw outOfCredits();

  const engine = engineFor(ctx);
  const context = agentContext(directory, property);
  const at = now();
  // A link from an enquiry reply: what the enquiry told us is known, and never asked for.
  const origin = await readChatOrigin(ctx, directory.company.id, {
    source: request.src,
    enquiryToken: request.enquiryToken,
  });
  const known = thread
    ? knownContact({ name: null, email: null, ...origin.known, phone: thread.phone })
    : origin.known
      ? knownContact(origin.known)
      : undefined;
  const text = request.message.trim();
  // A thread's first text is answered right after the greeting, and that answer asks the first
  // question: the greeting only introduces the assistant.
  const isAnswerNext = Boolean(thread && text && !thread.isGreetingOnly);
  let last: AgentReply = engine.start(context, known, { isAnswerNext });
  const greeting = last;
  const opening = message('ai', greeting.reply, at);
  let messages: ChatMessage[] = [opening];
  let turnCount = 0;
  let recentMessages: string[] = [];

  // A client that kept the conversation itself (the spec's older protocol) brings it along on
  // its first request: the answers in it are read once, and from then on the record is ours.
  const history = (request.conversationHistory ?? []).slice(-2 * MAX_TURNS);
  if (history.some((m) => m.sender === 'user')) {
    last = { ...last, state: extractFromTranscript(history, context), quickReplies: [] };
    messages = history.map((m) => message(m.sender, m.content, at));
    turnCount = history.filter((m) => m.sender === 'user').length;
  }

  // On a thread the tenant wrote first: their text goes before the greeting, and is answered as
  // every later text is (with the property's free viewing times). An answer that books a time is
  // stored once the conversation exists (the booking needs it), as its first turn.
  let booking: AgentReply | null = null;
  let bookingPropertyId: string | null = null;
  let isGreetingSeparate = false;
  if (thread && text) {
    messages = [message('user', text, at), ...messages];
    turnCount = 1;
    recentMessages = [at.toISOString()];
    if (isAnswerNext) {
      // A listing the text names on the agency-wide number is chosen by the answer, as it would be
      // later in the chat, so the answer reads that listing's free viewing times.
      const named = property ? null : propertyNamedIn(context, last.state, text);
      const answerProperty = conversationProperty(
        directory,
        property?.id ?? null,
        named?.id ?? last.state.fields.propertyId,
      );
      const turn = await turnContext(ctx, directory, answerProperty, last.state);
      // They wrote before seeing the greeting: their text answers no question of ours (a date in
      // "can I view it Sat 7 Mar?" is no move-in date, a bare "3" no number of people), and a
      // hello in it was answered by the greeting.
      const unasked = { ...last.state, asking: null };
      const answer = await engine.reply(turn, unasked, text, {
        history: historyOf([opening]),
        isBeforeGreeting: true,
      });
      isGreetingSeparate = true;
      if (answer.bookTime && answerProperty) {
        // Stored with the listing it books, which the answer chose.
        bookingPropertyId = answerProperty.id;
        booking = answer;
        turnCount = 0;
        recentMessages = [];
      } else {
        last = answer;
        messages.push(message('ai', last.reply, now()));
      }
    }
  } else if (text) {
    last = await engine.reply(context, last.state, text, { history: historyOf(messages) });
    messages.push(message('user', text, at), message('ai', last.reply, now()));
    turnCount += 1;
    recentMessages = [at.toISOString()];
  }

  const sessionKey = newSessionKey();
  const propertyId = chosenPropertyId(directory, last.state) ?? bookingPropertyId ?? property?.id ?? null;
  const state = toStoredState(
    last.state,
    {},
    {
      quickReplies: last.quickReplies,
      recentMessages,
      ...(origin.source || origin.enquiryId
        ? { origin: { source: origin.source, enquiryId: origin.enquiryId } }
        : {}),
    },
  );
  const start = {
    sessionKey,
    companyId: directory.company.id,
    propertyId,
    messages,
    state,
    turnCount,
    source: origin.source,
    enquiryId: origin.enquiryId,
    channel: thread?.channel ?? ('web' as const),
    contactPhone: thread?.phone ?? null,
  };
  const insert = () => insertConversation(ctx, { ...start, lastActivityAt: now() });
  let created = isCheckedFirst
    ? await insert()
    : await chatWrites(ctx).start.run({ ...start, at: now().toISOString() });
  if (!created) {
    // None left as last read: a reset may be due (`hasCreditsLeft` applies it), else no chat.
    if (!(await hasCreditsLeft(ctx, directory.company.id))) throw outOfCredits();
    created = await insert();
  }
  if (origin.enquiryId) await markEnquiryChatted(ctx, origin.enquiryId);
  if (isCheckedFirst) {
    // The batched start announces itself in its statement; this one tells the Live tab here.
    const n = messages.length;
    await publishLive(ctx, { k: 'm', c: created!.id, co: directory.company.id, n, a: n });
  }
  const conversation: CachedConversation = {
    id: created!.id,
    createdAt: created!.createdAt,
    sessionKey,
    companyId: directory.company.id,
    propertyId,
    messages,
    state,
    status: 'active',
    turnCount,
    takenOverBy: null,
  };
  rememberConversation(ctx, conversation);
  const started = { conversationId: created!.id, greeting: isGreetingSeparate ? greeting.reply : null };
  if (booking) {
    const booked = await answerAndStore(ctx, directory, conversation, state, {
      text,
      isThread: true,
      answered: booking,
    });
    if (!booked) {
      throw new AppError('CONFLICT', 'The chat changed as you sent that. Please send your message again.');
    }
    return { ...started, response: booked };
  }
  return {
    ...started,
    response: {
      response: last.reply,
      sessionKey,
      quickReplies: last.quickReplies,
      isComplete: last.isComplete,
    },
  };
}

async function findConversation(ctx: AppContext, companyId: string, sessionKey: string) {
  const [conversation] = await chatStatements(ctx).conversationByKey.execute({ sessionKey, companyId });
  return conversation ?? null;
}

async function requireConversation(ctx: AppContext, directory: CompanyDirectory, sessionKey: string) {
  const conversation = await findConversation(ctx, directory.company.id, sessionKey);
  if (!conversation) throw notFound('This conversation could not be found. Please start a new chat.');
  const state = readStoredState(conversation.state);
  if (!state) throw notFound('This conversation could not be found. Please start a new chat.');
  return { conversation, state };
}

const chatEnded = () => new AppError('CONFLICT', 'This chat has ended. Refresh the page to start a new one.');

/** What the tenant sent, and whether it came on a WhatsApp or SMS thread. */
type TenantMessage = { text: string; isThread: boolean };

/**
 * What the engine reads for a tenant's text: the agency, the property, and while the chat is open
 * the property's free viewing times.
 */
async function turnContext(
  ctx: AppContext,
  directory: CompanyDirectory,
  property: ChatProperty | null,
  agent: AgentState,
): Promise<AgentContext> {
  return {
    ...agentContext(directory, property),
    viewingTimes: agent.stage !== 'closed' ? await chatViewingTimes(ctx, directory, property) : null,
  };
}

async function continueConversation(
  ctx: AppContext,
  companySlug: string,
  sessionKey: string,
  sent: TenantMessage,
): Promise<ChatResponse> {
  const directory = await requireDirectory(ctx, companySlug);
  const { text } = sent;

  // This process's copy first: when it is current the turn costs one round trip. With an LLM the
  // read is nothing beside the model's answer, and a stale copy would ask the model twice.
  const cached =
    text && ctx.env.ai.provider === 'guided'
      ? cachedConversation(ctx, sessionKey, directory.company.id)
      : null;
  if (cached) {
    const state = cached.status === 'active' && !cached.takenOverBy ? readStoredState(cached.state) : null;
    const reply = state ? await answerAndStore(ctx, directory, cached, state, sent) : null;
    if (reply) return reply;
    forgetConversation(ctx, sessionKey);
  }

  const { conversation, state } = await requireConversation(ctx, directory, sessionKey);
  if (conversation.status !== 'active') throw chatEnded();
  if (!text) throw new AppError('BAD_REQUEST', 'Please type a message');
  if (conversation.takenOverBy) return passToPerson(ctx, conversation, state, sent);
  const reply = await answerAndStore(ctx, directory, conversation, state, sent);
  if (reply) return reply;

  const latest = await findConversation(ctx, directory.company.id, sessionKey);
  if (latest?.status !== 'active') throw chatEnded();
  // Taken over while the assistant was answering: the message goes to the person instead.
  if (latest.takenOverBy) return passToPerson(ctx, latest, readStoredState(latest.state) ?? state, sent);
  throw new AppError(
    'CONFLICT',
    'Your previous message is still being answered. Please send this one again.',
  );
}

/**
 * Answers one message and stores the turn, guarded by the turn count it was computed from. Null
 * when the conversation moved on meanwhile (another turn, an end, a stale copy): nothing stored.
 * `answered`: a thread's first text, stored by the start and answered there; only the answer is
 * stored (with the viewing it books).
 */
async function answerAndStore(
  ctx: AppContext,
  directory: CompanyDirectory,
  conversation: CachedConversation,
  state: StoredState,
  { text, isThread, answered }: TenantMessage & { answered?: AgentReply },
): Promise<ChatResponse | null> {
  const at = now();
  const recentMessages = checkConversationRate(state.recentMessages, at, isThread);
  const property = conversationProperty(directory, conversation.propertyId, state.agent.fields.propertyId);
  const context = await turnContext(ctx, directory, property, state.agent);

  const engine = engineFor(ctx);
  // A streaming engine's reply reaches the tenant's page piece by piece, over the live channel,
  // and it reads the conversation so far; the guided agent needs neither.
  const isGuided = !isStreamingPossible(ctx);
  const deltas = isGuided ? null : deltaPublisher(ctx, conversation);
  // The options last offered: a bare "2" picks the second, on the web as in a thread.
  const offered = state.quickReplies;
  const turn: TurnOptions = isGuided
    ? { offered }
    : { history: historyOf(conversation.messages), onDelta: deltas?.onDelta, offered };
  let result: AgentReply =
    answered ??
    (assistantTurns(conversation.messages) >= MAX_TURNS
      ? closeAtTurnLimit(directory.company.name, state.agent)
      : await engine.reply(context, state.agent, text, turn));
  // Every piece is out before the turn is stored (and announced), so none arrives after it.
  await deltas?.flush();

  // The engine (or the LLM) proposes a time; the server books it, guarded in the database.
  let viewing: ChatResponse['viewing'];
  if (result.bookTime && property) {
    const booking = await bookChatTime(ctx, {
      conversationId: conversation.id,
      propertyId: property.id,
      time: result.bookTime,
      fields: result.state.fields,
    });
    if (booking.kind === 'booked') {
      result = engine.confirmViewing(context, result.state, toViewingTime(booking.viewing.startsAt));
      viewing = toBookedViewing(ctx, booking.viewing);
    } else {
      result = engine.offerTimesAgain({ ...context, viewingTimes: booking.times }, result.state);
    }
  } else if (result.state.viewing?.booked) {
    await completeViewingContact(ctx, { conversationId: conversation.id, fields: result.state.fields });
  }

  const answer = message('ai', result.reply, now());
  const newMessages = answered ? [answer] : [message('user', text, at), answer];
  const stored = toStoredState(result.state, state, {
    quickReplies: result.quickReplies,
    recentMessages,
    leftAt: null,
  });
  const propertyId = chosenPropertyId(directory, result.state) ?? conversation.propertyId;
  const isStored = await chatWrites(ctx).storeTurn.run({
    id: conversation.id,
    turnCount: conversation.turnCount,
    newMessages,
    state: stored,
    propertyId,
    at: now().toISOString(),
  });
  if (!isStored) return null;
  rememberConversation(ctx, {
    ...conversation,
    messages: [...conversation.messages, ...newMessages],
    state: stored,
    turnCount: conversation.turnCount + 1,
    propertyId,
  });
  return {
    response: result.reply,
    sessionKey: conversation.sessionKey,
    quickReplies: result.quickReplies,
    isComplete: result.isComplete,
    ...(viewing ? { viewing } : {}),
  };
}

/**
 * The turns the assistant has answered: a tenant's message followed by the assistant's reply.
 * The turn limit counts these only. The conversation's `turn_count` also goes up for a takeover,
 * each message while a person has the chat, and the hand-back (it guards every write against a
 * stale copy, docs/live.md), and a long talk with a person must not make the assistant say
 * goodbye the moment it is handed back.
 */
export function assistantTurns(messages: readonly ChatMessage[]): number {
  let turns = 0;
  for (let i = 1; i < messages.length; i += 1) {
    if (messages[i]!.sender === 'ai' && messages[i - 1]!.sender === 'user') turns += 1;
  }
  return turns;
}

/** The guided agent answers at once: only another engine can stream, or needs the history. */
function isStreamingPossible(ctx: AppContext): boolean {
  return ctx.engine !== undefined || ctx.env.ai.provider !== 'guided';
}

const HISTORY_ROLES = { user: 'tenant', ai: 'assistant', agent: 'agent' } as const;

/** The conversation so far as an engine reads it (notices of people joining are left out). */
function historyOf(messages: ChatMessage[]): NonNullable<TurnOptions['history']> {
  return messages.flatMap((m) =>
    m.sender === 'system' ? [] : [{ role: HISTORY_ROLES[m.sender], content: m.content }],
  );
}

/**
 * While a person of the agency has the chat, the tenant's message is stored and passed to them;
 * the assistant says nothing. Appended (no turn-count guard: nothing was computed from the
 * conversation), and announced on the live channel by the same statement.
 */
async function passToPerson(
  ctx: AppContext,
  conversation: { id: string; sessionKey: string },
  state: StoredState,
  { text, isThread }: TenantMessage,
): Promise<ChatResponse> {
  const at = now();
  const recentMessages = checkConversationRate(state.recentMessages, at, isThread);
  const passed = await appendForPerson(ctx, {
    conversationId: conversation.id,
    message: message('user', text, at),
    recentMessages,
    at,
  });
  if (!passed) {
    throw new AppError('CONFLICT', 'The chat changed as you sent that. Please send your message again.');
  }
  forgetConversation(ctx, conversation.sessionKey);
  return {
    response: '',
    sessionKey: conversation.sessionKey,
    quickReplies: [],
    isComplete: false,
    takenOver: true,
  };
}

/**
 * The per-conversation limit: returns the updated window, or throws a 429 with Retry-After. A
 * WhatsApp or SMS thread is not held to it: the provider vouches for the sender, one thread's
 * messages are answered one after another, and a refused message would be lost (Twilio does not
 * retry). The company's webhook allowance and the turn limit bound what a thread can cost.
 */
function checkConversationRate(recent: string[], at: Date, isThread: boolean): string[] {
  const windowStart = at.getTime() - 60_000;
  const inWindow = recent.filter((iso) => new Date(iso).getTime() > windowStart);
  if (!isThread && inWindow.length >= CONVERSATION_MESSAGES_PER_MINUTE) {
    const oldest = Math.min(...inWindow.map((iso) => new Date(iso).getTime()));
    const retryAfter = Math.max(1, Math.ceil((oldest + 60_000 - at.getTime()) / 1000));
    throw new AppError('RATE_LIMITED', `Too many requests. Please try again in ${retryAfter} seconds.`, {
      retryAfter,
    });
  }
  return [...inWindow, at.toISOString()];
}

/** The name, email and phone an enquiry gave, as facts the engine starts with. */
function knownContact(known: {
  name: string | null;
  email: string | null;
  phone: string | null;
}): Partial<ExtractedFields> {
  return {
    ...(known.name ? { name: known.name } : {}),
    ...(known.email ? { email: known.email } : {}),
    ...(known.phone ? { phone: known.phone } : {}),
  };
}

function chosenPropertyId(directory: CompanyDirectory, state: AgentState): string | null {
  const id = state.fields.propertyId;
  return id && directory.properties.some((p) => p.id === id) ? id : null;
}

/**
 * The stored conversation for a page that was refreshed. Coming back is activity: it cancels a
 * pending end from the unload beacon and restarts the idle clock.
 */
export async function resumeConversation(
  ctx: AppContext,
  input: { companySlug: string; sessionKey: string },
): Promise<ConversationDto> {
  const directory = await requireDirectory(ctx, input.companySlug);
  const { conversation, state } = await requireConversation(ctx, directory, input.sessionKey);
  const isEnded = conversation.status !== 'active';
  if (!isEnded) {
    await markReturned(ctx, conversation.id, now());
  }
  return {
    sessionKey: conversation.sessionKey,
    messages: conversation.messages,
    quickReplies: isEnded || conversation.takenOverBy ? [] : state.quickReplies,
    isComplete: state.agent.stage === 'closed',
    isEnded,
    takenOverBy:
      !isEnded && conversation.takenOverBy ? await personName(ctx, conversation.takenOverBy) : null,
  };
}

/** The first name a person of the agency shows to tenants. */
export async function personName(ctx: AppContext, userId: string): Promise<string> {
  const [user] = await ctx.db
    .select({ firstName: users.firstName, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return user?.firstName?.trim() || user?.name.trim().split(/\s+/)[0] || 'A colleague';
}

/** The unload beacon: the conversation ends shortly unless the tenant comes back (a refresh). */
export async function markConversationLeft(ctx: AppContext, conversationId: string): Promise<void> {
  await markLeft(ctx, conversationId, now());
}

export { findConversation, requireConversation };
