import { type Enhancement, enable, listen, setAttribute, setHidden } from './enhancement.ts';

/**
 * A single-open, collapsible accordion (WAI-ARIA accordion pattern): each heading's button has
 * `aria-expanded` and `aria-controls` naming its answer; opening one closes the others. The item
 * around them carries `data-state` (open or closed) for styling.
 */
export const enhanceAccordion: Enhancement = (root) => {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[aria-controls]')];
  const setOpen = (button: HTMLButtonElement, open: boolean) => {
    setAttribute(button, 'aria-expanded', String(open));
    const panel = root.querySelector<HTMLElement>(
      `#${CSS.escape(button.getAttribute('aria-controls') ?? '')}`,
    );
    if (panel) setHidden(panel, !open);
    const item = button.closest('[data-state]');
    if (item) setAttribute(item, 'data-state', open ? 'open' : 'closed');
  };
  const stop = listen(root, 'click', (event) => {
    const clicked = event.target instanceof Element ? event.target.closest('button') : null;
    if (!clicked || !buttons.includes(clicked)) return;
    const opens = clicked.getAttribute('aria-expanded') !== 'true';
    for (const button of buttons) setOpen(button, opens && button === clicked);
  });
  enable(buttons);
  return stop;
};
