import { useEffect, useState } from 'react';

/** Steps through `count` slides, one every `intervalMs`, looping; stays put while paused. */
export function useAutoAdvance(count: number, intervalMs: number, { isPaused }: { isPaused: boolean }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (isPaused) return;
    const timer = setTimeout(() => setIndex((index + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [index, isPaused, count, intervalMs]);
  return [index, setIndex] as const;
}
