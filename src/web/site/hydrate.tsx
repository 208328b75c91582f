// The islands React renders in the browser: loaded by the site script (main.ts) only on a page
// that has one, so the other prerendered pages receive no React at all.

import type { ComponentType } from 'react';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { DemoWalkthrough } from '#web/components/marketing/demo-walkthrough.tsx';
import { type IslandProps, IslandRoot, islandIdPrefix } from '#web/components/marketing/island.tsx';

const hydratedIslands: Record<string, ComponentType<IslandProps>> = {
  'demo-walkthrough': DemoWalkthrough,
};

export function hydrateIsland(element: HTMLElement) {
  const name = element.dataset.island ?? '';
  const Island = hydratedIslands[name];
  if (!Island) return;
  const props = JSON.parse(element.dataset.props ?? '{}') as IslandProps;
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
