import './lib/zod-config.ts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { queryKeys } from '#web/lib/query-keys.ts';
import { queryClient } from './lib/query-client.ts';
import { App } from './routes.tsx';
import './styles.css';

// The app renders every page the server does not send prerendered with islands (those load only
// their islands, src/web/site/main.tsx). The sign-up page is prerendered for the app: it shows
// its form at once and the app hydrates it. A page marked signed out is sent only to a visitor
// without a session cookie: no need to ask the server who they are (and no 401 in the console).
const container = document.getElementById('root')!;
if (container.dataset.signedOut !== undefined) queryClient.setQueryData(queryKeys.user, null);
if (container.dataset.prerendered !== undefined) hydrateRoot(container, <App />);
else createRoot(container).render(<App />);
