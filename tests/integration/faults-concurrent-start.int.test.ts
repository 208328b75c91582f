import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { createJobQueue } from '#server/lib/jobs.ts';
import { createThrowawayDatabase } from '#tests/helpers/database.ts';

/** Four instances opening the database at `url` in the same instant, as a rolling deploy does. */
const openFour = (url: string) =>
  Promise.all(Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url, maxConnections: 3 })));

/**
 * A rolling deploy starts several instances on one new release at once: each applies the
 * migrations at start, and none may fail because another is doing the same.
 */
describe('several instances starting together on an empty PostgreSQL database', () => {
  it('all start, and the migrations are applied once', async (context) => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DB !== 'postgres' || !adminUrl) {
      const reason =
        'needs the postgres test project (TEST_DATABASE_URL); the embedded database is single-process';
      console.info(`Concurrent start test not run: ${reason}`);
      context.skip(reason);
      return;
    }
    const { url, drop } = await createThrowawayDatabase(adminUrl, 'letlead_start');
    try {
      const instances = await openFour(url);
      const { rows } = await instances[0]!.execute(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      const migrated = await instances[0]!.execute('select count(*)::int as n from companies');
      expect(migrated.rows).toEqual([{ n: 0 }]);
      expect(rows[0]!.n).toBeGreaterThan(0);
      await Promise.all(instances.map((instance) => instance.close()));
    } finally {
      await drop();
    }
  }, 60_000);

  it('all set up the job queue at once: every queue is created once, with no deadlock', async (context) => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DB !== 'postgres' || !adminUrl) {
      context.skip('needs the postgres test project (TEST_DATABASE_URL)');
      return;
    }
    const { url, drop } = await createThrowawayDatabase(adminUrl, 'letlead_jobs');
    const log = { warn() {}, info() {}, error() {} } as never;
    try {
      const instances = await openFour(url);
      // Four instances with the same dozen queues, started in the same instant. A queue's
      // creation attaches a partition to the job table: without taking turns, PostgreSQL
      // aborts one of two instances creating the same queues as a deadlock.
      const queues = instances.map((database) => {
        const jobs = createJobQueue({ database, runWorkers: false, log });
        for (let n = 0; n < 12; n += 1) jobs.define(`start.queue-${n}`, async () => {});
        return jobs;
      });
      await Promise.all(queues.map((jobs) => jobs.start()));
      const { rows } = await instances[0]!.execute(
        "select count(*)::int as n from pgboss.queue where name like 'start.queue-%'",
      );
      expect(rows).toEqual([{ n: 12 }]);
      await Promise.all(queues.map((jobs) => jobs.stop()));
      await Promise.all(instances.map((instance) => instance.close()));
    } finally {
      await drop();
    }
  }, 60_000);
});
