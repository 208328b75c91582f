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

/**
 * A dashboard tab on its way (its code or its first data on a slow connection): grey blocks where
 * its heading, description, actions and first rows will be, announced once as "Loading…". The
 * heading's block sits where the heading will, so nothing moves when the tab arrives.
 */
export function TabSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('grid min-h-72 content-start gap-4', className)} role="status" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <div className="grid gap-1">
        <Skeleton data-placeholder="heading" className="h-7 w-44" />
        <Skeleton className="h-5 w-full max-w-md" />
      </div>
      <Skeleton className="h-10 w-full max-w-xs" />
      <Skeleton className="h-24 w-full rounded-lg" />
      <Skeleton className="h-24 w-full rounded-lg" />
      <Skeleton className="h-24 w-full rounded-lg" />
    </div>
  );
}

/** Grey rows where a card's list or form will be, announced once to screen readers as loading `what`. */
export function RowsSkeleton({ what, rows, className }: { what: string; rows: number; className?: string }) {
  return (
    <div role="status" className="grid gap-2">
      <span className="sr-only">Loading {what}…</span>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} className={cn('h-9 w-full', className)} />
      ))}
    </div>
  );
}
