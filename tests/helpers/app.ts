import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, type BuildAppOptions, buildApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import { createTestDatabase } from './database.ts';

export type TestApp = App & { database: Database; url: string };

export type TestAppOptions = Pick<BuildAppOptions, 'engine' | 'serveWeb' | 'logger' | 'closeDatabase'> & {
  /** An open database to use instead of a fresh one. */
  database?: Database;
  /** Runs on the built app before it listens: a test may add routes here. */
  beforeListen?: (app: App) => void;
};

/**
 * Builds the real app on a fresh database and listens on a random local port. Extra
 * environment variables override the test defaults (e.g. SMTP_URL, STRIPE_SECRET_KEY).
 */
export async function createTestApp(
  envOverrides: Record<string, string | undefined> = {},
  { database: given, beforeListen, ...options }: TestAppOptions = {},
): Promise<TestApp> {
  const database = given ?? (await createTestDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'letlead-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    JOBS: 'false',
    // As deployed behind a load balancer: tests give each client its own address this way.
    TRUST_PROXY: 'true',
    ...envOverrides,
  });
  const app = await buildApp({ env, database, serveWeb: false, closeDatabase: true, ...options });
  beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const testApp = app as TestApp;
  testApp.database = database;
  testApp.url = `http://127.0.0.1:${port}`;
  return testApp;
}

/** Headers a browser on our own page sends: the Origin that state-changing requests need. */
export function browserHeaders(app: TestApp, cookie?: string): Record<string, string> {
  return { origin: app.ctx.env.appUrl, ...(cookie ? { cookie } : {}) };
}

/** A request as the browser sends it (Origin, the session cookie), with a JSON body if given. */
export function browserFetch(app: TestApp, method: string, path: string, cookie?: string, body?: unknown) {
  return fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...browserHeaders(app, cookie),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A JSON request as the browser sends it (Origin, the session cookie); the answer parsed. */
export async function sendJson(app: TestApp, method: string, path: string, cookie?: string, body?: unknown) {
  const response = await browserFetch(app, method, path, cookie, body);
  const text = await response.text();
  let json: unknown = text;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a CSV, a page): the text itself.
  }
  return { status: response.status, json: json as Record<string, unknown>, headers: response.headers };
}
