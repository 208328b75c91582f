import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { matchChatRoute } from './src/shared/chat-routes.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);
const webRoot = new URL('./src/web', import.meta.url).pathname;

/**
 * The dev server's part of what the production server does (src/server/features/site/web-pages.ts):
 * the chat and holding pages get the chat entry, every other page the app.
 */
function chatEntryInDev(): Plugin {
  return {
    name: 'letlead-chat-entry-in-dev',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const pathname = request.url?.split(/[?#]/)[0] ?? '';
        if (matchChatRoute(pathname, '').page !== 'none') request.url = '/chat/index.html';
        next();
      });
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), chatEntryInDev()],
  resolve: {
    alias: {
      '#web': new URL('./src/web', import.meta.url).pathname,
      '#shared': new URL('./src/shared', import.meta.url).pathname,
      '#agent': new URL('./src/agent', import.meta.url).pathname,
    },
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // scripts/prerender.ts and bench/web.ts read which chunks each page needs from it.
    manifest: true,
    rolldownOptions: {
      // Two pages: the app, and the public chat with its holding page (their own, lighter entry).
      // The chat's sits in a folder so that its file is never served by name: the server's static
      // files skip index.html and folders (src/server/app.ts).
      input: { main: `${webRoot}/index.html`, chat: `${webRoot}/chat/index.html` },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/healthz': `http://127.0.0.1:${apiPort}`,
      '/readyz': `http://127.0.0.1:${apiPort}`,
      '/dev': `http://127.0.0.1:${apiPort}`,
    },
  },
});
