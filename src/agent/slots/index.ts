import type { z } from 'zod';
import type { AgentProperty, ExtractedFields, LeadAnswers, SlotName } from '../types.ts';
import { availabilitySlot } from './availability.ts';
import { emailSlot } from './email.ts';
import { incomeSlot } from './income.ts';
import { moveInSlot } from './move-in.ts';
import { nameSlot } from './name.ts';
import { occupationSlot } from './occupation.ts';
import { peopleSlot } from './people.ts';
import { phoneSlot } from './phone.ts';
import { propertySlot } from './property.ts';
import type { CheckEnv, ModelAnswer, SlotDisplay, SlotSpec } from './spec.ts';

export type { CheckEnv, CsvColumn, ModelAnswer, SlotDisplay, SlotEnv, SlotParser, SlotSpec } from './spec.ts';

/**
 * Every slot the engine collects, in the order it asks them. The order, labels, question
 * wordings, quick replies, refusal and correction words, transcript cues, parsers, validity
 * checks, acknowledgements, summary lines, lead fields, the LLM's field schema and the lead's
 * display (email, CSV, Live tab, privacy export) are all read from here. An entry missing any
 * required member does not type-check.
 */
export const SLOTS = {
  propertyId: propertySlot,
  moveIn: moveInSlot,
  numberOfPeople: peopleSlot,
  annualIncome: incomeSlot,
  profession: occupationSlot,
  name: nameSlot,
  email: emailSlot,
  phone: phoneSlot,
  availability: availabilitySlot,
} satisfies { [K in SlotName]: SlotSpec<K> };

/** A slot's spec, typed as the common shape. */
export function slotSpec(slot: SlotName): SlotSpec {
  return SLOTS[slot];
}

/**
 * A value for the slot as it is stored, or null when the slot's validity check turns it down:
 * the one check every value passes, whoever read it.
 */
export function validValue<K extends SlotName>(
  slot: K,
  value: ExtractedFields[K] | null | undefined,
  env: CheckEnv,
): ExtractedFields[K] | null {
  if (value === null || value === undefined) return null;
  return (SLOTS[slot] as SlotSpec<K>).valid(value as NonNullable<ExtractedFields[K]>, env);
}

/** The slot's value in the model's answer for a turn, before its validity check; null when not given. */
export function modelValue<K extends SlotName>(slot: K, answer: ModelAnswer): ExtractedFields[K] | null {
  const spec = SLOTS[slot] as SlotSpec<K>;
  return (spec.fromModel ? spec.fromModel(answer) : (answer[slot] as ExtractedFields[K] | undefined)) ?? null;
}

/** The order questions are asked in. */
export const SLOT_ORDER = Object.keys(SLOTS) as SlotName[];

/** Nothing known yet. */
export function emptyFields(): ExtractedFields {
  return Object.fromEntries(SLOT_ORDER.map((slot) => [slot, null])) as ExtractedFields;
}

/** Whether the slot holds a value. */
export function isFilled(slot: SlotName, fields: ExtractedFields): boolean {
  return fields[slot] !== null;
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** The LLM's extracted fields, gathered from every slot's `llm`, in slot order. */
export type LlmFieldShape = UnionToIntersection<(typeof SLOTS)[SlotName]['llm']>;

export function llmFieldShape(): LlmFieldShape {
  return Object.assign({}, ...SLOT_ORDER.map((slot) => slotSpec(slot).llm)) as LlmFieldShape;
}

export type LlmFields = z.infer<z.ZodObject<LlmFieldShape>>;

/** A list of slots that must name every slot: one that leaves a slot out does not type-check. */
export function everySlot<const T extends readonly SlotName[]>(
  slots: T &
    ([Exclude<SlotName, T[number]>] extends [never] ? unknown : { missing: Exclude<SlotName, T[number]> }),
): readonly SlotName[] {
  return slots;
}

/**
 * The order a lead's answers are listed in wherever the agency reads a lead: the new-lead email,
 * the leads CSV's columns and the privacy export (the leads table's order). The Live tab lists the
 * tenant's contact details first, then the answers in the order they are asked (`LIVE_ORDER`).
 */
export const LEAD_ORDER = everySlot([
  'propertyId',
  'name',
  'email',
  'phone',
  'annualIncome',
  'profession',
  'numberOfPeople',
  'moveIn',
  'availability',
]);

const CONTACT_SLOTS: readonly SlotName[] = ['name', 'email', 'phone'];

/** The Live tab's order: who the tenant is, then what they answered, as asked; the listing has its own line. */
export const LIVE_ORDER: readonly SlotName[] = [
  ...CONTACT_SLOTS,
  ...SLOT_ORDER.filter((slot) => slot !== 'propertyId' && !CONTACT_SLOTS.includes(slot)),
];

/** How the slot's answer shows wherever the agency reads a lead. */
export function slotDisplay(slot: SlotName): SlotDisplay {
  return SLOTS[slot].display;
}

/** The tenant's answers as the lead stores them (the listing's details with the property slot). */
export function leadAnswers(fields: ExtractedFields, property: AgentProperty | null): LeadAnswers {
  return Object.assign({}, ...SLOT_ORDER.map((slot) => slotSpec(slot).lead(fields, property))) as LeadAnswers;
}

/** The lead's columns that hold the slot's answer: those its `lead` fills. */
export function leadColumns(slot: SlotName): Array<keyof LeadAnswers> {
  return Object.keys(slotSpec(slot).lead(emptyFields(), null)) as Array<keyof LeadAnswers>;
}

/** The lead's answer columns in `LEAD_ORDER`, as the privacy export lists them. */
const LEAD_COLUMNS = LEAD_ORDER.flatMap((slot) => leadColumns(slot));

/** A lead's answers alone, in `LEAD_COLUMNS`' order. */
export function pickLeadAnswers(lead: LeadAnswers): LeadAnswers {
  return Object.fromEntries(LEAD_COLUMNS.map((column) => [column, lead[column]])) as LeadAnswers;
}
