import { Loader2Icon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

export type SpinnerProps = ComponentProps<'svg'> & {
  /** What is loading, for screen readers; pass `null` when the spinner sits beside visible text. */
  label?: string | null;
};

export function Spinner({ className, label = 'Loading', ...props }: SpinnerProps) {
  return (
    <Loader2Icon
      role={label ? 'status' : undefined}
      aria-label={label ?? undefined}
      aria-hidden={label ? undefined : true}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
