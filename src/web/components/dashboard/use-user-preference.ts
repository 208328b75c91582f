import { useCallback, useState } from 'react';

function load<T>(key: string, read: (stored: string | null) => T): T {
  try {
    return read(window.localStorage.getItem(key));
  } catch {
    // Storage refused (private mode, a blocked site): the default, for this visit only.
    return read(null);
  }
}

/**
 * A dashboard choice remembered in this browser per user (two agents sharing a computer each
 * keep their own): `read` turns what is stored (or null, or nonsense) into the value.
 */
export function useUserPreference<T>(
  name: string,
  userId: string,
  read: (stored: string | null) => T,
): [T, (update: (current: T) => T) => void] {
  const key = `letlead:${name}:${userId}`;
  const [state, setState] = useState(() => ({ key, value: load(key, read) }));
  const value = state.key === key ? state.value : load(key, read);
  const update = useCallback(
    (change: (current: T) => T) => {
      setState((current) => {
        const next = change(current.key === key ? current.value : load(key, read));
        try {
          window.localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // Not remembered, but the choice still applies now.
        }
        return { key, value: next };
      });
    },
    [key, read],
  );
  return [value, update];
}
