import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '#web/lib/utils.ts';
import { Label } from './label.tsx';

type ControlProps = {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
};

export type FormFieldProps = {
  label: ReactNode;
  /** The validation message; when set the control is marked invalid and describes itself with it. */
  error?: string;
  description?: ReactNode;
  /** The one control (Input, Textarea, DateInput, SelectTrigger…); it receives the id and aria wiring. */
  children: ReactElement<ControlProps>;
  /** Used for the control when the child has no id of its own. */
  id?: string;
  className?: string;
  /** Shows a marker after the label; validation itself stays in the form schema. */
  required?: boolean;
};

/**
 * A label, the control, an optional hint and the error message, tied together by id so that a
 * screen reader reads the label and the message with the control.
 */
export function FormField({ label, error, description, children, id, className, required }: FormFieldProps) {
  const generatedId = useId();
  const childProps = isValidElement(children) ? children.props : {};
  const controlId = childProps.id ?? id ?? generatedId;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const describedBy = [
    childProps['aria-describedby'],
    description ? descriptionId : null,
    error ? errorId : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId} className={cn(error && 'text-destructive')}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        ) : null}
      </Label>
      {cloneElement(children, {
        id: controlId,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : childProps['aria-invalid'],
      })}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
