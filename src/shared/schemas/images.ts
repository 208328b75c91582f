import { z } from 'zod';
import { imageFormats } from '#shared/images.ts';

const dimension = z.coerce
  .number({ error: 'Must be a whole number of pixels' })
  .int('Must be a whole number of pixels')
  .min(1, 'Must be at least 1 pixel')
  .max(4000, 'Must be at most 4000 pixels');

/** GET /images/:file?w=&h=&q=&f= */
export const imageQuerySchema = z.object({
  w: dimension.optional(),
  h: dimension.optional(),
  q: z.coerce
    .number({ error: 'Quality must be a number from 1 to 100' })
    .int('Quality must be a whole number')
    .min(1, 'Quality must be from 1 to 100')
    .max(100, 'Quality must be from 1 to 100')
    .optional(),
  f: z.enum(imageFormats, { error: 'Format must be avif, webp or jpeg' }).optional(),
});
export type ImageQuery = z.infer<typeof imageQuerySchema>;

export const imageParamsSchema = z.object({
  file: z
    .string()
    .max(128)
    .regex(/^[a-z0-9][a-z0-9_-]*\.(png|jpe?g|webp|avif)$/i, 'Not an image name'),
});

/** GET /images/photos/:photoId: a listing photo. */
export const photoParamsSchema = z.object({
  photoId: z.string().max(64),
});

/** A listing photo as its owner and the public chat see it; `url` serves it through the image helper. */
export const propertyPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PropertyPhotoDto = z.infer<typeof propertyPhotoSchema>;
