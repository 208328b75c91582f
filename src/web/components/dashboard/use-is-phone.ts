import { useSyncExternalStore } from 'react';

/** Below Tailwind's `sm` breakpoint: the leads and properties show as cards, not tables. */
const PHONE_QUERY = '(max-width: 639.98px)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(PHONE_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Whether the screen is phone-sized, read on the first render (no table flashes on a phone). */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
