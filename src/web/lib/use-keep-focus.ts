import { useEffect, useRef } from 'react';

/**
 * For an action whose button goes away when it is done ("Confirm I'm coming" becomes a line of
 * text, "Attended" leaves a card): when `result` changes and the focus has fallen to the page
 * with the button, puts it on the returned ref's element (the result message, the changed card),
 * so that a keyboard or screen-reader user keeps their place. Focus the user moved elsewhere
 * stays where it is. The element needs `tabIndex={-1}` unless it is focusable already.
 */
export function useKeepFocus<T extends HTMLElement>(result: unknown) {
  const ref = useRef<T>(null);
  const previous = useRef(result);
  useEffect(() => {
    if (Object.is(previous.current, result)) return;
    previous.current = result;
    if (result === null || result === undefined) return;
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, [result]);
  return ref;
}
