import autocannon from 'autocannon';

export type CannonFigures = {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
};

/**
 * autocannon on one URL, 100 connections by default, after a short unrecorded warm-up: the
 * usual way to measure a hello-world baseline.
 */
export async function runAutocannon(options: {
  url: string;
  connections?: number;
  seconds?: number;
  warmUpSeconds?: number;
  /** Called just before and after the recorded run (e.g. to read CPU counters). */
  onWindow?: (edge: 'open' | 'close') => void;
}): Promise<CannonFigures & { requests: number }> {
  const connections = options.connections ?? 100;
  await autocannon({ url: options.url, connections, duration: options.warmUpSeconds ?? 2 });
  options.onWindow?.('open');
  const result = await autocannon({ url: options.url, connections, duration: options.seconds ?? 10 });
  options.onWindow?.('close');
  return {
    requests: result.requests.total,
    perSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
