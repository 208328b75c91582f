import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Env } from '#server/env.ts';
import { AppError } from '#server/lib/errors.ts';
import { perMinute } from '#server/plugins/rate-limits.ts';

/**
 * Sign-up, login, resend and reset are limited twice: per IP (RATE_LIMIT_AUTH_PER_MINUTE; a
 * shared office or a mobile carrier puts many people behind one address, so it is generous) and
 * per email address (a quarter of that, at least 3), which is what stops password guessing
 * against one account from many addresses. Counters live in Redis when REDIS_URL is set, so every
 * instance counts together.
 */
export function authRateLimits(app: FastifyInstance, env: Env) {
  const perIpPerMinute = env.rateLimits.authPerMinute;
  const perEmailPerMinute = Math.max(3, Math.ceil(perIpPerMinute / 4));

  const perIp = perMinute(perIpPerMinute);

  function perEmail(action: string): preHandlerAsyncHookHandler {
    const limiter = app.createRateLimit({
      max: perEmailPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `auth-${action}-email:${emailOf(request)}`,
    });
    return async (request) => {
      if (!emailOf(request)) return;
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) return;
      throw new AppError(
        'RATE_LIMITED',
        `Too many attempts for this email address. Please try again in ${result.ttlInSeconds} seconds.`,
        { retryAfter: result.ttlInSeconds },
      );
    };
  }

  return { perIp, perEmail };
}

function emailOf(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}
