import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';

/** In place of a list (table or cards): loading, error and empty states, wrapping at any width. */
export function ListPlaceholder({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-border bg-background px-4 py-12 text-center text-sm text-muted-foreground">
      {children}
    </div>
  );
}

/** A list that could not load, with a way to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <span>
      Could not load your {what}.{' '}
      <Button variant="link" className="h-auto p-0" onClick={onRetry}>
        Try again
      </Button>
    </span>
  );
}

/**
 * A dashboard tab: its heading and description with its actions beside them (below them on a
 * narrow screen), then what it holds.
 */
export function TabSection({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${title.toLowerCase().replace(/\s+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
