import { SUMMARY_CONFIRM_REPLY } from '#shared/chat-rules.ts';
import { EMAIL_CHECK_REPLIES, emailCheckQuestion, openEmailCheck, settleEmailCheck } from './email-check.ts';
import { type Extraction, extractAnswers } from './extract.ts';
import { isPersonRequest } from './person-request.ts';
import { isStreetAlone } from './place-names.ts';
import { listingNamedAlone, matchProperty, type PropertyMatch } from './property-match.ts';
import {
  answerQuestions,
  isRentProposal,
  ONCE_CHOSEN,
  type QuestionAnswer,
  type QuestionPart,
  questionToKeep,
  rentInWords,
  splitQuestions,
} from './questions.ts';
import type { NonAnswer } from './reading.ts';
import {
  emptyFields,
  isFilled,
  SLOT_ORDER,
  SLOTS,
  type SlotEnv,
  type SlotSpec,
  slotSpec,
  validValue,
} from './slots/index.ts';
import { describeMoveIn } from './slots/move-in.ts';
import { propertyButtons } from './slots/property.ts';
import { isThanksOnly, joinList } from './text.ts';
import {
  type AgentContext,
  type AgentProperty,
  type AgentReply,
  type AgentState,
  CLOSING_SENTENCE,
  type ConversationEngine,
  type ExtractedFields,
  MAX_TURNS,
  type MoveIn,
  type OfferedTime,
  type SlotName,
  type StartOptions,
  type TurnOptions,
} from './types.ts';
import {
  bookedClosing,
  describeTime,
  OTHER_TIMES,
  parseTimePick,
  type TimePick,
  timesToOffer,
} from './viewing.ts';
import { describesHome, listingPointedAt, listingsWanted, picksByRent } from './wants.ts';

/*
 * The guided agent: deterministic, no network. It decides what to say next from what is known,
 * asks only for what is missing, one or two things at a time, in the order an agent would.
 */

export { emptyFields, SLOT_ORDER };

const CONFIRM_REPLIES = [SUMMARY_CONFIRM_REPLY, 'I need to change something'] as const;
const AVAILABILITY_REPLIES = SLOTS.availability.quickReplies;

/** Listings written out in a reply: more than the buttons, as a name can always be typed. */
const MAX_LISTED = 12;

/** The property the conversation is about: the link's own, or the one the tenant chose. */
export function chosenProperty(context: AgentContext, fields: ExtractedFields): AgentProperty | null {
  if (fields.propertyId === null) return null;
  if (context.property?.id === fields.propertyId) return context.property;
  return context.properties.find((p) => p.id === fields.propertyId) ?? null;
}

/**
 * Whether the chat began on the agency-wide link. Once the tenant picks a listing the server passes
 * it as `context.property`, so the state's record of the link is what tells the two apart.
 */
function isAgencyLink(context: AgentContext, state?: Pick<AgentState, 'link'>): boolean {
  return state?.link ? state.link === 'agency' : context.property === null;
}

function offerableTimes(context: AgentContext): OfferedTime[] {
  return context.viewingTimes ?? [];
}

/**
 * Whether the viewing is booked from the property's free times rather than asked about in free
 * text: it has free times, and the tenant has neither booked one nor asked for other times.
 */
function booksViewing(context: AgentContext, state: Pick<AgentState, 'viewing'>): boolean {
  return offerableTimes(context).length > 0 && !state.viewing?.declined && !state.viewing?.booked;
}

/**
 * Slots still to ask, in order; the property only on the agency-wide link with listings, the
 * availability only when no time is to be booked (times are offered once the summary is confirmed).
 */
export function missingSlots(
  context: AgentContext,
  state: Pick<AgentState, 'fields' | 'refused' | 'link' | 'viewing'>,
): SlotName[] {
  return SLOT_ORDER.filter((slot) => {
    if (state.refused.includes(slot) || isFilled(slot, state.fields)) return false;
    if (slot === 'availability' && booksViewing(context, state)) return false;
    if (slot === 'propertyId') return isAgencyLink(context, state) && context.properties.length > 0;
    return true;
  });
}

/** Picks one of several phrasings, steadily, so the agent does not repeat itself word for word. */
function vary<T>(options: readonly T[], seed: number): T {
  return options[Math.abs(seed) % options.length];
}

/** The last question a message asks: "… Is that all correct?" → "Is that all correct?". */
export function lastQuestionOf(text: string): string | null {
  const questions = text.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim().endsWith('?'));
  return questions.length > 0 ? questions[questions.length - 1].trim() : null;
}

/** As `vary`, but never the phrasing whose question the previous reply ended on. */
function varyAvoiding(options: readonly string[], seed: number, avoid: string | null | undefined): string {
  const first = Math.abs(seed) % options.length;
  for (let i = 0; i < options.length; i++) {
    const option = options[(first + i) % options.length];
    if (!avoid || lastQuestionOf(option) !== avoid) return option;
  }
  return options[first];
}

/** What a slot's wording may depend on, for the conversation as it stands. */
function slotEnv(context: AgentContext, state: AgentState): SlotEnv {
  return {
    context,
    state,
    property: chosenProperty(context, state.fields),
    isAgencyLink: isAgencyLink(context, state),
    booksViewing: booksViewing(context, state),
    isMissing: (slot) => isMissing(slot, context, state),
  };
}

type Question = { text: string; quickReplies: string[]; asking: SlotName };

function questionFor(slot: SlotName, context: AgentContext, state: AgentState, seed: number): Question {
  const spec = slotSpec(slot);
  const wordings =
    typeof spec.questions === 'function' ? spec.questions(slotEnv(context, state)) : spec.questions;
  const quickReplies =
    typeof spec.quickReplies === 'function' ? spec.quickReplies(context) : [...(spec.quickReplies ?? [])];
  return { text: varyAvoiding(wordings, seed, state.lastQuestion), quickReplies, asking: slot };
}

function isMissing(slot: SlotName, context: AgentContext, state: AgentState): boolean {
  return missingSlots(context, state).includes(slot);
}

/** The confirmation summary: every slot, with declined ones said plainly. */
function summary(context: AgentContext, state: AgentState): string {
  const env = slotEnv(context, state);
  const lines = SLOT_ORDER.map((slot) => slotSpec(slot).summaryLine(state.fields, env)).filter(
    (l): l is string => l !== null,
  );
  const ask = varyAvoiding(
    ['Is that all correct?', 'Does that all look right?', 'Is everything there correct?'],
    state.turns,
    state.lastQuestion,
  );
  return `Here's a summary of what I have:\n${lines.join('\n')}\n${ask}`;
}

