// The tenant's viewing page's own entry: the page behind the link in a viewing's emails and texts,
// most often opened on a phone. Like the chat (src/web/chat/), it is built apart from the app and
// renders with Preact (vite.config.ts), so that the phone loads the page and not the dashboard's
// framework: TanStack Query and the router come along, for the page's own few uses of them.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Router } from 'wouter';
import { queryClient } from '#web/lib/query-client.ts';
import { usePageAnalytics } from '#web/lib/use-page-analytics.ts';
import ManageViewingPage from '#web/pages/viewings/manage-viewing-page.tsx';
import '../styles.css';

/** The server sends this page only for `/viewings/{token}`. */
function ViewingApp() {
  usePageAnalytics(window.location.pathname);
  return (
    <Router>
      <Route path="/viewings/:token" component={ManageViewingPage} />
    </Router>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ViewingApp />
    </QueryClientProvider>
  </StrictMode>,
);
