import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type LanguageModel, type StopCondition, stepCountIs, streamText, type ToolSet, tool } from 'ai';
import { z } from 'zod';
import { formatLongDate } from '#agent/dates.ts';
import {
  booksViewing,
  chosenProperty,
  guidedTurn,
  isAgencyLink,
  missingSlots,
  quickRepliesFor,
  slotLabel,
} from '#agent/dialogue.ts';
import { emailCheckQuestion, openEmailCheck } from '#agent/email-check.ts';
import { llmFieldShape, modelValue, SLOT_ORDER, validValue } from '#agent/slots/index.ts';
import {
  type AgentContext,
  type AgentReply,
  type AgentState,
  CLOSING_SENTENCE,
  type ConversationEngine,
  type ExtractedFields,
  type OfferedTime,
  type SlotName,
  type TurnOptions,
} from '#agent/types.ts';
import { describeTime } from '#agent/viewing.ts';
import { CLOSING_PHRASE, createReplyGuard, PROTECTED_QUESTION, type ReplyGuard } from './guard.ts';
import { conversationMessages, estimateTokens } from './history.ts';
import { describeProperty, LISTING_FACTS, lookUpFact } from './listing.ts';

/*
 * The LLM agent: the model writes the reply, streamed as it is written, reads the whole
 * conversation (within a token budget) and calls tools: it records the tenant's answers, looks up
 * the listing's facts, lists the free viewing times and proposes one to book. The guided agent
 * still runs every turn underneath, and its parsers, state machine and rules stay in charge (what
 * is asked, when the chat closes, which values are kept, the booking's wording); any provider
 * failure, timeout or broken stream gives the tenant the fallback engine's reply for that turn.
 */

export type LlmEngineOptions = {
  provider: 'openai' | 'openai-compatible' | 'anthropic';
  baseUrl?: string;
  apiKey?: string;
  model: string;
  /**
   * The longest wait for the provider's next piece of a turn, the first included (default 8 s);
   * a whole turn may take four times this. Past either, the fallback answers that turn.
   */
  timeoutMs?: number;
  /** Tokens of instructions and conversation sent each turn (default 6,000): older turns are left out. */
  tokenBudget?: number;
  fallback: ConversationEngine;
  /** Told about each failed turn (the fallback's reply was used). */
  onFallback?: (error: unknown) => void;
};

const DEFAULT_TIMEOUT_MS = 8000;
const DEFAULT_TOKEN_BUDGET = 6000;
/** Tool calls and the reply: recording answers, a fact or two, times, then the text. */
const MAX_STEPS = 5;
const MAX_TIMES_LISTED = 12;

/** What the model records through the recordAnswers tool: the answers in the tenant's latest message. */
const llmTurnSchema = z.object({
  tenantConfirmed: z
    .boolean()
    .describe('True only when the tenant has just confirmed that the summary of their details is correct.'),
  personRequested: z
    .boolean()
    .nullish()
    .describe(
      'True when the tenant asks to speak to a person (a human, someone at the agency) in any words.',
    ),
  fields: z.object(llmFieldShape()),
});

type LlmTurn = z.infer<typeof llmTurnSchema>;

function modelFor(options: LlmEngineOptions): LanguageModel {
  switch (options.provider) {
    case 'anthropic':
      return createAnthropic({ apiKey: options.apiKey, baseURL: options.baseUrl })(options.model);
    case 'openai':
      // Chat completions: the protocol every OpenAI-style endpoint speaks.
      return createOpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl }).chat(options.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: options.baseUrl ?? '',
        apiKey: options.apiKey,
        supportsStructuredOutputs: true,
      }).chatModel(options.model);
  }
}