/** Noun phrases for the slots a message filled, for the acknowledgement. */
function describeUpdates(updated: SlotName[], fields: ExtractedFields, today: string): string[] {
  return updated
    .map((slot) => slotSpec(slot).describe(fields, today, updated))
    .filter((item): item is string => item !== null);
}

function firstName(name: string): string {
  return name.split(/\s+/)[0];
}

/**
 * "Great choice: …" when the tenant has just picked a listing; said before anything else. A listing
 * picked by its rent ("the cheapest one") is told with its rent, as the tenant did not name it.
 */
function acknowledgeProperty(
  updated: SlotName[],
  property: AgentProperty | null,
  seed: number,
  withRent: boolean,
): string {
  if (!updated.includes('propertyId') || !property) return '';
  const rent = withRent ? rentInWords(property) : null;
  const at = rent ? `, at ${rent}` : '';
  return vary(
    [
      `Great choice: ${property.name}, ${property.address}${at}.`,
      `Lovely, that's ${property.name} (${property.address})${at}.`,
    ],
    seed,
  );
}

function acknowledge(
  updated: SlotName[],
  corrected: boolean,
  state: AgentState,
  context: AgentContext,
  seed: number,
): string {
  const parts: string[] = [];
  const inOrder = SLOT_ORDER.filter((slot) => updated.includes(slot));
  const items = describeUpdates(inOrder, state.fields, context.today);
  const greeting = updated.includes('name') && state.fields.name ? firstName(state.fields.name) : null;
  if (items.length > 0) {
    const list = joinList(items);
    if (corrected) parts.push(`No problem, I've updated that: ${list}.`);
    else if (greeting) parts.push(`Thanks, ${greeting}! I've noted ${list}.`);
    else {
      parts.push(
        vary(
          [
            `Thanks, I've noted ${list}.`,
            `Great, I've got ${list}.`,
            `Lovely, I've added ${list}.`,
            `Perfect, I've made a note of ${list}.`,
          ],
          seed,
        ),
      );
    }
  } else if (greeting) {
    parts.push(
      corrected
        ? `Thanks, I've updated your name to ${state.fields.name}.`
        : `Nice to meet you, ${greeting}!`,
    );
  }
  return parts.join(' ');
}

function reply(text: string, quickReplies: string[], state: AgentState, isComplete = false): AgentReply {
  const tidy = text.replace(/\s+\n/g, '\n').replace(/ {2,}/g, ' ').trim();
  state.lastQuestion = lastQuestionOf(tidy);
  return {
    reply: tidy,
    quickReplies,
    state,
    isComplete,
  };
}

/**
 * Past MAX_TURNS the chat closes with what was collected, whichever engine is answering: the
 * closing phrases make the page save the conversation as a lead.
 */
export function closeAtTurnLimit(
  companyName: string,
  state: AgentState,
  said: readonly string[] = [],
): AgentReply {
  return reply(
    `${said.join(' ')} Thanks for all of that. I'll pass everything you've told me to the ${companyName} team. We will be in touch to book the viewing. Have a great day!`,
    [],
    { ...state, stage: 'closed', asking: null },
    true,
  );
}

/**
 * The opening: the company, that this is an AI assistant, where answers go, the first question
 * (none when the tenant's first text is answered next: that answer asks it, with its options).
 */
export function startConversation(
  context: AgentContext,
  known: Partial<ExtractedFields> = {},
  { isAnswerNext = false }: StartOptions = {},
): AgentReply {
  const facts = prefilled(known, context);
  const fields = { ...emptyFields(), ...facts };
  if (context.property) fields.propertyId = context.property.id;
  const knownSlots = Object.keys(facts) as SlotName[];
  const state: AgentState = {
    fields,
    refused: [],
    asking: null,
    stage: 'collecting',
    openQuestions: [],
    turns: 0,
    link: context.property ? 'property' : 'agency',
    ...(knownSlots.length > 0 ? { known: knownSlots } : {}),
  };
  const about = context.property
    ? `Ask me anything about ${context.property.name} as we go.`
    : 'Ask me about any of our properties as we go.';
  // Short on purpose: tenants read this on a phone. Company, that this is an automated AI assistant
  // and that a person reviews every enquiry (UK GDPR Art. 22A-22D, DESIGN 16), the first question.
  const welcome = `Hi, welcome to ${context.companyName}! I'm their AI assistant, an automated helper: I'll ask a few quick questions, and a person at ${context.companyName} reviews every enquiry. ${about}`;
  if (isAnswerNext) return reply(welcome, [], state);
  const first = missingSlots(context, state)[0];
  const question = questionFor(first, context, state, 0);
  state.asking = question.asking;
  return reply(`${welcome} ${question.text}`, question.quickReplies, state);
}

/** The tenant says hello: the agent says hello back. */
const GREETING = /^\s*(?:hi|hello|hey|hiya|heya|good (?:morning|afternoon|evening)|morning|evening)\b/i;

/** "Hi", "Hello there!": a greeting and nothing more, so no listing was looked for. */
function isOnlyGreeting(message: string): boolean {
  return GREETING.test(message) && /^(?:\s+there)?[\s!.,]*$/i.test(message.replace(GREETING, ''));
}

/**
 * Facts known before the chat starts (a portal enquiry's name, email and phone), each checked by
 * its slot as the tenant's own answer would be: never asked for, confirmed in the summary.
 */
function prefilled(known: Partial<ExtractedFields>, context: AgentContext): Partial<ExtractedFields> {
  const env = { today: context.today, context };
  const facts: Partial<Record<SlotName, unknown>> = {};
  for (const slot of SLOT_ORDER) {
    const fact = known[slot];
    if (fact === null || fact === undefined) continue;
    const spec = slotSpec(slot);
    const value = validValue(slot, spec.prefill ? spec.prefill(fact) : fact, env);
    if (value !== null) facts[slot] = value;
  }
  return facts as Partial<ExtractedFields>;
}

const CHANGE_PROPERTY =
  /\b(?:actually|meant|instead|rather|other one|change|switch|prefer|not that one|wrong (?:one|property))\b/i;

