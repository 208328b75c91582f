import type { QuestionPart, splitQuestions } from './questions.ts';
import { normalise, words } from './text.ts';
import type { ExtractedFields, SlotName } from './types.ts';

/*
 * One message as the slot parsers read it (`Reading`, filled stage by stage in the order of
 * `EXTRACTION_STAGES` in extract.ts), and the patterns and helpers several parsers share. Each
 * slot's own parser lives in its file under `slots/`.
 */

/**
 * A rent the tenant can go up to: "under 1200", "max £1k", "no more than £950 pcm", "nothing over 1k", "budget of
 * £250 a week", "<1100", or the cap said after the sum: "1000 pcm max", "£1.2k tops", "900 a month or less".
 * `[1]` or `[4]` the amount, `[2]` or `[5]` a "k", `[3]` or `[6]` a week.
 */
export const RENT_CAP =
  /(?:\b(?:under|below|less than|cheaper than|max(?:imum)?|up to|upto|no more than|not more than|(?:nothing|not|no) (?:over|above)|budget(?: is| of)?(?: about| around)?|within)|<)\s*(?:of\s+)?£?\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k\b)?(?:\s*(pw|p\/w|per week|a week|weekly)\b)?|(?<![\d,.])£?\s*\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k\b)?\s*(?:(pw|p\/w|per week|a week|weekly)|pcm|pm|p\/m|per month|a month|monthly)?\s*(?:max(?:imum)?|tops|at (?:the )?most|or (?:less|under|below|cheaper))\b/i;

/**
 * A rent the tenant would pay about: "around £1000pcm", "about 1k a month", "roughly 900 pcm",
 * "£950ish a month", "about 2.4k". A period, a "£" or a "k" under ten must be said ("about 30k" may
 * be an income): `[1]`, `[4]` or `[7]` the amount, `[2]`, `[5]` or `[8]` a "k", `[3]` or `[6]` the period.
 */
export const RENT_NEAR =
  /(?:\b(?:around|about|roughly|approx(?:imately)?|circa|something like|in the region of)|~)\s*(?:£\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k\b)?(?:\s*ish\b)?\s*(pcm|pm|p\/m|per month|a month|monthly|pw|p\/w|per week|a week|weekly)?|(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k\b)?(?:\s*ish\b)?\s*(pcm|pm|p\/m|per month|a month|monthly|pw|p\/w|per week|a week|weekly)|(\d(?:\.\d{1,2})?)\s*(k)\b(?:\s*ish\b)?)(?![\w£])/i;

/** Words before a sum that say it is earned ("I earn about 2k a month"), not a rent. */
export const INCOME_BEFORE =
  /\b(?:earn\w*|salary|income|wages?|paid|make|take home|bring(?:s|ing)? (?:home|in)|(?:i'?m|im|we'?re|he'?s|she'?s) on)\b[^.,;]*$/i;

/** A month's name or abbreviation, as a capturing group. */
export const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/** Words about moving in: a date beside them is a move-in date. */
export const MOVE_CUE =
  /\b(?:move|moving|moved|move-in|movein|relocat\w*|start(?:ing)?(?!\s+(?:a|an|my|the)\s+(?:new\s+)?(?:job|role|position|course|contract))|from|tenancy|looking for (?:somewhere|a place|something)|need (?:somewhere|a place)|need(?:s|ing)? (?:a|an) (?:(?:\d|one|two|three|four|five)\s*-?\s*)?(?:bed(?:room)?s?|br|flat|house|home|room|studio|apartment)\b|hoping for|available from|in by|by the|want(?:ing)? it)\b/i;
/** Words about a viewing: a time beside them is when the tenant can view, not move. */
export const VIEW_CUE =
  /\b(?:view|viewing|viewings|see (?:it|the (?:flat|house|property|place))|come (?:round|and see|over|by))\b/i;
