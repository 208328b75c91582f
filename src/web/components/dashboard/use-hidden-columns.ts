import { useCallback, useState } from 'react';
import { readHiddenColumns } from './leads-columns.tsx';

const storageKey = (userId: string) => `letlead:lead-columns:${userId}`;

function loadHidden(userId: string): string[] {
  try {
    return readHiddenColumns(window.localStorage.getItem(storageKey(userId)));
  } catch {
    // Storage refused (private mode, a blocked site): the defaults, for this visit only.
    return readHiddenColumns(null);
  }
}

/**
 * The leads table columns this user hid, remembered in this browser per user (two agents sharing
 * a computer each keep their own).
 */
export function useHiddenColumns(userId: string) {
  const [state, setState] = useState(() => ({ userId, hidden: loadHidden(userId) }));
  const hidden = state.userId === userId ? state.hidden : loadHidden(userId);
  const setColumnShown = useCallback(
    (columnId: string, isShown: boolean) => {
      setState((current) => {
        const before = current.userId === userId ? current.hidden : loadHidden(userId);
        const next = isShown ? before.filter((id) => id !== columnId) : [...new Set([...before, columnId])];
        try {
          window.localStorage.setItem(storageKey(userId), JSON.stringify(next));
        } catch {
          // Not remembered, but the choice still applies now.
        }
        return { userId, hidden: next };
      });
    },
    [userId],
  );
  return { hidden, setColumnShown };
}
