/**
 * An enhancement makes server-rendered markup interactive with plain DOM code, and returns what
 * undoes it. The prerendered public pages load no React: their script (src/web/site/main.ts)
 * attaches these to their islands, and the React components that render the same markup attach
 * them too (useEnhancement), so each behaviour exists once.
 */
export type Enhancement = (root: HTMLElement) => () => void;

/** Listens until the returned function is called. */
export function listen<K extends keyof HTMLElementEventMap>(
  target: HTMLElement | Document,
  type: K,
  listener: (event: HTMLElementEventMap[K]) => void,
): () => void {
  const handler = listener as EventListener;
  target.addEventListener(type, handler);
  return () => target.removeEventListener(type, handler);
}

/**
 * Buttons that need the script are rendered disabled, so that a tap before it has loaded is not
 * silently lost; the enhancement enables them.
 */
export function enable(buttons: Iterable<HTMLButtonElement>) {
  for (const button of buttons) button.disabled = false;
}
