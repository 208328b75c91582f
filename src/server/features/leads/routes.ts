import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companies } from '#server/db/schema.ts';
import { refreshCreditsIfDue } from '#server/features/billing/index.ts';
import { recordAudit, recordLeadOpened } from '#server/features/team/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { requireCompanyById, requireUser } from '#server/lib/session.ts';
import {
  bulkLeadStatusResponseSchema,
  bulkLeadStatusSchema,
  createLeadNoteSchema,
  dashboardQuerySchema,
  leadActivitySchema,
  leadDetailSchema,
  leadQuestionBodySchema,
  leadQuestionParamsSchema,
  leadQuestionsResponseSchema,
  patchLeadSchema,
} from '#shared/schemas/leads.ts';
import { idParamsSchema } from '#shared/schemas/params.ts';
import { LEAD_DIGEST_JOB, sendLeadDigest, subscribeLeadEmail } from './lead-email.ts';
import { deleteLead, exportLeadsCsv, getDashboardJson, getLeadDetail, setQuestionAnswered } from './leads.ts';
import { addLeadNote, bulkUpdateLeadStatus, updateLead } from './pipeline.ts';
import { subscribeViewingActivity } from './viewing-activity.ts';

export async function registerLeads(root: FastifyInstance, ctx: AppContext): Promise<void> {
  subscribeLeadEmail(ctx);
  subscribeViewingActivity(ctx);
  ctx.jobs.define<{ companyId: string }>(LEAD_DIGEST_JOB, async ({ companyId }) => {
    await sendLeadDigest(ctx, companyId);
  });
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/companies/:id/dashboard',
    {
      // Answers `dashboardSchema`, already serialised (see getDashboardJson).
      schema: { params: idParamsSchema, querystring: dashboardQuerySchema },
      // Several MB of JSON with 10,000 leads: gzip at level 1 is ten times quicker than brotli
      // here and hardly larger.
      compress: { encodings: ['gzip', 'deflate'], zlibOptions: { level: 1 } },
    },
    async (request, reply) => {
      // Ownership first: only the owner's own visit may bring due credits back.
      const { user, company: owned } = await requireCompanyById(ctx, request, request.params.id);
      await refreshCreditsIfDue(ctx, owned.id);
      const [company = owned] = await ctx.db
        .select()
        .from(companies)
        .where(eq(companies.id, owned.id))
        .limit(1);
      return reply
        .header('cache-control', 'private, no-store')
        .type('application/json; charset=utf-8')
        .send(
          await getDashboardJson(ctx, company, {
            source: request.query.source,
            assigneeId: request.query.assignee === 'me' ? user.id : undefined,
          }),
        );
    },
  );

  app.get(
    '/api/leads/:id',
    { schema: { params: idParamsSchema, response: { 200: leadDetailSchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      reply.header('cache-control', 'private, no-store');
      const detail = await getLeadDetail(ctx, { userId: user.id, leadId: request.params.id });
      await recordLeadOpened(ctx, { actor: user, leadId: request.params.id });
      return detail;
    },
  );

  app.patch(
    '/api/leads/:id',
    { schema: { params: idParamsSchema, body: patchLeadSchema, response: { 200: leadDetailSchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      await updateLead(ctx, { userId: user.id, leadId: request.params.id, input: request.body });
      reply.header('cache-control', 'private, no-store');
      return getLeadDetail(ctx, { userId: user.id, leadId: request.params.id });
    },
  );

  app.post(
    '/api/leads/bulk-status',
    { schema: { body: bulkLeadStatusSchema, response: { 200: bulkLeadStatusResponseSchema } } },
    async (request) => {
      const user = await requireUser(ctx, request);
      return bulkUpdateLeadStatus(ctx, { userId: user.id, input: request.body });
    },
  );

  app.post(
    '/api/leads/:id/notes',
    {
      schema: {
        params: idParamsSchema,
        body: createLeadNoteSchema,
        response: { 201: leadActivitySchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const note = await addLeadNote(ctx, {
        userId: user.id,
        leadId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(note);
    },
  );

  app.delete('/api/leads/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    const { companyId } = await deleteLead(ctx, { userId: user.id, leadId: request.params.id });
    // The lead's id only: the erasure leaves no name of the tenant behind, here neither.
    await recordAudit(ctx.db, {
      companyId,
      actor: user,
      action: 'lead_deleted',
      subjectId: request.params.id,
    });
    return reply.status(204).send();
  });

  app.patch(
    '/api/leads/:id/questions/:index',
    {
      schema: {
        params: leadQuestionParamsSchema,
        body: leadQuestionBodySchema,
        response: { 200: leadQuestionsResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const { id, index } = request.params;
      return setQuestionAnswered(ctx, {
        userId: user.id,
        leadId: id,
        index,
        answered: request.body.answered,
      });
    },
  );

  app.get('/api/companies/:id/leads.csv', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const { user, company } = await requireCompanyById(ctx, request, request.params.id);
    const { fileName, csv, rows } = await exportLeadsCsv(ctx, company);
    await recordAudit(ctx.db, {
      companyId: company.id,
      actor: user,
      action: 'leads_exported',
      detail: { rows },
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
}
