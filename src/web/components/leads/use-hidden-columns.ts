import { useCallback } from 'react';
import { useUserPreference } from '#web/components/dashboard/use-user-preference.ts';
import { readHiddenColumns } from './leads-columns.tsx';

/** The leads table columns this user hid, remembered in this browser per user. */
export function useHiddenColumns(userId: string) {
  const [hidden, setHidden] = useUserPreference('lead-columns', userId, readHiddenColumns);
  const setColumnShown = useCallback(
    (columnId: string, isShown: boolean) =>
      setHidden((before) =>
        isShown ? before.filter((id) => id !== columnId) : [...new Set([...before, columnId])],
      ),
    [setHidden],
  );
  return { hidden, setColumnShown };
}
