import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { photoExists, readPhotoData } from '#server/features/properties/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { imageParamsSchema, imageQuerySchema, photoParamsSchema } from '#shared/schemas/images.ts';
import { createImageRenderer, imageContentType, negotiateImageFormat, type RenderedImage } from './images.ts';

/** GET /images/:file?w=&h=&q=&f=: resized, converted and cached renditions. */
export async function registerImages(
  app: FastifyInstance,
  ctx: AppContext,
  renderer = createImageRenderer(),
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/images/:file',
    { schema: { params: imageParamsSchema, querystring: imageQuerySchema } },
    async (request, reply) => {
      const format = request.query.f ?? negotiateImageFormat(request.headers.accept);
      const image = await renderer.render(request.params.file, { ...request.query, f: format });
      return sendImage(request.headers['if-none-match'], reply, image);
    },
  );

  // Listing photos: public advert pictures, named by an id that a new upload never reuses.
  typed.get(
    '/images/photos/:photoId',
    { schema: { params: photoParamsSchema, querystring: imageQuerySchema } },
    async (request, reply) => {
      const format = request.query.f ?? negotiateImageFormat(request.headers.accept);
      const { photoId } = request.params;
      if (!(await photoExists(ctx, photoId))) throw notFound('Image not found');
      const image = await renderer.renderSource(`photo:${photoId}`, () => readPhotoData(ctx, photoId), {
        ...request.query,
        f: format,
      });
      return sendImage(request.headers['if-none-match'], reply, image);
    },
  );
}

function sendImage(ifNoneMatch: string | undefined, reply: FastifyReply, image: RenderedImage) {
  // Names never change meaning (a new picture gets a new name), so a rendition can be kept a year.
  reply
    .header('cache-control', 'public, max-age=31536000')
    .header('etag', image.etag)
    .header('vary', 'Accept');
  if (ifNoneMatch === image.etag) return reply.status(304).send();
  return reply.type(imageContentType(image.format)).send(image.body);
}
