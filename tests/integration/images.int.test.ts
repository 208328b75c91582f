import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '#tests/helpers/suite.ts';

const FILE = 'product-dashboard.png';

describe('the image helper (GET /images/:file)', () => {
  const app = setUpTestApp();

  async function fetchImage(query: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${app.url}/images/${FILE}${query}`, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    return { response, body };
  }

  it.each([
    ['avif', 'image/avif', 'heif'],
    ['webp', 'image/webp', 'webp'],
    ['jpeg', 'image/jpeg', 'jpeg'],
  ])('resizes to a served width and converts to %s', async (format, contentType, sharpFormat) => {
    const { response, body } = await fetchImage(`?w=640&f=${format}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    const metadata = await sharp(body).metadata();
    expect(metadata.format).toBe(sharpFormat);
    expect(metadata.width).toBe(640);
    expect(metadata.height).toBe(400);
  });

  it('snaps an unlisted width up to the next served one', async () => {
    const { body } = await fetchImage('?w=700&f=webp');
    expect((await sharp(body).metadata()).width).toBe(768);
    const { body: huge } = await fetchImage('?w=3000&f=webp');
    expect((await sharp(huge).metadata()).width).toBe(1920);
  });

  it('crops to a width and height when both are given', async () => {
    const { body } = await fetchImage('?w=320&h=320&f=jpeg');
    const metadata = await sharp(body).metadata();
    expect([metadata.width, metadata.height]).toEqual([320, 320]);
  });

  it('picks the best format the browser accepts when none is named', async () => {
    const avif = await fetchImage('?w=320', { accept: 'image/avif,image/webp,*/*' });
    expect(avif.response.headers.get('content-type')).toBe('image/avif');
    expect(avif.response.headers.get('vary')).toContain('Accept');
    const plain = await fetchImage('?w=320', { accept: '*/*' });
    expect(plain.response.headers.get('content-type')).toBe('image/jpeg');
  });

  it('lowers the quality when asked, within bounds', async () => {
    const high = await fetchImage('?w=640&f=webp&q=90');
    const low = await fetchImage('?w=640&f=webp&q=30');
    expect(low.body.length).toBeLessThan(high.body.length);
  });

  it.each([
    ['?w=0', /at least 1/],
    ['?w=99999', /at most 4000/],
    ['?w=wide', /whole number/],
    ['?h=-5', /at least 1/],
    ['?q=0', /1 to 100/],
    ['?q=101', /1 to 100/],
    ['?f=gif', /avif, webp or jpeg/],
  ])('refuses %s with a clear 400', async (query, message) => {
    const { response, body } = await fetchImage(query);
    expect(response.status).toBe(400);
    expect(JSON.parse(body.toString()).message).toMatch(message);
  });

  it('sends long cache headers and an ETag, and answers a revalidation with 304', async () => {
    const first = await fetchImage('?w=320&f=webp');
    expect(first.response.headers.get('cache-control')).toBe('public, max-age=31536000');
    const etag = first.response.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetchImage('?w=320&f=webp');
    expect(again.response.headers.get('etag')).toBe(etag);
    expect(again.body.equals(first.body)).toBe(true);
    const revalidated = await fetch(`${app.url}/images/${FILE}?w=320&f=webp`, {
      headers: { 'if-none-match': etag! },
    });
    expect(revalidated.status).toBe(304);
    expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 404 for an image that does not exist', async () => {
    const response = await fetch(`${app.url}/images/no-such-picture.png?w=320`);
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('Image not found');
  });

  it.each([
    '/images/..%2F..%2F..%2Fpackage.json',
    '/images/%2e%2e%2fimages.ts',
    '/images/..%5C..%5Cpackage.json',
    '/images/images.ts',
    '/images/.env.png',
  ])('refuses %s, which is not an image in the image folder', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
  });

  it('never reaches outside the folder through dot segments', async () => {
    const response = await app.inject({ method: 'GET', url: '/images/../../../package.json' });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('"name": "letlead"');
  });
});
