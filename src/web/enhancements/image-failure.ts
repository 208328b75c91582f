import type { Enhancement } from './enhancement.ts';

/**
 * Shows 'Failed to load image' in place of each picture under `root` that cannot be loaded: the
 * `<picture>` is hidden and the element after it (`data-image-failure`) shown.
 */
export const showImageFailures: Enhancement = (root) => {
  const stops = [...root.querySelectorAll('img')].map((image) => {
    const picture = image.closest('picture');
    const failure = picture?.nextElementSibling;
    if (!picture || !(failure instanceof HTMLElement) || !failure.hasAttribute('data-image-failure')) {
      return () => undefined;
    }
    const fail = () => {
      picture.hidden = true;
      failure.hidden = false;
    };
    // The browser may have tried, and failed, before the script arrived: the error event is gone,
    // but the image says so (chosen, finished, and no pixels).
    if (image.complete && image.currentSrc !== '' && image.naturalWidth === 0) fail();
    image.addEventListener('error', fail);
    return () => image.removeEventListener('error', fail);
  });
  return () => {
    for (const stop of stops) stop();
  };
};
