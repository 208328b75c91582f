import type { ReactNode } from 'react';
import { Router } from 'wouter';

/**
 * Islands: the few interactive parts of the prerendered public pages (menu, hero demo, FAQ,
 * footer shortcuts, walkthrough). A prerendered page loads no app and no React: its script
 * attaches each island's enhancement (src/web/site/main.ts, src/web/enhancements/) and everything
 * else stays static HTML.
 *
 * In the app, an island is just its children. In the prerender (scripts/prerender-entry.tsx), it
 * is a wrapper holding the island rendered on its own, with its name and props in data attributes.
 */
export type IslandProps = Record<string, string | number | boolean | null>;

type IslandRenderer = (name: string, props: IslandProps) => string;
let renderIsland: IslandRenderer | undefined;

/** Set by the prerender only: islands then render as separate roots. */
export function setIslandRenderer(renderer: IslandRenderer) {
  renderIsland = renderer;
}

/** ID prefix of an island's root, so that the ids (useId) of separately rendered islands never clash. */
export const islandIdPrefix = (name: string) => `${name}-`;

/** An island wrapper takes no box of its own: the island lays out as if it were not there. */
const wrapperStyle = { display: 'contents' } as const;

export function Island({
  name,
  props = {},
  children,
}: {
  name: string;
  props?: IslandProps;
  children: ReactNode;
}) {
  if (!renderIsland) return children;
  return (
    <div
      data-island={name}
      data-props={JSON.stringify(props)}
      style={wrapperStyle}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own prerendered markup
      dangerouslySetInnerHTML={{ __html: renderIsland(name, props) }}
    />
  );
}

// On a static page there is no app to show another path: every link loads its page in full.
const fullPageLocation = (): [string, (to: string) => void] => [
  typeof window === 'undefined' ? '/' : window.location.pathname,
  (to) => window.location.assign(to),
];

/** What every island root renders around its island in the prerender: links as plain links. */
export function IslandRoot({ children }: { children: ReactNode }) {
  return <Router hook={fullPageLocation}>{children}</Router>;
}
