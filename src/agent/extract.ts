import { isRentProposal, splitQuestions } from './questions.ts';
import {
  CORRECTION_CUE,
  DAY_MONTH,
  type Extraction,
  type ExtractOptions,
  hasOtherAnswer,
  isBareYesNo,
  MONTH,
  MONTH_DAY,
  nonAnswerOf,
  parseConfirmation,
  type Reading,
} from './reading.ts';
import { withoutAddresses } from './slots/email.ts';
import { parseIncome } from './slots/income.ts';
import { SLOT_ORDER, SLOTS, slotSpec } from './slots/index.ts';
import { isHouseholdSize } from './slots/people.ts';
import { parsePhone } from './slots/phone.ts';
import { NUMBER_WORD_PATTERN, normalise, numberFromWord, words } from './text.ts';
import type { ExtractedFields, SlotName } from './types.ts';

export type { Extraction, Reading } from './reading.ts';
export { parseConfirmation } from './reading.ts';
export { parseAvailability } from './slots/availability.ts';
export { parseEmail, withoutAddresses } from './slots/email.ts';
export { parseIncome } from './slots/income.ts';
export { MAY_NAME_A_DATE, parseMoveIn } from './slots/move-in.ts';
export { parseName } from './slots/name.ts';
export { parseOccupation } from './slots/occupation.ts';
export { parsePeople } from './slots/people.ts';
export { type PhoneResult, parsePhone } from './slots/phone.ts';

/*
 * Reading one message: the stages in order, each slot's parser (its `parse` in `slots/`) at its
 * place among them, and what no one slot owns: refusals, corrections, contacts and dates taken
 * out of the text before numbers are read, a short answer to another open question, slots named
 * as wrong at the summary. Each parser is careful about numbers that belong to another slot: a
 * phone number is not income, "£1,200" is not a count of people, "3 bed" is not people, "1st
 * March" is not money.
 */

// ---------------------------------------------------------------- refusals and intents

