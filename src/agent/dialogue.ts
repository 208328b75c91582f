import { formatMoney, formatUkPhone } from '#shared/format.ts';
import { formatLongDate, splitIso } from './dates.ts';
import { type Extraction, extractAnswers, parseEmail, parsePhone } from './extract.ts';
import { matchProperty } from './property-match.ts';
import { answerQuestions, OVERBID } from './questions.ts';
import { joinList, titleCase } from './text.ts';
import {
  type AgentContext,
  type AgentProperty,
  type AgentReply,
  type AgentState,
  CLOSING_SENTENCE,
  type ConversationEngine,
  type ExtractedFields,
  MAX_TURNS,
  type SlotName,
  type ViewingSlot,
} from './types.ts';
import { bookedClosing, describeSlot, OTHER_TIMES, parseSlotPick, slotsToOffer } from './viewing.ts';

/*
 * The guided agent: deterministic, no network. It decides what to say next from what is known,
 * asks only for what is missing, one or two things at a time, in the order an agent would.
 */

/** The order questions are asked in. */
export const SLOT_ORDER: SlotName[] = [
  'propertyId',
  'moveInDate',
  'numberOfPeople',
  'annualIncome',
  'profession',
  'name',
  'email',
  'phone',
  'availability',
];

export const QUICK_REPLIES = {
  moveInDate: ['ASAP', 'Within a month', 'Pick a date'],
  numberOfPeople: ['Just me', '2', '3', '4+'],
  availability: ['Weekday evenings', 'Weekends'],
  confirm: ["Yes, that's right", 'I need to change something'],
  anyProperty: 'Not sure yet',
} as const;

const MAX_PROPERTY_BUTTONS = 6;
/** Listings written out in a reply: more than the buttons, as a name can always be typed. */
const MAX_LISTED = 12;

export function emptyFields(): ExtractedFields {
  return {
    propertyId: null,
    moveInDate: null,
    moveInText: null,
    numberOfPeople: null,
    annualIncome: null,
    profession: null,
    name: null,
    email: null,
    phone: null,
    availability: null,
  };
}

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

function isFilled(slot: SlotName, fields: ExtractedFields): boolean {
  if (slot === 'moveInDate') return fields.moveInDate !== null || fields.moveInText !== null;
  return fields[slot] !== null;
}

function freeSlots(context: AgentContext): ViewingSlot[] {
  return context.viewingSlots ?? [];
}

/**
 * Whether the viewing is booked from the property's free slots rather than asked about in free
 * text: it has free slots, and the tenant has neither booked one nor asked for other times.
 */
function booksViewing(context: AgentContext, state: Pick<AgentState, 'viewing'>): boolean {
  return freeSlots(context).length > 0 && !state.viewing?.declined && !state.viewing?.booked;
}

/**
 * Slots still to ask, in order; the property only on the agency-wide link with listings, the
 * availability only when no slot is to be booked (slots are offered once the summary is confirmed).
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

/** Shorter ways back to the question after answering one of the tenant's. */
const SHORT_QUESTIONS: Partial<Record<SlotName, readonly string[]>> = {
  moveInDate: ['So, when would you like to move in?', 'And when are you hoping to move in?'],
  numberOfPeople: ['And how many of you would be moving in?', 'So, how many people would be living there?'],
  annualIncome: [
    'And roughly what is your annual income before tax? Monthly is fine too.',
    'So, what is your approximate yearly income? A combined figure is fine.',
  ],
  profession: ['And what do you do for work?', 'So, what is your occupation?'],
  name: ['And could I take your full name?', 'So, what name should I pass on?'],
  phone: ['And the best number to reach you on?', 'So, which phone number suits you best?'],
  availability: ['And when could you come for a viewing?', 'So, when are you free for a viewing?'],
};

function propertyButtons(properties: AgentProperty[]): string[] {
  return [...properties.slice(0, MAX_PROPERTY_BUTTONS).map((p) => p.name), QUICK_REPLIES.anyProperty];
}

type Question = { text: string; quickReplies: string[]; asking: SlotName };

