import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '#server/features/team/index.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { requireCompanyById } from '#server/lib/session.ts';
import { perMinute } from '#server/plugins/rate-limits.ts';
import {
  closeAccountRequestSchema,
  closeAccountResponseSchema,
  companyExportSchema,
  privacyCompanyParamsSchema,
} from '#shared/schemas/privacy.ts';
import { closeAccount } from './close-account.ts';
import { exportCompanyData } from './export.ts';
import { purgeExpiredTenantData, RETENTION_PURGE_JOB } from './retention.ts';

/** Data export, account closure and the daily retention purge (the GDPR page's promises). */
export async function registerPrivacy(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  ctx.jobs.define(
    RETENTION_PURGE_JOB,
    async (_data, job) => {
      const counts = await purgeExpiredTenantData(ctx, now());
      job.log.info({ counts }, 'Retention purge done');
    },
    { retryLimit: 3 },
  );
  ctx.jobs.schedule(RETENTION_PURGE_JOB, '30 3 * * *');

  app.get(
    '/api/companies/:id/export',
    { schema: { params: privacyCompanyParamsSchema, response: { 200: companyExportSchema } } },
    async (request, reply) => {
      const { user, company } = await requireCompanyById(ctx, request, request.params.id, 'team');
      const { fileName, data } = await exportCompanyData(ctx, { userId: user.id, company });
      await recordAudit(ctx.db, { companyId: company.id, actor: user, action: 'data_exported' });
      return reply
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );

  app.delete(
    '/api/companies/:id',
    {
      // A password check: limited like the sign-in it resembles.
      config: perMinute(ctx.env.rateLimits.authPerMinute),
      schema: {
        params: privacyCompanyParamsSchema,
        body: closeAccountRequestSchema,
        response: { 200: closeAccountResponseSchema },
      },
    },
    async (request, reply) => {
      const { user, company } = await requireCompanyById(ctx, request, request.params.id, 'closure');
      const { cookies } = await closeAccount(ctx, {
        userId: user.id,
        company,
        input: request.body,
        headers: fromNodeHeaders(request.headers),
      });
      reply.header('set-cookie', cookies);
      return { message: 'Your account has been closed and your data erased.' };
    },
  );
}
