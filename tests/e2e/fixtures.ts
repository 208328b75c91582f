import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { buildApp } from '#server/app.ts';
import { loadEnv } from '#server/env.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { freePort } from '#tests/helpers/free-port.ts';

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
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: chosenPort,
      APP_URL: `http://localhost:${chosenPort}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET,
      LOG_LEVEL: 'info',
      DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const check = () => {
      const match = output.match(/running at http:\/\/localhost:(\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const url = `http://localhost:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server: { url, dataDir, output: () => output }, stop };
}

/**
 * The production build on a database seeded first: `seed` writes agencies, listings and leads
 * through the app itself (its factories and use cases) into a fresh data folder, and then the
 * server starts on that folder, at the address the seed's links were made for.
 */
export async function startSeededServer<Seeded>(
  seed: (app: TestApp) => Promise<Seeded>,
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
  });
  const app = (await buildApp({ env, serveWeb: false, logger: false })) as unknown as TestApp;
  let seeded: Seeded;
  try {
    seeded = await seed(app);
  } finally {
    await app.close();
  }
  const { server, stop } = await startServer({ DATA_DIR: dataDir, PORT: port, APP_URL: appUrl });
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

export const test = base.extend<object, WorkerFixtures>({
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

export { expect };

/**
 * A test whose worker's server starts on a database that `seed` filled first; the test reads
 * what the seed returned as `seeded` (with the `server`).
 */
export function testWithSeed<Seeded extends object>(seed: (app: TestApp) => Promise<Seeded>) {
  return test.extend<object, { seeded: Seeded & { server: LetLeadServer }; server: LetLeadServer }>({
    seeded: [
      async ({}, use) => {
        const { server, seeded, stop } = await startSeededServer(seed);
        await use({ server, ...seeded });
        await stop();
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    server: [async ({ seeded }, use) => use(seeded.server), { scope: 'worker' }],
  });
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
