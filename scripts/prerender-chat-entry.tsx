// Built by scripts/prerender.ts with the chat entry's Vite config, which renders with Preact in
// place of React (vite.config.ts): the first screen is drawn by the library that hydrates it.
import { renderToString } from 'react-dom/server';
import { ChatRoot, prerenderedChatAddress } from '#web/chat/chat-app.tsx';

/** The chat's first screen, before the agency or the greeting has arrived (the same for every link). */
export function renderChatShell(): string {
  return renderToString(<ChatRoot isSignedOut initialAddress={prerenderedChatAddress} />);
}