function cloneState(state: AgentState): AgentState {
  return {
    ...state,
    fields: { ...state.fields },
    refused: [...state.refused],
    openQuestions: [...state.openQuestions],
    ...(state.pendingQuestions ? { pendingQuestions: [...state.pendingQuestions] } : {}),
    ...(state.viewing ? { viewing: { ...state.viewing, offered: [...state.viewing.offered] } } : {}),
  };
}

type PropertyOutcome = { changed: boolean; options: AgentProperty[] | null; notFound: boolean };

function chooseProperty(
  context: AgentContext,
  state: AgentState,
  message: string,
  ex: Extraction,
  isBeforeGreeting: boolean,
): PropertyOutcome {
  const outcome: PropertyOutcome = { changed: false, options: null, notFound: false };
  const candidates =
    context.properties.length > 0 ? context.properties : context.property ? [context.property] : [];
  // A property link's enquiry stays about that property: the server files the lead under it.
  if (candidates.length === 0 || !isAgencyLink(context, state)) return outcome;
  // A thread's first text that is a street's name ("Baker Street") answers the greeting's question
  // of which listing, as on the web: found or not found.
  const isAsked =
    state.asking === 'propertyId' ||
    (isBeforeGreeting && state.fields.propertyId === null && isStreetAlone(message));
  // "Maple Court" on its own, whatever was asked, chooses it while none is chosen, declined or not.
  const alone = state.fields.propertyId === null ? listingNamedAlone(message, candidates) : null;
  const isOpen =
    state.fields.propertyId === null && (!state.refused.includes('propertyId') || alone !== null);
  if (!isAsked && !isOpen && !CHANGE_PROPERTY.test(message)) return outcome;
  const match = listingMatch(message, candidates, alone);
  if (match.kind === 'one') {
    if (match.property.id !== state.fields.propertyId) {
      state.fields.propertyId = match.property.id;
      state.refused = state.refused.filter((s) => s !== 'propertyId');
      outcome.changed = true;
    }
    return outcome;
  }
  if (match.kind === 'several' && (isAsked || isOpen)) {
    outcome.options = match.properties;
    return outcome;
  }
  if (isAsked && ex.anyProperty) {
    if (!state.refused.includes('propertyId')) state.refused.push('propertyId');
    outcome.changed = true;
    return outcome;
  }
  if (isAsked) outcome.notFound = true;
  return outcome;
}

/** The listing a message is nothing but the name of, misspelt or not ("mapel court"), else the one it names. */
function listingMatch(
  message: string,
  candidates: AgentProperty[],
  alone: AgentProperty | null,
): PropertyMatch {
  if (alone) return { kind: 'one', property: alone };
  const match = matchProperty(message, candidates);
  if (match.kind === 'one') return match;
  // "the one with the garden": the only listing with a garden, as if named.
  const pointed = listingPointedAt(message, candidates, placesOf(candidates));
  return pointed ? { kind: 'one', property: pointed } : match;
}

/**
 * The listing a message names while none is chosen on the agency-wide link, which the reply to it
 * chooses: the server reads that listing's free viewing times before the reply is written.
 */
export function propertyNamedIn(
  context: AgentContext,
  state: AgentState,
  message: string,
): AgentProperty | null {
  if (!isAgencyLink(context, state) || state.fields.propertyId !== null) return null;
  const match = listingMatch(message, context.properties, listingNamedAlone(message, context.properties));
  return match.kind === 'one' ? match.property : null;
}

/** Field values are numbers, strings or a move-in: two move-ins are alike when date and words are. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const [x, y] = [a as MoveIn, b as MoveIn];
  return x.date === y.date && x.text === y.text;
}

function applyExtraction(
  context: AgentContext,
  state: AgentState,
  ex: Extraction,
): { updated: SlotName[]; corrected: boolean } {
  const updated: SlotName[] = [];
  let corrected = false;
  const f = state.fields as Record<SlotName, unknown>;
  const env = { today: context.today, context };
  for (const [slot, read] of Object.entries(ex.updates) as Array<[SlotName, ExtractedFields[SlotName]]>) {
    // The slot's own check, as the model's answers pass it: a value it turns down was not given.
    const value = validValue(slot, read, env);
    if (value === null) continue;
    const before = f[slot];
    if (sameValue(before, value)) continue;
    f[slot] = value;
    updated.push(slot);
    if (before !== null) corrected = true;
    state.refused = state.refused.filter((s) => s !== slot);
  }
  for (const slot of ex.refused) {
    if (updated.includes(slot)) continue;
    if (!slotSpec(slot).keepsValueWhenRefused) f[slot] = null;
    if (!state.refused.includes(slot)) state.refused.push(slot);
  }
  return { updated, corrected };
}

function closingReply(state: AgentState, prefix: string): AgentReply {
  state.stage = 'closed';
  state.asking = null;
  const closing = state.viewing?.booked ? bookedClosing(state.viewing.booked) : CLOSING_SENTENCE;
  return reply(`${prefix} ${closing}`, [], state, true);
}

function viewingState(state: AgentState): NonNullable<AgentState['viewing']> {
  state.viewing ??= { offered: [], booked: null, confirmed: false, declined: false };
  return state.viewing;
}

/** The times to show: those matching what the tenant said of their availability first. */
function freeTimesFor(context: AgentContext, state: AgentState): OfferedTime[] {
  const free = offerableTimes(context);
  if (state.fields.availability) {
    const pick = parseTimePick(state.fields.availability, [], free, context.today);
    if (pick.kind === 'several') return timesToOffer(pick.times);
    if (pick.kind === 'one') return timesToOffer([pick.time, ...free.filter((s) => s !== pick.time)]);
  }
  return timesToOffer(free);
}

/** Offers viewing times as buttons, with "Other times" for free text. */
function offerTimes(
  state: AgentState,
  lead: string,
  times: OfferedTime[],
  question = varyAvoiding(
    [
      'When would you like to come for a viewing? Choose a time below, or Other times if none of these suit.',
      'Which of these viewing times suits you? Choose one below, or Other times.',
    ],
    state.turns,
    state.lastQuestion,
  ),
): AgentReply {
  viewingState(state).offered = times;
  state.asking = 'viewing';
  return reply(`${lead} ${question}`, [...times.map((s) => s.label), OTHER_TIMES], state);
}

