import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseTextPlainAsJson } from '#server/lib/body-parsers.ts';
import type { AppContext } from '#server/lib/context.ts';
import { perMinute } from '#server/plugins/rate-limits.ts';
import { analyticsBatchSchema } from '#shared/schemas/analytics.ts';
import { recordAnalyticsEvents } from './analytics.ts';

/** Do Not Track and Global Privacy Control: a visitor who asks not to be counted is not. */
export function hasOptedOut(request: FastifyRequest): boolean {
  return request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';
}

/** POST /api/analytics: first-party, cookieless page views and web vitals. */
export async function registerAnalytics(root: FastifyInstance, ctx: AppContext): Promise<void> {
  // Its own scope: the text/plain parser below (for navigator.sendBeacon) applies to this route only.
  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    parseTextPlainAsJson(app, 16 * 1024);

    app.post(
      '/api/analytics',
      {
        bodyLimit: 16 * 1024,
        config: perMinute(ctx.env.rateLimits.apiPerMinute),
        schema: { body: analyticsBatchSchema },
      },
      async (request, reply) => {
        if (!hasOptedOut(request)) await recordAnalyticsEvents(ctx.db, request.body.events);
        return reply.status(204).send();
      },
    );
  });
}
