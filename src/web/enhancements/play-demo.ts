import { enable, listen } from './enhancement.ts';

/** A demo that plays by itself, one frame after another (the hero demo, the demo page's walkthrough). */
export type PlayingDemo<F> = {
  /** The frame it opens on; and the one it stands on for visitors who prefer less motion. */
  first: F;
  still: F;
  /** The attribute that marks its play/pause button. */
  toggle: string;
  /** The frame after `frame`, and how long `frame` shows before it (ms). */
  next: (frame: F) => { frame: F; after: number };
  /** Shows `frame`: standing still when `isPaused`; `hasVisitorActed` once any of its buttons was pressed. */
  draw: (frame: F, state: { isPaused: boolean; hasVisitorActed: boolean }) => void;
  /** Another of its buttons, pressed: the frame to show and whether that pauses it, or null. */
  onButton: (button: HTMLButtonElement, frame: F) => { frame: F; pauses: boolean } | null;
};

/**
 * Plays a demo with timers, so that a test clock can drive it. It plays unless the visitor has
 * paused it or, until they press play, prefers less motion (it then shows `still`). Returns what
 * stops it.
 */
export function playDemo<F>(root: HTMLElement, demo: PlayingDemo<F>): () => void {
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let frame = reducedMotion.matches ? demo.still : demo.first;
  let isPausedByVisitor: boolean | null = null;
  let hasVisitorActed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const isPaused = () => isPausedByVisitor ?? reducedMotion.matches;
  const show = (next: F) => {
    frame = next;
    demo.draw(frame, { isPaused: isPaused(), hasVisitorActed });
    clearTimeout(timer);
    if (isPaused()) return;
    const { frame: after, after: delay } = demo.next(frame);
    timer = setTimeout(() => show(after), delay);
  };
  const onMotionPreference = () => {
    if (isPausedByVisitor === null) show(reducedMotion.matches ? demo.still : frame);
  };

  reducedMotion.addEventListener('change', onMotionPreference);
  const stop = listen(root, 'click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    hasVisitorActed = true;
    if (button.hasAttribute(demo.toggle)) {
      isPausedByVisitor = !isPaused();
      show(frame);
      return;
    }
    const chosen = demo.onButton(button, frame);
    if (!chosen) return;
    if (chosen.pauses) isPausedByVisitor = true;
    show(chosen.frame);
  });
  show(frame);
  enable(root.querySelectorAll('button'));
  return () => {
    clearTimeout(timer);
    reducedMotion.removeEventListener('change', onMotionPreference);
    stop();
  };
}
