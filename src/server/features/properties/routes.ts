import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '#server/features/team/index.ts';
import { readBodiesAsBytes } from '#server/lib/body-parsers.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { requireCompanyById, requireOwnCompany } from '#server/lib/session.ts';
import { MAX_PHOTO_BYTES } from '#shared/listing.ts';
import { idParamsSchema } from '#shared/schemas/params.ts';
import {
  chatbotUrlResponseSchema,
  photoOrderSchema,
  propertyInputSchema,
  propertyListSchema,
  propertyPhotoListSchema,
  propertyPhotoParamsSchema,
  propertySchema,
} from '#shared/schemas/properties.ts';
import { assignPropertySchema } from '#shared/team-roles.ts';
import { addPhoto, deletePhoto, PHOTO_TOO_BIG, reorderPhotos } from './photos.ts';
import {
  agencyLink,
  assignProperty,
  createProperty,
  deleteProperty,
  listProperties,
  updateProperty,
} from './properties.ts';

export async function registerProperties(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/companies/:id/properties',
    { schema: { params: idParamsSchema, response: { 200: propertyListSchema } } },
    async (request) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id);
      return listProperties(ctx, company);
    },
  );

  app.post(
    '/api/companies/:id/properties',
    {
      schema: { params: idParamsSchema, body: propertyInputSchema, response: { 201: propertySchema } },
    },
    async (request, reply) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id, 'settings');
      const property = await createProperty(ctx, { company, input: request.body });
      return reply.status(201).send(property);
    },
  );

  app.put(
    '/api/properties/:id',
    {
      schema: {
        params: idParamsSchema,
        body: propertyInputSchema,
        response: { 200: propertySchema },
      },
    },
    async (request) => {
      const { user } = await requireOwnCompany(ctx, request, 'settings');
      return updateProperty(ctx, { userId: user.id, propertyId: request.params.id, input: request.body });
    },
  );

  app.patch(
    '/api/properties/:id',
    {
      schema: {
        params: idParamsSchema,
        body: assignPropertySchema,
        response: { 200: propertySchema },
      },
    },
    async (request) => {
      const { user } = await requireOwnCompany(ctx, request, 'settings');
      return assignProperty(ctx, { userId: user.id, propertyId: request.params.id, ...request.body });
    },
  );

  app.delete('/api/properties/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const { user, company } = await requireOwnCompany(ctx, request, 'settings');
    await deleteProperty(ctx, { userId: user.id, propertyId: request.params.id });
    await recordAudit(ctx.db, {
      companyId: company.id,
      actor: user,
      action: 'property_deleted',
      subjectId: request.params.id,
    });
    return reply.status(204).send();
  });

  app.post(
    '/api/companies/:id/chatbot-url',
    { schema: { params: idParamsSchema, response: { 200: chatbotUrlResponseSchema } } },
    async (request) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id);
      return { url: agencyLink(ctx.env.appUrl, company.slug) };
    },
  );

  app.delete(
    '/api/properties/:id/photos/:photoId',
    { schema: { params: propertyPhotoParamsSchema } },
    async (request, reply) => {
      const { user } = await requireOwnCompany(ctx, request, 'settings');
      await deletePhoto(ctx, {
        userId: user.id,
        propertyId: request.params.id,
        photoId: request.params.photoId,
      });
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/properties/:id/photos/order',
    {
      schema: {
        params: idParamsSchema,
        body: photoOrderSchema,
        response: { 200: propertyPhotoListSchema },
      },
    },
    async (request) => {
      const { user } = await requireOwnCompany(ctx, request, 'settings');
      return reorderPhotos(ctx, { userId: user.id, propertyId: request.params.id, order: request.body });
    },
  );

  // One photo per request, sent as the file's own bytes (`fetch(url, { body: file })`): no
  // multipart parser is needed, and the type is read from the bytes whatever the header says.
  await app.register(async (scope) => {
    readBodiesAsBytes(scope, MAX_PHOTO_BYTES);
    scope.setErrorHandler((error: FastifyError) => {
      // Thrown on to the app's error handler, which answers it.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_BIG);
      throw error;
    });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/properties/:id/photos',
        { schema: { params: idParamsSchema, response: { 201: propertyPhotoListSchema } } },
        async (request, reply) => {
          const { user } = await requireOwnCompany(ctx, request, 'settings');
          const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const photos = await addPhoto(ctx, { userId: user.id, propertyId: request.params.id, bytes });
          return reply.status(201).send(photos);
        },
      );
  });
}
