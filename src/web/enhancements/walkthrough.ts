import {
  type Enhancement,
  enable,
  listen,
  setAttribute,
  setHidden,
  showPlayPauseFace,
} from './enhancement.ts';

/** How long each step of the demo page's walkthrough shows while it plays. */
export const WALKTHROUGH_STEP_MS = 6000;

/**
 * Plays the demo page's walkthrough (DemoWalkthrough marks its markup): one step every 6 s,
 * looping, with play/pause (`data-walkthrough-toggle`, its faces `data-play-face`),
 * previous/next (`data-walkthrough-go="-1|1"`) and the steps' own buttons
 * (`data-walkthrough-step`, `aria-current="step"` on the one shown). Each step's screen and caption
 * (`data-walkthrough-screen`, `data-walkthrough-caption`) is in the markup, hidden until shown; the
 * captions' live region speaks only once the visitor has taken control or it is paused. Visitors
 * who prefer less motion get the first step, still.
 */
export const playWalkthrough: Enhancement = (root) => {
  const all = (selector: string) => [...root.querySelectorAll<HTMLElement>(selector)];
  const screens = all('[data-walkthrough-screen]');
  const captions = all('[data-walkthrough-caption]');
  const stepButtons = all('[data-walkthrough-step]');
  const progress = root.querySelector<HTMLElement>('[data-walkthrough-progress]');
  const liveRegion = root.querySelector<HTMLElement>('[aria-live]');
  const count = screens.length;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let index = 0;
  let isPausedByVisitor: boolean | null = null;
  let hasInteracted = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const isPaused = () => isPausedByVisitor ?? reducedMotion.matches;
  const show = (next: number) => {
    index = (next + count) % count;
    const paused = isPaused();
    for (const [position, screen] of screens.entries()) setHidden(screen, position !== index);
    for (const [position, caption] of captions.entries()) setHidden(caption, position !== index);
    for (const [position, button] of stepButtons.entries()) {
      if (position === index) setAttribute(button, 'aria-current', 'step');
      else button.removeAttribute('aria-current');
    }
    showPlayPauseFace(root, paused);
    if (liveRegion) setAttribute(liveRegion, 'aria-live', hasInteracted || paused ? 'polite' : 'off');
    if (progress) {
      progress.toggleAttribute('data-paused', paused);
      // The bar fills again from empty for the step now showing; paused, it is full (CSS) and still.
      // (Rewinding keeps the animation CSS's: cancel() would hand it to the script for good.)
      for (const animation of paused ? [] : (progress.getAnimations?.() ?? [])) animation.currentTime = 0;
    }
    clearTimeout(timer);
    if (!paused) timer = setTimeout(() => show(index + 1), WALKTHROUGH_STEP_MS);
  };
  const onMotionPreference = () => {
    if (isPausedByVisitor === null) show(reducedMotion.matches ? 0 : index);
  };

  reducedMotion.addEventListener('change', onMotionPreference);
  const stop = listen(root, 'click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    hasInteracted = true;
    if (button.hasAttribute('data-walkthrough-toggle')) {
      isPausedByVisitor = !isPaused();
      show(index);
    } else if (button.dataset.walkthroughGo) {
      show(index + Number(button.dataset.walkthroughGo));
    } else if (button.dataset.walkthroughStep) {
      show(Number(button.dataset.walkthroughStep));
    }
  });
  show(0);
  enable(root.querySelectorAll('button'));
  return () => {
    clearTimeout(timer);
    reducedMotion.removeEventListener('change', onMotionPreference);
    stop();
  };
};
