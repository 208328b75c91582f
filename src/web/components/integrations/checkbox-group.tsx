import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A form's choice of several values (API key scopes, webhook events): one checkbox each,
 * registered with `registration`, and the group's validation message under them.
 */
export function CheckboxGroup({
  legend,
  options,
  registration,
  error,
  errorId,
}: {
  legend: string;
  options: { value: string; label: ReactNode }[];
  registration: UseFormRegisterReturn;
  /** The message while the choice is invalid. */
  error: string | undefined;
  /** The message's id, which the group points to while it shows. */
  errorId: string;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 items-center gap-3 rounded-md border border-border px-3 py-2"
          >
            <input type="checkbox" value={option.value} className="size-4 accent-primary" {...registration} />
            <span className="text-sm">{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
