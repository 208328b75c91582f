// The public chat's own entry: the tenant chat and the holding page it may send the tenant to.
// It leaves out what only the signed-in app needs (TanStack Query, the router, zod), so that a
// tenant's phone loads little more than React; the server sends this page for those two paths.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchChatRoute } from '#shared/chat-routes.ts';
import { ChatRoot } from './chat-app.tsx';
import '../styles.css';

// Framed by the website widget: Escape inside the chat closes the widget's panel. The message
// carries nothing, so any parent may receive it; the widget checks that it comes from us.
if (window.parent !== window) {
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') window.parent.postMessage({ type: 'letlead:close' }, '*');
  });
}

// The page arrives with the chat's first screen already drawn (header, the assistant typing; see
// scripts/prerender.ts), which React hydrates, as a transition so that the phone stays responsive.
// The holding page, loaded directly, is drawn from scratch instead.
const container = document.getElementById('root')!;
const isSignedOut = container.dataset.signedOut !== undefined;
const isChat = matchChatRoute(window.location.pathname, window.location.search).page === 'chat';
if (container.dataset.prerendered !== undefined && isChat) {
  startTransition(() => {
    hydrateRoot(container, <ChatRoot isSignedOut={isSignedOut} />);
  });
} else {
  createRoot(container).render(<ChatRoot isSignedOut={isSignedOut} />);
}
