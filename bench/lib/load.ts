import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import { Pool } from 'undici';

export type Reply = { status: number; body: unknown };

/** What a scenario uses to talk to the server: every call is timed under its label. */
export type BenchClient = {
  get: (label: string, path: string) => Promise<Reply>;
  post: (label: string, path: string, body: unknown) => Promise<Reply>;
};

export type LabelFigures = {
  count: number;
  perSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  /** Responses other than 2xx and network failures, by status (or error code). */
  errors: Record<string, number>;
};

export type LoadResult = { seconds: number; labels: Record<string, LabelFigures> };

/** Thrown by a call once the run is over: the scenario stops where it is. */
export class RunOver extends Error {}

/** Thrown by a call that did not answer 2xx: the scenario's current iteration is abandoned. */
export class FailedCall extends Error {
  constructor(
    readonly label: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${label} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

type Tally = { histogram: RecordableHistogram; errors: Record<string, number> };

/**
 * Runs `connections` copies of a scenario in a loop over one keep-alive connection each (undici,
 * no pipelining: one request at a time per connection, as a browser tab does), first for
 * `warmUpSeconds` unrecorded (JIT, caches, pool), then for `seconds` recorded. A response is
 * counted when it completes inside the recorded window; its latency is from sending the request
 * to the last byte of the body.
 */
export async function runLoad(options: {
  url: string;
  connections: number;
  seconds: number;
  warmUpSeconds?: number;
  scenario: (client: BenchClient, worker: number) => Promise<void>;
  /** Called as the recorded window opens and closes (e.g. to read CPU counters). */
  onWindow?: (edge: 'open' | 'close') => void;
}): Promise<LoadResult> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const tallies = new Map<string, Tally>();
  const tally = (label: string) => {
    let entry = tallies.get(label);
    if (!entry) {
      entry = { histogram: createHistogram(), errors: {} };
      tallies.set(label, entry);
    }
    return entry;
  };

  // `turn:start` counts under its own label and under its group `turn`.
  const talliesOf = (label: string) => {
    const group = label.split(':')[0]!;
    return group === label ? [tally(label)] : [tally(group), tally(label)];
  };

  const startedAt = performance.now();
  const recordFrom = startedAt + (options.warmUpSeconds ?? 0) * 1000;
  const recordUntil = recordFrom + options.seconds * 1000;
  let isOver = false;

  const call = async (
    label: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<Reply> => {
    if (isOver) throw new RunOver();
    const sent = performance.now();
    let status: number;
    let parsed: unknown;
    try {
      const response = await pool.request({
        path,
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = response.statusCode;
      const text = await response.body.text();
      parsed = text ? JSON.parse(text) : null;
    } catch (error) {
      const done = performance.now();
      if (done >= recordFrom && done < recordUntil) {
        const key = (error as { code?: string }).code ?? (error as Error).name;
        for (const entry of talliesOf(label)) entry.errors[key] = (entry.errors[key] ?? 0) + 1;
      }
      throw new FailedCall(label, 0, String(error));
    }
    const done = performance.now();
    if (done >= recordFrom && done < recordUntil) {
      for (const entry of talliesOf(label)) {
        if (status >= 200 && status < 300) {
          entry.histogram.record(Math.max(1, Math.round((done - sent) * 1000)));
        } else {
          entry.errors[String(status)] = (entry.errors[String(status)] ?? 0) + 1;
        }
      }
    }
    if (status < 200 || status >= 300) throw new FailedCall(label, status, parsed);
    return { status, body: parsed };
  };
  const client: BenchClient = {
    get: (label, path) => call(label, 'GET', path),
    post: (label, path, body) => call(label, 'POST', path, body),
  };

  const failures: FailedCall[] = [];
  const worker = async (index: number) => {
    while (!isOver) {
      try {
        await options.scenario(client, index);
      } catch (error) {
        if (error instanceof RunOver) return;
        if (error instanceof FailedCall) {
          if (failures.length < 5) failures.push(error);
          continue;
        }
        throw error;
      }
    }
  };
  const openTimer = setTimeout(() => options.onWindow?.('open'), recordFrom - performance.now());
  const stopTimer = setTimeout(() => {
    isOver = true;
    options.onWindow?.('close');
  }, recordUntil - performance.now());
  try {
    await Promise.all(Array.from({ length: options.connections }, (_, i) => worker(i)));
  } finally {
    clearTimeout(openTimer);
    clearTimeout(stopTimer);
    await pool.close();
  }
  for (const failure of failures) console.warn(`  failed call: ${failure.message}`);

  const labels: Record<string, LabelFigures> = {};
  for (const [label, { histogram, errors }] of tallies) {
    const ms = (us: number) => Math.round(us / 10) / 100;
    const count = histogram.count;
    labels[label] = {
      count,
      perSecond: Math.round(count / options.seconds),
      p50Ms: count ? ms(histogram.percentile(50)) : 0,
      p90Ms: count ? ms(histogram.percentile(90)) : 0,
      p99Ms: count ? ms(histogram.percentile(99)) : 0,
      maxMs: count ? ms(histogram.max) : 0,
      meanMs: count ? ms(histogram.mean) : 0,
      errors,
    };
  }
  return { seconds: options.seconds, labels };
}

/** The same driver on a plain GET, in a loop: the baseline measured with the chat's own client. */
export function runGetLoad(url: string, connections: number, seconds: number, warmUpSeconds = 2) {
  return runLoad({
    url,
    connections,
    seconds,
    warmUpSeconds,
    scenario: async (client) => {
      await client.get('get', '/');
    },
  });
}
