import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Env } from '#server/env.ts';

/**
 * The rate limiter, off by default: each route family names its own limit (`config.rateLimit`).
 * Counters live in Redis when REDIS_URL is set, so several instances share them; else in memory.
 * The error handler (error-handler.ts) adds `Retry-After` from the `retryAfter` given here.
 */
export const rateLimitsPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    await app.register(rateLimit, {
      global: false,
      ...(env.redisUrl ? { redis: await createRedis(env.redisUrl) } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        retryAfter: Math.ceil(context.ttl / 1000),
        message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    });
  },
  { name: 'rate-limits' },
);

/** A route's `config`: at most `max` requests a minute from one address. */
export function perMinute(max: number) {
  return { rateLimit: { max, timeWindow: '1 minute' } };
}

async function createRedis(url: string) {
  const { Redis } = await import('ioredis');
  return new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false });
}
