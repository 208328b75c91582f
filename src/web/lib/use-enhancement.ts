import { useCallback } from 'react';
import type { Enhancement } from '#web/enhancements/enhancement.ts';

/**
 * A ref that attaches an enhancement (src/web/enhancements) to the element it is given, for as
 * long as that element is mounted. The component renders the markup; the enhancement makes it
 * interactive, exactly as the prerendered public pages' script does without React.
 */
export function useEnhancement<T extends HTMLElement>(enhance: Enhancement) {
  return useCallback((element: T | null) => (element ? enhance(element) : undefined), [enhance]);
}
