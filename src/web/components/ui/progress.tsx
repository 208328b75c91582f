import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

// A progress bar without a name is announced as just a number, so one is required.
type AccessibleName = { 'aria-label': string } | { 'aria-labelledby': string };

export type ProgressProps = ComponentProps<typeof ProgressPrimitive.Root> &
  AccessibleName & {
    /** Colours the filled part, e.g. `bg-amber-500` when credits run low, `bg-destructive` when out. */
    indicatorClassName?: string;
  };

export function Progress({ className, indicatorClassName, value, max = 100, ...props }: ProgressProps) {
  const percent = value == null || max <= 0 ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      value={value}
      max={max}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn('h-full w-full flex-1 bg-primary transition-transform', indicatorClassName)}
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