/** The free-text availability question, once the tenant asked for other times or no time is free. */
function askAvailabilityInstead(context: AgentContext, state: AgentState, lead: string): AgentReply {
  const viewing = viewingState(state);
  viewing.declined = true;
  viewing.offered = [];
  if (viewing.confirmed || missingSlots(context, state).length === 0) {
    state.asking = 'availability';
    return reply(
      `${lead} When would suit you for a viewing? For example weekday evenings or weekends, and the team will arrange a time.`,
      [...AVAILABILITY_REPLIES],
      state,
    );
  }
  const question = questionFor(missingSlots(context, state)[0], context, state, state.turns);
  state.asking = question.asking;
  return reply(`${lead} ${question.text}`, question.quickReplies, state);
}

/** A pick that says something about a time (not `unclear`). */
type ClearPick = Exclude<TimePick, { kind: 'unclear' }>;

/** The time pick read from a message, against the times last offered and the free ones. */
function readPick(context: AgentContext, state: AgentState, message: string): TimePick {
  return parseTimePick(message, viewingState(state).offered, offerableTimes(context), context.today);
}

/**
 * A message while times are on offer: a pick (the reply carries it for the server to book), a
 * choice to narrow down, or other times.
 */
function renderPick(context: AgentContext, state: AgentState, pick: ClearPick): AgentReply {
  switch (pick.kind) {
    case 'one':
      state.asking = 'viewing';
      return {
        ...reply(`Lovely, I'll book ${describeTime(pick.time)} for you.`, [], state),
        bookTime: pick.time,
      };
    case 'several':
      return offerTimes(
        state,
        '',
        pick.times.slice(0, 4),
        'There are a few free times then. Which one suits you best?',
      );
    case 'none':
      if (offerableTimes(context).length === 0)
        return askAvailabilityInstead(context, state, "Sorry, there's no free viewing time left.");
      return offerTimes(
        state,
        "Sorry, there's no free viewing time then.",
        freeTimesFor(context, state),
        'These are the nearest free times: would one of them suit you?',
      );
    case 'other':
      return askAvailabilityInstead(context, state, 'No problem.');
  }
}

/** The picked time is booked: closes once the summary is confirmed, else carries on collecting. */
export function confirmViewing(context: AgentContext, previous: AgentState, time: OfferedTime): AgentReply {
  const state = cloneState(previous);
  const viewing = viewingState(state);
  viewing.booked = time;
  viewing.offered = [];
  viewing.declined = false;
  state.fields.availability = describeTime(time);
  state.refused = state.refused.filter((s) => s !== 'availability');
  if (viewing.confirmed) return closingReply(state, '');
  const booked = `Your viewing is booked for ${describeTime(time)}.`;
  const missing = missingSlots(context, state);
  if (missing.length === 0) {
    state.stage = 'confirming';
    state.asking = 'confirm';
    return reply(`${booked} ${summary(context, state)}`, [...CONFIRM_REPLIES], state);
  }
  const question = questionFor(missing[0], context, state, state.turns);
  state.asking = question.asking;
  return reply(`${booked} ${question.text}`, question.quickReplies, state);
}

/** The picked time was taken meanwhile: the fresh free times, or free text when none is left. */
export function offerTimesAgain(context: AgentContext, previous: AgentState): AgentReply {
  const state = cloneState(previous);
  const apology = 'Sorry, that time has just been taken.';
  const times = freeTimesFor(context, state);
  if (times.length === 0) return askAvailabilityInstead(context, state, apology);
  return offerTimes(state, apology, times, 'These times are still free: which would suit you?');
}

/** The listings' names and addresses, which the tenant may type but which are never a name. */
function placesOf(listings: readonly AgentProperty[]): string[] {
  return listings.flatMap((p) => [p.name, p.address]);
}

/** What one message brought: read, applied to the state, and the tenant's own questions answered. */
type Turn = {
  context: AgentContext;
  previous: AgentState;
  /** The state after this message: `decide` and `render` carry it on. */
  state: AgentState;
  message: string;
  seed: number;
  ex: Extraction;
  /** The slots the message filled or changed, the listing first when just chosen. */
  updated: SlotName[];
  /** A value known before was changed. */
  corrected: boolean;
  propertyOutcome: PropertyOutcome;
  property: AgentProperty | null;
  /** The answers to the tenant's questions (`answers.sentences`), said after `hello`. */
  answers: QuestionAnswer;
  /** "Hi!" back to a tenant who said hello after the greeting. */
  hello: string | null;
  /** Listings to show: the several a description matches, or all of them. */
  listings: { shown: AgentProperty[]; intro: string } | null;
};

