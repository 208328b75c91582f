import { useEffect, useState } from 'react';

/**
 * False in the prerendered HTML and while React hydrates it, true from then on. Buttons that need
 * the script are disabled until then, so that a tap before it has loaded is not silently lost.
 */
export function useIsHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  return isHydrated;
}