/** The instruction for this turn, from the guided agent's own decision and the answers recorded so far. */
function nextStep(guided: AgentReply, context: AgentContext, state: AgentState = guided.state): string {
  if (guided.isComplete) {
    return `The tenant has confirmed their details. End your reply with exactly this sentence: "${CLOSING_SENTENCE}"`;
  }
  const emailCheck = emailCheckQuestion(state);
  if (emailCheck) {
    return `The email address looks mistyped. Ask only this, in these words: "${emailCheck}" (a yes takes that address; a no keeps the one typed).`;
  }
  if (state.asking === 'viewing') {
    const offered = (state.viewing?.offered ?? []).map((time) => time.label).join('; ');
    return `Offer these free viewing times, which the tenant sees as buttons: ${offered}. When the tenant picks one, call bookViewing with its startsAt.`;
  }
  if (state.stage === 'confirming' && state.asking === 'confirm') {
    return 'Everything has been collected. Show a short summary of all the details, each on its own line, and ask the tenant to confirm it is correct.';
  }
  const missing = missingSlots(context, state);
  if (missing.length === 0) return 'Ask the tenant whether the details are correct.';
  const asking =
    state.asking && state.asking !== 'confirm' && missing.includes(state.asking) ? state.asking : missing[0];
  const pair = asking === 'email' && missing.includes('phone') ? ' and phone number' : '';
  return `Ask next for: ${slotLabel(asking)}${pair}.`;
}

