import { describe, expect, it } from 'vitest';
import type { AppContext } from './context.ts';
import { isTransientDatabaseError, retryTransient, transientRetries } from './transient.ts';

function contextWithLog() {
  const warnings: Record<string, unknown>[] = [];
  const ctx = {
    log: { warn: (fields: Record<string, unknown>) => warnings.push(fields) },
  } as unknown as AppContext;
  return { ctx, warnings };
}

const raced = (code: string) => Object.assign(new Error('raced'), { code });

describe('retryTransient', () => {
  it('runs a statement that lost a race again until it succeeds, logging and counting each retry', async () => {
    const { ctx, warnings } = contextWithLog();
    const failures = [raced('40P01'), raced('40001'), raced('55P03')];
    let runs = 0;
    const result = await retryTransient(ctx, 'chat.end', async () => {
      runs += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'lead saved';
    });
    expect(result).toBe('lead saved');
    expect(runs).toBe(4);
    expect(transientRetries(ctx).get('chat.end')).toBe(3);
    expect(warnings.map((w) => [w.statement, w.attempt])).toEqual([
      ['chat.end', 1],
      ['chat.end', 2],
      ['chat.end', 3],
    ]);
  });

  it('gives up after six retries, and never retries an error that is not a lost race', async () => {
    const { ctx } = contextWithLog();
    /** How many times a step that always fails with this code is run. */
    const runsFailingWith = async (code: string) => {
      let runs = 0;
      await expect(
        retryTransient(ctx, 'viewings.book', async () => {
          runs += 1;
          throw raced(code);
        }),
      ).rejects.toThrow('raced');
      return runs;
    };
    expect(await runsFailingWith('40P01')).toBe(7);
    expect(await runsFailingWith('23505')).toBe(1);
  });

  it('finds the code in the cause chain (Drizzle wraps the driver error)', () => {
    expect(isTransientDatabaseError(new Error('query failed', { cause: raced('40P01') }))).toBe(true);
    expect(isTransientDatabaseError(new Error('query failed', { cause: raced('23P01') }))).toBe(false);
    expect(isTransientDatabaseError(null)).toBe(false);
  });
});
