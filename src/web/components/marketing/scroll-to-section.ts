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
