import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/lib/context.ts';
import { requireCompanyById, requireUser } from '#server/lib/session.ts';
import {
  chatbotUrlResponseSchema,
  companyIdParamsSchema,
  propertyIdParamsSchema,
  propertyInputSchema,
  propertyListSchema,
  propertySchema,
} from '#shared/schemas/properties.ts';
import { agencyLink, createProperty, deleteProperty, listProperties, updateProperty } from './properties.ts';

export async function registerProperties(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/companies/:id/properties',
    { schema: { params: companyIdParamsSchema, response: { 200: propertyListSchema } } },
    async (request) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id);
      return listProperties(ctx, company);
    },
  );

  app.post(
    '/api/companies/:id/properties',
    {
      schema: { params: companyIdParamsSchema, body: propertyInputSchema, response: { 201: propertySchema } },
    },
    async (request, reply) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id);
      const property = await createProperty(ctx, { company, input: request.body });
      return reply.status(201).send(property);
    },
  );

  app.put(
    '/api/properties/:id',
    {
      schema: {
        params: propertyIdParamsSchema,
        body: propertyInputSchema,
        response: { 200: propertySchema },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      return updateProperty(ctx, { userId: user.id, propertyId: request.params.id, input: request.body });
    },
  );

  app.delete(
    '/api/properties/:id',
    { schema: { params: propertyIdParamsSchema } },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      await deleteProperty(ctx, { userId: user.id, propertyId: request.params.id });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/companies/:id/chatbot-url',
    { schema: { params: companyIdParamsSchema, response: { 200: chatbotUrlResponseSchema } } },
    async (request) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id);
      return { url: agencyLink(ctx.env.appUrl, company.slug) };
    },
  );
}
