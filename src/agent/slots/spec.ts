import { z } from 'zod';
import { type ExtractOptions, nonAnswerOf, type Reading } from '../reading.ts';
import type {
  AgentContext,
  AgentProperty,
  AgentState,
  ExtractedFields,
  LeadAnswers,
  LeadFields,
  SlotName,
} from '../types.ts';

/** What a slot's wording may depend on: the conversation as it stands. */
export type SlotEnv = {
  context: AgentContext;
  state: AgentState;
  /** The listing the conversation is about, if any. */
  property: AgentProperty | null;
  /** The chat began on the agency-wide link. */
  isAgencyLink: boolean;
  /** The viewing is booked from the listing's free slots rather than asked about in free text. */
  booksViewing: boolean;
  /** Whether a slot is still to be asked. */
  isMissing: (slot: SlotName) => boolean;
};

/** What a validity check may read: the day (dates) and the listings (a listing chosen). */
export type CheckEnv = { today: string; context: AgentContext };

/** The model's answers for a turn, as the LLM engine's schema (gathered from every slot's `llm`) read them. */
export type ModelAnswer = Readonly<Record<string, unknown>>;

/** How a slot reads a tenant's message (the guided engine's parser). */
export type SlotParser<K extends SlotName> = {
  /**
   * Reads the slot's answer into `r.result.updates`, at the slot's place in `EXTRACTION_STAGES`
   * (extract.ts): what the stages before it took out of the text, it no longer sees.
   */
  read: (r: Reading) => void;
  /** A second reading, after every slot's first (a move-in in words, when nothing else was understood). */
  readLate?: (r: Reading) => void;
  /**
   * The slot's value in a short reply to another open question ("Dental nurse" when the number of
   * people was asked); null when the reply is not one. Without it, the slot is never answered so.
   */
  aside?: (statements: string, options: ExtractOptions) => ExtractedFields[K] | null;
};

/** A CSV column: its header and its cell. */
export type CsvColumn = { header: string; value: (lead: LeadAnswers) => string | number | null };

/**
 * How the slot's answer shows to the agency, read from the stored lead: in the new-lead email, the
 * leads CSV, the Live tab and the privacy export (which lists the lead columns `lead` fills).
 */
export type SlotDisplay = {
  /** Its name on the Live tab and in the confirmation summary: "Move-in". */
  label: string;
  /** Its name spelt out, in the new-lead email: "Move-in date". */
  longLabel: string;
  /** The answer as the agency reads it ("£30,000 per year", "07700 900123"); null when not given. */
  text: (lead: LeadAnswers) => string | null;
  /** Its columns in the leads CSV, under the headers spreadsheets made from earlier exports know. */
  csv: readonly CsvColumn[];
};

/** The lead's columns that hold an answer as text. */
type TextAnswer = {
  [F in keyof LeadAnswers]: LeadAnswers[F] extends string | null ? F : never;
}[keyof LeadAnswers];

/**
 * The display of an answer stored as one text column, shown as it is: under `label` on the Live
 * tab and in the summary, `longLabel` in the email and `header` in the CSV (each `label` unless
 * given).
 */
export function textDisplay(
  column: TextAnswer,
  names: { label: string; longLabel?: string; header?: string },
): SlotDisplay {
  const text = (lead: LeadAnswers) => lead[column] as string | null;
  return {
    label: names.label,
    longLabel: names.longLabel ?? names.label,
    text,
    csv: [{ header: names.header ?? names.label, value: text }],
  };
}

/**
 * Everything the engine knows about one slot: its wordings, its parser, its one validity check and
 * its display. A slot fills the field of `ExtractedFields` it is named after (`K`).
 */
export type SlotSpec<K extends SlotName = SlotName> = {
  /** How prompts and messages name it: "What should the {label} be?". */
  label: string;
  /** Words that name the slot, for refusals ("I'd rather not give my number") and corrections. */
  words: RegExp;
  /** A refusal declines the slot only when it names it in these words (default: `words`). */
  refusalWords?: RegExp;
  /** What a question asking for the slot says: a transcript is replayed by it. */
  cue: RegExp;
  /** The question's wordings, one picked per turn; never the one the last reply ended on. */
  questions: readonly string[] | ((env: SlotEnv) => readonly string[]);
  /** Why it is asked, said when the tenant asks back ("why?", "what do you mean?") before the question again. */
  why: string;
  /** Shorter wordings, back to the question after answering one of the tenant's. */
  shortQuestions?: readonly string[];
  quickReplies?: readonly string[] | ((context: AgentContext) => string[]);
  /** A noun phrase for the acknowledgement ("2 people"), given the slots filled with it; null: none. */
  describe: (fields: ExtractedFields, today: string, updated: readonly SlotName[]) => string | null;
  /** Its line in the confirmation summary; null leaves the line out. */
  summaryLine: (fields: ExtractedFields, env: SlotEnv) => string | null;
  /** How a message is read for it. */
  parse: SlotParser<K>;
  /** How its answer shows wherever the agency reads a lead. */
  display: SlotDisplay;
  /** Its part of the stored lead (the listing's details come with the property slot). */
  lead: (fields: ExtractedFields, property: AgentProperty | null) => Partial<LeadFields>;
  /** The model's extracted fields for the slot (the LLM engine's schema). */
  llm: Record<string, z.ZodType>;
  /**
   * The model's value for the slot, before `valid` checks it; by default the model's field of the
   * slot's own name.
   */
  fromModel?(answer: ModelAnswer): ExtractedFields[K] | null;
  /**
   * The slot's one validity check: the value as it is stored, or null when it cannot be right.
   * Every value passes it, whoever read it: the guided parsers, the model, a portal enquiry.
   */
  valid(value: NonNullable<ExtractedFields[K]>, env: CheckEnv): ExtractedFields[K] | null;
  /** Asked again after a reply not understood, the tenant is told they may say "skip". */
  offersSkip?: boolean;
  /**
   * "not sure" answers it, read by its parser (the move-in in words, no listing in particular);
   * to any other question it answers nothing and the question is asked again.
   */
  readsUnsure?: boolean;
  /**
   * A fact known before the chat (a portal enquiry's) put in the tenant's form before `valid`
   * checks it, as the tenant's own answer would be checked (default: as it is).
   */
  prefill?(value: NonNullable<ExtractedFields[K]>): ExtractedFields[K] | null;
  /** A refusal leaves the value as it is (declining to pick a listing keeps the link's own). */
  keepsValueWhenRefused?: boolean;
};

/** "• Income: £30,000 a year", or "not given". */
export function summaryLine(label: string, value: string | null): string {
  return `• ${label}: ${value ?? 'not given'}`;
}

/** A known fact in words: trimmed, and only when short enough to be one. */
export function knownText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= 200 ? trimmed : null;
}

/**
 * An answer in the tenant's words (occupation, name, viewing times): known text that is no "hmm",
 * "why?" or "not sure", whoever read it.
 */
export function answerText(value: string | null | undefined): string | null {
  const text = knownText(value);
  return text && nonAnswerOf(text) === null ? text : null;
}

/** A text field of the model's answer: null when the message does not say it. */
export const nullableText = z.string().nullable();
