import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/lib/context.ts';
import { imageParamsSchema, imageQuerySchema } from '#shared/schemas/images.ts';
import { createImageRenderer, imageContentType, negotiateImageFormat } from './images.ts';

/** GET /images/:file?w=&h=&q=&f=: resized, converted and cached renditions. */
export async function registerImages(
  app: FastifyInstance,
  _ctx: AppContext,
  renderer = createImageRenderer(),
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/images/:file',
      { schema: { params: imageParamsSchema, querystring: imageQuerySchema } },
      async (request, reply) => {
        const format = request.query.f ?? negotiateImageFormat(request.headers.accept);
        const image = await renderer.render(request.params.file, { ...request.query, f: format });
        // Names never change meaning (a new picture gets a new name), so a rendition can be kept a year.
        reply
          .header('cache-control', 'public, max-age=31536000')
          .header('etag', image.etag)
          .header('vary', 'Accept');
        if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
        return reply.type(imageContentType(image.format)).send(image.body);
      },
    );
}
