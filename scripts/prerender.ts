// Renders the public pages to static HTML after `vite build`: they show at once on a slow phone
// and search engines read them; the browser then hydrates them. The server sends them only to
// visitors without a session (src/server/features/site/web-pages.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { signupPageFile } from '#server/features/site/web-pages.ts';
import { planTypes } from '#shared/plans.ts';
import { siteTokens } from '#shared/site.ts';
import { islandEnhancements } from '#web/enhancements/islands.ts';
import { documentTitle, type PageMeta, publicPageMeta, signupPageMeta } from '#web/pages/public/page-meta.ts';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist/web');
const ssrDir = path.join(root, 'dist/prerender-ssr');
const outDir = path.join(root, 'dist/prerendered');

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * Each prerendered file and the path it renders. Most are static pages with islands; the sign-up
 * page (once for each plan it can open on, `?plan=`) is hydrated by the app (`withApp`), so that
 * its form shows before any script has loaded.
 */
const pages: { file: string; path: string; search?: string; meta?: PageMeta; withApp?: boolean }[] = [
  { file: 'index.html', path: '/', meta: publicPageMeta['/'] },
  { file: 'pricing.html', path: '/pricing', meta: publicPageMeta['/pricing'] },
  { file: 'demovideo.html', path: '/demovideo', meta: publicPageMeta['/demovideo'] },
  { file: 'gdpr.html', path: '/gdpr', meta: publicPageMeta['/gdpr'] },
  // Any unknown path: the 404 page (served with status 404).
  { file: '404.html', path: '/404' },
  ...planTypes.map((plan) => ({
    file: signupPageFile(plan),
    path: '/signup',
    search: plan === 'free' ? '' : `plan=${plan}`,
    meta: signupPageMeta,
    withApp: true,
  })),
];

/** The sign-up page's chunk in the app's manifest (a lazy route, src/web/routes.tsx). */
const SIGNUP_PAGE = 'pages/auth/signup-page.tsx';

/** The islands script's key in Vite's manifest (vite.config.ts). */
const SITE_ENTRY = 'site/main.ts';

function escapeAttribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
}