function questionFor(slot: SlotName, context: AgentContext, state: AgentState, seed: number): Question {
  const vary = (options: readonly string[], at: number) => varyAvoiding(options, at, state.lastQuestion);
  const ask = (text: string, quickReplies: readonly string[] = []): Question => ({
    text,
    quickReplies: [...quickReplies],
    asking: slot,
  });
  switch (slot) {
    case 'propertyId':
      return ask(
        vary(
          [
            'Which of our properties are you interested in? Tap one below, or tell me the street or area.',
            'Which property would you like to ask about? Tap one below, or tell me the street or area.',
          ],
          seed,
        ),
        propertyButtons(context.properties),
      );
    case 'moveInDate':
      return ask(
        vary(
          [
            'When would you like to move in?',
            'When are you hoping to move in?',
            'What date would you ideally like to move in?',
          ],
          seed,
        ),
        QUICK_REPLIES.moveInDate,
      );
    case 'numberOfPeople':
      return ask(
        vary(
          [
            'How many people would be living in the property, including you?',
            'How many people would be moving in altogether, including yourself?',
          ],
          seed,
        ),
        QUICK_REPLIES.numberOfPeople,
      );
    case 'annualIncome':
      return ask(
        vary(
          [
            "What's your approximate annual income before tax? If you're applying with someone, your combined income is fine, and a monthly figure works too.",
            'Roughly what is your yearly income before tax? A combined figure is fine if you are applying together, or you can give it per month.',
          ],
          seed,
        ),
      );
    case 'profession':
      return ask(
        vary(
          [
            'What do you do for work? A job title is perfect, or a status such as employed, self-employed, student or retired.',
            "And what's your occupation? A job title, or a status like self-employed, student or retired, is fine.",
          ],
          seed,
        ),
      );
    case 'name':
      return ask(
        vary(['Could I take your full name, please?', 'What name should I pass on to the team?'], seed),
      );
    case 'email':
      if (isMissing('phone', context, state)) {
        return ask(
          vary(
            [
              "What's the best email address and phone number for the team to reach you on?",
              'Which email address and phone number should the team use to contact you?',
            ],
            seed,
          ),
        );
      }
      return ask(vary(["What's your email address?", 'Which email address should the team use?'], seed));
    case 'phone':
      return ask(
        vary(
          ["And what's the best phone number to reach you on?", 'Which phone number is best for you?'],
          seed,
        ),
      );
    case 'availability':
      return ask(
        vary(
          [
            'Last one: when would suit you for a viewing? For example weekday evenings or weekends.',
            'Finally, when are you usually free for a viewing? Weekday evenings, weekends, or something more specific?',
          ],
          seed,
        ),
        QUICK_REPLIES.availability,
      );
  }
}

function isMissing(slot: SlotName, context: AgentContext, state: AgentState): boolean {
  return missingSlots(context, state).includes(slot);
}

function describeMoveIn(fields: ExtractedFields, today: string): string | null {
  if (fields.moveInDate)
    return fields.moveInDate === today
      ? `as soon as possible (${formatLongDate(today)})`
      : formatLongDate(fields.moveInDate);
  return fields.moveInText;
}

/** The confirmation summary: every slot, with declined ones said plainly. */
function summary(context: AgentContext, state: AgentState): string {
  const f = state.fields;
  const line = (label: string, value: string | null) => `• ${label}: ${value ?? 'not given'}`;
  const property = chosenProperty(context, f);
  const lines = [
    property
      ? `• Property: ${property.name}, ${property.address}`
      : isAgencyLink(context, state) && context.properties.length > 0
        ? '• Property: any (not decided yet)'
        : null,
    line('Move-in', describeMoveIn(f, context.today)),
    line('People', f.numberOfPeople === null ? null : String(f.numberOfPeople)),
    line(
      'Income',
      f.annualIncome === null ? null : `${formatMoney(f.annualIncome, { wholePounds: true })} a year`,
    ),
    line('Occupation', f.profession),
    line('Name', f.name),
    line('Email', f.email),
    line('Phone', f.phone ? formatUkPhone(f.phone) : null),
    state.viewing?.booked
      ? line('Viewing', f.availability)
      : f.availability !== null || !booksViewing(context, state)
        ? line('Viewing availability', f.availability)
        : null,
  ].filter((l): l is string => l !== null);
  const ask = varyAvoiding(
    ['Is that all correct?', 'Does that all look right?', 'Is everything there correct?'],
    state.turns,
    state.lastQuestion,
  );
  return `Here's a summary of what I have:\n${lines.join('\n')}\n${ask}`;
}

