import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, type LanguageModel, Output } from 'ai';
import { z } from 'zod';
import { formatMoney } from '#shared/format.ts';
import { parseRent } from '#shared/rent.ts';
import { formatLongDate, splitIso, ukToIso } from './dates.ts';
import {
  chosenProperty,
  guidedTurn,
  isAgencyLink,
  missingSlots,
  quickRepliesFor,
  slotLabel,
} from './dialogue.ts';
import { parseEmail, parsePhone } from './extract.ts';
import { llmFieldShape } from './slots/index.ts';
import { moveInOn, moveInWords } from './slots/move-in.ts';
import {
  type AgentContext,
  type AgentProperty,
  type AgentReply,
  type AgentState,
  CLOSING_SENTENCE,
  type ConversationEngine,
  type ExtractedFields,
} from './types.ts';

/*
 * The LLM agent: the model writes the reply and reads answers out of the tenant's message, while
 * the guided agent still runs every turn underneath. Its parsers, state machine and rules stay in
 * charge (what is asked, when the chat closes, which values are kept), and any provider failure
 * or timeout gives the tenant the fallback engine's reply for that turn instead.
 */

export type LlmEngineOptions = {
  provider: 'openai' | 'openai-compatible' | 'anthropic';
  baseUrl?: string;
  apiKey?: string;
  model: string;
  /** Per turn (default 8 s): past it, the fallback answers that turn. */
  timeoutMs?: number;
  fallback: ConversationEngine;
  /** Told about each failed turn (the fallback's reply was used). */
  onFallback?: (error: unknown) => void;
};

const DEFAULT_TIMEOUT_MS = 8000;

