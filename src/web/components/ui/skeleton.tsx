import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

/** A grey placeholder shaped like the content to come; hidden from screen readers (announce loading elsewhere). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