/** Noun phrases for the slots a message filled, for the acknowledgement. */
function describeUpdates(updated: SlotName[], fields: ExtractedFields, today: string): string[] {
  const items: string[] = [];
  for (const slot of updated) {
    switch (slot) {
      case 'moveInDate':
        if (fields.moveInDate === today) items.push('an as-soon-as-possible move-in');
        else if (fields.moveInDate) items.push(`a move-in date of ${formatLongDate(fields.moveInDate)}`);
        else if (fields.moveInText) items.push(`a move-in time of "${fields.moveInText}"`);
        break;
      case 'numberOfPeople':
        if (fields.numberOfPeople !== null)
          items.push(fields.numberOfPeople === 1 ? '1 person' : `${fields.numberOfPeople} people`);
        break;
      case 'annualIncome':
        if (fields.annualIncome !== null)
          items.push(`an income of ${formatMoney(fields.annualIncome, { wholePounds: true })} a year`);
        break;
      case 'profession':
        if (fields.profession) items.push(`your occupation (${fields.profession})`);
        break;
      case 'email':
        if (fields.email)
          items.push(
            updated.includes('phone') ? 'your email address and phone number' : 'your email address',
          );
        break;
      case 'phone':
        if (fields.phone && !updated.includes('email')) items.push('your phone number');
        break;
      case 'availability':
        if (fields.availability) items.push(`your viewing availability (${fields.availability})`);
        break;
      default:
        break;
    }
  }
  return items;
}

function firstName(name: string): string {
  return name.split(/\s+/)[0];
}

