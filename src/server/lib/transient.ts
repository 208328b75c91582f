import type { AppContext } from './context.ts';
import { perContext } from './per-context.ts';

/**
 * PostgreSQL errors that say "this statement lost a race, run it again": a deadlock broken by
 * aborting it (40P01), a serialization failure (40001) and a lock wait cut short by
 * `lock_timeout` (55P03). The statement was rolled back whole, so running it again is safe for
 * every statement written to be repeated (the chat's end, turns and starts, the booking, the
 * credit statements: each is guarded by what it reads, see docs/architecture.md, "Lock order").
 */
const TRANSIENT_CODES = new Set(['40P01', '40001', '55P03']);

export function isTransientDatabaseError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return true;
    current = cause;
  }
  return false;
}

/** Tries after the first: with the backoff below, about 1.5 s of waiting in the worst case. */
const RETRIES = 6;
const BASE_DELAY_MS = 10;

/** Each retry this app made, by statement: an operator reads them in the log, tests here. */
const retryCounts = perContext(() => new Map<string, number>());

export function transientRetries(ctx: AppContext): ReadonlyMap<string, number> {
  return retryCounts(ctx);
}

/**
 * Runs `run` and, when it fails with a transient database error, runs it again after a jittered
 * exponential wait ("full jitter": a random wait up to 10, 20, 40 … ms), so that the statements
 * that collided do not collide again in step. Each retry is logged as a warning and counted under
 * `statement`. Only for work that is safe to repeat whole: one statement, or one transaction.
 */
export async function retryTransient<T>(
  ctx: AppContext,
  statement: string,
  run: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= RETRIES || !isTransientDatabaseError(error)) throw error;
      const counts = retryCounts(ctx);
      const total = (counts.get(statement) ?? 0) + 1;
      counts.set(statement, total);
      const waitMs = Math.random() * BASE_DELAY_MS * 2 ** attempt;
      ctx.log.warn(
        { err: error, statement, attempt: attempt + 1, retries: total, waitMs: Math.round(waitMs) },
        'A statement lost a race with another and runs again',
      );
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
