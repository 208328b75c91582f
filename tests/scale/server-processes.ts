import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createThrowawayDatabase } from '#tests/helpers/database.ts';

export type ServerProcess = { url: string; output: () => string; stop: () => Promise<void> };

/**
 * One LetLead server process (`src/server/main.ts`, as `npm run dev` runs it, so no build is
 * needed) on the given PostgreSQL database: a stateless app instance, as behind a load balancer.
 */
export async function startServerProcess(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'letlead-scale-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      APP_URL: 'http://localhost:3000',
      SESSION_SECRET: 'scale-secret-that-is-long-enough-for-better-auth',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      JOBS: 'false',
      // One test client sends hundreds of chat requests a minute from one address.
      RATE_LIMIT_CHAT_PER_MINUTE: '1000000',
      RATE_LIMIT_API_PER_MINUTE: '1000000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 90_000);
      child.stdout?.on('data', () => {
        const match = output.match(/running at http:\/\/localhost:(\d+)/);
        if (!match) return;
        clearTimeout(timer);
        resolve(Number(match[1]));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code}:\n${output}`));
      });
    });
    return { url: `http://127.0.0.1:${port}`, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A throwaway database on the TEST_DATABASE_URL server, dropped by `drop`. */
export async function createScaleDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the scale-out tests');
  return createThrowawayDatabase(adminUrl, 'letlead_scale');
}
