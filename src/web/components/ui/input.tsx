import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

export const inputClassName =
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-colors outline-none placeholder:text-muted-foreground file:border-0 file:bg-transparent file:text-sm file:font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive md:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClassName, className)} {...props} />;
}

/** A whole-number box whose value is a number, or null while empty (or not a number). */
export function NumberInput({
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: number | null | undefined;
  onValueChange: (value: number | null) => void;
}) {
  return (
    <Input
      {...props}
      type="number"
      inputMode="numeric"
      step={1}
      value={value ?? ''}
      onChange={(event) => {
        const number = event.target.valueAsNumber;
        onValueChange(Number.isNaN(number) ? null : number);
      }}
    />
  );
}
