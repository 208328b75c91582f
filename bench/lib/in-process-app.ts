import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import type { TestApp } from '#tests/helpers/app.ts';

/**
 * The app in this process on a PostgreSQL database (migrated at start), listening on a free
 * local port, without jobs or logs: the benchmarks that seed through the app's own factories.
 */
export async function startInProcessApp(
  databaseUrl: string,
  options: { serveWeb: boolean },
): Promise<{ app: TestApp; port: number; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'letlead-bench-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-that-is-long-enough-for-better-auth',
    APP_URL: 'http://localhost:3000',
    JOBS: 'false',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ databaseUrl, maxConnections: 10 });
  const app = (await buildApp({
    env,
    database,
    closeDatabase: true,
    serveWeb: options.serveWeb,
    logger: false,
  })) as TestApp;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    port,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The value below which `p` per cent of `values` fall (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Milliseconds to one decimal. */
export const roundMs = (ms: number) => Math.round(ms * 10) / 10;
