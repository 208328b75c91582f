// Renders the public pages to static HTML after `vite build`: they show at once on a slow phone
// and search engines read them; the browser then hydrates them. The server sends them only to
// visitors without a session (src/server/features/site/web-pages.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { siteTokens } from '#shared/site.ts';
import { documentTitle, type PageMeta, publicPageMeta } from '#web/pages/public/page-meta.ts';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist/web');
const ssrDir = path.join(root, 'dist/prerender-ssr');
const outDir = path.join(root, 'dist/prerendered');

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** Each prerendered file, the path it renders and the page module whose chunks it preloads. */
const pages: { file: string; path: string; module: string; meta?: PageMeta }[] = [
  { file: 'index.html', path: '/', module: 'pages/public/landing-page.tsx', meta: publicPageMeta['/'] },
  {
    file: 'pricing.html',
    path: '/pricing',
    module: 'pages/public/pricing-page.tsx',
    meta: publicPageMeta['/pricing'],
  },
  {
    file: 'demovideo.html',
    path: '/demovideo',
    module: 'pages/public/demo-video-page.tsx',
    meta: publicPageMeta['/demovideo'],
  },
  { file: 'gdpr.html', path: '/gdpr', module: 'pages/public/gdpr-page.tsx', meta: publicPageMeta['/gdpr'] },
  // Any unknown path: the 404 page (served with status 404).
  { file: '404.html', path: '/404', module: 'pages/public/not-found-page.tsx' },
];

function escapeAttribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** The chunk files a page module needs, beyond what the entry already loads. */
function pageChunks(manifest: Manifest, module: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  const entry = new Set<string>();
  const visitEntry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entry.has(chunk.file)) return;
    entry.add(chunk.file);
    for (const imported of chunk.imports ?? []) visitEntry(imported);
  };
  visitEntry('index.html');
  return [...files].filter((file) => !entry.has(file));
}

function setMeta(html: string, meta: PageMeta | undefined, pagePath: string): string {
  if (!meta) return html.replace('</head>', '    <meta name="robots" content="noindex" />\n  </head>');
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
  return html.replace(
    /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/,
    (_match, file: string) => {
      const css = readFileSync(path.join(webDir, file), 'utf8');
      return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
    },
  );
}

async function main() {
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: path.join(root, 'scripts/prerender-entry.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      rollupOptions: { output: { entryFileNames: 'prerender-entry.js' } },
    },
  });
  const { renderPage } = (await import(pathToFileURL(path.join(ssrDir, 'prerender-entry.js')).href)) as {
    renderPage: (path: string) => Promise<string>;
  };

  const template = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  if (!template.includes('<div id="root"></div>')) throw new Error('dist/web/index.html has no empty #root');

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const page of pages) {
    const markup = await renderPage(page.path);
    const preloads = pageChunks(manifest, page.module)
      .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}" />`)
      .join('\n');
    let html = inlineStylesheet(setMeta(template, page.meta, page.path));
    html = html.replace('</head>', `${preloads}\n  </head>`);
    html = html.replace('<div id="root"></div>', `<div id="root" data-prerendered="">${markup}</div>`);
    writeFileSync(path.join(outDir, page.file), html);
    console.log(
      `Prerendered ${page.path} → dist/prerendered/${page.file} (${Math.round(html.length / 1024)} KB)`,
    );
  }
  rmSync(ssrDir, { recursive: true, force: true });
}

await main();
