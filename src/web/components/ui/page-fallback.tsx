import { cn } from '#web/lib/utils.ts';

/** A spinner announced politely as "Loading…", centred in a box of the given size. */
export function LoadingSpinner({ className }: { className?: string }) {
  return (
    <div className={cn('flex items-center justify-center', className)} role="status" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <span className="size-6 animate-spin rounded-full border-2 border-primary border-t-transparent motion-reduce:animate-none" />
    </div>
  );
}

/** What a page shows while its code or its first data loads. */
export function PageFallback() {
  return <LoadingSpinner className="min-h-screen" />;
}
