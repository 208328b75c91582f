/**
 * The public site's speed (issue 7): what each route's JavaScript weighs, and Lighthouse's mobile
 * scores for the landing page and the public chat, on the production build.
 *
 *   npm run bench:web        (builds first when there is no build; BENCH_BUILD=1 rebuilds)
 *
 * Bundle sizes come from Vite's manifest: the entry and everything it imports, plus the route's
 * own lazy chunk and everything that imports, compressed as the server sends them (gzip, and
 * brotli for reference). Lighthouse 12.8.2 is fetched with npx (it is not a dependency: about
 * 170 MB) and run BENCH_LIGHTHOUSE_RUNS times (3) per page against the production server, with
 * the Chromium the browser tests use, emulating a mid-range phone on a slow 4G network; the
 * median run counts. Writes bench/results/web.json and compares it with the committed one.
 * Exits 1 when a budget is exceeded or the landing page scores below 95 in any category.
 *
 * BENCH_LIGHTHOUSE_RUNS (3) and BENCH_SKIP_LIGHTHOUSE=1 (sizes only) tune it.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { slugify } from '#shared/slug.ts';
import { chromiumArgs, resolveChromium } from '#tests/e2e/chromium.ts';
import { freePort } from '#tests/helpers/free-port.ts';
import { ensureProductionBuild, serverEntry } from './lib/build.ts';
import {
  checkTargets,
  describeMachine,
  type Figures,
  printComparison,
  readBaseline,
  type Target,
  writeResults,
} from './lib/report.ts';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const webDir = 'dist/web';

/** Budgets of the issue, in gzipped kilobytes of JavaScript for the first view of a route. */
const budgets = { landing: 120, chat: 90 } as const;
/** Each Lighthouse category of each audited page (landing and chat), mobile. */
const LIGHTHOUSE_TARGET = 95;

/**
 * Each route: the HTML entry it is served (keys of Vite's manifest, relative to src/web) and the
 * page module it loads lazily, where it is not in the entry's own chunks.
 */
const routes: Record<string, { entry: string; module?: string }> = {
  landing: { entry: 'index.html', module: 'pages/public/landing-page.tsx' },
  chat: { entry: 'chat/index.html' },
  pricing: { entry: 'index.html', module: 'pages/public/pricing-page.tsx' },
  demovideo: { entry: 'index.html', module: 'pages/public/demo-video-page.tsx' },
  gdpr: { entry: 'index.html', module: 'pages/public/gdpr-page.tsx' },
  login: { entry: 'index.html', module: 'pages/auth/login-page.tsx' },
  signup: { entry: 'index.html', module: 'pages/auth/signup-page.tsx' },
  dashboard: { entry: 'index.html', module: 'pages/dashboard/dashboard-page.tsx' },
};

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;
type Size = { raw: number; gzip: number; brotli: number };
type RouteSize = { files: number; js: Size; css: Size };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function compressedSize(file: string): Size {
  const content = readFileSync(path.join(webDir, file));
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The entry and the route's chunk, with every chunk they import statically (lazy imports excluded). */
function routeFiles(manifest: Manifest, { entry, module }: { entry: string; module?: string }): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  if (module) visit(module);
  return files;
}

function measureRoutes(): Record<string, RouteSize> {
  const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const sizes: Record<string, RouteSize> = {};
  for (const [name, route] of Object.entries(routes)) {
    for (const key of [route.entry, route.module]) {
      if (key && !manifest[key]) throw new Error(`${key} is not in the build's manifest`);
    }
    const total = { js: { raw: 0, gzip: 0, brotli: 0 }, css: { raw: 0, gzip: 0, brotli: 0 } };
    const files = routeFiles(manifest, route);
    for (const file of files) {
      const size = compressedSize(file);
      const bucket = file.endsWith('.css') ? total.css : total.js;
      bucket.raw += size.raw;
      bucket.gzip += size.gzip;
      bucket.brotli += size.brotli;
    }
    sizes[name] = { files: files.size, ...total };
  }
  return sizes;
}