function knownSoFar(state: AgentState): string {
  const known = Object.entries(state.fields)
    .filter(([key, value]) => value !== null && key !== 'propertyId')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : value}`)
    .join('; ');
  return known || 'nothing yet';
}

function systemPrompt(
  context: AgentContext,
  previous: AgentState,
  guided: AgentReply,
  { isBeforeGreeting = false }: TurnOptions,
): string {
  const state = guided.state;
  const property = chosenProperty(context, state.fields) ?? context.property;
  const listings = property
    ? `The property the tenant is enquiring about:\n${describeProperty(property, context.today)}`
    : context.properties.length > 0
      ? `The tenant has not chosen a property yet. The listings:\n${context.properties.map((p) => describeProperty(p, context.today)).join('\n\n')}`
      : 'No property details are available.';
  const canBook = property !== null && booksViewing(context, state);
  return [
    `You are the AI assistant of ${context.companyName}, a UK letting agency, chatting with a prospective tenant on its website, WhatsApp or SMS. Everything the tenant tells you goes to the ${context.companyName} team.`,
    'Write friendly, professional British English: short (two to four sentences), warm, never robotic, and ask for one or two things at a time.',
    `Today is ${formatLongDate(context.today)} (${context.today}).`,
    listings,
    'Tools:',
    '- recordAnswers: call it first whenever the tenant\'s latest message gives any of their details or confirms the summary. In "fields", put only what that message says (null for anything it does not say): dates as yyyy-mm-dd (a date without a year is the next such date on or after today; "ASAP" is today), income as an annual figure in pounds, the phone number as written. It answers with what is known and what to ask next.',
    '- listingFact: look up a fact about the property (pets, furnishing, bills, deposit, council tax, EPC, parking, a feature such as a garden…) before answering a question about it.',
    ...(canBook
      ? [
          '- viewingTimes: the free viewing times. bookViewing: book the time the tenant chose, by its startsAt. The booking is then made and confirmed to the tenant for you: never say a time is booked yourself.',
        ]
      : []),
    'Then write your reply to the tenant as plain text.',
    'Rules:',
    '- Use only the facts given about a property, its description included. Never invent or guess a fact: when asked about anything not there or unknown, say you will pass the question on to the team.',
    '- State the rent as the one listed figure. Decline politely any offer to pay more than the advertised rent: offers above it cannot be accepted.',
    '- Asked whether benefits (DSS, housing benefit, universal credit) or children are accepted: they are very welcome to apply, and it never affects how an application is considered.',
    '- Never ask about age, children, pregnancy, nationality, religion, disability, benefits, relationship status or any other protected characteristic. If the tenant mentions any, do not repeat or record it.',
    `- When the tenant asks to speak to a person, in any words, say kindly that a person at ${context.companyName} will get in touch with them, then carry on with the questions (they may stop whenever they like). Never claim to be a person.`,
    '- Never ask for anything already known or that the tenant declined.',
    `- Known so far: ${knownSoFar(state)}.`,
    `- Declined, never ask again: ${state.refused.map(slotLabel).join(', ') || 'none'}.`,
    `- Your previous message asked for: ${previous.asking === 'confirm' ? 'confirmation of the summary' : previous.asking ? slotLabel(previous.asking) : 'nothing in particular'}.`,
    ...(state.personRequested && !previous.personRequested
      ? [
          `- The tenant has just asked to speak to a person: say first that a person at ${context.companyName} will get in touch with them.`,
        ]
      : []),
    ...(isBeforeGreeting
      ? [
          '- Your greeting, which said hello and who you are, was sent just before this reply: do not greet the tenant or introduce yourself again.',
        ]
      : []),
    `- Next step: ${nextStep(guided, context)}`,
  ].join('\n');
}

/**
 * Fills what the guided parsers left empty with the model's answers, each checked by its slot's
 * own validity check, the one the guided parsers' answers pass. The listing may be chosen only on
 * the agency-wide link. Answers the slot's check turns down (40 people, a move-in years past)
 * are left out and added to `rejected`.
 */
function mergeFields(
  state: AgentState,
  fields: LlmTurn['fields'],
  context: AgentContext,
  { guidedUpdated, rejected }: { guidedUpdated: Set<keyof ExtractedFields>; rejected: Set<SlotName> },
): void {
  const f = state.fields as Record<SlotName, unknown>;
  const env = { today: context.today, context };
  const hadEmail = f.email !== null;
  for (const slot of SLOT_ORDER) {
    if (f[slot] !== null || guidedUpdated.has(slot) || state.refused.includes(slot)) continue;
    if (slot === 'propertyId' && !isAgencyLink(context, state)) continue;
    const given = modelValue(slot, fields);
    if (given === null) continue;
    const value = validValue(slot, given, env);
    if (value === null) rejected.add(slot);
    else f[slot] = value;
  }
  // An address only the model read is checked as a parsed one is: "Did you mean …?".
  if (!hadEmail && f.email !== null) openEmailCheck(state);
}

function changedFields(before: ExtractedFields, after: ExtractedFields): Set<keyof ExtractedFields> {
  return new Set((Object.keys(after) as Array<keyof ExtractedFields>).filter((k) => before[k] !== after[k]));
}

/** One turn's work: the guided agent's decision, and what the model's tool calls add to it. */
type TurnWork = {
  context: AgentContext;
  previous: AgentState;
  guided: AgentReply;
  /** The guided agent's state with the answers the model recorded. */
  state: AgentState;
  tenantConfirmed: boolean;
  /** The free time the model asked to book. */
  bookTime: OfferedTime | null;
  /** Slots the model gave a value for that their check turned down: the re-prompt is ours. */
  rejected: Set<SlotName>;
};

function startWork(context: AgentContext, previous: AgentState, guided: AgentReply): TurnWork {
  return {
    context,
    previous,
    guided,
    state: {
      ...guided.state,
      fields: { ...guided.state.fields },
      refused: [...guided.state.refused],
      openQuestions: [...guided.state.openQuestions],
    },
    tenantConfirmed: false,
    bookTime: null,
    rejected: new Set(),
  };
}

function findTime(times: OfferedTime[], startsAt: string): OfferedTime | null {
  const at = Date.parse(startsAt);
  return times.find((time) => time.startsAt === startsAt || Date.parse(time.startsAt) === at) ?? null;
}

/** The tools of one turn; each reads the turn's context and writes only into `work`. */
function turnTools(work: TurnWork): ToolSet {
  const { context, previous, guided } = work;
  const guidedUpdated = changedFields(previous.fields, guided.state.fields);
  const property = () => chosenProperty(context, work.state.fields) ?? context.property;
  const tools: ToolSet = {
    recordAnswers: tool({
      description:
        "Records the details the tenant's latest message gives, and whether it confirms the summary.",
      inputSchema: llmTurnSchema,
      execute: async (input: LlmTurn) => {
        mergeFields(work.state, input.fields, context, { guidedUpdated, rejected: work.rejected });
        if (input.tenantConfirmed) work.tenantConfirmed = true;
        if (input.personRequested) work.state.personRequested = true;
        const missing = missingSlots(context, work.state);
        return {
          known: knownSoFar(work.state),
          stillToAsk: missing.map(slotLabel),
          nextStep: nextStep(guided, context, work.state),
        };
      },
    }),
    listingFact: tool({
      description:
        'One fact about the property from its listing. Use fact "feature" with the feature\'s name for things like a garden, balcony or lift.',
      inputSchema: z.object({
        fact: z.enum([...LISTING_FACTS, 'feature']),
        feature: z.string().nullish().describe('With fact "feature": e.g. garden, balcony, lift.'),
        propertyId: z.string().nullish().describe('Only on the agency link, before the tenant chose one.'),
      }),
      execute: async ({ fact, feature, propertyId }) => {
        const listing = context.properties.find((p) => p.id === propertyId) ?? property();
        if (!listing) return { known: false, answer: 'Ask the tenant which property they mean first.' };
        return lookUpFact(listing, context.today, fact, feature);
      },
    }),
  };
  if (!property() || !booksViewing(context, work.state)) return tools;
  const times = context.viewingTimes ?? [];
  return {
    ...tools,
    viewingTimes: tool({
      description: 'The free viewing times of the property, soonest first.',
      inputSchema: z.object({}),
      execute: async () => ({
        slots: times.slice(0, MAX_TIMES_LISTED).map((time) => ({
          startsAt: time.startsAt,
          time: describeTime(time),
        })),
      }),
    }),
    bookViewing: tool({
      description: 'Books the free viewing time the tenant chose. The system confirms it to the tenant.',
      inputSchema: z.object({ startsAt: z.string().describe('The startsAt of a slot from viewingTimes.') }),
      execute: async ({ startsAt }) => {
        const time = findTime(times, startsAt);
        if (!time)
          return { booked: false, reason: 'That time is not free: offer the times from viewingTimes.' };
        work.bookTime = time;
        return { booked: true, time: describeTime(time) };
      },
    }),
  };
}

/**
 * Stops the model once it has proposed a booking (the booking's reply is the server's) or given
 * an answer its slot's check turned down (the re-prompt is the guided agent's).
 */
const hasHandedOver =
  (work: TurnWork): StopCondition<ToolSet> =>
  () =>
    work.bookTime !== null || work.rejected.size > 0;

/** The model's text as the tenant may see it, or null when it must not be used. */
function usableText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed && !PROTECTED_QUESTION.test(trimmed) ? trimmed : null;
}

function withoutClosingWords(text: string): string {
  return text
    .replace(CLOSING_PHRASE, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/**
 * The turn after the model gave an answer its slot's check turned down (40 people, a move-in
 * years past, a phone number too short): the tenant hears the guided agent's own words for the same
 * message, whichever engine runs. The answers the model read besides stay when that reply asks
 * for a slot turned down; otherwise the guided agent's turn stands as it is.
 */
function rePrompt(work: TurnWork, guard: ReplyGuard): AgentReply {
  const { guided, state } = work;
  const asking = guided.state.asking;
  const reply: AgentReply =
    asking && asking !== 'confirm' && asking !== 'viewing' && work.rejected.has(asking)
      ? { ...guided, state: { ...state, asking } }
      : guided;
  if (!guard.hasSpoken()) guard.say(reply.reply);
  return reply;
}

/** The model's turn folded into the guided agent's: the reply text is the model's, the rules are ours. */
function finishTurn(work: TurnWork, written: string, guard: ReplyGuard): AgentReply {
  const { context, previous, guided, state } = work;
  if (work.rejected.size > 0) return rePrompt(work, guard);
  const text = usableText(written);
  if (work.bookTime) {
    // The server books it and answers with confirmViewing (or fresh times when it was just taken).
    state.asking = 'viewing';
    return {
      reply: text ? withoutClosingWords(text) : `Lovely, I'll book ${describeTime(work.bookTime)} for you.`,
      quickReplies: [],
      state,
      isComplete: false,
      bookTime: work.bookTime,
    };
  }
  if (!text) throw new Error('The model wrote no usable reply');

  const isClosing =
    guided.isComplete ||
    (previous.stage === 'confirming' &&
      work.tenantConfirmed &&
      missingSlots(context, state).length === 0 &&
      !booksViewing(context, state));
  if (isClosing) {
    state.stage = 'closed';
    state.asking = null;
    if (text.endsWith(CLOSING_SENTENCE)) return { reply: text, quickReplies: [], state, isComplete: true };
    const before = withoutClosingWords(text);
    guard.say(before ? ` ${CLOSING_SENTENCE}` : CLOSING_SENTENCE);
    return { reply: `${before} ${CLOSING_SENTENCE}`.trim(), quickReplies: [], state, isComplete: true };
  }
  // The chat page saves the conversation when it sees the closing words: never say them early.
  const reply = withoutClosingWords(text);
  if (!reply) throw new Error('The model wrote only closing words before the tenant confirmed');
  // What the model recorded may have answered the question the guided agent was about to ask.
  if (state.stage === 'collecting' && state.asking !== 'viewing') {
    const missing = missingSlots(context, state);
    if (state.asking === null || state.asking === 'confirm' || !missing.includes(state.asking))
      state.asking = missing[0] ?? state.asking;
  }
  return { reply, quickReplies: quickRepliesFor(context, state), state, isComplete: false };
}

