import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { buildApp } from '#server/app.ts';
import { loadEnv } from '#server/env.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '#server/features/demo/seed-demo.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { freePort } from '#tests/helpers/free-port.ts';
import { spawnServer, stopServer } from '#tests/helpers/server-process.ts';

export type LetLeadServer = {
  url: string;
  dataDir: string;
  /** Everything the server printed, for tests that read the dev outbox log. */
  output: () => string;
};

type WorkerFixtures = { server: LetLeadServer };

/** Signs the sessions a seed makes and those of the server that serves them. */
export const SESSION_SECRET = 'e2e-secret-that-is-long-enough-for-better-auth';

/**
 * Starts the production build (dist/server/main.js) once per worker, on its own embedded
 * database and a free port; `baseURL` points at it.
 */
export async function startServer(
  env: Record<string, string> = {},
): Promise<{ server: LetLeadServer; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'letlead-e2e-'));
  // A known port, so that APP_URL (and so every link in emails) is the server's real address.
  const chosenPort = env.PORT ?? String(await freePort());
  const {
    port,
    process: child,
    output,
  } = await spawnServer({
    args: ['dist/server/main.js'],
    env: {
      PORT: chosenPort,
      APP_URL: `http://localhost:${chosenPort}`,
      DATA_DIR: dataDir,
      SESSION_SECRET,
      LOG_LEVEL: 'info',
      ...env,
    },
    // A loaded machine (several suites at once) can take longer than 30 s to start a server.
    timeoutMs: 60_000,
  });
  const url = `http://localhost:${port}`;
  const stop = async () => {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server: { url, dataDir, output }, stop };
}

/**
 * The production build on a database seeded first: `seed` writes agencies, listings and leads
 * through the app itself (its factories and use cases) into a fresh data folder, and then the
 * server starts on that folder, at the address the seed's links were made for. `serverEnv` goes
 * on top of both's settings (a `DATABASE_URL` seeds and serves that database instead).
 */
export async function startSeededServer<Seeded>(
  seed: (app: TestApp) => Promise<Seeded>,
  serverEnv: Record<string, string> = {},
): Promise<{ server: LetLeadServer; seeded: Seeded; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'letlead-e2e-seeded-'));
  const port = String(await freePort());
  const appUrl = `http://localhost:${port}`;
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    SESSION_SECRET,
    JOBS: 'false',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    ...serverEnv,
  });
  const app = (await buildApp({ env, serveWeb: false, logger: false })) as unknown as TestApp;
  let seeded: Seeded;
  try {
    seeded = await seed(app);
  } finally {
    await app.close();
  }
  const { server, stop } = await startServer({
    ...serverEnv,
    DATA_DIR: dataDir,
    PORT: port,
    APP_URL: appUrl,
  });
  return {
    server,
    seeded,
    stop: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Puts a session cookie a seed made (`name=value; …`) into the browser, as signing in would. */
export async function addSessionCookie(context: BrowserContext, baseURL: string, cookie: string) {
  const { hostname } = new URL(baseURL);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const index = pair.indexOf('=');
      return {
        name: pair.slice(0, index),
        value: pair.slice(index + 1),
        domain: hostname,
        path: '/',
        httpOnly: true,
        sameSite: 'Lax' as const,
      };
    }),
  );
}

type ViewportSize = { width: number; height: number };

