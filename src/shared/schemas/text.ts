import { z } from 'zod';

/**
 * Text a form must have: trimmed; `required` when it is missing, not text or empty, and at most
 * `max` characters (`tooLong` says so, else zod's own message).
 */
export function requiredText(required: string, max: number, tooLong?: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}
