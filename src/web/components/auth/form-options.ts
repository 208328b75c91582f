import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * When the account forms check their fields: first on submit, then as the user types. Not on
 * blur: a message appearing under a field as focus leaves it moves the submit button away from
 * the pointer between mouse down and mouse up, and the first click misses.
 */
export const validationModes = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;

/**
 * A form checked by its one zod schema, at the moments `validationModes` gives; its values are
 * the schema's input while typing and its output on submit.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: ZodType<Output, Input>,
  defaultValues: NoInfer<DefaultValues<Input>>,
) {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    ...validationModes,
  });
}
