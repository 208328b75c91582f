import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '#server/db/client.ts';
import { companies, users } from '#server/db/schema.ts';
import { createThrowawayDatabase } from '#tests/helpers/database.ts';
import { spawnServer, stopServer } from '#tests/helpers/server-process.ts';

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
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await spawnServer({
      args: ['--import', 'tsx', 'src/server/main.ts'],
      env: {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        APP_URL: 'http://localhost:3000',
        SESSION_SECRET: 'scale-secret-that-is-long-enough-for-better-auth',
        LOG_LEVEL: 'warn',
        JOBS: 'false',
        // One test client sends hundreds of chat requests a minute from one address.
        RATE_LIMIT_CHAT_PER_MINUTE: '1000000',
        RATE_LIMIT_API_PER_MINUTE: '1000000',
        ...extraEnv,
      },
      timeoutMs: 90_000,
    });
    return {
      url: `http://127.0.0.1:${server.port}`,
      output: server.output,
      stop: async () => {
        await stopServer(server.process);
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/** A throwaway database on the TEST_DATABASE_URL server, dropped by `drop`. */
export async function createScaleDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the scale-out tests');
  return createThrowawayDatabase(adminUrl, 'letlead_scale');
}

/**
 * An agency on the Small plan with `credits` left, written straight to the database (the
 * servers hold no state to go through): its owner, and its company with a unique slug.
 */
export async function seedAgency(db: Db, idPrefix: string, credits: number) {
  const suffix = randomUUID().slice(0, 8);
  const userId = `${idPrefix}-${suffix}`;
  await db.insert(users).values({ id: userId, name: 'Agent', email: `${userId}@example.test` });
  const [company] = await db
    .insert(companies)
    .values({
      name: 'Harbour Lettings',
      slug: `harbour-${suffix}`,
      ownerId: userId,
      accountType: 'small',
      accountLimit: 500,
      currentCount: credits,
      countResetDate: new Date(),
    })
    .returning();
  return { company: company!, suffix };
}
