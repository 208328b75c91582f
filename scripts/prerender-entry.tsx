// Built by scripts/prerender.ts with Vite's SSR build, so the pages compile exactly as in the browser.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { IslandRoot, islandIdPrefix, setIslandRenderer } from '#web/components/marketing/island.tsx';
import { islands } from '#web/components/marketing/islands.tsx';
import { queryClient } from '#web/lib/query-client.ts';
import { App } from '#web/routes.tsx';

// Each island is rendered as its own root, which src/web/site/ enhances.
setIslandRenderer((name, props) => {
  const Island = islands[name];
  if (!Island) throw new Error(`No island is called ${name} (src/web/components/marketing/islands.tsx)`);
  return renderToString(
    <IslandRoot>
      <Island {...props} />
    </IslandRoot>,
    { identifierPrefix: islandIdPrefix(name) },
  );
});

/**
 * The HTML of the app at a path (and query string, without `?`), for a signed-out visitor, once
 * every lazy page has loaded.
 */
export async function renderPage(path: string, search = ''): Promise<string> {
  queryClient.clear();
  queryClient.setQueryData(['/api/auth/user'], null);
  return prerender(<App ssrPath={path} ssrSearch={search} />, path);
}

async function prerender(element: ReactNode, path: string): Promise<string> {
  // An error while rendering would leave the part to the browser: the build fails instead.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(element, {
    onError: (error) => {
      errors.push(error);
    },
  });
  let html = '';
  for await (const chunk of prelude) html += chunk;
  if (errors.length > 0) throw new Error(`Prerendering ${path} failed`, { cause: errors[0] });
  return html;
}
