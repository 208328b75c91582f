import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/lib/context.ts';
import { requireCompanyById } from '#server/lib/session.ts';
import { insightsQuerySchema, insightsResponseSchema } from '#shared/schemas/insights.ts';
import { idParamsSchema } from '#shared/schemas/params.ts';
import { getInsights } from './insights.ts';
import { sendWeeklySummaries, WEEKLY_SUMMARY_CRON, WEEKLY_SUMMARY_JOB } from './weekly-summary.ts';

export async function registerInsights(root: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.jobs.define(WEEKLY_SUMMARY_JOB, async () => {
    await sendWeeklySummaries(ctx);
  });
  ctx.jobs.schedule(WEEKLY_SUMMARY_JOB, WEEKLY_SUMMARY_CRON);

  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/companies/:id/insights',
    {
      schema: {
        params: idParamsSchema,
        querystring: insightsQuerySchema,
        response: { 200: insightsResponseSchema },
      },
    },
    async (request, reply) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id);
      reply.header('cache-control', 'private, no-store');
      return getInsights(ctx, company.id, request.query);
    },
  );
}