/** Words of a correction ("sorry, I meant…"): what follows replaces what was said. */
export const CORRECTION_CUE =
  /\b(?:sorry|meant|actually|i mean|should be|should have said|correction|change|instead|make that|rather|wrong|typo|mistake)\b/i;
/** "3rd March", "March 3": taken out before numbers are read as people or money. */
export const DAY_MONTH = new RegExp(
  `\\b\\d{1,2}(?:st|nd|rd|th)?(?:\\s+of)?\\s+${MONTH}\\b(?:\\s+\\d{4})?`,
  'gi',
);
export const MONTH_DAY = new RegExp(`\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`, 'gi');

/** Everything one message says (`extractAnswers`). */
export type Extraction = {
  updates: Partial<ExtractedFields>;
  refused: SlotName[];
  /** A phone or email was typed but cannot be right. */
  invalid: Array<'email' | 'phone'>;
  intent: 'yes' | 'no' | null;
  /** Slots named at the confirmation without a new value. */
  mentioned: SlotName[];
  questions: QuestionPart[];
  /** "Pick a date": the tenant wants to give an exact date next. */
  wantsDate: boolean;
  /** "any", "not sure": no particular property. */
  anyProperty: boolean;
  /** The statement parts of the message, for callers that match properties. */
  statements: string;
  /** Only "yes" or "no" ("yes thats right", "yeah") to a question that is no yes/no one: no answer. */
  isOnlyYesNo: boolean;
  /** "why?", "hmm", "not sure" to the question asked: no answer (`nonAnswerOf`). */
  nonAnswer: NonAnswer | null;
};

export type ExtractOptions = {
  /** The question the message answers (null while viewing slots are on offer). */
  asking: SlotName | 'confirm' | null;
  today: string;
  fields: ExtractedFields;
  /** Slots still to ask: a short answer to another of them is taken too. */
  missing?: SlotName[];
  /** The listings' names and addresses: "Elm Road" or "Maple Court" is never the tenant's name. */
  places?: readonly string[];
};

/** One message as the stages read it: what each stage leaves for the next, and the result so far. */
export type Reading = {
  readonly options: ExtractOptions;
  readonly asking: SlotName | 'confirm' | null;
  /** The message, normalised and cut to `MAX_ANALYSED_LENGTH` (extract.ts). */
  readonly text: string;
  readonly split: ReturnType<typeof splitQuestions>;
  /** The statements without email, phone or negated values ("not 3"): what most parsers read. */
  statements: string;
  /** The statements without dates either: where people and money are read. */
  numeric: string;
  /** What an "A not B" correction set: those slots are not read again. */
  swap: Partial<ExtractedFields>;
  /** The message corrects something ("sorry, I meant…"). */
  isCorrecting: boolean;
  result: Extraction;
};

/** The slot was declined in this message (the refusals stage runs before the slots' parsers). */
export function isRefused(r: Reading, slot: SlotName): boolean {
  return r.result.refused.includes(slot);
}

/** Something besides `except` was understood already. */
export function hasOtherAnswer(result: Extraction, except: Array<keyof ExtractedFields> = []): boolean {
  return Object.keys(result.updates).some((k) => !except.includes(k as keyof ExtractedFields));
}

/** "yes", "no, wrong": a short reply that is only a yes or a no. */
export function isOnlyIntent(text: string): boolean {
  return parseConfirmation(text) !== null && words(text).length <= 3;
}

/** Words that say yes, no or "that's right", and nothing more. */
const YES_NO_WORDS = new Set(
  `yes yeah yep yup yea ya yh ye aye no nope nah ok okay sure correct right that's thats that is it
  all fine true exactly indeed definitely absolutely of course`.split(/\s+/),
);

/** "yes thats right", "yeah", "no": nothing but a yes or a no ("sure, weekends" says more). */
export function isBareYesNo(text: string): boolean {
  const said = words(normalise(text)).map((w) => w.replace(/^ye+s+$/, 'yes'));
  return said.length > 0 && said.every((w) => YES_NO_WORDS.has(w)) && parseConfirmation(text) !== null;
}

