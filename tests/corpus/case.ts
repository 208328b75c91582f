import type { ExtractedFields, SlotName } from '#agent/types.ts';

/**
 * The fields as a case expects them: the engine's, with the move-in written out as a date
 * (`moveInDate`, yyyy-mm-dd) or the tenant's words (`moveInText`), each checked on its own.
 */
export type CaseFields = Omit<ExtractedFields, 'moveIn'> & {
  moveInDate: string | null;
  moveInText: string | null;
};

/** The day the corpus's conversations happen on (yyyy-mm-dd), unless a case names its own. */
export const corpusToday = '2026-02-10';

/**
 * One tenant conversation, written as a tenant would type it, answering the agent's questions in
 * the order the agent asks them (property on the agency link, move-in date, people, income,
 * occupation, name, email and phone, viewing availability, then the confirmation).
 */
export type CorpusCase = {
  id: string;
  /** What makes this conversation worth having. */
  note: string;
  /** yyyy-mm-dd; the corpus's day unless the conversation needs another. */
  today?: string;
  /** The property of a property link; null for the agency-wide link. */
  linkPropertyId: string | null;
  messages: string[];
  expected: {
    /** Fields left out are expected to be null. Text fields match when every expected word appears. */
    fields: Partial<CaseFields>;
    score: number;
    isComplete: boolean;
    refused?: SlotName[];
    /** How many questions had to be passed on to the team. */
    openQuestions?: number;
  };
};

/** A conversation the tenant takes to the end and confirms: complete, holding what `expected` says. */
export function finishedCase(
  chat: Pick<CorpusCase, 'id' | 'note' | 'linkPropertyId' | 'messages'>,
  expected: Omit<CorpusCase['expected'], 'isComplete'>,
): CorpusCase {
  return { ...chat, expected: { ...expected, isComplete: true } };
}
