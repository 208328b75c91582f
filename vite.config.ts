import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { isManageViewingPath, matchChatRoute } from './src/shared/chat-routes.ts';
import { siteTokens } from './src/shared/site.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);
const webRoot = new URL('./src/web', import.meta.url).pathname;

/**
 * The dev server's part of what the production server does (src/server/features/site/web-pages.ts):
 * the chat and holding pages get the chat entry, the tenant's viewing page its own, every other
 * page the app.
 */
function chatEntryInDev(): Plugin {
  return {
    name: 'letlead-chat-entry-in-dev',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const pathname = request.url?.split(/[?#]/)[0] ?? '';
        if (matchChatRoute(pathname, '').page !== 'none') request.url = '/chat/index.html';
        else if (isManageViewingPath(pathname)) request.url = '/viewing/index.html';
        next();
      });
    },
  };
}

/**
 * The client is four builds, one per entry, run in turn by scripts/build-web.ts (LETLEAD_WEB_ENTRY
 * names the one to build): the app; the public chat with its holding page; the tenant's viewing
 * page (the link in a viewing's emails); and the islands script of the prerendered public pages.
 * Built apart, the chat, the viewing page and the islands share no chunk with the app: each is one
 * small file and React, not a dozen pieces split out by what they share.
 * The chat's and the viewing page's HTML sit in a folder so that it is never served by name: the server's static files
 * skip index.html and folders (src/server/plugins/page-fallback.ts).
 */
const webEntries = {
  app: { main: `${webRoot}/index.html` },
  chat: { chat: `${webRoot}/chat/index.html` },
  viewing: { viewing: `${webRoot}/viewing/index.html` },
  site: { site: `${webRoot}/site/main.ts` },
};
export type WebEntry = keyof typeof webEntries;
const webEntry = (process.env.LETLEAD_WEB_ENTRY ?? 'app') as WebEntry;
if (!(webEntry in webEntries)) throw new Error(`LETLEAD_WEB_ENTRY must be one of ${Object.keys(webEntries)}`);

/**
 * The chat is the page every tenant opens, most often on a phone: its build (and the build's
 * prerender of its first screen, scripts/prerender.ts) renders with Preact through
 * `preact/compat` in place of React DOM, which alone is about 59 KB as served against the chat's
 * 60 KB budget (docs/performance.md). The chat's code, lucide-react and sonner are written for
 * React and run unchanged on it. The tenant's viewing page, opened from its email on a phone, is
 * built the same way. The app and the dev server keep React.
 */
const preactForReact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
const ownAliases = [
  { find: '#web', replacement: new URL('./src/web', import.meta.url).pathname },
  { find: '#shared', replacement: new URL('./src/shared', import.meta.url).pathname },
  { find: '#agent', replacement: new URL('./src/agent', import.meta.url).pathname },
];

/**
 * The head every page shares, written once: the brand colour, icons and the link preview's site
 * and image. Each HTML entry keeps only what is its own (title, description, preview text).
 */
function brandHead(): Plugin {
  const meta = (attrs: Record<string, string>) => ({ tag: 'meta', attrs, injectTo: 'head' as const });
  const link = (attrs: Record<string, string>) => ({ tag: 'link', attrs, injectTo: 'head' as const });
  return {
    name: 'letlead-brand-head',
    // Before the build adds its scripts and styles, so that the tags stand with the page's own.
    transformIndexHtml: {
      order: 'pre',
      handler: () => [
        meta({ name: 'theme-color', content: '#0f766e' }),
        link({ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }),
        link({ rel: 'icon', href: '/favicon-32.png', type: 'image/png', sizes: '32x32' }),
        link({ rel: 'apple-touch-icon', href: '/apple-touch-icon.png' }),
        meta({ property: 'og:type', content: 'website' }),
        meta({ property: 'og:site_name', content: 'LetLead' }),
        meta({ property: 'og:locale', content: 'en_GB' }),
        meta({ property: 'og:image', content: `${siteTokens.appUrl}/og-image.png` }),
        meta({ property: 'og:image:width', content: '1200' }),
        meta({ property: 'og:image:height', content: '630' }),
        meta({ property: 'og:image:alt', content: 'LetLead: AI tenant screening for UK letting agents' }),
        meta({ name: 'twitter:card', content: 'summary_large_image' }),
      ],
    },
  };
}

/** The text files served as they are (HTML pages are filled in and compressed by the server). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/** Below this, the Content-Encoding header costs about what compression saves. */
const MIN_COMPRESSIBLE_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file of the client
 * build, once, at build time: the server sends them as they are (`preCompressed` in
 * src/server/plugins/page-fallback.ts) instead of compressing each response at a fast level.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'letlead-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const written = Object.keys(bundle).map((name) => path.join(outDir, name));
      // The public folder's files are copied by the app's build only.
      const copied =
        webEntry === 'app'
          ? filesUnder(outDir).filter((file) => !file.includes(`${path.sep}assets${path.sep}`))
          : [];
      for (const file of new Set([...written, ...copied])) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        if (statSync(file).size < MIN_COMPRESSIBLE_BYTES) continue;
        const content = readFileSync(file);
        const brotli = brotliCompressSync(content, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        const gzip = gzipSync(content, { level: zlib.Z_BEST_COMPRESSION });
        if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), brandHead(), chatEntryInDev(), precompress()],
  resolve: {
    alias: webEntry === 'chat' || webEntry === 'viewing' ? [...preactForReact, ...ownAliases] : ownAliases,
  },
  // The chat's prerender bundles what it renders, so that lucide-react and sonner import Preact too.
  ssr: webEntry === 'chat' ? { noExternal: true } : undefined,
  build: {
    outDir: '../../dist/web',
    // The app's build comes first and clears the folder; the other two add to it.
    emptyOutDir: webEntry === 'app',
    copyPublicDir: webEntry === 'app',
    sourcemap: false,
    target: 'es2022',
    // scripts/prerender.ts and bench/web.ts read which chunks each page needs from them.
    manifest: webEntry === 'app' ? true : `.vite/manifest-${webEntry}.json`,
    rolldownOptions: { input: webEntries[webEntry] },
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
