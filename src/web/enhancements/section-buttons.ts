import { type Enhancement, enable, listen } from './enhancement.ts';

/**
 * Scrolls smoothly to a section of the landing page (instantly for visitors who prefer less
 * motion), records it in the address bar and moves keyboard focus there.
 */
export function scrollToSection(id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  const prefersReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: prefersReduced ? 'auto' : 'smooth', block: 'start' });
  history.replaceState(history.state, '', `#${id}`);
  section.focus({ preventScroll: true });
}

/**
 * The footer: its buttons with `data-scroll-to` scroll to that section, and `data-current-year`
 * shows this year (a prerendered page was built in some earlier one).
 */
export const enhanceFooter: Enhancement = (footer) => {
  const buttons = [...footer.querySelectorAll<HTMLButtonElement>('button[data-scroll-to]')];
  const stop = listen(footer, 'click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && buttons.includes(button)) scrollToSection(button.dataset.scrollTo ?? '');
  });
  const thisYear = String(new Date().getFullYear());
  for (const year of footer.querySelectorAll('[data-current-year]')) {
    if (year.textContent !== thisYear) year.textContent = thisYear;
  }
  enable(buttons);
  return stop;
};