/** "yes" or "no" to the summary; null when the text is neither. */
export function parseConfirmation(text: string): 'yes' | 'no' | null {
  const lower = normalise(text).toLowerCase();
  if (
    /^(?:no|nope|nah|not (?:quite|really|right|correct)|wrong|incorrect|wait|hang on|hold on|(?:i )?need to change|change)\b/.test(
      lower,
    ) ||
    /\b(?:wrong|incorrect|not right|need to change|should be|change something|mistake|typo|is not right|isn'?t right)\b/.test(
      lower,
    )
  ) {
    return 'no';
  }
  if (
    /^(?:yes|yeah|yep|yup|yea|ya|yh|ye|yess+|aye|correct|that'?s (?:right|correct|it|all (?:correct|right|good|fine)|perfect|great|fine|spot on)|that is (?:all )?(?:right|correct)|all (?:good|correct|right|fine)|looks (?:good|right|great|fine|correct|perfect)|perfect|spot on|confirm(?:ed)?|sure|ok|okay|absolutely|right|great|lovely|fine|sounds good|brilliant|exactly|indeed|definitely|bang on|all correct)\b/.test(
      lower,
    )
  ) {
    return 'yes';
  }
  return null;
}

/**
 * A reply that answers nothing: a question back about the question (`asks-why`: "why?", "what do
 * you mean", "sorry?"), a hesitation (`hesitates`: "hmm", "um", "let me think") or not knowing
 * (`unsure`: "not sure", "idk", "no idea").
 */
export type NonAnswer = 'asks-why' | 'hesitates' | 'unsure';

// Whole words only, apart from the marks between them (`GAP`): a pattern that could match marks too
// would let a long run of "…" be split every possible way.
const HESITATION = String.raw`(?:h+m+|u+m+|e+r+m*|u+h+m*|a+h+|e+h+|well|let me (?:think|see|check)|one (?:sec(?:ond)?|moment|min(?:ute)?)|hang on|hold on|wait|good question)\b`;
const ASKS_WHY = String.raw`(?:why(?:\s+(?:is|do|does|would|are|should|d'?you|you|that|this|it)\b[^?,.;]{0,40})?|how come|what for|what(?:'s| is) (?:that|this|it) for|what do (?:you|u) mean(?: by (?:that|this|it))?|wdym|what does (?:that|this|it) mean|meaning|what|sorry(?: what)?|pardon(?: me)?|excuse me|come again|say (?:that )?again|huh|eh|(?:i )?(?:don'?t|dont|do not) (?:understand|get (?:it|that|you|what you mean))(?: the question)?|not sure what you mean|is (?:that|this|it) (?:needed|necessary|required|important)|do (?:you|u) (?:really )?(?:need|have to know) (?:that|this|it))`;
const UNSURE = String.raw`(?:(?:i'?m|im|i am)\s+)?(?:not (?:really |too |very |100% )?(?:sure|certain)|unsure|idk|i dunno|dunno|no idea|no clue|not a clue|(?:i )?(?:don'?t|dont|do not|dnt) (?:really )?know|(?:i )?(?:haven'?t|havent|have not) decided|undecided|can'?t say|hard to say)(?:\s+(?:yet|tbh|really|to be honest|at the moment|atm|right now))*`;
const GAP = String.raw`[\s,.!?…-]*`;
const NON_ANSWER = new RegExp(`^${GAP}(?:${HESITATION}${GAP})*(?:(${ASKS_WHY})|(${UNSURE}))?${GAP}$`, 'i');

/**
 * What a reply that answers nothing is ("why?", "hmm", "not sure", "..."); null when it may answer.
 */
export function nonAnswerOf(text: string): NonAnswer | null {
  const said = normalise(text);
  const m = NON_ANSWER.exec(said);
  if (!m || !/\p{L}|\.\.|…/u.test(said)) return null;
  return m[1] ? 'asks-why' : m[2] ? 'unsure' : 'hesitates';
}
