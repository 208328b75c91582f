// The prerendered public pages' only script (landing, pricing, demo, GDPR, 404): it hydrates
// their islands, each on its own, and leaves the rest of the page as the server sent it. No
// router, no TanStack Query, no zod: the app (src/web/main.tsx) is for every other page.
import { hydrateRoot } from 'react-dom/client';
import { type IslandProps, IslandRoot, islandIdPrefix } from '#web/components/marketing/island.tsx';
import { islands, lazyIslands } from '#web/components/marketing/islands.tsx';
import { scheduleWebVitals, trackPageView, whenIdle } from '#web/lib/analytics.ts';

async function hydrateIsland(element: HTMLElement) {
  const name = element.dataset.island ?? '';
  const Island = islands[name] ?? (await lazyIslands[name]?.());
  if (!Island) return;
  const props = JSON.parse(element.dataset.props ?? '{}') as IslandProps;
  hydrateRoot(
    element,
    <IslandRoot>
      <Island {...props} />
    </IslandRoot>,
    { identifierPrefix: islandIdPrefix(name) },
  );
}

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) void hydrateIsland(element);

// Counting the visit waits until the page is idle (web vitals wait longer still).
whenIdle(() => {
  trackPageView(window.location.pathname, document.referrer || null);
  scheduleWebVitals();
});
