/**
 * A spinner announced politely as "Loading…", centred in a box of the given size. The classes are
 * joined as they are, without `cn`: the chat's first screen shows it and carries no class merger.
 */
export function LoadingSpinner({ className }: { className?: string }) {
  return (
    <div className={`flex items-center justify-center ${className ?? ''}`} role="status" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <span className="size-6 animate-spin rounded-full border-2 border-primary border-t-transparent motion-reduce:animate-none" />
    </div>
  );
}

/** What a page shows while its code or its first data loads. */
export function PageFallback() {
  return <LoadingSpinner className="min-h-screen" />;
}
