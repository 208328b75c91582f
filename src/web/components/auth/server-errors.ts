import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#web/lib/api.ts';

/**
 * The server checks with the same schema and answers `{ errors: { field: message } }`: put each
 * message under its field. Answers whether any landed.
 */
export function showServerFieldErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const errors = (error.body as { errors?: Record<string, string> } | null)?.errors;
  if (!errors) return false;
  let shown = false;
  for (const field of fields) {
    const message = errors[field];
    if (message) {
      form.setError(field, { message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}
