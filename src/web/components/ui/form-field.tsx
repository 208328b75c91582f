import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '#web/lib/utils.ts';
import { Label } from './label.tsx';

export type FormControlProps = {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
};

export type FormFieldProps = {
  label: ReactNode;
  /** The validation message; when set the control is marked invalid and describes itself with it. */
  error?: string;
  description?: ReactNode;
  /**
   * The one control (Input, Textarea, DateInput…), which receives the id and aria wiring; or, for a
   * compound control such as Select, a function that puts the given props on the focusable part:
   * `{(props) => <Select …><SelectTrigger {...props}>…</SelectTrigger>…</Select>}`.
   */
  children: ReactElement<FormControlProps> | ((props: FormControlProps & { id: string }) => ReactNode);
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
  const childProps: FormControlProps = isValidElement(children) ? children.props : {};
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
  const controlProps = {
    id: controlId,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error ? true : childProps['aria-invalid'],
  };

  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={controlId} className={cn(error && 'text-destructive')}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        ) : null}
      </Label>
      {typeof children === 'function' ? children(controlProps) : cloneElement(children, controlProps)}
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

/** Several messages for one control, one a line (each failing rule, each refused file); nothing when there are none. */
export function ErrorList({
  messages,
  id,
  role,
}: {
  messages: readonly string[];
  id?: string;
  role?: 'alert';
}) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} role={role} className="space-y-1 text-sm font-medium text-destructive">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
