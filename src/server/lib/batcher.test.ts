import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

/** A stand-in for the database: records each statement's rows, answers after a tick. */
function recordingStore(options: { failWhen?: (rows: number[]) => boolean } = {}) {
  const statements: number[][] = [];
  const answer = async (rows: number[]) => {
    statements.push(rows);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (options.failWhen?.(rows)) throw new Error(`statement failed for ${rows.join(',')}`);
    return rows.map((row) => row * 10);
  };
  return { statements, runBatch: answer, runOne: async (row: number) => (await answer([row]))[0]! };
}

describe('createBatcher', () => {
  it('sends a lone write at once, in a statement of its own', async () => {
    const store = recordingStore();
    const batcher = createBatcher({ ...store });
    expect(await batcher.run(7)).toBe(70);
    expect(store.statements).toEqual([[7]]);
  });

  it('gathers the writes that arrive while statements are on their way, each caller getting its own answer', async () => {
    const store = recordingStore();
    const batcher = createBatcher({ ...store, maxInFlight: 1 });
    const first = batcher.run(1);
    // Arrive while the first statement is out.
    await new Promise((resolve) => setTimeout(resolve, 1));
    const rest = [2, 3, 4, 5, 6].map((row) => batcher.run(row));
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40, 50, 60]);
    expect(store.statements).toEqual([[1], [2, 3, 4, 5, 6]]);
  });

  it('never puts more than the largest batch in one statement', async () => {
    const store = recordingStore();
    const batcher = createBatcher({ ...store, maxBatchSize: 3, maxInFlight: 1 });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => batcher.run(i)));
    expect(answers).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
    expect(Math.max(...store.statements.map((rows) => rows.length))).toBe(3);
    expect(store.statements.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('retries a failed batch one write at a time, so only the bad write fails', async () => {
    const store = recordingStore({ failWhen: (rows) => rows.includes(3) });
    const batcher = createBatcher({ ...store, maxInFlight: 1 });
    const results = await Promise.allSettled([1, 2, 3, 4].map((row) => batcher.run(row)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results[3]).toEqual({ status: 'fulfilled', value: 40 });
    expect((results[2] as PromiseRejectedResult).reason.message).toBe('statement failed for 3');
  });
});