/**
 * Streams one turn from the model. The wait for each next piece is bounded by `timeoutMs` and the
 * whole turn by four times that; a broken stream, an error part or a timeout throws.
 */
async function streamTurn(
  model: LanguageModel,
  options: LlmEngineOptions,
  work: TurnWork,
  message: string,
  turn: TurnOptions,
): Promise<AgentReply> {
  const { context, previous, guided } = work;
  const system = systemPrompt(context, previous, guided, turn);
  const messages = conversationMessages({
    history: turn.history ?? [],
    message,
    companyName: context.companyName,
    budget: options.tokenBudget ?? DEFAULT_TOKEN_BUDGET,
    systemTokens: estimateTokens(system),
  });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let idle: ReturnType<typeof setTimeout> | undefined;
  const wait = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () => controller.abort(new Error(`The LLM sent nothing for ${timeoutMs} ms`)),
      timeoutMs,
    );
  };
  const total = setTimeout(
    () => controller.abort(new Error(`The LLM turn took longer than ${4 * timeoutMs} ms`)),
    4 * timeoutMs,
  );
  const guard = createReplyGuard(turn.onDelta);
  let written = '';
  let isNewStep = false;
  try {
    wait();
    const result = streamText({
      model,
      system,
      messages,
      tools: turnTools(work),
      stopWhen: [stepCountIs(MAX_STEPS), hasHandedOver(work)],
      maxRetries: 0,
      abortSignal: controller.signal,
      // Errors arrive as parts of the stream below; the default would print them too.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      wait();
      if (part.type === 'error') throw part.error;
      if (part.type === 'abort') break;
      if (part.type === 'start-step') isNewStep = written.length > 0;
      if (part.type !== 'text-delta' || !part.text) continue;
      // Text written after a tool call starts a new sentence of the same reply.
      const piece = isNewStep && !/\s$/.test(written) && !/^\s/.test(part.text) ? ` ${part.text}` : part.text;
      isNewStep = false;
      written += piece;
      guard.push(piece);
    }
    if (controller.signal.aborted) throw controller.signal.reason;
    guard.finish();
    return finishTurn(work, written, guard);
  } finally {
    clearTimeout(idle);
    clearTimeout(total);
    // A turn given up on (an error part, a rule broken) must not leave its request open.
    controller.abort();
  }
}

export function createLlmEngine(options: LlmEngineOptions): ConversationEngine {
  const model = modelFor(options);
  const report = (error: unknown) => options.onFallback?.(error);
  return {
    start: (context, known, start) => options.fallback.start(context, known, start),
    // The booking's wording is the guided agent's: time buttons and the booked closing are exact.
    confirmViewing: (context, state, time) => options.fallback.confirmViewing(context, state, time),
    offerTimesAgain: (context, state) => options.fallback.offerTimesAgain(context, state),
    reply: async (context, state, message, turn = {}) => {
      const guided = guidedTurn(context, state, message, { offered: turn.offered });
      if (state.stage === 'closed' || guided.bookTime) return guided;
      if (guided.isComplete && guided.state.viewing?.booked) return guided;
      try {
        return await streamTurn(model, options, startWork(context, state, guided), message, turn);
      } catch (error) {
        report(error);
        // The guided state is the record: the fallback answers this turn from it as if alone.
        return options.fallback.reply(context, state, message, { isBeforeGreeting: turn.isBeforeGreeting });
      }
    },
  };
}
