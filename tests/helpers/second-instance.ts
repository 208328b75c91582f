import { type App, buildApp } from '#server/app.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import type { TestApp } from './app.ts';

export type SecondInstance = { url: string; app: App; close: () => Promise<void> };

/**
 * A second app instance on the first one's database, as behind a load balancer. On PostgreSQL it
 * has its own connection pool (and its own LISTEN connection), so races and news between
 * instances really go through the database.
 */
export async function openSecondInstance(first: TestApp): Promise<SecondInstance> {
  let database: Database = first.database;
  let ownsDatabase = false;
  if (first.database.kind === 'postgres') {
    const { rows } = await first.database.execute('select current_database() as name');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name as string}`;
    database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 5 });
    ownsDatabase = true;
  }
  const app: App = await buildApp({
    env: first.ctx.env,
    database,
    serveWeb: false,
    closeDatabase: ownsDatabase,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}
