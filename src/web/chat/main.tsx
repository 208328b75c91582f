// The public chat's own entry: the tenant chat and the holding page it may send the tenant to.
// It leaves out what only the signed-in app needs (TanStack Query, the router, zod), so that a
// tenant's phone loads little more than React; the server sends this page for those two paths.
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { decodePath, holdingPagePath, matchChatRoute } from '#shared/chat-routes.ts';
import { DeferredToaster } from '#web/components/ui/deferred-toaster.tsx';
import { PageFallback } from '#web/components/ui/page-fallback.tsx';
import { usePageAnalytics } from '#web/lib/analytics.ts';
import { ChatPage } from '#web/pages/chat/chat-page.tsx';
import '../styles.css';

const HoldingPage = lazy(() => import('#web/pages/chat/holding-page.tsx'));

function currentAddress() {
  return { pathname: window.location.pathname, search: window.location.search };
}

function ChatApp({ isSignedOut }: { isSignedOut: boolean }) {
  const [address, setAddress] = useState(currentAddress);
  useEffect(() => {
    const handlePopState = () => setAddress(currentAddress());
    window.addEventListener('popstate', handlePopState);
    return () => window.removeEventListener('popstate', handlePopState);
  }, []);
  usePageAnalytics(decodePath(address.pathname));

  const route = matchChatRoute(address.pathname, address.search);
  // The server sends this page only for the paths below: any other belongs to the main app.
  useEffect(() => {
    if (route.page === 'none') window.location.replace('/');
  }, [route.page]);

  if (route.page === 'holding') {
    return (
      <Suspense fallback={<PageFallback />}>
        <HoldingPage companySlug={route.companySlug} isSignedOut={isSignedOut} />
      </Suspense>
    );
  }
  if (route.page === 'chat') {
    const { companySlug, propertySlug } = route;
    // The agency cannot take a new enquiry: the holding page replaces the chat in the history.
    const goToHoldingPage = () => {
      window.history.replaceState(null, '', holdingPagePath(companySlug));
      setAddress(currentAddress());
    };
    return <ChatPage companySlug={companySlug} propertySlug={propertySlug} onHoldingPage={goToHoldingPage} />;
  }
  return <PageFallback />;
}

// Framed by the website widget: Escape inside the chat closes the widget's panel. The message
// carries nothing, so any parent may receive it; the widget checks that it comes from us.
if (window.parent !== window) {
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') window.parent.postMessage({ type: 'letlead:close' }, '*');
  });
}

const container = document.getElementById('root')!;
createRoot(container).render(
  <StrictMode>
    <ChatApp isSignedOut={container.dataset.signedOut !== undefined} />
    <DeferredToaster mountOn="first-toast" />
  </StrictMode>,
);