type TestFixtures = {
  /**
   * Signs in as a seed's user (puts its session cookie into the browser) and opens `path`, the
   * dashboard unless told otherwise, at `viewport` when one is given; then clicks the dashboard's
   * `tab` when one is named.
   */
  openAs: (
    cookie: string,
    options?: { path?: string; viewport?: ViewportSize; tab?: string | RegExp },
  ) => Promise<void>;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  openAs: async ({ page, baseURL }, use) => {
    await use(async (cookie, { path = '/', viewport, tab } = {}) => {
      if (viewport) await page.setViewportSize(viewport);
      await addSessionCookie(page.context(), baseURL!, cookie);
      await page.goto(path);
      if (tab) await page.getByRole('tab', { name: tab }).click();
    });
  },
  server: [
    async ({}, use) => {
      const { server, stop } = await startServer();
      await use(server);
      await stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

/** The test of a spec whose worker serves the demo agency, as a newcomer's first start does. */
export const demoTest = test.extend<object, { server: LetLeadServer }>({
  server: [
    async ({}, use) => {
      const { server, stop } = await startServer({ DEMO_DATA: 'true' });
      await use(server);
      await stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

/**
 * Holds back every request matching one of `urls` (a script, an API answer slow to come) until
 * `release` is called; `held` lists the paths held so far.
 */
export async function holdRequests(page: Page, ...urls: (string | RegExp)[]) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  for (const url of urls) {
    await page.route(url, async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    });
  }
  return { release, held };
}

/** Logs in as the demo agency's owner and waits for the dashboard. */
export async function logInAsDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await expect(page.getByRole('heading', { name: 'Total Leads' })).toBeVisible();
}

/**
 * The test of a spec whose worker serves the production build on what `seed` wrote (see
 * `startSeededServer`): the `seeded` fixture is what the seed returned, and the `server`.
 */
export function seededTest<Seeded extends object>(seed: (app: TestApp) => Promise<Seeded>) {
  return test.extend<object, { seeded: Seeded & { server: LetLeadServer } }>({
    seeded: [
      async ({}, use) => {
        const { server, seeded, stop } = await startSeededServer(seed);
        await use({ ...seeded, server });
        await stop();
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    server: [async ({ seeded }, use) => use(seeded.server), { scope: 'worker' }],
  });
}

export { expect };

/** Console errors and uncaught exceptions on the page from now on, e.g. a hydration mismatch. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Fails on any serious or critical accessibility violation on the page as it is now. Toasts are
 * left out: they fade in and out, and axe reads the contrast of a half-faded one as a failure.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toast]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Each of `controls` (there must be `count`) is at least 40 px each way, the size of a fingertip. */
export async function expectFingerSized(controls: Locator, count: number) {
  expect(await controls.count()).toBe(count);
  for (const control of await controls.all()) {
    const box = (await control.boundingBox())!;
    const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
    expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(40);
  }
}

/** Whether a finger landing `dx`, `dy` px from the middle of `control` reaches it (or its label). */
export async function fingerReaches(control: Locator, dx: number, dy: number): Promise<boolean> {
  await control.scrollIntoViewIfNeeded();
  const box = (await control.boundingBox())!;
  return control.evaluate(
    (element, [x, y]) => {
      const hit = document.elementFromPoint(x!, y!);
      return hit !== null && (element.contains(hit) || hit.closest('label')?.control === element);
    },
    [box.x + box.width / 2 + dx, box.y + box.height / 2 + dy],
  );
}

/**
 * However small `control` is drawn, a finger landing 18 px beside its middle, on any side, still
 * reaches it: its tap area is 40 px each way.
 */
export async function expectFingerReaches(control: Locator) {
  const name = (await control.getAttribute('aria-label')) ?? (await control.evaluate((el) => el.outerHTML));
  for (const [dx, dy] of [
    [-18, 0],
    [18, 0],
    [0, -18],
    [0, 18],
  ] as const) {
    expect(await fingerReaches(control, dx, dy), `${name} at ${dx}, ${dy}`).toBe(true);
  }
}

/**
 * The newest link to `path` in an email to `to`, read from the development outbox (/dev/mail), as
 * a path on the test server (the server builds links from APP_URL, which a port-0 server cannot know).
 */
export async function linkFromOutbox(request: APIRequestContext, to: string, path: string): Promise<string> {
  await expect
    .poll(async () => findLink(await (await request.get('/dev/mail')).text(), to, path), { timeout: 10_000 })
    .not.toBeNull();
  const link = findLink(await (await request.get('/dev/mail')).text(), to, path)!;
  const url = new URL(link);
  return `${url.pathname}${url.search}${url.hash}`;
}

function findLink(html: string, to: string, path: string): string | null {
  for (const article of html.split('<article').slice(1)) {
    if (!article.includes(`<strong>${to}</strong>`)) continue;
    for (const [, href] of article.matchAll(/href="([^"]+)"/g)) {
      const decoded = href!.replaceAll('&amp;', '&');
      if (new URL(decoded).pathname === path) return decoded;
    }
  }
  return null;
}
