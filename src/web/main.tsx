import './lib/zod-config.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { queryKeys } from '#web/lib/query-keys.ts';
import { queryClient } from './lib/query-client.ts';
import { App } from './routes.tsx';
import './styles.css';

const container = document.getElementById('root')!;
// The server sends a prerendered public page, or marks the page signed out, only to a visitor
// without a session cookie: no need to ask the server who they are (and no 401 in the console).
const isPrerendered = container.dataset.prerendered !== undefined;
if (isPrerendered || container.dataset.signedOut !== undefined) {
  queryClient.setQueryData(queryKeys.user, null);
}
if (isPrerendered) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: a phone stays responsive while it runs.
  startTransition(() => {
    hydrateRoot(container, <App />);
  });
} else {
  createRoot(container).render(<App />);
}
