import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#web/lib/api.ts';
import { toastError } from '#web/lib/toast.ts';
import { useUnauthorizedRedirect } from '#web/lib/use-unauthorized-redirect.ts';

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

/**
 * A form's save failed: off to login when the session has ended, else each field's message under
 * its field and a toast titled `title` with the reason.
 */
export function useFormFailure<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  fields: readonly Path<T>[],
) {
  const redirectIfUnauthorized = useUnauthorizedRedirect();
  return (error: unknown, title: string) => {
    if (redirectIfUnauthorized(error)) return;
    showServerFieldErrors(form, error, fields);
    toastError(title, error);
  };
}
