import { type Enhancement, enable, listen, setAttribute, setHidden } from './enhancement.ts';

/**
 * The header's menu on small screens: its button (`data-menu-toggle`, with `aria-controls`) opens
 * and closes it, and it closes on Escape, on a link chosen in it, and when the screen widens to
 * the full navigation. The button's icon and label follow `aria-expanded` through CSS.
 */
export const enhanceMenu: Enhancement = (header) => {
  const button = header.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu =
    button && header.querySelector<HTMLElement>(`#${CSS.escape(button.getAttribute('aria-controls') ?? '')}`);
  if (!button || !menu) return () => undefined;

  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    setAttribute(button, 'aria-expanded', String(open));
    setHidden(menu, !open);
  };
  const desktop = window.matchMedia('(min-width: 768px)');
  const onWiden = () => desktop.matches && setOpen(false);
  desktop.addEventListener('change', onWiden);
  const stops = [
    listen(button, 'click', () => setOpen(!isOpen())),
    listen(menu, 'click', (event) => {
      if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
    }),
    listen(document, 'keydown', (event) => {
      if (event.key === 'Escape' && isOpen()) setOpen(false);
    }),
  ];
  enable([button]);
  return () => {
    desktop.removeEventListener('change', onWiden);
    for (const stop of stops) stop();
  };
};
