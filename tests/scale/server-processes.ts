import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type Database, type Db, openDatabase } from '#server/db/client.ts';
import { companies, properties, users } from '#server/db/schema.ts';
import { createThrowawayDatabase } from '#tests/helpers/database.ts';
import { LIFTED_RATE_LIMITS } from '#tests/helpers/rate-limits.ts';
import { spawnServer, stopServer } from '#tests/helpers/server-process.ts';
import { lateBound } from '#tests/helpers/suite.ts';

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
        ...LIFTED_RATE_LIMITS,
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

type Env = Record<string, string>;

/**
 * For a describe block: a throwaway database, opened here first (which migrates it, so the servers
 * then find the schema in place), and two server processes on it with `env` (a function for
 * settings that an earlier hook makes); after the block's tests the servers stop and the database
 * is closed and dropped. `database` and `servers` stand for what the `beforeAll` makes.
 */
export function setUpTwoServers(
  env: Env | (() => Env) = {},
  { maxConnections = 4 }: { maxConnections?: number } = {},
): { database: Database; servers: [ServerProcess, ServerProcess] } {
  let database: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  let servers: [ServerProcess, ServerProcess] | undefined;
  beforeAll(async () => {
    const created = await createScaleDatabase();
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.url, maxConnections });
    const serverEnv = typeof env === 'function' ? env() : env;
    servers = await Promise.all([
      startServerProcess(created.url, serverEnv),
      startServerProcess(created.url, serverEnv),
    ]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await database?.close();
    await drop?.();
  });
  return {
    database: lateBound('the scale database', () => database),
    servers: lateBound('the server processes', () => servers),
  };
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

type ViewingWindow = { day: number; start: string; end: string };

/**
 * `seedAgency` with one listing, 2 Bed Flat, Elm Road. With `viewingWindows`, the agency shows it
 * in those weekly windows (20-minute slots, one party each, bookable at once, two weeks ahead) and
 * it is free to view now; without, it has a vacancy date and no viewing hours.
 */
export async function seedAgencyWithListing(
  db: Db,
  idPrefix: string,
  credits: number,
  viewingWindows?: ViewingWindow[],
) {
  const { company, suffix } = await seedAgency(db, idPrefix, credits);
  const [property] = await db
    .insert(properties)
    .values({
      companyId: company.id,
      propertyName: '2 Bed Flat, Elm Road',
      slug: `elm-${suffix}`,
      propertyAddress: '14 Elm Road, Leeds LS6 2AB',
      propertyRentalPrice: '£1,200 pcm',
      numberOfBedrooms: 2,
      vacancyDate: viewingWindows ? null : '01/03/2027',
    })
    .returning();
  if (viewingWindows) {
    await db
      .update(companies)
      .set({
        viewingSchedule: {
          windows: viewingWindows,
          slotMinutes: 20,
          bufferMinutes: 0,
          minNoticeHours: 0,
          horizonDays: 14,
          partiesPerSlot: 1,
        },
      })
      .where(eq(companies.id, company.id));
  }
  return { company, property: property!, suffix };
}
