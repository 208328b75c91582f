// Built by scripts/prerender.ts with Vite's SSR build, so the pages compile exactly as in the browser.
import { prerenderToNodeStream } from 'react-dom/static';
import { queryClient } from '#web/lib/query-client.ts';
import { App } from '#web/routes.tsx';

/** The HTML of the app at a path, for a signed-out visitor, once every lazy page has loaded. */
export async function renderPage(path: string): Promise<string> {
  queryClient.clear();
  queryClient.setQueryData(['/api/auth/user'], null);
  const { prelude } = await prerenderToNodeStream(<App ssrPath={path} />);
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}
