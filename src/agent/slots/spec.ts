import { z } from 'zod';
import type {
  AgentContext,
  AgentProperty,
  AgentState,
  ExtractedFields,
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

/**
 * Everything the engine knows about one slot, apart from its parser (which lives with the other
 * parsers in `extract.ts`, run in the order of `EXTRACTION_STAGES`). A slot fills the field of
 * `ExtractedFields` it is named after.
 */
export type SlotSpec = {
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
  /** Shorter wordings, back to the question after answering one of the tenant's. */
  shortQuestions?: readonly string[];
  quickReplies?: readonly string[] | ((context: AgentContext) => string[]);
  /** A noun phrase for the acknowledgement ("2 people"), given the slots filled with it; null: none. */
  describe: (fields: ExtractedFields, today: string, updated: readonly SlotName[]) => string | null;
  /** Its line in the confirmation summary; null leaves the line out. */
  summaryLine: (fields: ExtractedFields, env: SlotEnv) => string | null;
  /** Its part of the stored lead (the listing's details come with the property slot). */
  lead: (fields: ExtractedFields, property: AgentProperty | null) => Partial<LeadFields>;
  /** The model's extracted fields for the slot (the LLM engine's schema). */
  llm: Record<string, z.ZodType>;
  /** Asked again after a reply not understood, the tenant is told they may say "skip". */
  offersSkip?: boolean;
  /**
   * A fact known before the chat (a portal enquiry's), checked as the tenant's own answer would
   * be: the fields to start with, null or absent when it does not pass.
   */
  prefill?: (known: Partial<ExtractedFields>) => Partial<ExtractedFields>;
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

/** A text field of the model's answer: null when the message does not say it. */
export const nullableText = z.string().nullable();
