import { type RefObject, useEffect } from 'react';

/**
 * Keeps a full-height page inside what the phone shows above its keyboard. Safari on iOS (and
 * Chrome on Android, unless told to resize the page) opens the keyboard over the bottom of the
 * page and pans it: the message box at the bottom went under the keyboard, or the header off the
 * top. While the visible part is shorter than the page, the element takes its height and follows
 * it; a pinch zoom (scale above 1) is left alone.
 */
export function useFitVisualViewport(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const viewport = window.visualViewport;
    const element = ref.current;
    if (!viewport || !element) return;
    const followViewport = () => {
      const isCovered =
        Math.abs(viewport.scale - 1) < 0.01 && viewport.height < document.documentElement.clientHeight - 1;
      element.style.height = isCovered ? `${viewport.height}px` : '';
      element.style.transform =
        isCovered && viewport.offsetTop > 0 ? `translateY(${viewport.offsetTop}px)` : '';
    };
    followViewport();
    viewport.addEventListener('resize', followViewport);
    viewport.addEventListener('scroll', followViewport);
    return () => {
      viewport.removeEventListener('resize', followViewport);
      viewport.removeEventListener('scroll', followViewport);
      element.style.height = '';
      element.style.transform = '';
    };
  }, [ref]);
}