/** A pet the tenant says they have: "have a dog", "we've got 2 cats"; not "no pets", "allergic to cats". */
const PET_OWNED =
  /\b(?:have|'ve got|have got|got|own|with|bringing)\s+(?:a|an|one|two|three|\d)\s+(?:(?:small|little|old|young|elderly|house[- ]trained|well[- ]behaved|indoor)\s+)*(?:dogs?|cats?|pupp(?:y|ies)|kittens?|rabbits?|pets?)\b/i;

function petSaidIn(message: string): string | null {
  return PET_OWNED.exec(message)?.[0] ?? null;
}

/**
 * A question kept until the listing was chosen, read again: a pet said ("have a dog"), which was
 * kept as a pets question, is one still.
 */
function keptQuestions(text: string, places: readonly string[]): QuestionPart[] {
  const { questions } = splitQuestions(text, places);
  if (questions.length > 0) return questions;
  const pet = petSaidIn(text);
  return pet ? [{ text: pet, topics: ['pets'] }] : [];
}

/** The tenant's message read and applied: answers, corrections, refusals, the listing, questions. */
function readTurn(
  context: AgentContext,
  previous: AgentState,
  state: AgentState,
  message: string,
  { isBeforeGreeting = false }: TurnOptions,
): Turn {
  const seed = state.turns;
  const places = placesOf(context.property ? [context.property, ...context.properties] : context.properties);
  const ex = extractAnswers(message, {
    asking: state.asking === 'viewing' ? null : state.asking,
    today: context.today,
    fields: state.fields,
    missing: missingSlots(context, state),
    places,
  });
  const propertyOutcome = chooseProperty(context, state, message, ex, isBeforeGreeting);
  const applied = applyExtraction(context, state, ex);
  const { updated } = applied;
  // "Did you mean …?" answered, then an address just given checked.
  const corrected =
    settleEmailCheck(previous, state, message, ex.updates.email, updated) || applied.corrected;
  if (updated.includes('email')) openEmailCheck(state);
  // A known fact the tenant changes is now their answer.
  if (state.known) state.known = state.known.filter((slot) => !updated.includes(slot));
  if (propertyOutcome.changed && state.fields.propertyId !== null) updated.unshift('propertyId');
  const property = chosenProperty(context, state.fields);

  // A rent offered or asked for as a statement ("I could pay £1,300 if that helps") is declined too.
  const questions =
    isRentProposal(message) && !ex.questions.some((q) => q.topics.includes('overbid'))
      ? [...ex.questions, { text: message, topics: ['overbid' as const] }]
      : [...ex.questions];
  // "need a 2 bed asap, have a dog": a pet said is told the listing's pets policy, as if asked.
  const pet = questions.some((q) => q.topics.includes('pets')) ? null : petSaidIn(message);
  if (pet) questions.push({ text: pet, topics: ['pets'] });
  // A person asked for, as a question or a statement ("I want to speak to a human"): the lead says so.
  if (!questions.some((q) => q.topics.includes('person')) && isPersonRequest(message))
    questions.push({ text: message, topics: ['person'] });
  if (questions.some((q) => q.topics.includes('person'))) state.personRequested = true;
  // Questions asked before the listing was chosen are answered once it is (or passed on once none
  // will be), before this message's own.
  const missing = missingSlots(context, state);
  const isListingToChoose = missing.includes('propertyId');
  if (!isListingToChoose && state.pendingQuestions) {
    questions.unshift(...state.pendingQuestions.flatMap((text) => keptQuestions(text, places)));
    delete state.pendingQuestions;
  }
  const answers = answerQuestions(questions, property, {
    today: context.today,
    companyName: context.companyName,
    isChoosingProperty: property === null && missing[0] === 'propertyId',
    isListingToChoose,
    canBook: booksViewing(context, state),
  });
  for (const q of answers.passedOn) if (!state.openQuestions.includes(q)) state.openQuestions.push(q);
  for (const q of answers.deferred) {
    state.pendingQuestions ??= [];
    if (!state.pendingQuestions.includes(q)) state.pendingQuestions.push(q);
  }
  // A hello written before the greeting was answered by it: the reply says no second one.
  const hello =
    GREETING.test(message) && !updated.includes('name') && !isBeforeGreeting
      ? vary(['Hi!', 'Hello!', 'Hi there!'], seed)
      : null;

  let listings: Turn['listings'] = null;
  const shown = propertyOutcome.options ?? context.properties;
  // "anything in Leeds?" that chose the one in Leeds is answered by it: no list after it.
  const isListingAsked =
    (answers.wantsListings && !propertyOutcome.changed) ||
    propertyOutcome.notFound ||
    propertyOutcome.options;
  // A thread's first text is read before the greeting, which asks for no listing: what it wants
  // gets the listings all the same, as on the web, where the greeting asks.
  const mayWant =
    isListingAsked ||
    (isBeforeGreeting && isAgencyLink(context, state) && !state.refused.includes('propertyId'));
  // "somewhere with a garden", "need parking": the listings that have it, first, and no
  // "couldn't find", as no listing was named.
  const wanted =
    mayWant && shown.length > 0 && !propertyOutcome.options && state.fields.propertyId === null
      ? listingsWanted(message, shown, places)
      : null;
  if ((isListingAsked || wanted) && shown.length > 0) {
    // "Anything in Brighton?" names a place none of the listings is in.
    const namesPlace = /\b(?:in|near|around|at)\s+[A-Z]/.test(message);
    // "just me" or "asap, 2 of us" answered another question, "thanks!" none, and "is the flat
    // still available?" asked about one not named: none named a listing that could not be found.
    // "hmm" or "why?" named no listing either: "why?" is told why the listing is asked.
    // A question of its own answered (benefits welcomed, say) named no listing that could not be found.
    const isOtherAnswer =
      updated.length > 0 ||
      isThanksOnly(message) ||
      answers.deferred.length > 0 ||
      answers.sentences.length > 0 ||
      ex.nonAnswer !== null;
    // "anything pet friendly?" is answered across the listings by the want's sentence: it waits for
    // no listing to be chosen (and is still answered from the one chosen).
    const isAnsweredAcross = (q: QuestionPart) => q.topics.every((topic) => wanted?.answers(topic));
    const deferred = questions.filter((q) => answers.deferred.includes(questionToKeep(q)));
    if (wanted && wanted.sentences.length > 0 && deferred.every(isAnsweredAcross)) {
      answers.sentences = answers.sentences.filter((s) => s !== ONCE_CHOSEN);
      // "any 2 beds under 1300?" asked nothing the listing chosen could answer: the sentences did.
      const isAnsweredOnlyAcross = (q: QuestionPart) =>
        q.topics.every((topic) => typeof topic === 'object' && 'other' in topic);
      const done = deferred.filter(isAnsweredOnlyAcross).map(questionToKeep);
      if (state.pendingQuestions) {
        state.pendingQuestions = state.pendingQuestions.filter((q) => !done.includes(q));
        if (state.pendingQuestions.length === 0) delete state.pendingQuestions;
      }
    }
    // "do you accept students?", which some listings say nothing about, goes to the team, as said.
    if (wanted?.passesOn) {
      const asked = deferred.filter((q) => q.topics.some(wanted.answers)).map(questionToKeep);
      for (const q of asked.length > 0 ? asked : [message.trim()])
        if (!state.openQuestions.includes(q)) state.openQuestions.push(q);
    }
    const intro = propertyOutcome.options
      ? 'A few of our listings could match that. Which one do you mean?'
      : wanted
        ? [...wanted.sentences, "Here's what we have at the moment:"].join(' ')
        : propertyOutcome.notFound &&
            !isOnlyGreeting(message) &&
            (answers.wantsListings ? namesPlace : !isOtherAnswer && !describesHome(message))
          ? "I couldn't find a listing matching that. Here's what we have at the moment:"
          : `${ex.nonAnswer === 'asks-why' ? SLOTS.propertyId.why : ''} Here's what we have at the moment:`.trim();
    listings = { shown: wanted?.ordered ?? shown, intro };
  }
  return {
    context,
    previous,
    state,
    message,
    seed,
    ex,
    updated,
    corrected,
    propertyOutcome,
    property,
    answers,
    hello,
    listings,
  };
}

/** The tenant is to pick a listing from those shown, rather than be told about them in passing. */
function isChoosingListing(turn: Turn): boolean {
  return (
    turn.listings !== null && isAgencyLink(turn.context, turn.state) && turn.state.fields.propertyId === null
  );
}

const OVERVIEW =
  "I just need a few quick details: when you'd like to move in, how many people, your income and occupation, your name and contact details, and when you could come for a viewing.";

/**
 * What the reply says before its own business: a hello back, the listing just chosen, answers,
 * listings shown.
 */
function saidFor(turn: Turn, options: { withListings: boolean }): string[] {
  // The listing just chosen comes before the answers, so answers about it read in order.
  const said = answeredWith(
    turn,
    turn.propertyOutcome.changed
      ? [acknowledgeProperty(turn.updated, turn.property, turn.seed, saysRentOf(turn))]
      : [],
  );
  if (!options.withListings) return said;
  if (turn.listings && !isChoosingListing(turn))
    said.push(`${turn.listings.intro}\n${listText(turn.listings.shown)}`);
  if (turn.answers.wantsOverview) said.push(OVERVIEW);
  return said;
}

/** A listing picked by its rent, whose rent no answer of this reply already says. */
function saysRentOf(turn: Turn): boolean {
  const rent = turn.property?.rentalPrice;
  if (!rent) return false;
  return picksByRent(turn.message) && !turn.answers.sentences.some((s) => s.includes(rent));
}

/** The hello back first, then what goes before the answers, then the answers to the tenant's questions. */
function answeredWith(turn: Turn, before: string[] = []): string[] {
  return [...(turn.hello ? [turn.hello] : []), ...before, ...turn.answers.sentences];
}

function listText(properties: AgentProperty[]): string {
  return properties
    .slice(0, MAX_LISTED)
    .map((p) => `• ${p.name}, ${p.address}${p.rentalPrice ? ` (${p.rentalPrice})` : ''}`)
    .join('\n');
}

/** What a turn does next, decided before a word is written; `render` writes it. */
type Plan =
  /** Past MAX_TURNS: close with what was collected. */
  | { kind: 'close-at-limit' }
  /** Show the listings that could match and ask which. */
  | { kind: 'choose-listing' }
  /** "Pick a date": ask for the exact date. */
  | { kind: 'ask-date' }
  /** A phone or email that cannot be right: ask again. */
  | { kind: 'check-contact'; slot: 'email' | 'phone' }
  /** An address at a likely misspelt provider: "Did you mean …?". */
  | { kind: 'check-email' }
  /** Close the chat: the summary confirmed, or the availability given after it. */
  | { kind: 'close'; after: 'availability' | 'confirmed' }
  /** Offer viewing times: after the confirmed summary, when asked to view, or again. */
  | { kind: 'offer-times'; after: 'confirmed' | 'asked' | 'unclear-pick' }
  /** The tenant named a viewing time when asking to view. */
  | { kind: 'pick'; pick: ClearPick }
  /** Everything is known: the summary to confirm. */
  | { kind: 'summary' }
  /** "No, the email is wrong": ask for that slot's new value. */
  | { kind: 'ask-correction'; slot: SlotName }
  /** "No": ask what to change. */
  | { kind: 'ask-what-to-change' }
  /** At the summary, a side question answered: check the summary still stands. */
  | { kind: 'check-summary' }
  /** At the summary, nothing understood: ask the slot again, or whether the summary is right. */
  | { kind: 'not-caught'; slot: SlotName | null }
  /** The next missing slot's question. */
  | {
      kind: 'ask';
      slot: SlotName;
      /** Back to the question in fewer words after answering the tenant's. */
      short: boolean;
      /** Nothing was understood: say so before asking again. */
      repeat: boolean;
      /** The question asked was let go after three tries. */
      letGo: boolean;
      /** Asked again after "why?", "hmm" or "not sure" (`nonAnswerLead`). */
      nonAnswer: NonAnswer | null;
    };

const SKIP_HINT = ' You can also say "skip" if you\'d rather not answer.';

/**
 * What goes before a question asked again after a reply that answered nothing: why it is asked
 * after "why?" or "what do you mean?", "No rush." after "hmm", and after "not sure" that it may be
 * skipped.
 */
function nonAnswerLead(nonAnswer: NonAnswer, spec: SlotSpec): string {
  if (nonAnswer === 'asks-why') return spec.why;
  if (nonAnswer === 'hesitates') return 'No rush.';
  return `No problem if you're not sure.${spec.offersSkip ? SKIP_HINT : ''}`;
}

/** Decides what the turn does next; updates only the state's bookkeeping (attempts, let-go, booking). */
function decide(turn: Turn): Plan {
  const { context, previous, state, ex, updated, message } = turn;
  if (state.turns >= MAX_TURNS) return { kind: 'close-at-limit' };
  if (isChoosingListing(turn)) return { kind: 'choose-listing' };
  if (ex.wantsDate) return { kind: 'ask-date' };
  const invalid = ex.invalid.find((slot) => !updated.includes(slot));
  if (invalid) return { kind: 'check-contact', slot: invalid };
  if (state.emailCheck?.isOpen) return { kind: 'check-email' };
  const hasSaid = saidFor(turn, { withListings: true }).length > 0;
  const gotAnswers = updated.length > 0 || ex.refused.length > 0;

  if (state.stage === 'confirming') {
    // Other times, after the summary was confirmed: the availability given closes the chat.
    if (state.viewing?.confirmed && previous.asking === 'availability' && updated.includes('availability'))
      return { kind: 'close', after: 'availability' };
    if (previous.asking === 'viewing' && !gotAnswers) return { kind: 'offer-times', after: 'unclear-pick' };
    if (gotAnswers) return { kind: 'summary' };
    if (ex.intent === 'yes') {
      if (!booksViewing(context, state)) return { kind: 'close', after: 'confirmed' };
      viewingState(state).confirmed = true;
      return { kind: 'offer-times', after: 'confirmed' };
    }
    if (ex.intent === 'no' || ex.mentioned.length > 0) {
      return ex.mentioned.length === 1 && ex.mentioned[0] !== 'propertyId'
        ? { kind: 'ask-correction', slot: ex.mentioned[0] }
        : { kind: 'ask-what-to-change' };
    }
    if (hasSaid) return { kind: 'check-summary' };
    const asking = state.asking;
    return {
      kind: 'not-caught',
      slot: asking && asking !== 'confirm' && asking !== 'viewing' ? asking : null,
    };
  }

  // Asked to view, with times free: the times now, or the one named at once.
  if (ex.questions.some((q) => q.topics.includes('viewing')) && booksViewing(context, state)) {
    const named = parseTimePick(message, [], offerableTimes(context), context.today);
    if (named.kind === 'one' || named.kind === 'several') {
      const pick = readPick(context, state, message);
      if (pick.kind !== 'unclear') return { kind: 'pick', pick };
    }
    return { kind: 'offer-times', after: 'asked' };
  }

  // A question asked three times without an answer is let go rather than asked forever. A bare
  // "yes" misread the question rather than declined it, and "why?" asked about it: it is asked
  // again, not counted. "hmm" and "not sure" are tries.
  const asked = previous.asking === 'viewing' ? null : previous.asking;
  const isNoTry = ex.isOnlyYesNo || ex.nonAnswer === 'asks-why';
  const isUnanswered =
    asked !== null &&
    asked !== 'confirm' &&
    !updated.includes(asked) &&
    !ex.refused.includes(asked) &&
    !isNoTry &&
    !hasSaid;
  state.attempts = isNoTry
    ? (previous.attempts ?? 0)
    : isUnanswered && missingSlots(context, state).includes(asked)
      ? (previous.attempts ?? 0) + 1
      : 0;
  let letGo = false;
  if (asked !== null && asked !== 'confirm' && state.attempts >= 3) {
    state.refused.push(asked);
    state.attempts = 0;
    letGo = true;
  }

  const missing = missingSlots(context, state);
  // A person asked for just now: how they can reach the tenant comes next.
  const justAskedForPerson = state.personRequested && !previous.personRequested;
  const next =
    (justAskedForPerson && missing.find((slot) => slot === 'email' || slot === 'phone')) || missing[0];
  if (next === undefined) return { kind: 'summary' };
  const understood = gotAnswers || turn.propertyOutcome.changed;
  const isAskedAgain = previous.asking === next && !letGo;
  const nonAnswer = isAskedAgain ? ex.nonAnswer : null;
  return {
    kind: 'ask',
    slot: next,
    short:
      slotSpec(next).shortQuestions !== undefined &&
      (turn.answers.sentences.length > 0 ||
        ex.isOnlyYesNo ||
        nonAnswer === 'hesitates' ||
        nonAnswer === 'unsure') &&
      updated.length === 0 &&
      previous.asking === next,
    repeat: isAskedAgain && !understood && !hasSaid && nonAnswer === null,
    letGo,
    nonAnswer,
  };
}

/** Writes the plan as the reply: acknowledgement, answers, then the plan's own words and buttons. */
function render(turn: Turn, plan: Plan): AgentReply {
  const { context, state, ex, updated, seed } = turn;
  if (plan.kind === 'close-at-limit') return closeAtTurnLimit(context.companyName, state, answeredWith(turn));
  const saidList = saidFor(turn, { withListings: plan.kind !== 'choose-listing' });
  const said = saidList.join(' ');
  const ack = acknowledge(updated, turn.corrected, state, context, seed);
  const refusalNote =
    ex.refused.length > 0 && updated.length === 0
      ? vary(
          ["No problem at all, we'll leave that out.", "That's absolutely fine, I'll skip that one."],
          seed,
        )
      : ex.refused.length > 0
        ? "And no problem, we'll leave out what you'd rather not share."
        : '';
  const avoid = state.lastQuestion;
  switch (plan.kind) {
    case 'choose-listing': {
      const { shown, intro } = turn.listings!;
      state.asking = 'propertyId';
      return reply(
        `${said} ${ack} ${intro}\n${listText(shown)}\nWhich one would you like?`,
        propertyButtons(shown),
        state,
      );
    }
    case 'ask-date':
      state.asking = 'moveIn';
      return reply(
        `${said} Of course. What date would you like to move in? For example "1st March" or "01/03".`,
        [],
        state,
      );
    case 'check-contact': {
      state.asking = plan.slot;
      const hint =
        plan.slot === 'phone'
          ? "That phone number doesn't look quite right. Could you check it? A UK mobile looks like 07700 900123."
          : "That email address doesn't look quite right. Could you check it? It should look like name@example.com.";
      return reply(`${said} ${ack} ${hint}`, [], state);
    }
    case 'check-email': {
      state.asking = 'email';
      const others = acknowledge(
        updated.filter((slot) => slot !== 'email'),
        turn.corrected,
        state,
        context,
        seed,
      );
      return reply(`${said} ${others} ${emailCheckQuestion(state)}`, quickRepliesFor(context, state), state);
    }
    case 'close': {
      if (plan.after === 'availability') return closingReply(state, `${said} ${ack}`);
      const passed =
        state.openQuestions.length > 0 ? "I've passed your questions on to the team as well." : '';
      return closingReply(state, `${said} ${passed}`);
    }
    case 'offer-times': {
      const times = freeTimesFor(context, state);
      if (plan.after === 'unclear-pick')
        return offerTimes(
          state,
          saidList.length > 0 ? said : "Sorry, I didn't catch which time suits you.",
          times,
        );
      if (plan.after === 'asked') return offerTimes(state, `${said} ${ack}`, times);
      const passed =
        state.openQuestions.length > 0 ? "I've passed your questions on to the team as well." : '';
      return offerTimes(state, `${said} Thank you! ${passed}`, times);
    }
    case 'pick': {
      const picked = renderPick(context, state, plan.pick);
      return { ...picked, reply: `${said} ${ack} ${picked.reply}`.trim() };
    }
    case 'summary':
      state.stage = 'confirming';
      state.asking = 'confirm';
      return reply(`${said} ${ack} ${refusalNote} ${summary(context, state)}`, [...CONFIRM_REPLIES], state);
    case 'ask-correction': {
      state.asking = plan.slot;
      const question = questionFor(plan.slot, context, state, seed);
      return reply(
        `${said} No problem. What should the ${slotSpec(plan.slot).label} be?`,
        question.quickReplies,
        state,
      );
    }
    case 'ask-what-to-change': {
      state.asking = 'confirm';
      const what = varyAvoiding(
        ['Of course. What would you like to change?', 'No problem. What should I change?'],
        seed,
        avoid,
      );
      return reply(`${said} ${what}`, [], state);
    }
    case 'check-summary': {
      state.asking = 'confirm';
      const check = varyAvoiding(
        [
          'Apart from that, is the summary above all correct?',
          'Otherwise, does the summary above look right?',
        ],
        seed,
        avoid,
      );
      return reply(`${said} ${check}`, [...CONFIRM_REPLIES], state);
    }
    case 'not-caught': {
      if (plan.slot !== null) {
        const question = questionFor(plan.slot, context, state, seed);
        const lead = ex.nonAnswer
          ? nonAnswerLead(ex.nonAnswer, slotSpec(plan.slot))
          : "Sorry, I didn't quite catch that.";
        return reply(`${lead} ${question.text}`, question.quickReplies, state);
      }
      state.asking = 'confirm';
      return reply(
        varyAvoiding(
          [
            "Sorry, I didn't quite catch that. Is everything in the summary correct, or is there something you'd like to change?",
            'Sorry, I missed that. Does the summary look right, or should I change something?',
          ],
          seed,
          avoid,
        ),
        [...CONFIRM_REPLIES],
        state,
      );
    }
    case 'ask': {
      const spec = slotSpec(plan.slot);
      const question = questionFor(plan.slot, context, state, seed);
      if (plan.short && spec.shortQuestions) question.text = varyAvoiding(spec.shortQuestions, seed, avoid);
      const letGo = plan.letGo ? "No worries, let's leave that one for now." : '';
      const lead = plan.nonAnswer
        ? nonAnswerLead(plan.nonAnswer, spec)
        : plan.repeat
          ? vary(["Sorry, I didn't quite catch that.", "Sorry, I'm not sure I followed."], seed) +
            (spec.offersSkip ? SKIP_HINT : '')
          : '';
      state.asking = question.asking;
      return reply(
        `${said} ${ack} ${refusalNote} ${letGo} ${lead} ${question.text}`,
        question.quickReplies,
        state,
      );
    }
  }
}

/** "2", "2)", "option 2": a bare number, as a tenant picks one of the options offered. */
const OPTION_NUMBER = /^\s*(?:option\s*)?(\d{1,2})\s*[.)]?\s*$/i;

