/**
 * When the account forms check their fields: first on submit, then as the user types. Not on
 * blur: a message appearing under a field as focus leaves it moves the submit button away from
 * the pointer between mouse down and mouse up, and the first click misses.
 */
export const validationModes = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;
