import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from '#tests/helpers/database.ts';
import { createJobQueue } from './jobs.ts';

const silentLog = { warn: () => {}, info: () => {}, error: () => {} } as never;

describe('job queue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs a queued job once in a worker process, retrying a failure', async () => {
    const seen: string[] = [];
    let failures = 0;
    const worker = createJobQueue({ database, runWorkers: true, log: silentLog });
    worker.define<{ id: string }>(
      'test-job',
      async ({ id }) => {
        if (id === 'flaky' && failures === 0) {
          failures += 1;
          throw new Error('temporary failure');
        }
        seen.push(id);
      },
      { retryLimit: 3, retryDelaySeconds: 1 },
    );
    await worker.start();

    // A process without workers can still queue work for the others.
    const sender = createJobQueue({ database, runWorkers: false, log: silentLog });
    sender.define('test-job', async () => {});
    await sender.start();
    await sender.send('test-job', { id: 'first' });
    await sender.send('test-job', { id: 'flaky' });

    await expect.poll(() => [...seen].sort(), { timeout: 20_000, interval: 250 }).toEqual(['first', 'flaky']);
    expect(failures).toBe(1);
    await sender.stop();
    await worker.stop();
  }, 40_000);
});
