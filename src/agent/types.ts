/**
 * The contract between the conversation engine (pure, I/O-free) and the chat feature that
 * stores conversations and turns them into leads. Everything here is JSON-serialisable.
 */

import type { ListingDetails } from '#shared/listing.ts';

/** A property as the agent may talk about it: public facts only, never the landlord. */
export type AgentProperty = ListingDetails & {
  id: string;
  name: string;
  address: string;
  /** Free text as the agent typed it, e.g. "£1,250 pcm" or "£300 pw". */
  rentalPrice: string | null;
  bedrooms: number | null;
  parking: string | null;
  /** dd/mm/yyyy */
  vacancyDate: string | null;
};

export type AgentContext = {
  companyName: string;
  /** The property of a property link; null on the agency-wide link until the tenant picks one. */
  property: AgentProperty | null;
  /** The company's listings, for choosing a property on the agency-wide link by name or address. */
  properties: AgentProperty[];
  /** "Today" in Europe/London as yyyy-mm-dd: relative dates are read against it. */
  today: string;
  /**
   * The chosen property's nearest free viewing slots, soonest first, when it takes bookings
   * (the server computes them; the engine never books). Absent, null or empty: the tenant is
   * asked for their availability in free text, as without bookings.
   */
  viewingTimes?: OfferedTime[] | null;
};

/** A free viewing slot as the chat offers it. */
export type OfferedTime = {
  /** ISO 8601 with the London offset, e.g. 2026-03-07T10:30:00+00:00. */
  startsAt: string;
  /** e.g. "Sat 7 Mar, 10:30" */
  label: string;
};

/**
 * When the tenant would move in: a date (yyyy-mm-dd) when one could be read, else the tenant's
 * words ("flexible").
 */
export type MoveIn = { date: string; text: null } | { date: null; text: string };

/** What the agent has understood so far: one field a slot. null = not known (or refused). */
export type ExtractedFields = {
  propertyId: string | null;
  moveIn: MoveIn | null;
  numberOfPeople: number | null;
  /** Annual income in whole pounds. */
  annualIncome: number | null;
  profession: string | null;
  name: string | null;
  /** Lower case. */
  email: string | null;
  /** E.164, e.g. +447700900123. */
  phone: string | null;
  availability: string | null;
};

export type SlotName = keyof ExtractedFields;

export type AgentState = {
  fields: ExtractedFields;
  /** Slots the tenant declined to answer: never asked again. */
  refused: SlotName[];
  /**
   * The slot the last reply asked for, so a bare answer ("3") fills it; 'viewing' while viewing
   * slots are on offer.
   */
  asking: SlotName | 'confirm' | 'viewing' | null;
  stage: 'collecting' | 'confirming' | 'closed';
  /** Questions the agent could not answer from the property's data, passed on to the agent. */
  openQuestions: string[];
  /**
   * Questions about a listing asked on the agency-wide link before one was chosen: answered from
   * it once it is, or passed on if none will be (absent = none).
   */
  pendingQuestions?: string[];
  turns: number;
  /** The tenant asked to speak to a person of the agency (absent = no): the lead says so. */
  personRequested?: boolean;
  /**
   * Slots filled before the chat (a portal enquiry's details, a thread's number) that the tenant
   * has not answered since (absent = none): on their own they are no answer, so make no lead.
   */
  known?: SlotName[];
  /** How many times in a row the current question went unanswered (absent = 0). */
  attempts?: number;
  /** Which link the chat began on: only on the agency-wide link may the tenant pick or change the property. */
  link?: 'property' | 'agency';
  /** The question the last reply ended on, so the next one is worded differently. */
  lastQuestion?: string | null;
  /** Viewing booking, when the property takes bookings (absent until slots are first offered). */
  viewing?: ViewingState;
  /**
   * The last address checked with "Did you mean …?" (email-check.ts): `meant` is the suggestion,
   * `isOpen` while the question waits for its answer (absent = none asked).
   */
  emailCheck?: { typed: string; meant: string; isOpen: boolean };
};

export type ViewingState = {
  /** The slots last offered, in the order shown: "the second one" counts these. */
  offered: OfferedTime[];
  /** The slot booked (the server confirmed it through `confirmViewing`). */
  booked: OfferedTime | null;
  /** The tenant confirmed the summary: a booking now closes the chat. */
  confirmed: boolean;
  /** The tenant chose "Other times": availability is asked in free text instead. */
  declined: boolean;
};