/** The chunks a manifest entry imports statically, the entry itself first. */
function entryChunks(manifest: Manifest, key: string): string[] {
  const files = new Set<string>();
  const visit = (chunkKey: string) => {
    const chunk = manifest[chunkKey];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  if (files.size === 0) throw new Error(`${key} is not in the build's manifest`);
  return [...files];
}

/**
 * A prerendered page is static HTML with islands: it gets the islands script (src/web/site/)
 * in place of the app's, and preloads the chunks that script imports, so they download together.
 * Every island must have an enhancement: the page loads no React to make it work otherwise.
 */
function withIslandsScript(html: string, manifest: Manifest, markup: string): string {
  for (const [, name = ''] of markup.matchAll(/data-island="([^"]+)"/g)) {
    if (!Object.hasOwn(islandEnhancements, name))
      throw new Error(`The island ${name} has no enhancement (src/web/enhancements/islands.ts)`);
  }
  const [entry, ...imports] = entryChunks(manifest, SITE_ENTRY);
  const withoutApp = html
    .replace(/\s*<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/, '')
    .replaceAll(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
  // Low priority: the page is all there without them, so they never compete with what it shows
  // first (module scripts otherwise load at high priority, as if they held up the first paint).
  const tags = [
    `<script type="module" crossorigin fetchpriority="low" src="/${entry}"></script>`,
    ...imports.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`),
  ];
  return withoutApp.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}

/**
 * A page the app hydrates keeps the app's script, preloads the lazy page's chunks (they would
 * otherwise start only once the app has run) and is marked signed out: it is sent only to
 * visitors without a session (src/server/features/site/web-pages.ts).
 */
function withAppScript(html: string, manifest: Manifest, pageKey: string): string {
  const preloads = entryChunks(manifest, pageKey)
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  // At low priority, as on the pages with islands: the form is all there without them.
  return html
    .replace('</head>', `    ${preloads.join('\n    ')}\n  </head>`)
    .replaceAll(
      '<script type="module" crossorigin src=',
      '<script type="module" crossorigin fetchpriority="low" src=',
    )
    .replaceAll(
      '<link rel="modulepreload" crossorigin href=',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
    );
}

function setMeta(html: string, meta: PageMeta | undefined, pagePath: string): string {
  // Without meta: the 404 page, titled as the app titles it (not-found-page.tsx), never indexed.
  if (!meta) {
    return html
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(documentTitle('Page not found'))}</title>`)
      .replace('</head>', '    <meta name="robots" content="noindex" />\n  </head>');
  }
  const title = escapeAttribute(documentTitle(meta.title));
  const description = escapeAttribute(meta.description);
  const url = `${siteTokens.appUrl}${pagePath}`;
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, `$1${description}$2`)
    .replace(/(<meta property="og:title" content=")[^"]*(")/, `$1${title}$2`)
    .replace(/(<meta property="og:description" content=")[^"]*(")/, `$1${description}$2`)
    .replace(/(<meta property="og:url" content=")[^"]*(")/, `$1${url}$2`)
    .replace('</head>', `    <link rel="canonical" href="${url}" />\n  </head>`);
}

/**
 * Puts the stylesheet in the page itself: on a slow phone network the first paint then needs one
 * download, not two (the stylesheet would otherwise share the line with the scripts).
 */
function inlineStylesheet(html: string): string {
  if (!/<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/.test(html)) {
    throw new Error('The page has no stylesheet link to inline');
  }
  return html.replace(
    /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/,
    (_match, file: string) => {
      const css = readFileSync(path.join(webDir, file), 'utf8');
      return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
    },
  );
}

async function main() {
  // Two server builds: the app's pages with React; the chat's first screen with the chat entry's
  // config, which renders with Preact as the chat does in the browser (vite.config.ts).
  const buildForServer = async (entry: 'app' | 'chat', input: string, fileName: string) => {
    process.env.LETLEAD_WEB_ENTRY = entry;
    try {
      await build({
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: 'warn',
        build: {
          ssr: path.join(root, input),
          outDir: path.join(ssrDir, entry),
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
          rollupOptions: { output: { entryFileNames: fileName } },
        },
      });
    } finally {
      delete process.env.LETLEAD_WEB_ENTRY;
    }
    return pathToFileURL(path.join(ssrDir, entry, fileName)).href;
  };
  const { renderPage } = (await import(
    await buildForServer('app', 'scripts/prerender-entry.tsx', 'prerender-entry.js')
  )) as { renderPage: (path: string, search?: string) => Promise<string> };
  const { renderChatShell } = (await import(
    await buildForServer('chat', 'scripts/prerender-chat-entry.tsx', 'prerender-chat-entry.js')
  )) as { renderChatShell: () => string };

  const template = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  // The islands script's own build (scripts/build-web.ts), and the app's.
  const readManifest = (file: string) =>
    JSON.parse(readFileSync(path.join(webDir, '.vite', file), 'utf8')) as Manifest;
  const manifest = readManifest('manifest-site.json');
  const appManifest = readManifest('manifest.json');
  if (!template.includes('<div id="root"></div>')) throw new Error('dist/web/index.html has no empty #root');

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const page of pages) {
    const markup = await renderPage(page.path, page.search);
    let html = inlineStylesheet(setMeta(template, page.meta, page.path));
    html = page.withApp
      ? withAppScript(html, appManifest, SIGNUP_PAGE)
      : withIslandsScript(html, manifest, markup);
    const rootAttributes = page.withApp ? 'data-prerendered="" data-signed-out=""' : 'data-prerendered=""';
    html = html.replace('<div id="root"></div>', `<div id="root" ${rootAttributes}>${markup}</div>`);
    writeFileSync(path.join(outDir, page.file), html);
    console.log(
      `Prerendered ${page.path}${page.search ? `?${page.search}` : ''} → dist/prerendered/${page.file} (${Math.round(html.length / 1024)} KB)`,
    );
  }
  // The chat's shell (served as it is, filled in by the server) gets its stylesheet inline too, and
  // its first screen (header, the assistant typing), which paints before the script has loaded. The
  // script loads at low priority, as on the other prerendered pages, so that the first paint never
  // waits for it.
  const chatShell = path.join(webDir, 'chat/index.html');
  const chatHtml = inlineStylesheet(readFileSync(chatShell, 'utf8')).replace(
    '<script type="module" crossorigin src=',
    '<script type="module" crossorigin fetchpriority="low" src=',
  );
  if (!chatHtml.includes('<div id="root"></div>'))
    throw new Error('dist/web/chat/index.html has no empty #root');
  const chatMarkup = renderChatShell();
  writeFileSync(
    chatShell,
    chatHtml.replace('<div id="root"></div>', `<div id="root" data-prerendered="">${chatMarkup}</div>`),
  );
  console.log("Prerendered the chat's first screen into dist/web/chat/index.html");
  rmSync(ssrDir, { recursive: true, force: true });
}

await main();