type Categories = { performance: number; accessibility: number; bestPractices: number; seo: number };
type Metrics = { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
/** Lighthouse's image audits (1 = passed) and the images the page loaded during the run. */
type Images = {
  modernFormats: number | null;
  responsiveImages: number | null;
  offscreenImages: number | null;
  requested: string[];
};
type LighthouseRun = { categories: Categories; metrics: Metrics; images: Images };

type LighthouseReport = {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { score?: number | null; numericValue?: number; details?: { items?: { url?: string }[] } }
  >;
  runtimeError?: { message: string };
};

async function runLighthouse(url: string, chromePath: string, outputDir: string, index: number) {
  const output = path.join(outputDir, `lighthouse-${index}.json`);
  const flags = [...chromiumArgs, '--headless=new'].join(' ');
  await promisify(execFile)(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
      '--output=json',
      `--output-path=${output}`,
      `--chrome-flags=${flags}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
  );
  const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
  if (report.runtimeError)
    throw new Error(`Lighthouse could not audit ${url}: ${report.runtimeError.message}`);
  const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
  const audit = (name: string) => Math.round((report.audits[name]?.numericValue ?? 0) * 1000) / 1000;
  const requested = (report.audits['network-requests']?.details?.items ?? [])
    .map((item) => item.url ?? '')
    .filter((requestUrl) => requestUrl.includes('/images/'))
    .map((requestUrl) => new URL(requestUrl).pathname + new URL(requestUrl).search);
  const auditScore = (name: string) => report.audits[name]?.score ?? null;
  return {
    categories: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: Math.round(audit('speed-index')),
    },
    images: {
      modernFormats: auditScore('modern-image-formats'),
      responsiveImages: auditScore('uses-responsive-images'),
      offscreenImages: auditScore('offscreen-images'),
      requested,
    },
  } satisfies LighthouseRun;
}

/** The run with the median performance score (Lighthouse's own advice for noisy machines). */
function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.categories.performance - b.categories.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The production server on a port chosen here, so that APP_URL (canonical links, sitemap) matches it. */
async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output = (output + chunk.toString()).slice(-10_000);
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${env.PORT}/readyz`).catch(() => undefined);
    if (ready?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

let landingImage: ImageChoice[] = [];

async function measureLighthouse(): Promise<
  Record<string, { median: LighthouseRun; runs: LighthouseRun[] }>
> {
  const chromePath = await resolveChromium();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'letlead-bench-web-'));
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  // The production build; NODE_ENV=test only so that the demo agency (whose chat page is
  // measured) can be seeded without mail and payment settings. The browser gets the same files.
  const server = await startServer({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-web-secret-that-is-long-enough-for-better-auth',
    DEMO_DATA: 'true',
    JOBS: 'false',
  });
  const outputDir = mkdtempSync(path.join(tmpdir(), 'letlead-lighthouse-'));
  try {
    const pages = {
      landing: `${appUrl}/`,
      chat: `${appUrl}/chatbot/${slugify('Harbour & Hale Lettings')}`,
    };
    const results: Record<string, { median: LighthouseRun; runs: LighthouseRun[] }> = {};
    landingImage = await measureLandingImage(pages.landing);
    for (const choice of landingImage) {
      console.log(
        `  landing picture on a ${choice.viewport}: ${choice.format}, ${choice.servedWidth} px wide for ${choice.neededWidth} device px, ${choice.kb} KB`,
      );
    }
    for (const [name, url] of Object.entries(pages)) {
      // One warm-up visit: the server's first render of each image is not what visitors see.
      await fetch(url);
      const runs: LighthouseRun[] = [];
      for (let index = 0; index < RUNS; index += 1) {
        const run = await runLighthouse(url, chromePath, outputDir, index);
        const { categories: c, metrics: m } = run;
        console.log(
          `  ${name} run ${index + 1}: performance ${c.performance}, accessibility ${c.accessibility}, best practices ${c.bestPractices}, SEO ${c.seo} (LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls})`,
        );
        runs.push(run);
      }
      results[name] = { median: medianRun(runs), runs };
    }
    return results;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outputDir, { recursive: true, force: true });
  }
}

type ImageChoice = {
  viewport: string;
  url: string;
  format: string;
  servedWidth: number;
  neededWidth: number;
  kb: number;
};

/**
 * Which rendition of the landing page's product picture a phone and a desktop download once it
 * scrolls into view (Lighthouse's phone never scrolls to it: it is lazy and below the fold).
 */
