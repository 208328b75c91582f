import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { decodePath, holdingPagePath, matchChatRoute } from '#shared/chat-routes.ts';
import { DeferredToaster } from '#web/components/ui/deferred-toaster.tsx';
import { PageFallback } from '#web/components/ui/page-fallback.tsx';
import { usePageAnalytics } from '#web/lib/use-page-analytics.ts';
import { ChatPage } from '#web/pages/chat/chat-page.tsx';

const HoldingPage = lazy(() => import('#web/pages/chat/holding-page.tsx'));

export type ChatAddress = { pathname: string; search: string };

function currentAddress(): ChatAddress {
  return { pathname: window.location.pathname, search: window.location.search };
}

/**
 * The chat entry's pages. `initialAddress` is given by the build, which prerenders the chat's
 * first screen (scripts/prerender.ts); in the browser the page reads the address bar.
 */
function ChatApp({ isSignedOut, initialAddress }: { isSignedOut: boolean; initialAddress?: ChatAddress }) {
  const [address, setAddress] = useState(() => initialAddress ?? currentAddress());
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

/** Everything the chat entry renders, in the browser and in the build's prerender. */
export function ChatRoot(props: { isSignedOut: boolean; initialAddress?: ChatAddress }) {
  return (
    <StrictMode>
      <ChatApp {...props} />
      <DeferredToaster mountOn="first-toast" />
    </StrictMode>
  );
}

/** The address the build prerenders the chat's first screen at: any agency's link looks the same. */
export const prerenderedChatAddress: ChatAddress = { pathname: '/chatbot/agency', search: '' };
