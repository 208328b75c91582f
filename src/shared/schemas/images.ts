import { z } from 'zod';

/** Spec section 9: the widths the image helper serves; any other width snaps to one of these. */
export const imageWidths = [320, 640, 768, 1024, 1280, 1920] as const;
export const imageFormats = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof imageFormats)[number];

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

/** The smallest served width that covers the request (the largest one when it is wider still). */
export function snapImageWidth(width: number): number {
  return imageWidths.find((candidate) => candidate >= width) ?? imageWidths[imageWidths.length - 1];
}

/** The URL of one rendition; shared by the responsive image component and the server's tests. */
export function imageUrl(file: string, { w, h, q, f }: ImageQuery = {}): string {
  const params = new URLSearchParams();
  if (w) params.set('w', String(w));
  if (h) params.set('h', String(h));
  if (q) params.set('q', String(q));
  if (f) params.set('f', f);
  const query = params.toString();
  return `/images/${encodeURIComponent(file)}${query ? `?${query}` : ''}`;
}