/** "Great choice: …" when the tenant has just picked a listing; said before anything else. */
function acknowledgeProperty(updated: SlotName[], property: AgentProperty | null, seed: number): string {
  if (!updated.includes('propertyId') || !property) return '';
  return vary(
    [
      `Great choice: ${property.name}, ${property.address}.`,
      `Lovely, that's ${property.name} (${property.address}).`,
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

/** The opening: the company, that this is an AI assistant, where answers go, the first question. */
export function startConversation(context: AgentContext, known: Partial<ExtractedFields> = {}): AgentReply {
  const fields = { ...emptyFields(), ...prefilled(known) };
  if (context.property) fields.propertyId = context.property.id;
  const state: AgentState = {
    fields,
    refused: [],
    asking: null,
    stage: 'collecting',
    openQuestions: [],
    turns: 0,
    link: context.property ? 'property' : 'agency',
  };
  const first = missingSlots(context, state)[0];
  const question = questionFor(first, context, state, 0);
  state.asking = question.asking;
  const about = context.property
    ? `Ask me anything about ${context.property.name} as we go.`
    : 'Ask me about any of our properties as we go.';
  // Short on purpose: tenants read this on a phone. Company, AI, where answers go, first question.
  const text = `Hi, welcome to ${context.companyName}! I'm their AI assistant: I'll ask a few quick questions and pass your answers to the team to arrange a viewing. ${about} ${question.text}`;
  return reply(text, question.quickReplies, state);
}

/** The tenant says hello: the agent says hello back. */
const GREETING = /^\s*(?:hi|hello|hey|hiya|heya|good (?:morning|afternoon|evening)|morning|evening)\b/i;

/**
 * Facts known before the chat starts (a portal enquiry's name, email and phone), checked as the
 * tenant's own answers would be: never asked for, confirmed in the summary.
 */
function prefilled(known: Partial<ExtractedFields>): Partial<ExtractedFields> {
  const facts: Partial<ExtractedFields> = {};
  const text = (value: string | null | undefined) => {
    const trimmed = value?.trim();
    return trimmed && trimmed.length <= 200 ? trimmed : null;
  };
  if (text(known.name)) facts.name = titleCase(text(known.name) ?? '');
  if (known.email) facts.email = parseEmail(known.email).email;
  if (known.phone) facts.phone = parsePhone(known.phone).phone;
  if (known.moveInDate && splitIso(known.moveInDate)) facts.moveInDate = known.moveInDate;
  else if (text(known.moveInText)) facts.moveInText = text(known.moveInText);
  if (known.numberOfPeople && known.numberOfPeople >= 1 && known.numberOfPeople <= 20)
    facts.numberOfPeople = known.numberOfPeople;
  if (known.annualIncome !== undefined && known.annualIncome !== null && known.annualIncome >= 0)
    facts.annualIncome = Math.round(known.annualIncome);
  if (text(known.profession)) facts.profession = text(known.profession);
  if (text(known.availability)) facts.availability = text(known.availability);
  return Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== null));
}

const CHANGE_PROPERTY =
  /\b(?:actually|meant|instead|rather|other one|change|switch|prefer|not that one|wrong (?:one|property))\b/i;

function cloneState(state: AgentState): AgentState {
  return {
    ...state,
    fields: { ...state.fields },
    refused: [...state.refused],
    openQuestions: [...state.openQuestions],
    ...(state.viewing ? { viewing: { ...state.viewing, offered: [...state.viewing.offered] } } : {}),
  };
}

type PropertyOutcome = { changed: boolean; options: AgentProperty[] | null; notFound: boolean };

function chooseProperty(
  context: AgentContext,
  state: AgentState,
  message: string,
  ex: Extraction,
): PropertyOutcome {
  const outcome: PropertyOutcome = { changed: false, options: null, notFound: false };
  const candidates =
    context.properties.length > 0 ? context.properties : context.property ? [context.property] : [];
  // A property link's enquiry stays about that property: the server files the lead under it.
  if (candidates.length === 0 || !isAgencyLink(context, state)) return outcome;
  const isAsked = state.asking === 'propertyId';
  const isOpen = state.fields.propertyId === null && !state.refused.includes('propertyId');
  if (!isAsked && !isOpen && !CHANGE_PROPERTY.test(message)) return outcome;
  const match = matchProperty(message, candidates);
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

function applyExtraction(state: AgentState, ex: Extraction): { updated: SlotName[]; corrected: boolean } {
  const updated: SlotName[] = [];
  let corrected = false;
  const f = state.fields;
  for (const [key, value] of Object.entries(ex.updates) as Array<[keyof ExtractedFields, unknown]>) {
    const slot: SlotName = key === 'moveInText' ? 'moveInDate' : key;
    const before = key === 'moveInText' || key === 'moveInDate' ? `${f.moveInDate}|${f.moveInText}` : f[key];
    (f as Record<string, unknown>)[key] = value;
    const after = key === 'moveInText' || key === 'moveInDate' ? `${f.moveInDate}|${f.moveInText}` : f[key];
    if (before === after) continue;
    if (!updated.includes(slot)) updated.push(slot);
    const wasKnown = key === 'moveInText' || key === 'moveInDate' ? before !== 'null|null' : before !== null;
    if (wasKnown) corrected = true;
    state.refused = state.refused.filter((s) => s !== slot);
  }
  for (const slot of ex.refused) {
    if (updated.includes(slot)) continue;
    if (slot === 'moveInDate') {
      f.moveInDate = null;
      f.moveInText = null;
    } else if (slot !== 'propertyId') {
      (f as Record<string, unknown>)[slot] = null;
    }
    if (!state.refused.includes(slot)) state.refused.push(slot);
  }
  return { updated, corrected };
}

const SLOT_LABELS: Record<SlotName, string> = {
  propertyId: 'property',
  moveInDate: 'move-in date',
  numberOfPeople: 'number of people',
  annualIncome: 'income',
  profession: 'occupation',
  name: 'name',
  email: 'email address',
  phone: 'phone number',
  availability: 'viewing availability',
};

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

/** The slots to show: those matching what the tenant said of their availability first. */
function slotsFor(context: AgentContext, state: AgentState): ViewingSlot[] {
  const free = freeSlots(context);
  if (state.fields.availability) {
    const pick = parseSlotPick(state.fields.availability, [], free, context.today);
    if (pick.kind === 'several') return slotsToOffer(pick.slots);
    if (pick.kind === 'one') return slotsToOffer([pick.slot, ...free.filter((s) => s !== pick.slot)]);
  }
  return slotsToOffer(free);
}

/** Offers viewing slots as buttons, with "Other times" for free text. */
function offerSlots(
  state: AgentState,
  lead: string,
  slots: ViewingSlot[],
  question = varyAvoiding(
    [
      'When would you like to come for a viewing? Tap a time below, or choose Other times if none of these suit.',
      'Which of these viewing times suits you? Tap one, or choose Other times.',
    ],
    state.turns,
    state.lastQuestion,
  ),
): AgentReply {
  viewingState(state).offered = slots;
  state.asking = 'viewing';
  return reply(`${lead} ${question}`, [...slots.map((s) => s.label), OTHER_TIMES], state);
}

/** The free-text availability question, once the tenant asked for other times or no slot is free. */
function askAvailabilityInstead(context: AgentContext, state: AgentState, lead: string): AgentReply {
  const viewing = viewingState(state);
  viewing.declined = true;
  viewing.offered = [];
  if (viewing.confirmed || missingSlots(context, state).length === 0) {
    state.asking = 'availability';
    return reply(
      `${lead} When would suit you for a viewing? For example weekday evenings or weekends, and the team will arrange a time.`,
      [...QUICK_REPLIES.availability],
      state,
    );
  }
  const question = questionFor(missingSlots(context, state)[0], context, state, state.turns);
  state.asking = question.asking;
  return reply(`${lead} ${question.text}`, question.quickReplies, state);
}

/**
 * A message while slots are on offer: a pick (the reply carries it for the server to book), a
 * choice to narrow down, other times, or null when it says nothing about a time.
 */
function viewingTurn(context: AgentContext, state: AgentState, message: string): AgentReply | null {
  const viewing = viewingState(state);
  const pick = parseSlotPick(message, viewing.offered, freeSlots(context), context.today);
  switch (pick.kind) {
    case 'one':
      state.asking = 'viewing';
      return {
        ...reply(`Lovely, I'll book ${describeSlot(pick.slot)} for you.`, [], state),
        bookSlot: pick.slot,
      };
    case 'several':
      return offerSlots(
        state,
        '',
        pick.slots.slice(0, 4),
        'There are a few free times then. Which one suits you best?',
      );
    case 'none':
      if (freeSlots(context).length === 0)
        return askAvailabilityInstead(context, state, "Sorry, there's no free viewing time left.");
      return offerSlots(
        state,
        "Sorry, there's no free viewing time then.",
        slotsFor(context, state),
        'These are the nearest free times: would one of them suit you?',
      );
    case 'other':
      return askAvailabilityInstead(context, state, 'No problem.');
    case 'unclear':
      return null;
  }
}

/** The picked slot is booked: closes once the summary is confirmed, else carries on collecting. */
export function confirmViewing(context: AgentContext, previous: AgentState, slot: ViewingSlot): AgentReply {
  const state = cloneState(previous);
  const viewing = viewingState(state);
  viewing.booked = slot;
  viewing.offered = [];
  viewing.declined = false;
  state.fields.availability = describeSlot(slot);
  state.refused = state.refused.filter((s) => s !== 'availability');
  if (viewing.confirmed) return closingReply(state, '');
  const booked = `Your viewing is booked for ${describeSlot(slot)}.`;
  const missing = missingSlots(context, state);
  if (missing.length === 0) {
    state.stage = 'confirming';
    state.asking = 'confirm';
    return reply(`${booked} ${summary(context, state)}`, [...QUICK_REPLIES.confirm], state);
  }
  const question = questionFor(missing[0], context, state, state.turns);
  state.asking = question.asking;
  return reply(`${booked} ${question.text}`, question.quickReplies, state);
}

/** The picked slot was taken meanwhile: the fresh free slots, or free text when none is left. */
export function offerSlotsAgain(context: AgentContext, previous: AgentState): AgentReply {
  const state = cloneState(previous);
  const apology = 'Sorry, that time has just been taken.';
  const slots = slotsFor(context, state);
  if (slots.length === 0) return askAvailabilityInstead(context, state, apology);
  return offerSlots(state, apology, slots, 'These times are still free: which would suit you?');
}

/** The listings' names and addresses, which the tenant may type but which are never a name. */
function placesOf(context: AgentContext): string[] {
  const listings = context.property ? [context.property, ...context.properties] : context.properties;
  return listings.flatMap((p) => [p.name, p.address]);
}

/** One turn of the guided agent; synchronous, so transcripts can be replayed cheaply. */
export function guidedTurn(context: AgentContext, previous: AgentState, message: string): AgentReply {
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
  const seed = state.turns;
  if (!isAgencyLink(context, state) && context.property && state.fields.propertyId === null) {
    state.fields.propertyId = context.property.id;
  }

  if (previous.asking === 'viewing') {
    const picked = viewingTurn(context, state, message);
    if (picked) return picked;
    state.asking = null;
  }

  const ex = extractAnswers(message, {
    asking: state.asking === 'viewing' ? null : state.asking,
    today: context.today,
    fields: state.fields,
    missing: missingSlots(context, state),
    places: placesOf(context),
  });
  const propertyOutcome = chooseProperty(context, state, message, ex);
  const { updated, corrected } = applyExtraction(state, ex);
  if (propertyOutcome.changed && state.fields.propertyId !== null) updated.unshift('propertyId');
  const property = chosenProperty(context, state.fields);

  // An offer above the rent said as a statement ("I can pay £100 more to secure it") is declined too.
  const questions =
    OVERBID.test(message) && !ex.questions.some((q) => q.topics.includes('overbid'))
      ? [...ex.questions, { text: message, topics: ['overbid' as const] }]
      : ex.questions;
  const answers = answerQuestions(questions, property, {
    today: context.today,
    companyName: context.companyName,
    isChoosingProperty: state.asking === 'propertyId' && property === null,
    canBook: booksViewing(context, state),
  });
  for (const q of answers.passedOn) if (!state.openQuestions.includes(q)) state.openQuestions.push(q);
  const said: string[] = [...answers.sentences];
  if (GREETING.test(message) && !updated.includes('name'))
    said.unshift(vary(['Hi!', 'Hello!', 'Hi there!'], seed));

  if (state.turns >= MAX_TURNS) return closeAtTurnLimit(context.companyName, state, said);

  // The listing just chosen comes first, so answers about it read in order.
  if (propertyOutcome.changed) said.unshift(acknowledgeProperty(updated, property, seed));
  const ack = acknowledge(updated, corrected, state, context, seed);
  const understood = updated.length > 0 || ex.refused.length > 0 || propertyOutcome.changed;

  if (answers.wantsListings || propertyOutcome.notFound || propertyOutcome.options) {
    const shown = propertyOutcome.options ?? context.properties;
    if (shown.length > 0) {
      // "Anything in Brighton?" names a place none of the listings is in.
      const namesPlace = /\b(?:in|near|around|at)\s+[A-Z]/.test(message);
      const intro = propertyOutcome.options
        ? 'A few of our listings could match that. Which one do you mean?'
        : propertyOutcome.notFound && (!answers.wantsListings || namesPlace)
          ? "I couldn't find a listing matching that. Here's what we have at the moment:"
          : "Here's what we have at the moment:";
      const list = shown
        .slice(0, MAX_LISTED)
        .map((p) => `• ${p.name}, ${p.address}${p.rentalPrice ? ` (${p.rentalPrice})` : ''}`)
        .join('\n');
      const isChoosing = isAgencyLink(context, state) && state.fields.propertyId === null;
      if (isChoosing) {
        state.asking = 'propertyId';
        return reply(
          `${said.join(' ')} ${ack} ${intro}\n${list}\nWhich one would you like?`,
          propertyButtons(shown),
          state,
        );
      }
      said.push(`${intro}\n${list}`);
    }
  }
  if (answers.wantsOverview) {
    said.push(
      "I just need a few quick details: when you'd like to move in, how many people, your income and occupation, your name and contact details, and when you could come for a viewing.",
    );
  }

  if (ex.wantsDate) {
    state.asking = 'moveInDate';
    return reply(
      `${said.join(' ')} Of course. What date would you like to move in? For example "1st March" or "01/03".`,
      [],
      state,
    );
  }

  const refusalNote =
    ex.refused.length > 0 && updated.length === 0
      ? vary(
          ["No problem at all, we'll leave that out.", "That's absolutely fine, I'll skip that one."],
          seed,
        )
      : ex.refused.length > 0
        ? "And no problem, we'll leave out what you'd rather not share."
        : '';

  const invalid = ex.invalid.find((slot) => !updated.includes(slot));
  if (invalid) {
    state.asking = invalid;
    const hint =
      invalid === 'phone'
        ? "That phone number doesn't look quite right. Could you check it? A UK mobile looks like 07700 900123."
        : "That email address doesn't look quite right. Could you check it? It should look like name@example.com.";
    return reply(`${said.join(' ')} ${ack} ${hint}`, [], state);
  }

  if (state.stage === 'confirming') {
    // Other times, after the summary was confirmed: the availability given closes the chat.
    if (state.viewing?.confirmed && previous.asking === 'availability' && updated.includes('availability')) {
      return closingReply(state, `${said.join(' ')} ${ack}`);
    }
    if (previous.asking === 'viewing' && updated.length === 0 && ex.refused.length === 0) {
      const lead = said.length > 0 ? said.join(' ') : "Sorry, I didn't catch which time suits you.";
      return offerSlots(state, lead, slotsFor(context, state));
    }
    if (updated.length > 0 || ex.refused.length > 0) {
      state.asking = 'confirm';
      return reply(
        `${said.join(' ')} ${ack} ${refusalNote} ${summary(context, state)}`,
        [...QUICK_REPLIES.confirm],
        state,
      );
    }
    if (ex.intent === 'yes') {
      const passed =
        state.openQuestions.length > 0 ? "I've passed your questions on to the team as well." : '';
      if (booksViewing(context, state)) {
        viewingState(state).confirmed = true;
        return offerSlots(state, `${said.join(' ')} Thank you! ${passed}`, slotsFor(context, state));
      }
      return closingReply(state, `${said.join(' ')} ${passed}`);
    }
    if (ex.intent === 'no' || ex.mentioned.length > 0) {
      if (ex.mentioned.length === 1 && ex.mentioned[0] !== 'propertyId') {
        const slot = ex.mentioned[0];
        state.asking = slot;
        const question = questionFor(slot, context, state, seed);
        return reply(
          `${said.join(' ')} No problem. What should the ${SLOT_LABELS[slot]} be?`,
          question.quickReplies,
          state,
        );
      }
      state.asking = 'confirm';
      const what = varyAvoiding(
        ['Of course. What would you like to change?', 'No problem. What should I change?'],
        seed,
        state.lastQuestion,
      );
      return reply(`${said.join(' ')} ${what}`, [], state);
    }
    if (said.length > 0) {
      state.asking = 'confirm';
      const check = varyAvoiding(
        [
          'Apart from that, is the summary above all correct?',
          'Otherwise, does the summary above look right?',
        ],
        seed,
        state.lastQuestion,
      );
      return reply(`${said.join(' ')} ${check}`, [...QUICK_REPLIES.confirm], state);
    }
    if (state.asking && state.asking !== 'confirm' && state.asking !== 'viewing') {
      const question = questionFor(state.asking, context, state, seed);
      return reply(`Sorry, I didn't quite catch that. ${question.text}`, question.quickReplies, state);
    }
    state.asking = 'confirm';
    return reply(
      varyAvoiding(
        [
          "Sorry, I didn't quite catch that. Is everything in the summary correct, or is there something you'd like to change?",
          'Sorry, I missed that. Does the summary look right, or should I change something?',
        ],
        seed,
        state.lastQuestion,
      ),
      [...QUICK_REPLIES.confirm],
      state,
    );
  }

  // Asked to view, with slots free: the slots now, or the one named at once.
  const asksToView = ex.questions.some((q) => q.topics.includes('viewing'));
  if (asksToView && booksViewing(context, state)) {
    const lead = `${said.join(' ')} ${ack}`;
    const pick = parseSlotPick(message, [], freeSlots(context), context.today);
    if (pick.kind === 'one' || pick.kind === 'several') {
      const picked = viewingTurn(context, state, message);
      if (picked) return { ...picked, reply: `${lead} ${picked.reply}`.trim() };
    }
    return offerSlots(state, lead, slotsFor(context, state));
  }

  // A question asked three times without an answer is let go rather than asked forever.
  const asked = previous.asking === 'viewing' ? null : previous.asking;
  const isUnanswered =
    asked !== null &&
    asked !== 'confirm' &&
    !updated.includes(asked) &&
    !ex.refused.includes(asked) &&
    said.length === 0;
  state.attempts =
    isUnanswered && missingSlots(context, state).includes(asked) ? (previous.attempts ?? 0) + 1 : 0;
  let letGo = '';
  if (asked !== null && asked !== 'confirm' && state.attempts >= 3) {
    state.refused.push(asked);
    state.attempts = 0;
    letGo = "No worries, let's leave that one for now.";
  }

  const missing = missingSlots(context, state);
  if (missing.length === 0) {
    state.stage = 'confirming';
    state.asking = 'confirm';
    return reply(
      `${said.join(' ')} ${ack} ${refusalNote} ${summary(context, state)}`,
      [...QUICK_REPLIES.confirm],
      state,
    );
  }
  const next = missing[0];
  const question = questionFor(next, context, state, seed);
  // After answering the tenant's question, back to ours in fewer words.
  const short = SHORT_QUESTIONS[next];
  if (short && answers.sentences.length > 0 && updated.length === 0 && previous.asking === next) {
    question.text = varyAvoiding(short, seed, state.lastQuestion);
  }
  const isRepeat = previous.asking === next && !understood && said.length === 0 && !letGo;
  const lead = isRepeat
    ? vary(["Sorry, I didn't quite catch that.", "Sorry, I'm not sure I followed."], seed) +
      (next === 'annualIncome' || next === 'profession' || next === 'numberOfPeople'
        ? ' You can also say "skip" if you\'d rather not answer.'
        : '')
    : '';
  state.asking = question.asking;
  return reply(
    `${said.join(' ')} ${ack} ${refusalNote} ${letGo} ${lead} ${question.text}`,
    question.quickReplies,
    state,
  );
}

export function createGuidedEngine(): ConversationEngine {
  return {
    start: (context, known) => startConversation(context, known),
    reply: async (context, state, message) => guidedTurn(context, state, message),
    confirmViewing,
    offerSlotsAgain,
  };
}

/** The buttons that go with the question the state is waiting on. */
export function quickRepliesFor(context: AgentContext, state: AgentState): string[] {
  if (state.stage === 'closed' || state.asking === null) return [];
  if (state.asking === 'confirm') return [...QUICK_REPLIES.confirm];
  if (state.asking === 'viewing') return [...(state.viewing?.offered ?? []).map((s) => s.label), OTHER_TIMES];
  return questionFor(state.asking, context, state, state.turns).quickReplies;
}

/** Human labels of the slots, for prompts and messages. */
export function slotLabel(slot: SlotName | 'viewing'): string {
  return slot === 'viewing' ? 'a viewing time from the free slots' : SLOT_LABELS[slot];
}

export { describeMoveIn, isAgencyLink };

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
    return reply(`${lead} ${summary(context, state)}`, [...QUICK_REPLIES.confirm], state);
  }
  const question = questionFor(missing[0]!, context, state, state.turns + 1);
  state.asking = question.asking;
  return reply(`${lead} ${question.text}`, question.quickReplies, state);
}
