import type { z } from 'zod';
import type { ExtractedFields, SlotName } from '../types.ts';
import { availabilitySlot } from './availability.ts';
import { emailSlot } from './email.ts';
import { incomeSlot } from './income.ts';
import { moveInSlot } from './move-in.ts';
import { nameSlot } from './name.ts';
import { occupationSlot } from './occupation.ts';
import { peopleSlot } from './people.ts';
import { phoneSlot } from './phone.ts';
import { propertySlot } from './property.ts';
import type { CheckEnv, ModelAnswer, SlotSpec } from './spec.ts';

export type { CheckEnv, ModelAnswer, SlotEnv, SlotSpec } from './spec.ts';

/**
 * Every slot the engine collects, in the order it asks them. The order, labels, question
 * wordings, quick replies, refusal and correction words, transcript cues, acknowledgements,
 * summary lines, lead fields and the LLM's field schema are all read from here.
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

/** The slot's value in the model's answer for a turn, checked as a parsed one is. */
export function validModelValue<K extends SlotName>(
  slot: K,
  answer: ModelAnswer,
  env: CheckEnv,
): ExtractedFields[K] | null {
  const spec = SLOTS[slot] as SlotSpec<K>;
  const raw = spec.fromModel ? spec.fromModel(answer) : (answer[slot] as ExtractedFields[K] | undefined);
  return validValue(slot, raw, env);
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