export type AgentReply = {
  reply: string;
  /** Buttons for answers with few likely values; free text always works too. */
  quickReplies: string[];
  state: AgentState;
  /** True once the closing sentence has been said. */
  isComplete: boolean;
  /**
   * The slot the tenant just picked. The server tries to book it, then answers with the engine's
   * `confirmViewing` (booked) or `offerTimesAgain` (taken meanwhile, with fresh slots).
   */
  bookTime?: OfferedTime;
};

/** What a turn may carry besides the message. */
export type TurnOptions = {
  /** The conversation so far, oldest first. */
  history?: { role: 'tenant' | 'assistant' | 'agent'; content: string }[];
  /** Called with each piece of the reply as it is written (streaming engines only). */
  onDelta?: (delta: string) => void;
  /**
   * The tenant wrote this before the greeting, which goes out just before the reply (a WhatsApp or
   * SMS thread's first text): the greeting said hello, so the reply does not say it again.
   */
  isBeforeGreeting?: boolean;
  /**
   * The options the last reply offered (buttons on the web and WhatsApp, numbered lines on SMS): a
   * bare "2" picks the second, and a number past the last is asked again with the options.
   */
  offered?: readonly string[];
};

/** How the greeting opens the chat. */
export type StartOptions = {
  /**
   * The tenant's first text is answered right after the greeting (a thread's): the greeting only
   * introduces the assistant, and the answer asks the first question, with its options.
   */
  isAnswerNext?: boolean;
};

/** One engine: the guided agent, or an LLM agent that falls back to it. */
export type ConversationEngine = {
  /** `known`: facts from before the chat (a portal enquiry), never asked for, confirmed in the summary. */
  start: (context: AgentContext, known?: Partial<ExtractedFields>, options?: StartOptions) => AgentReply;
  reply: (
    context: AgentContext,
    state: AgentState,
    message: string,
    turn?: TurnOptions,
  ) => Promise<AgentReply>;
  /** The slot of the last reply's `bookTime` is booked: say so (closing, once the summary is confirmed). */
  confirmViewing: (context: AgentContext, state: AgentState, slot: OfferedTime) => AgentReply;
  /** The picked slot was taken meanwhile: apologise and offer `context.viewingTimes` afresh. */
  offerTimesAgain: (context: AgentContext, state: AgentState) => AgentReply;
};

/** The closing sentence; the chat page's automatic save keys on it. */
export const CLOSING_SENTENCE =
  'Thank you for confirming the information. We will be in touch to book the viewing. Have a great day!';

/** The most turns a conversation may take before the agent closes politely. */
export const MAX_TURNS = 60;

/** The parts of the score. */
export type ScorePartName =
  | 'affordability'
  | 'moveInFit'
  | 'occupancy'
  | 'occupation'
  | 'contact'
  | 'viewingReadiness';

export type ScorePart = {
  part: ScorePartName;
  /** "Affordability" */
  label: string;
  points: number;
  max: number;
  /** Plain English, e.g. "Income £58,000 is 46.4× the monthly rent of £1,250 (30× or more): 4/4". */
  reason: string;
};

export type ScoreBreakdown = { total: number; max: number; parts: ScorePart[] };

/** A lead as stored and returned. */
export type LeadFields = {
  propertyId: string | null;
  /** 'any' when no property was chosen. */
  propertyName: string;
  propertyLocation: string | null;
  rentalPrice: string | null;
  numberOfBeds: number | null;
  name: string | null;
  email: string | null;
  /** E.164 */
  contactNumber: string | null;
  /** "£30,000 per year" */
  income: string | null;
  annualIncome: number | null;
  profession: string | null;
  numberOfPeople: number | null;
  /** dd/mm/yyyy, or the tenant's words when no date was given ("flexible"). */
  moveInDate: string | null;
  availability: string | null;
  /** "0"–"10" */
  rating: string;
  score: number;
  scoreBreakdown: ScoreBreakdown;
  /** The tenant asked to speak to a person of the agency. */
  personRequested: boolean;
  /** False when the tenant answered nothing: such a conversation makes no lead. */
  hasAnyAnswer: boolean;
};

/** The tenant's answers as the lead stores them: the columns the slots' `lead` fill. */
export type LeadAnswers = Omit<
  LeadFields,
  'rating' | 'score' | 'scoreBreakdown' | 'personRequested' | 'hasAnyAnswer'
>;