type OfferedPick = { kind: 'none' } | { kind: 'option'; option: string } | { kind: 'out-of-range' };

/**
 * A bare number picks that option of those offered; past the last (or 0) it picks none. Options
 * that are numbers themselves (the people: "2", "3", "4+") leave a number to be read as one.
 */
function pickOffered(message: string, offered: readonly string[]): OfferedPick {
  const match = OPTION_NUMBER.exec(message);
  if (!match || offered.length === 0 || offered.some((o) => /^\s*\d/.test(o))) return { kind: 'none' };
  const option = offered[Number(match[1]) - 1];
  return option === undefined ? { kind: 'out-of-range' } : { kind: 'option', option };
}

/** A number past the options offered: "Please choose 1 or 2, or tell me in your own words.", the options again. */
function repromptOptions(state: AgentState, offered: readonly string[]): AgentReply {
  const numbers = offered.map((_, i) => String(i + 1));
  const choose = numbers.length === 1 ? '1' : `${numbers.slice(0, -1).join(', ')} or ${numbers.at(-1)}`;
  return reply(`Please choose ${choose}, or tell me in your own words.`, [...offered], state);
}

/**
 * One turn of the guided agent; synchronous, so transcripts can be replayed cheaply. A pick among
 * the viewing times on offer is answered at once; any other message is read (`readTurn`), a plan
 * is made (`decide`) and written (`render`).
 */