const REFUSAL =
  /\b(?:(?:i'?d|i would|we'?d|we would)\s+(?:rather|prefer)\s+not|prefer not|rather not|(?:don'?t|do not|dont)\s+(?:want|wish|like)\s+to\s+(?:say|share|give|tell|disclose|answer)|not comfortable|no comment|none of your business|not saying|won'?t say|(?:i'?ll|i will)\s+(?:pass|skip)|decline|not willing|keep (?:that|it) private|that'?s private)\b/i;
const SHORT_REFUSAL =
  /^(?:skip|pass|n\/a|na|no thanks|prefer not to say|rather not say|private|skip this|skip it)[.!]*$/i;
const NO_EMAIL =
  /\b(?:(?:don'?t|do not|dont)\s+(?:have|use)\s+(?:an?\s+)?e-?mail|no e-?mail|not on e-?mail)\b/i;
const NO_PHONE =
  /\b(?:(?:don'?t|do not|dont)\s+(?:have|use)\s+(?:a\s+)?(?:phone|mobile)|no (?:phone|mobile))\b/i;

/** The slots a text names, in registry order ("my number" → phone). */
function slotsNamed(text: string): SlotName[] {
  return SLOT_ORDER.filter((slot) => slotSpec(slot).words.test(text));
}

/** Slots the tenant declines in this text; a refusal naming no slot declines the one asked. */
export function parseRefusals(text: string, asking: SlotName | 'confirm' | null): SlotName[] {
  const refused: SlotName[] = [];
  const clean = normalise(text);
  if (NO_EMAIL.test(clean)) refused.push('email');
  if (NO_PHONE.test(clean)) refused.push('phone');
  for (const sentence of clean.split(/[.;!?]|\s+-\s+/)) {
    const refusal = REFUSAL.exec(sentence);
    if (!refusal && !SHORT_REFUSAL.test(sentence.trim())) continue;
    // Only what the refusal itself names: "I'd rather not give my number, email is best".
    const scope = refusal
      ? sentence.slice(refusal.index + refusal[0].length).split(/,|\bbut\b|\bhowever\b/i)[0]
      : '';
    const named = slotsNamed(scope);
    if (named.length > 0)
      refused.push(...named.filter((slot) => slotSpec(slot).refusalWords?.test(scope) ?? true));
    else if (asking && asking !== 'confirm') refused.push(asking);
  }
  return [...new Set(refused)];
}

/** Slots named as wrong without a new value ("the email's wrong"). */
export function parseMentionedSlots(text: string): SlotName[] {
  return slotsNamed(text);
}

// ---------------------------------------------------------------- one message

const MAX_ANALYSED_LENGTH = 1000;

const NEGATED_VALUE = new RegExp(
  `\\b(?:not|instead of|rather than)\\s+(?:the\\s+)?(?:\\d+(?:st|nd|rd|th)?|${NUMBER_WORD_PATTERN})\\b(?:\\s+(?:of\\s+)?${MONTH})?(?:\\s+of us)?`,
  'gi',
);
function removeSpans(text: string, spans: Array<[number, number]>): string {
  let out = text;
  for (const [from, to] of [...spans].sort((a, b) => b[0] - a[0])) {
    out = `${out.slice(0, from)} ${out.slice(to)}`;
  }
  return out;
}

const SWAP = new RegExp(
  `(£?\\d[\\d,.]*k?|${NUMBER_WORD_PATTERN})\\s+(?:not|instead of|rather than)\\s+(£?\\d[\\d,.]*k?|${NUMBER_WORD_PATTERN})\\b`,
  'i',
);

/** "A not B" where B is a value already known: A replaces it, in the same slot. */
function readSwap(text: string, fields: ExtractedFields): Partial<ExtractedFields> {
  const m = SWAP.exec(text);
  if (!m) return {};
  const [, said, meant] = m;
  if (fields.numberOfPeople !== null && numberFromWord(meant) === fields.numberOfPeople) {
    const people = numberFromWord(said);
    if (people !== null && isHouseholdSize(people)) return { numberOfPeople: people };
  }
  if (fields.annualIncome !== null && parseIncome(meant, { asked: true }) === fields.annualIncome) {
    const income = parseIncome(said, { asked: true });
    if (income !== null) return { annualIncome: income };
  }
  return {};
}

/** Stage "clean": the message normalised, its questions split from its statements, the intent. */
export function readMessage(message: string, options: ExtractOptions): Reading {
  const { asking } = options;
  // Tenants' answers fit in far less; a pasted essay is read only so far, so a turn stays cheap.
  const text = normalise(message).slice(0, MAX_ANALYSED_LENGTH);
  const isAskingSlot = asking !== null && asking !== 'confirm';
  const nonAnswer = isAskingSlot ? nonAnswerOf(text) : null;
  // "what do you mean?" asks about the question, not the listing: nothing to pass on.
  const split = nonAnswer ? { statements: text, questions: [] } : splitQuestions(text, options.places);
  return {
    options,
    asking,
    text,
    split,
    statements: split.statements,
    numeric: split.statements,
    swap: {},
    isCorrecting: false,
    result: {
      updates: {},
      refused: [],
      invalid: [],
      intent: asking === 'confirm' ? parseConfirmation(text) : null,
      mentioned: [],
      questions: split.questions,
      wantsDate: /^(?:pick|choose|select|enter) a date[.!]?$/i.test(text),
      anyProperty: false,
      statements: split.statements,
      isOnlyYesNo: isAskingSlot && isBareYesNo(text),
      nonAnswer,
    },
  };
}

/** Email and phone are read (their slots' stages): then they, and negated values, leave the statements. */
function removeContacts(r: Reading): void {
  const statements = withoutAddresses(r.split.statements);
  r.statements = removeSpans(statements, parsePhone(statements).spans)
    .replace(NEGATED_VALUE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "I meant 2 not 3", "it's 39k not 35k": the value replaces the one it names, whatever was asked. */
function readCorrections(r: Reading): void {
  r.swap = readSwap(r.split.statements, r.options.fields);
  Object.assign(r.result.updates, r.swap);
  r.isCorrecting = CORRECTION_CUE.test(r.statements);
}

/** Slots declined ("I'd rather not say"); a value given in the same message wins. */
function readRefusals(r: Reading): void {
  r.result.refused = parseRefusals(r.statements, r.asking).filter((slot) => !(slot in r.result.updates));
}

/** Dates are taken out before numbers are read as people or money. */
function removeDates(r: Reading): void {
  r.numeric = r.statements
    .replace(DAY_MONTH, ' ')
    .replace(MONTH_DAY, ' ')
    .replace(
      /(?<!£\s?)\b(\d{1,2})([/.-])(\d{1,2})(?:[/.-]\d{2,4})?\b(?!\s*(?:\/\s*)?(?:an?|per|p|ph|\/)?\s*(?:hour|hr|h)\b)/g,
      (date, day, separator, month) =>
        // "11.90 an hour" and "9.75" are pay, not a day and month.
        separator === '.' && (Number(month) > 12 || Number(day) > 31) ? date : ' ',
    )
    .replace(/\b(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b/gi, ' ');
}

/**
 * A short reply that does not answer the question may answer another one still open
 * ("Dental nurse" while the number of people was asked): each open slot's `parse.aside` reads it.
 */
function readOtherOpenSlot(r: Reading): void {
  const { asking, statements, result } = r;
  const answeredAsked =
    asking !== null && asking !== 'confirm' && (asking in result.updates || result.refused.includes(asking));
  const mayAnswerOther = asking !== 'confirm' && asking !== 'propertyId' && !answeredAsked;
  // A rent offered ("cud pay 250 a week") answers nothing: it is declined.
  if (
    !mayAnswerOther ||
    words(statements).length > 6 ||
    result.refused.length > 0 ||
    isRentProposal(statements)
  )
    return;
  for (const slot of r.options.missing ?? []) {
    if (slot === asking || slot in result.updates || Object.keys(result.updates).length > 0) continue;
    const value = slotSpec(slot).parse.aside?.(statements, r.options);
    if (value) (result.updates as Record<SlotName, unknown>)[slot] = value;
  }
}

/** At the confirmation, "no, the email's wrong": the slots named without a new value. */
function readMentions(r: Reading): void {
  if (r.asking !== 'confirm' || r.result.intent !== 'no') return;
  r.result.mentioned = parseMentionedSlots(r.statements).filter((slot) => !(slot in r.result.updates));
}

type Stage = { name: string; run: (r: Reading) => void };

/** The stage where a slot's parser (`parse.read`) reads the message. */
function slotStage(name: string, slot: SlotName): Stage {
  return { name, run: slotSpec(slot).parse.read };
}

/**
 * The stages after "clean" (`readMessage`), in the order they run: each slot's parser
 * (`parse.read` in its file under `slots/`) once, at its place, among the stages no one slot owns
 * (`extract.test.ts` checks that every slot is read). The order matters: whether no listing in
 * particular is meant is read from the statements as typed; email and phone are read, then they
 * and negated values leave the text before anything else reads it; a correction ("2 not 3") and a
 * refusal settle their slots before the parsers; dates are read, then taken out, before numbers
 * are read as people and then money (money needs the people, for "25k each"); the occupation,
 * name and availability each take a bare reply as the answer asked for only when the stages
 * before found nothing else; the free-text answers (a move-in in words, a short answer to
 * another open slot) come last, only when nothing else was understood.
 */
export const EXTRACTION_STAGES: readonly Stage[] = [
  slotStage('property', 'propertyId'),
  slotStage('email', 'email'),
  slotStage('phone', 'phone'),
  { name: 'contacts', run: removeContacts },
  { name: 'corrections', run: readCorrections },
  { name: 'refusals', run: readRefusals },
  slotStage('move-in', 'moveIn'),
  { name: 'remove dates', run: removeDates },
  slotStage('people', 'numberOfPeople'),
  slotStage('income', 'annualIncome'),
  slotStage('occupation', 'profession'),
  slotStage('name', 'name'),
  slotStage('availability', 'availability'),
  { name: 'move-in words', run: SLOTS.moveIn.parse.readLate },
  { name: 'other open slot', run: readOtherOpenSlot },
  { name: 'mentions', run: readMentions },
];

/**
 * Everything one message says: several answers at once, corrections, refusals, questions.
 * `fields` is what is known so far (for "25k each" and corrections of a date's day). "Pick a
 * date" says only that: nothing else is read; nor is a bare "yes" to a question that asked for
 * something else ("yes thats right" is no occupation or viewing time), nor a reply that answers
 * nothing ("why?", "hmm", "not sure": never an occupation, a name or a viewing time), unless the
 * slot asked reads "not sure" itself (`readsUnsure`: a move-in in words, no listing in particular).
 */
export function extractAnswers(message: string, options: ExtractOptions): Extraction {
  const reading = readMessage(message, options);
  const { result } = reading;
  if (result.wantsDate || result.isOnlyYesNo) return result;
  const { asking } = options;
  const readsUnsure =
    result.nonAnswer === 'unsure' &&
    asking !== null &&
    asking !== 'confirm' &&
    slotSpec(asking).readsUnsure === true;
  if (result.nonAnswer && !readsUnsure) return result;
  for (const stage of EXTRACTION_STAGES) stage.run(reading);
  if (hasOtherAnswer(result) || result.refused.length > 0 || result.anyProperty) result.nonAnswer = null;
  return result;
}