async function measureLandingImage(url: string): Promise<ImageChoice[]> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: await resolveChromium(), args: chromiumArgs });
  const choices: ImageChoice[] = [];
  try {
    for (const viewport of [
      { name: 'phone 412×823 @1.75x', width: 412, height: 823, deviceScaleFactor: 1.75 },
      { name: 'desktop 1350×940 @1x', width: 1350, height: 940, deviceScaleFactor: 1 },
    ]) {
      const page = await browser.newPage({ viewport, deviceScaleFactor: viewport.deviceScaleFactor });
      const response = page.waitForResponse((r) => r.url().includes('/images/product-dashboard.png'));
      await page.goto(url);
      await page.locator('#demo img, #demo [style*="aspect-ratio"]').first().scrollIntoViewIfNeeded();
      const image = await response;
      const body = await image.body();
      const requested = new URL(image.url());
      const drawnWidth = await page
        .locator('#demo img')
        .first()
        .evaluate((img) => img.getBoundingClientRect().width);
      choices.push({
        viewport: viewport.name,
        url: requested.pathname + requested.search,
        format: image.headers()['content-type'] ?? '',
        servedWidth: Number(requested.searchParams.get('w')),
        neededWidth: Math.round(drawnWidth * viewport.deviceScaleFactor),
        kb: kb(body.length),
      });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return choices;
}

async function main() {
  if (process.env.BENCH_BUILD === '1' || !existsSync(path.join(webDir, '.vite/manifest.json'))) {
    const hasFlock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;
    const build = hasFlock
      ? spawnSync('flock', ['/tmp/build.lock', 'npm', 'run', 'build'], { stdio: 'inherit' })
      : spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The production build failed');
  }
  ensureProductionBuild();
  const machine = describeMachine();

  const sizes = measureRoutes();
  console.log('JavaScript (and CSS) each route loads first, compressed:');
  for (const [name, size] of Object.entries(sizes)) {
    console.log(
      `  ${name.padEnd(10)} JS ${String(kb(size.js.gzip)).padStart(6)} KB gzip, ${String(kb(size.js.brotli)).padStart(6)} KB brotli (${kb(size.js.raw)} KB raw, ${size.files} files); CSS ${kb(size.css.gzip)} KB gzip`,
    );
  }

  const lighthouse = process.env.BENCH_SKIP_LIGHTHOUSE === '1' ? undefined : await measureLighthouse();

  const figures: Figures = {};
  for (const [name, size] of Object.entries(sizes)) {
    figures[`${name}.js.gzipKb`] = kb(size.js.gzip);
    figures[`${name}.js.brotliKb`] = kb(size.js.brotli);
  }
  for (const [name, result] of Object.entries(lighthouse ?? {})) {
    for (const [category, value] of Object.entries(result.median.categories)) {
      figures[`${name}.lighthouse.${category}`] = value;
    }
    figures[`${name}.lighthouse.lcpMs`] = result.median.metrics.lcpMs;
    figures[`${name}.lighthouse.tbtMs`] = result.median.metrics.tbtMs;
  }

  const baseline = readBaseline('web');
  printComparison(figures, baseline);

  const targets: Target[] = [
    {
      name: 'landing page JavaScript',
      actual: kb(sizes.landing!.js.gzip),
      kind: 'max',
      limit: budgets.landing + 0.05,
      unit: ' KB gzip',
    },
    {
      name: 'chat page JavaScript',
      actual: kb(sizes.chat!.js.gzip),
      kind: 'max',
      limit: budgets.chat + 0.05,
      unit: ' KB gzip',
    },
  ];
  for (const [page, result] of Object.entries(lighthouse ?? {})) {
    for (const [category, value] of Object.entries(result.median.categories)) {
      targets.push({
        name: `${page} page Lighthouse ${category}`,
        actual: value,
        kind: 'min',
        limit: LIGHTHOUSE_TARGET,
      });
    }
  }
  const allMet = checkTargets(targets);

  writeResults('web', {
    machine,
    figures,
    budgets: {
      jsGzipKb: budgets,
      lighthouseMinimum: { landing: LIGHTHOUSE_TARGET, chat: LIGHTHOUSE_TARGET },
    },
    routes: sizes,
    ...(lighthouse
      ? {
          lighthouse: {
            tool: LIGHTHOUSE,
            formFactor: 'mobile',
            throttling: 'simulated slow 4G, 4× CPU',
            pages: lighthouse,
          },
          landingImage,
        }
      : {}),
    notes: [
      'The chat page is its own entry (src/web/chat/): React and the chat, without TanStack Query, the router or zod.',
      'Lighthouse figures are the median of the runs on a shared 2-core machine; machine.loadAverageAtStart says how busy it was.',
    ],
  });
  if (!allMet) process.exitCode = 1;
}

await main();
