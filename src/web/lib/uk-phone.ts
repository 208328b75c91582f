import { useSyncExternalStore } from 'react';
import type { formatUkPhone } from '#shared/format/phone.ts';

// The phone layout of the dashboard's first screen (the leads' table, cards and search). Its
// libphonenumber parser is a chunk of its own, fetched as this module loads, beside the leads
// themselves, instead of holding back the dashboard's first paint; the leads tab shows its
// loading rows until both have arrived, so no number is ever drawn twice. The lazily loaded tabs
// and panels import `formatUkPhone` from #shared/format/phone.ts, with its parser.

let format: typeof formatUkPhone | undefined;
let isSettled = false;
const listeners = new Set<() => void>();

/** Settles once the layout can be used: the parser has arrived, or could not be fetched. */
export const phoneLayoutLoaded: Promise<void> = import('#shared/format/phone.ts')
  .then(
    (module) => {
      format = module.formatUkPhone;
    },
    () => {
      // Offline for a moment: numbers are shown as they were stored rather than not at all.
    },
  )
  .finally(() => {
    isSettled = true;
    for (const listener of listeners) listener();
  });

/** `formatUkPhone` once its parser has arrived; before that (or without it) the number as stored. */
export function formatPhone(value: string | null | undefined): string {
  return format ? format(value) : (value ?? '');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once `formatPhone` lays numbers out as they will stay. */
export function usePhoneLayoutReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isSettled,
    () => isSettled,
  );
}