export function guidedTurn(
  context: AgentContext,
  previous: AgentState,
  message: string,
  options: TurnOptions = {},
): AgentReply {
  const state = cloneState(previous);
  if (state.stage === 'closed') {
    return reply(
      `This chat has finished and your details are with the ${context.companyName} team. They'll be in touch soon.`,
      [],
      state,
      true,
    );
  }
  state.turns += 1;
  if (!isAgencyLink(context, state) && context.property && state.fields.propertyId === null) {
    state.fields.propertyId = context.property.id;
  }
  const picked = pickOffered(message, options.offered ?? []);
  if (picked.kind === 'out-of-range') return repromptOptions(state, options.offered ?? []);
  const text = picked.kind === 'option' ? picked.option : message;
  if (previous.asking === 'viewing') {
    const pick = readPick(context, state, text);
    if (pick.kind !== 'unclear') return renderPick(context, state, pick);
    state.asking = null;
  }
  const turn = readTurn(context, previous, state, text, options);
  return render(turn, decide(turn));
}

export function createGuidedEngine(): ConversationEngine {
  return {
    start: (context, known, options) => startConversation(context, known, options),
    reply: async (context, state, message, options) => guidedTurn(context, state, message, options),
    confirmViewing,
    offerTimesAgain,
  };
}

