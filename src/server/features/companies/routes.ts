import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/lib/context.ts';
import { requireCompanyById, requireUser } from '#server/lib/session.ts';
import { companySchema } from '#shared/schemas/auth.ts';
import {
  companyListSchema,
  registerCompanyRequestSchema,
  updateCompanyProfileRequestSchema,
} from '#shared/schemas/companies.ts';
import { idParamsSchema } from '#shared/schemas/params.ts';
import { listCompanies, registerCompany, updateCompanyProfile } from './companies.ts';

export async function registerCompanies(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/api/companies', { schema: { response: { 200: companyListSchema } } }, async (request) => {
    const user = await requireUser(ctx, request);
    return listCompanies(ctx, { userId: user.id });
  });

  app.post(
    '/api/companies/register',
    { schema: { body: registerCompanyRequestSchema, response: { 201: companySchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const company = await registerCompany(ctx, { userId: user.id, input: request.body });
      return reply.status(201).send(company);
    },
  );

  app.put(
    '/api/companies/:id/profile',
    {
      schema: {
        params: idParamsSchema,
        body: updateCompanyProfileRequestSchema,
        response: { 200: companySchema },
      },
    },
    async (request) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id, 'settings');
      return updateCompanyProfile(ctx, { company, input: request.body });
    },
  );
}
