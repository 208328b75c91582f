// The image helper's rules without zod, so that pages can build image URLs without loading it.

/** The widths the image helper serves; any other width snaps to one of these. */
export const imageWidths = [320, 640, 768, 1024, 1280, 1920] as const;
export const imageFormats = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof imageFormats)[number];

/** The smallest served width that covers the request (the largest one when it is wider still). */
export function snapImageWidth(width: number): number {
  return imageWidths.find((candidate) => candidate >= width) ?? imageWidths[imageWidths.length - 1];
}

export type ImageOptions = { w?: number; h?: number; q?: number; f?: ImageFormat };

/** The URL of one rendition: GET /images/:file?w=&h=&q=&f= */
export function imageUrl(file: string, options: ImageOptions = {}): string {
  return `/images/${encodeURIComponent(file)}${imageQuery(options)}`;
}

/** A listing photo's base URL (GET /images/photos/:photoId), served by the same helper. */
export function photoUrl(photoId: string, options: ImageOptions = {}): string {
  return `/images/photos/${encodeURIComponent(photoId)}${imageQuery(options)}`;
}

function imageQuery({ w, h, q, f }: ImageOptions): string {
  const params = new URLSearchParams();
  if (w) params.set('w', String(w));
  if (h) params.set('h', String(h));
  if (q) params.set('q', String(q));
  if (f) params.set('f', f);
  const query = params.toString();
  return query ? `?${query}` : '';
}
