import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '#server/db/client.ts';
import { loadTemplate } from './pglite-template.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (in the `postgres` Vitest
 * project) a throwaway database on the TEST_DATABASE_URL server, dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    return openDatabase({ pgliteDir: 'memory://', pgliteTemplate: loadTemplate() });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const name = `letlead_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
