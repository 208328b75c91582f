import { type Enhancement, setAttribute, setHidden, showPlayPauseFace } from './enhancement.ts';
import { playDemo } from './play-demo.ts';

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
  const step = (index: number) => (index + count) % count;

  return playDemo<number>(root, {
    first: 0,
    still: 0,
    toggle: 'data-walkthrough-toggle',
    next: (index) => ({ frame: step(index + 1), after: WALKTHROUGH_STEP_MS }),
    draw: (index, { isPaused, hasVisitorActed }) => {
      for (const [position, screen] of screens.entries()) setHidden(screen, position !== index);
      for (const [position, caption] of captions.entries()) setHidden(caption, position !== index);
      for (const [position, button] of stepButtons.entries()) {
        if (position === index) setAttribute(button, 'aria-current', 'step');
        else button.removeAttribute('aria-current');
      }
      showPlayPauseFace(root, isPaused);
      if (liveRegion) setAttribute(liveRegion, 'aria-live', hasVisitorActed || isPaused ? 'polite' : 'off');
      if (progress) {
        progress.toggleAttribute('data-paused', isPaused);
        // The bar fills again from empty for the step now showing; paused, it is full (CSS) and still.
        // (Rewinding keeps the animation CSS's: cancel() would hand it to the script for good.)
        for (const animation of isPaused ? [] : (progress.getAnimations?.() ?? [])) animation.currentTime = 0;
      }
    },
    onButton: (button, index) => {
      if (button.dataset.walkthroughGo) {
        return { frame: step(index + Number(button.dataset.walkthroughGo)), pauses: false };
      }
      if (button.dataset.walkthroughStep) {
        return { frame: step(Number(button.dataset.walkthroughStep)), pauses: false };
      }
      return null;
    },
  });
};