/** What the model returns: its reply and the answers it read from the tenant's latest message. */
const llmTurnSchema = z.object({
  reply: z.string().describe('The message to send to the tenant.'),
  tenantConfirmed: z
    .boolean()
    .describe('True only when the tenant has just confirmed that the summary of their details is correct.'),
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

function describeProperty(property: AgentProperty, today: string): string {
  const rent = parseRent(property.rentalPrice);
  const isMonthly = !/\b(pw|p\/w|week|weekly|pa|p\.a|annum|year|annually)\b/i.test(
    property.rentalPrice ?? '',
  );
  const monthly =
    rent && !isMonthly ? ` (about ${formatMoney(rent.monthly, { wholePounds: true })} a month)` : '';
  const vacancy = ukToIso(property.vacancyDate);
  const facts = [
    `id: ${property.id}`,
    `name: ${property.name}`,
    `address: ${property.address}`,
    `rent: ${property.rentalPrice ? `${property.rentalPrice}${monthly}` : 'unknown'}`,
    `bedrooms: ${property.bedrooms === null ? 'unknown' : property.bedrooms === 0 ? 'studio' : property.bedrooms}`,
    `parking: ${property.parking ?? 'unknown'}`,
    `available from: ${vacancy ? (vacancy <= today ? 'now' : formatLongDate(vacancy)) : 'unknown'}`,
    `furnishing: ${property.furnishing ?? 'unknown'}`,
    `pets: ${property.petsPolicy === 'allowed' ? 'allowed' : property.petsPolicy === 'not-allowed' ? 'not allowed' : 'requests are considered (pass them on)'}`,
    `bills included: ${property.billsIncluded === null ? 'unknown' : property.billsIncluded ? 'yes' : 'no'}`,
    `council tax band: ${property.councilTaxBand ?? 'unknown'}`,
    `EPC rating: ${property.epcRating ?? 'unknown'}`,
    `deposit: ${property.deposit === null ? 'unknown' : formatMoney(property.deposit)}`,
    `minimum term: ${property.minimumTermMonths === null ? 'unknown' : `${property.minimumTermMonths} months`}`,
    `features: ${property.features.length > 0 ? property.features.join(', ') : 'none listed'}`,
    `description: ${property.description?.trim() || 'none'}`,
  ];
  return facts.map((f) => `  - ${f}`).join('\n');
}

/** The instruction for this turn, from the guided agent's own decision. */
function nextStep(guided: AgentReply, context: AgentContext): string {
  const state = guided.state;
  if (guided.isComplete) {
    return `The tenant has confirmed their details. End your reply with exactly this sentence: "${CLOSING_SENTENCE}"`;
  }
  if (state.stage === 'confirming' && state.asking === 'confirm') {
    return 'Everything has been collected. Show a short summary of all the details, each on its own line, and ask the tenant to confirm it is correct.';
  }
  const missing = missingSlots(context, state);
  if (missing.length === 0) return 'Ask the tenant whether the details are correct.';
  const asking = state.asking && state.asking !== 'confirm' ? state.asking : missing[0];
  const pair = asking === 'email' && missing.includes('phone') ? ' and phone number' : '';
  return `Ask next for: ${slotLabel(asking)}${pair}.`;
}

function systemPrompt(context: AgentContext, previous: AgentState, guided: AgentReply): string {
  const state = guided.state;
  const property = chosenProperty(context, state.fields) ?? context.property;
  const known = Object.entries(state.fields)
    .filter(([key, value]) => value !== null && key !== 'propertyId')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : value}`)
    .join('; ');
  const listings = property
    ? `The property the tenant is enquiring about:\n${describeProperty(property, context.today)}`
    : context.properties.length > 0
      ? `The tenant has not chosen a property yet. The listings:\n${context.properties.map((p) => describeProperty(p, context.today)).join('\n\n')}`
      : 'No property details are available.';
  return [
    `You are the AI assistant of ${context.companyName}, a UK letting agency, chatting on its website with a prospective tenant. Everything the tenant tells you goes to the ${context.companyName} team.`,
    'Write friendly, professional British English: short (two to four sentences), warm, never robotic, and ask for one or two things at a time.',
    `Today is ${formatLongDate(context.today)} (${context.today}).`,
    listings,
    'Rules:',
    '- Use only the facts above about a property, its description included. Never invent or guess a fact: when asked about anything not there or listed as unknown, say you will pass the question on to the team.',
    '- State the rent as the one listed figure. Decline politely any offer to pay more than the advertised rent: offers above it cannot be accepted.',
    '- Asked whether benefits (DSS, housing benefit, universal credit) or children are accepted: they are very welcome to apply, and it never affects how an application is considered.',
    '- Never ask about age, children, pregnancy, nationality, religion, disability, benefits, relationship status or any other protected characteristic. If the tenant mentions any, do not repeat or record it.',
    '- Never ask for anything already known or that the tenant declined.',
    `- Known so far: ${known || 'nothing yet'}.`,
    `- Declined, never ask again: ${state.refused.map(slotLabel).join(', ') || 'none'}.`,
    `- Your previous message asked for: ${previous.asking === 'confirm' ? 'confirmation of the summary' : previous.asking ? slotLabel(previous.asking) : 'nothing in particular'}.`,
    `- Next step: ${nextStep(guided, context)}`,
    'In "fields", return only what the tenant\'s latest message says (null for anything it does not say): dates as yyyy-mm-dd (a date without a year is the next such date on or after today; "ASAP" is today), income as an annual figure in pounds, the phone number as written.',
  ].join('\n');
}

const PROTECTED_QUESTION =
  /\b(how old|your age|date of birth|children|kids|pregnan\w*|expecting|nationality|citizenship|religio\w*|disab\w*|benefits|universal credit|married|marital)\b[^.!?]*\?/i;
const CLOSING_PHRASE =
  /[^.!?]*(?:we will be in touch to book the viewing|thank you for confirming the information|have a great day)[^.!?]*[.!?]?/gi;

function isPlausibleDate(iso: string, today: string): boolean {
  const parts = splitIso(iso);
  return (
    parts !== null &&
    iso >= `${Number(today.slice(0, 4)) - 1}${today.slice(4)}` &&
    parts.year <= Number(today.slice(0, 4)) + 3
  );
}

/** Fills what the guided parsers left empty with the model's answers, each checked first. */
function mergeFields(
  state: AgentState,
  fields: LlmTurn['fields'],
  context: AgentContext,
  guidedUpdated: Set<keyof ExtractedFields>,
): void {
  const f = state.fields;
  const isOpen = (slot: keyof ExtractedFields) =>
    f[slot] === null && !guidedUpdated.has(slot) && !state.refused.includes(slot);
  const text = (value: string | null) => {
    const trimmed = value?.trim();
    return trimmed && trimmed.length <= 200 ? trimmed : null;
  };
  if (
    fields.propertyId &&
    isOpen('propertyId') &&
    isAgencyLink(context, state) &&
    context.properties.some((p) => p.id === fields.propertyId)
  ) {
    f.propertyId = fields.propertyId;
  }
  const moveInText = text(fields.moveInText);
  if (isOpen('moveIn') && fields.moveInDate && isPlausibleDate(fields.moveInDate, context.today)) {
    f.moveIn = moveInOn(fields.moveInDate);
  } else if (isOpen('moveIn') && moveInText) {
    f.moveIn = moveInWords(moveInText);
  }
  if (
    isOpen('numberOfPeople') &&
    fields.numberOfPeople !== null &&
    fields.numberOfPeople >= 1 &&
    fields.numberOfPeople <= 20
  ) {
    f.numberOfPeople = fields.numberOfPeople;
  }
  if (
    isOpen('annualIncome') &&
    fields.annualIncome !== null &&
    fields.annualIncome >= 0 &&
    fields.annualIncome < 10_000_000
  ) {
    f.annualIncome = Math.round(fields.annualIncome);
  }
  if (isOpen('profession') && text(fields.profession)) f.profession = text(fields.profession);
  if (isOpen('name') && text(fields.name) && /^[\p{L}' .-]+$/u.test(text(fields.name) ?? ''))
    f.name = text(fields.name);
  if (isOpen('email') && fields.email) f.email = parseEmail(fields.email).email;
  if (isOpen('phone') && fields.phone) f.phone = parsePhone(fields.phone).phone;
  if (isOpen('availability') && text(fields.availability)) f.availability = text(fields.availability);
}

function changedFields(before: ExtractedFields, after: ExtractedFields): Set<keyof ExtractedFields> {
  return new Set((Object.keys(after) as Array<keyof ExtractedFields>).filter((k) => before[k] !== after[k]));
}

/** The model's turn folded into the guided agent's: the reply text is the model's, the rules are ours. */
function combine(context: AgentContext, previous: AgentState, guided: AgentReply, turn: LlmTurn): AgentReply {
  const state: AgentState = {
    ...guided.state,
    fields: { ...guided.state.fields },
    refused: [...guided.state.refused],
    openQuestions: [...guided.state.openQuestions],
  };
  mergeFields(state, turn.fields, context, changedFields(previous.fields, guided.state.fields));

  let text = turn.reply.trim();
  if (!text || PROTECTED_QUESTION.test(text)) return guided;

  const isClosing =
    guided.isComplete ||
    (previous.stage === 'confirming' && turn.tenantConfirmed && missingSlots(context, state).length === 0);
  if (isClosing) {
    state.stage = 'closed';
    state.asking = null;
    if (!text.endsWith(CLOSING_SENTENCE)) {
      text = `${text.replace(CLOSING_PHRASE, ' ').replace(/\s+/g, ' ').trim()} ${CLOSING_SENTENCE}`.trim();
    }
    return { reply: text, quickReplies: [], state, isComplete: true };
  }
  // The chat page saves the conversation when it sees the closing words: never say them early.
  text = text
    .replace(CLOSING_PHRASE, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
  if (!text) return guided;
  if (state.stage === 'collecting') {
    const missing = missingSlots(context, state);
    const asking = state.asking;
    if (asking === null || asking === 'confirm' || asking === 'viewing' || !missing.includes(asking))
      state.asking = missing[0] ?? asking;
  }
  return { reply: text, quickReplies: quickRepliesFor(context, state), state, isComplete: false };
}

export function createLlmEngine(options: LlmEngineOptions): ConversationEngine {
  const model = modelFor(options);
  const report = (error: unknown) => options.onFallback?.(error);
  return {
    start: (context, known) => options.fallback.start(context, known),
    // Booking is the guided agent's: slot buttons and the booked closing are exact.
    confirmViewing: (context, state, slot) => options.fallback.confirmViewing(context, state, slot),
    offerSlotsAgain: (context, state) => options.fallback.offerSlotsAgain(context, state),
    reply: async (context, state, message) => {
      const guided = guidedTurn(context, state, message);
      if (state.stage === 'closed') return guided;
      if (state.asking === 'viewing' || guided.state.asking === 'viewing' || guided.bookSlot) return guided;
      if (guided.isComplete && guided.state.viewing?.booked) return guided;
      const controller = new AbortController();
      const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const timer = setTimeout(
        () => controller.abort(new Error(`LLM turn timed out after ${timeoutMs} ms`)),
        timeoutMs,
      );
      try {
        const { output } = await generateText({
          model,
          output: Output.object({ schema: llmTurnSchema }),
          system: systemPrompt(context, state, guided),
          prompt: message,
          maxRetries: 0,
          abortSignal: controller.signal,
        });
        return combine(context, state, guided, output);
      } catch (error) {
        report(error);
        return options.fallback.reply(context, state, message);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
