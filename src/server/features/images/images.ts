import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { notFound } from '#server/lib/errors.ts';
import { rootDir } from '#server/lib/paths.ts';
import { type ImageFormat, snapImageWidth } from '#shared/images.ts';
import type { ImageQuery } from '#shared/schemas/images.ts';

/** The only folder the image helper reads from. Files here are named for good: a new picture gets a new name. */
export const imagesDir = path.join(rootDir, 'src/server/features/images/files');

export type RenderedImage = { body: Buffer; format: ImageFormat; etag: string };

// Quality: these keep photos and illustrations crisp at about a
// third of the JPEG size. Requested qualities are held inside a sensible band.
const defaultQuality: Record<ImageFormat, number> = { avif: 55, webp: 78, jpeg: 80 };
const qualityBand = { min: 30, max: 90 };
const contentTypes: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

export function imageContentType(format: ImageFormat): string {
  return contentTypes[format];
}

/** The best format the browser says it accepts, for requests that do not name one. */
export function negotiateImageFormat(accept: string | undefined): ImageFormat {
  if (accept?.includes('image/avif')) return 'avif';
  if (accept?.includes('image/webp')) return 'webp';
  return 'jpeg';
}

/** A least-recently-used cache bounded by the bytes it holds. */
export class ByteLru<V extends { body: Buffer }> {
  private readonly entries = new Map<string, V>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    if (value.body.length > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= previous.body.length;
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.bytes += value.body.length;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldestKey);
      this.bytes -= oldest.body.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

export type ImageRenderer = ReturnType<typeof createImageRenderer>;

/**
 * Resizes and converts the images of one folder, keeping recent renditions in memory. Two
 * requests for the same rendition at once share one encode.
 */
export function createImageRenderer({ dir = imagesDir, cacheBytes = 64 * 1024 * 1024 } = {}) {
  const cache = new ByteLru<RenderedImage>(cacheBytes);
  const inFlight = new Map<string, Promise<RenderedImage>>();

  async function render(file: string, query: ImageQuery & { f: ImageFormat }): Promise<RenderedImage> {
    const fullPath = path.resolve(dir, file);
    // The name is already checked by its schema; this keeps the folder a hard boundary regardless.
    if (path.dirname(fullPath) !== path.resolve(dir)) throw notFound('Image not found');
    const info = await stat(fullPath).catch(() => undefined);
    if (!info?.isFile()) throw notFound('Image not found');
    return renderSource(`${file}|${info.mtimeMs}`, async () => fullPath, query);
  }

  /**
   * A rendition of an image kept elsewhere (a listing photo in the database). `source` names it
   * for good: the same name must always mean the same picture. `load` runs only on a cache miss.
   */
  async function renderSource(
    source: string,
    load: () => Promise<Buffer | string | undefined>,
    query: ImageQuery & { f: ImageFormat },
  ): Promise<RenderedImage> {
    const width = query.w ? snapImageWidth(query.w) : undefined;
    const height = query.h ? Math.min(query.h, 4000) : undefined;
    const quality = Math.min(qualityBand.max, Math.max(qualityBand.min, query.q ?? defaultQuality[query.f]));
    const key = [source, width, height, quality, query.f].join('|');

    const cached = cache.get(key);
    if (cached) return cached;
    const pending = inFlight.get(key);
    if (pending) return pending;

    const work = load()
      .then((input) => {
        if (input === undefined) throw notFound('Image not found');
        return encode(input, { width, height, quality, format: query.f });
      })
      .then((body) => {
        const etag = `"${createHash('sha1').update(key).digest('base64url')}"`;
        const rendered = { body, format: query.f, etag };
        cache.set(key, rendered);
        return rendered;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, work);
    return work;
  }

  return { render, renderSource, cache };
}

async function encode(
  input: Buffer | string,
  options: { width?: number; height?: number; quality: number; format: ImageFormat },
): Promise<Buffer> {
  const image = sharp(input, { limitInputPixels: 40_000_000 }).rotate();
  if (options.width || options.height) {
    image.resize({
      width: options.width,
      height: options.height,
      fit: options.width && options.height ? 'cover' : 'inside',
      withoutEnlargement: true,
    });
  }
  if (options.format === 'avif') {
    // Effort 2 encodes several times faster than the default with files only ~10% larger.
    return image.avif({ quality: options.quality, effort: 2 }).toBuffer();
  }
  if (options.format === 'webp') return image.webp({ quality: options.quality }).toBuffer();
  return image
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: options.quality, mozjpeg: true })
    .toBuffer();
}