/** The buttons that go with the question the state is waiting on: the email check's first. */
export function quickRepliesFor(context: AgentContext, state: AgentState): string[] {
  if (state.stage === 'closed') return [];
  if (state.emailCheck?.isOpen) return [...EMAIL_CHECK_REPLIES];
  if (state.asking === null) return [];
  if (state.asking === 'confirm') return [...CONFIRM_REPLIES];
  if (state.asking === 'viewing') return [...(state.viewing?.offered ?? []).map((s) => s.label), OTHER_TIMES];
  return questionFor(state.asking, context, state, state.turns).quickReplies;
}

/** Human labels of the slots, for prompts and messages. */
export function slotLabel(slot: SlotName | 'viewing'): string {
  return slot === 'viewing' ? 'a viewing time from the free slots' : slotSpec(slot).label;
}

export { booksViewing, describeMoveIn, isAgencyLink };

/**
 * The assistant back after a person handed the chat back: it carries on from what is known,
 * asking only what is still missing (or the summary to confirm), never what was answered.
 * Null when the chat had already closed.
 */
export function resumeAfterHandback(context: AgentContext, previous: AgentState): AgentReply | null {
  if (previous.stage === 'closed') return null;
  const state = cloneState(previous);
  const lead = "Thanks for chatting with the team. I'm the AI assistant again, so let's carry on.";
  const missing = missingSlots(context, state);
  if (missing.length === 0) {
    state.stage = 'confirming';
    state.asking = 'confirm';
    return reply(`${lead} ${summary(context, state)}`, [...CONFIRM_REPLIES], state);
  }
  const question = questionFor(missing[0]!, context, state, state.turns + 1);
  state.asking = question.asking;
  return reply(`${lead} ${question.text}`, question.quickReplies, state);
}
