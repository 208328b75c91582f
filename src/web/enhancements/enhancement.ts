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

/**
 * Shows or hides an element, touching it only if that changes anything: a needless write still
 * makes the browser recompute the element's style.
 */
export function setHidden(element: HTMLElement, hidden: boolean) {
  if (element.hidden !== hidden) element.hidden = hidden;
}

/** Shows the face of a play/pause button (PlayPauseFaces) that says what pressing it will do. */
export function showPlayPauseFace(root: HTMLElement, isPaused: boolean) {
  for (const face of root.querySelectorAll<HTMLElement>('[data-play-face]')) {
    setHidden(face, face.dataset.playFace !== (isPaused ? 'paused' : 'playing'));
  }
}

/** Sets an attribute, touching the element only if that changes anything. */
export function setAttribute(element: Element, name: string, value: string) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
