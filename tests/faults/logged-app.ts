import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { type App, buildApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { createTestDatabase } from '#tests/helpers/database.ts';

export type LogLine = Record<string, unknown> & { msg?: string; level: number };

export type LoggedApp = TestApp & {
  /** Every line the app logged so far, as written (JSON text). */
  logText: () => string;
  logLines: () => LogLine[];
};

/**
 * The real app (as createTestApp builds it) whose log goes to memory at info level, so a test
 * can read exactly what production would write. `beforeListen` may add routes.
 */
export async function createLoggedApp(
  envOverrides: Record<string, string | undefined> = {},
  options: { database?: Database; closeDatabase?: boolean; beforeListen?: (app: App) => void } = {},
): Promise<LoggedApp> {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const database = options.database ?? (await createTestDatabase());
  const env = loadEnv({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'letlead-log-')),
    APP_URL: 'http://localhost:3000',
    JOBS: 'false',
    LOG_LEVEL: 'info',
    ...envOverrides,
  });
  const app = await buildApp({
    env,
    database,
    serveWeb: false,
    closeDatabase: options.closeDatabase ?? true,
    logger: { level: 'info', stream },
  });
  options.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const logged = app as LoggedApp;
  logged.database = database;
  logged.url = `http://127.0.0.1:${port}`;
  logged.logText = () => chunks.join('');
  logged.logLines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  return logged;
}
