// The prerendered public pages' only script (landing, pricing, demo, GDPR, 404). It loads no
// React: their islands are made interactive by enhancements (src/web/enhancements), plain DOM code
// that the React components rendering the same markup use too.
import { islandEnhancements } from '#web/enhancements/islands.ts';
import { scheduleWebVitals, trackPageView } from '#web/lib/analytics.ts';
import { whenIdle } from '#web/lib/when-idle.ts';

for (const island of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const enhance = islandEnhancements[island.dataset.island ?? ''];
  const root = island.firstElementChild;
  if (enhance && root instanceof HTMLElement) enhance(root);
}

// Counting the visit waits until the page is idle (web vitals wait longer still).
whenIdle(() => {
  trackPageView(window.location.pathname, document.referrer || null);
  scheduleWebVitals();
});
