import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { propertyPhotos } from '#server/db/schema.ts';
import type { PropertyDto, PropertyPhotoDto } from '#shared/schemas/properties.ts';
import { browserFetch, browserHeaders } from '#tests/helpers/app.ts';
import {
  createCompanyUser,
  insertPhoto,
  insertProperty,
  makePicture,
  TEST_PASSWORD,
} from '#tests/helpers/factories.ts';
import { sendAtOnce } from '#tests/helpers/race.ts';
import { setUpCompanyUser, setUpTestApp } from '#tests/helpers/suite.ts';

type Agent = Awaited<ReturnType<typeof createCompanyUser>>;

describe('listing photos', () => {
  const app = setUpTestApp();
  const owner = setUpCompanyUser(app);
  const other = setUpCompanyUser(app);

  const newProperty = (agent = owner) => insertProperty(app, agent.company.id, agent.company.slug);

  function upload(propertyId: string, bytes: Uint8Array, { as = owner, type = 'image/jpeg' } = {}) {
    return fetch(`${app.url}/api/properties/${propertyId}/photos`, {
      method: 'POST',
      headers: { ...browserHeaders(app, as.cookie), 'content-type': type },
      body: new Uint8Array(bytes),
    });
  }

  /** The owner deletes a photo, as the listing's photo picker does. */
  const deletePhoto = (propertyId: string, photoId: string) =>
    browserFetch(app, 'DELETE', `/api/properties/${propertyId}/photos/${photoId}`, owner.cookie);

  async function listOf(agent: Agent, propertyId: string): Promise<PropertyPhotoDto[]> {
    const response = await browserFetch(
      app,
      'GET',
      `/api/companies/${agent.company.id}/properties`,
      agent.cookie,
    );
    const list = (await response.json()) as PropertyDto[];
    return list.find((property) => property.id === propertyId)?.photos ?? [];
  }

  async function storedCount(propertyId: string): Promise<number> {
    return (await app.ctx.db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, propertyId)))
      .length;
  }

  it.each(['jpeg', 'png', 'webp'] as const)(
    'takes a %s photo and shows it on the listing',
    async (format) => {
      const property = await newProperty();
      const response = await upload(property.id, await makePicture(format, { width: 800, height: 600 }), {
        type: `image/${format}`,
      });
      expect(response.status).toBe(201);
      const photos = (await response.json()) as PropertyPhotoDto[];
      expect(photos).toEqual([
        { id: expect.any(String), url: `/images/photos/${photos[0]!.id}`, width: 800, height: 600 },
      ]);
      expect(await listOf(owner, property.id)).toEqual(photos);

      // Served through the image helper: resized and converted to what the browser accepts.
      const rendition = await fetch(`${app.url}${photos[0]!.url}?w=320`, {
        headers: { accept: 'image/avif' },
      });
      expect(rendition.status).toBe(200);
      expect(rendition.headers.get('content-type')).toBe('image/avif');
      const meta = await sharp(Buffer.from(await rendition.arrayBuffer())).metadata();
      expect(meta.width).toBe(320);
    },
  );

  it('reads the type from the bytes: a text file named .jpg is refused and nothing is kept', async () => {
    const property = await newProperty();
    const response = await upload(property.id, Buffer.from('Two bedrooms, garden, close to the station'), {
      type: 'image/jpeg',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Photos must be JPEG, PNG, WebP or HEIC images' });
    expect(await storedCount(property.id)).toBe(0);
  });

  it('refuses a file that starts like a JPEG but is not one', async () => {
    const property = await newProperty();
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a picture')]);
    const response = await upload(property.id, fake);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('Photos must be JPEG, PNG, WebP or HEIC images');
    expect(await storedCount(property.id)).toBe(0);
  });

  it('refuses an empty upload with a message', async () => {
    const property = await newProperty();
    const response = await upload(property.id, new Uint8Array());
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('Choose a photo to upload');
  });

  it('refuses a photo over 10 MB with 413 and keeps nothing', async () => {
    const property = await newProperty();
    const big = Buffer.concat([await makePicture('jpeg'), Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(property.id, big);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Photos must be 10 MB or smaller' });
    expect(await storedCount(property.id)).toBe(0);
  });

  it('strips EXIF (camera, owner, GPS) and keeps the picture upright', async () => {
    const property = await newProperty();
    // A phone photo taken sideways: 64×48 pixels stored, orientation 6 says "turn it 90°".
    const phonePhoto = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa3333' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Copyright: 'Landlord Private' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 48/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(phonePhoto).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    expect(phonePhoto.includes('Landlord Private')).toBe(true);

    const response = await upload(property.id, phonePhoto);
    expect(response.status).toBe(201);
    const [photo] = (await response.json()) as PropertyPhotoDto[];
    expect(photo).toMatchObject({ width: 48, height: 64 });

    const [stored] = await app.ctx.db.select().from(propertyPhotos).where(eq(propertyPhotos.id, photo!.id));
    const storedMeta = await sharp(stored!.data).metadata();
    expect(storedMeta.exif).toBeUndefined();
    expect(storedMeta.orientation).toBeUndefined();
    expect(stored!.data.includes('PhoneMaker')).toBe(false);

    for (const format of ['jpeg', 'webp', 'avif']) {
      const served = Buffer.from(await (await fetch(`${app.url}${photo!.url}?f=${format}`)).arrayBuffer());
      const meta = await sharp(served).metadata();
      expect(meta.exif, format).toBeUndefined();
      expect([meta.width, meta.height], format).toEqual([48, 64]);
      expect(served.includes('Landlord Private'), format).toBe(false);
    }
  });

  it('takes 10 photos and refuses the 11th with a message', async () => {
    const property = await newProperty();
    for (let index = 0; index < 9; index += 1) await insertPhoto(app, property, { position: index });
    expect((await upload(property.id, await makePicture('png'))).status).toBe(201);
    const eleventh = await upload(property.id, await makePicture('png'));
    expect(eleventh.status).toBe(409);
    expect(await eleventh.json()).toEqual({ message: 'A listing can have at most 10 photos' });
    expect(await storedCount(property.id)).toBe(10);
  });

  it('never lets two uploads at once make an 11th photo', async () => {
    const property = await newProperty();
    for (let index = 0; index < 8; index += 1) await insertPhoto(app, property, { position: index });
    const picture = await makePicture('jpeg');
    const responses = await sendAtOnce(app, { table: 'property_photos', count: 4 }, () =>
      upload(property.id, picture),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    for (const response of responses.filter((r) => r.status !== 201)) {
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ message: 'A listing can have at most 10 photos' });
    }
    expect(await storedCount(property.id)).toBe(10);
  });

  it('reorders the photos: the first is the one the chat shows', async () => {
    const property = await newProperty();
    const a = await insertPhoto(app, property, { position: 0 });
    const b = await insertPhoto(app, property, { position: 1 });
    const c = await insertPhoto(app, property, { position: 2 });
    const order = (photoIds: string[]) =>
      browserFetch(app, 'PUT', `/api/properties/${property.id}/photos/order`, owner.cookie, { photoIds });
    const response = await order([c.id, a.id, b.id]);
    expect(response.status).toBe(200);
    expect(((await response.json()) as PropertyPhotoDto[]).map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    expect((await listOf(owner, property.id)).map((p) => p.id)).toEqual([c.id, a.id, b.id]);

    const missingOne = await order([a.id, b.id]);
    expect(missingOne.status).toBe(400);
    expect((await missingOne.json()).message).toBe(
      "The new order must list each of the listing's photos once",
    );
  });

  it('deletes a photo: gone from the listing and no longer served', async () => {
    const property = await newProperty();
    const photo = await insertPhoto(app, property);
    expect((await fetch(`${app.url}/images/photos/${photo.id}?w=320`)).status).toBe(200);
    const response = await deletePhoto(property.id, photo.id);
    expect(response.status).toBe(204);
    expect(await listOf(owner, property.id)).toEqual([]);
    // Even the rendition this process has just cached.
    expect((await fetch(`${app.url}/images/photos/${photo.id}?w=320`)).status).toBe(404);
  });

  it("answers another company's listing with 404 and changes nothing there", async () => {
    const theirs = await newProperty(other);
    const photo = await insertPhoto(app, theirs);
    expect((await upload(theirs.id, await makePicture())).status).toBe(404);
    const deleted = await deletePhoto(theirs.id, photo.id);
    expect(deleted.status).toBe(404);
    // Their photo id under my own listing is not mine either.
    const mine = await newProperty();
    const crossed = await deletePhoto(mine.id, photo.id);
    expect(crossed.status).toBe(404);
    expect(await storedCount(theirs.id)).toBe(1);
  });

  it('shows the photos on the public chat page as soon as they change, never the landlord', async () => {
    const property = await newProperty();
    const chatPage = async () => {
      const response = await fetch(
        `${app.url}/api/companies/slug/${owner.company.slug}?propertySlug=${encodeURIComponent(property.slug)}`,
      );
      return response.json();
    };
    // The page opened before the upload: the chat's cached copy of the listings has no photo.
    expect((await chatPage()).property.photos).toEqual([]);
    const uploaded = await upload(property.id, await makePicture('jpeg'));
    const [photo] = (await uploaded.json()) as { id: string }[];
    const body = await chatPage();
    expect(body.property.photos).toHaveLength(1);
    expect(body.property.photos[0]).toMatchObject({ id: photo!.id, width: 64, height: 48 });
    expect(JSON.stringify(body)).not.toContain('Mrs Patel');
    const deleted = await deletePhoto(property.id, photo!.id);
    expect(deleted.status).toBe(204);
    expect((await chatPage()).property.photos).toEqual([]);
  });

  it('deletes the photos with the listing, and lists them in the data export', async () => {
    const property = await newProperty();
    await upload(property.id, await makePicture('jpeg'));
    const exported = await (
      await browserFetch(app, 'GET', `/api/companies/${owner.company.id}/export`, owner.cookie)
    ).json();
    const listed = exported.properties.find((p: { id: string }) => p.id === property.id);
    expect(listed.photos).toEqual([
      expect.objectContaining({
        url: expect.stringMatching(/^http:\/\/localhost:3000\/images\/photos\//),
        width: 64,
      }),
    ]);

    const response = await browserFetch(app, 'DELETE', `/api/properties/${property.id}`, owner.cookie);
    expect(response.status).toBe(204);
    expect(await storedCount(property.id)).toBe(0);
  });

  it('erases every photo when the account is closed', async () => {
    const closing = await createCompanyUser(app);
    const property = await newProperty(closing);
    await upload(property.id, await makePicture('webp'), { as: closing });
    const response = await browserFetch(
      app,
      'DELETE',
      `/api/companies/${closing.company.id}`,
      closing.cookie,
      { confirm: closing.company.name, password: TEST_PASSWORD },
    );
    expect(response.status).toBe(200);
    const left = await app.ctx.db
      .select({ id: propertyPhotos.id })
      .from(propertyPhotos)
      .where(eq(propertyPhotos.companyId, closing.company.id));
    expect(left).toEqual([]);
  });
});
