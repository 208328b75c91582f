// The prerendered public pages' only script (landing, pricing, demo, GDPR, 404): it hydrates
// their islands, each on its own, and leaves the rest of the page as the server sent it. No
// router, no TanStack Query, no zod: the app (src/web/main.tsx) is for every other page.
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type IslandProps, IslandRoot, islandIdPrefix } from '#web/components/marketing/island.tsx';
import { islands, lazyIslands } from '#web/components/marketing/islands.tsx';
import { scheduleWebVitals, trackPageView, whenIdle } from '#web/lib/analytics.ts';

/** Lets the browser paint and answer input before the next piece of work. */
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));

async function hydrateIsland(element: HTMLElement) {
  const name = element.dataset.island ?? '';
  const Island = islands[name] ?? (await lazyIslands[name]?.());
  if (!Island) return;
  const props = JSON.parse(element.dataset.props ?? '{}') as IslandProps;
  await yieldToBrowser();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole island: a phone stays responsive while it runs.
  startTransition(() => {
    hydrateRoot(
      element,
      <IslandRoot>
        <Island {...props} />
      </IslandRoot>,
      { identifierPrefix: islandIdPrefix(name) },
    );
  });
}

// One island after another, in page order: the header and the hero come first.
for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) await hydrateIsland(element);

// Counting the visit waits until the page is idle (web vitals wait longer still).
whenIdle(() => {
  trackPageView(window.location.pathname, document.referrer || null);
  scheduleWebVitals();
});
