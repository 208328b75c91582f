import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import sharp from 'sharp';
import { properties, propertyPhotos } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError, badRequest, notFound } from '#server/lib/errors.ts';
import { isUuid } from '#server/lib/session.ts';
import { photoUrl } from '#shared/images.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '#shared/listing.ts';
import type { PhotoOrder, PropertyPhotoDto } from '#shared/schemas/properties.ts';
import { findOwnProperty } from './own-property.ts';
import { sniffPhotoType } from './photo-bytes.ts';

export const NOT_A_PHOTO = 'Photos must be JPEG, PNG, WebP or HEIC images';
export const PHOTO_TOO_BIG = `Photos must be ${MAX_PHOTO_BYTES / 1024 / 1024} MB or smaller`;
export const TOO_MANY_PHOTOS = `A listing can have at most ${MAX_PHOTOS} photos`;
const HEIC_UNREADABLE = 'This HEIC photo cannot be read here: please upload it as a JPEG';
const NO_PHOTO = 'Choose a photo to upload';

/**
 * The stored copy: just above the image helper's widest rendition (1920), small enough to keep in
 * the database. JPEG because it is quick: a 12-megapixel phone photo takes ~0.12 s here (the
 * decoder shrinks while it reads), where WebP at 2560 px took ~2.4 s of a shared core.
 */
const STORED_MAX_EDGE = 2048;
const STORED_QUALITY = 85;
// A decoded 40-megapixel picture is ~160 MB in memory; anything larger is refused unread.
const MAX_INPUT_PIXELS = 40_000_000;

export type PreparedPhoto = { data: Buffer; width: number; height: number };

/**
 * Checks an upload from its bytes and re-encodes it as JPEG: upright (`rotate()` applies the EXIF
 * orientation), no larger than the stored size, transparent parts on white, and with no metadata
 * at all (sharp writes none unless asked), so a phone's GPS position and serial number never
 * reach a tenant.
 */
export async function preparePhoto(bytes: Buffer): Promise<PreparedPhoto> {
  if (bytes.length === 0) throw badRequest(NO_PHOTO);
  if (bytes.length > MAX_PHOTO_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_BIG);
  const type = sniffPhotoType(bytes);
  if (!type) throw badRequest(NOT_A_PHOTO);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: STORED_MAX_EDGE, height: STORED_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: STORED_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Photos can be at most 40 megapixels');
    }
    throw badRequest(type === 'heif' ? HEIC_UNREADABLE : NOT_A_PHOTO);
  }
}

const photoColumns = {
  id: propertyPhotos.id,
  propertyId: propertyPhotos.propertyId,
  width: propertyPhotos.width,
  height: propertyPhotos.height,
};

function toPhotoDto(row: { id: string; width: number; height: number }): PropertyPhotoDto {
  return { id: row.id, url: photoUrl(row.id), width: row.width, height: row.height };
}

/** The photos of some properties, in order, by property id; never reads the image bytes. */
export async function listPhotosByProperty(
  db: AppContext['db'],
  propertyIds: string[],
): Promise<Map<string, PropertyPhotoDto[]>> {
  const byProperty = new Map<string, PropertyPhotoDto[]>();
  if (propertyIds.length === 0) return byProperty;
  const rows = await db
    .select(photoColumns)
    .from(propertyPhotos)
    .where(inArray(propertyPhotos.propertyId, propertyIds))
    .orderBy(asc(propertyPhotos.position), asc(propertyPhotos.createdAt));
  for (const row of rows) {
    const list = byProperty.get(row.propertyId) ?? [];
    list.push(toPhotoDto(row));
    byProperty.set(row.propertyId, list);
  }
  return byProperty;
}

async function photosOf(db: AppContext['db'], propertyId: string): Promise<PropertyPhotoDto[]> {
  return (await listPhotosByProperty(db, [propertyId])).get(propertyId) ?? [];
}

async function countPhotos(db: Pick<AppContext['db'], 'select'>, propertyId: string) {
  const [row] = await db
    .select({ photos: count(), last: max(propertyPhotos.position) })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId));
  return { photos: row?.photos ?? 0, last: row?.last ?? -1 };
}

/**
 * Adds one photo at the end. The count is checked before the work of re-encoding and again under
 * a lock on the property row, so two uploads at the same moment cannot make an eleventh.
 */
export async function addPhoto(
  ctx: AppContext,
  { userId, propertyId, bytes }: { userId: string; propertyId: string; bytes: Buffer },
): Promise<PropertyPhotoDto[]> {
  const { property, company } = await findOwnProperty(ctx, userId, propertyId);
  if ((await countPhotos(ctx.db, property.id)).photos >= MAX_PHOTOS) {
    throw new AppError('CONFLICT', TOO_MANY_PHOTOS);
  }
  const photo = await preparePhoto(bytes);
  await ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.id, property.id))
      .for('update');
    const { photos, last } = await countPhotos(tx, property.id);
    if (photos >= MAX_PHOTOS) throw new AppError('CONFLICT', TOO_MANY_PHOTOS);
    await tx.insert(propertyPhotos).values({
      propertyId: property.id,
      companyId: property.companyId,
      position: last + 1,
      width: photo.width,
      height: photo.height,
      byteSize: photo.data.length,
      data: photo.data,
    });
  });
  await ctx.events.emit('company.changed', { companyId: company.id });
  return photosOf(ctx.db, property.id);
}

export async function deletePhoto(
  ctx: AppContext,
  { userId, propertyId, photoId }: { userId: string; propertyId: string; photoId: string },
): Promise<void> {
  const { property, company } = await findOwnProperty(ctx, userId, propertyId);
  if (!isUuid(photoId)) throw notFound('Photo not found');
  const deleted = await ctx.db
    .delete(propertyPhotos)
    .where(and(eq(propertyPhotos.id, photoId), eq(propertyPhotos.propertyId, property.id)))
    .returning({ id: propertyPhotos.id });
  if (deleted.length === 0) throw notFound('Photo not found');
  await ctx.events.emit('company.changed', { companyId: company.id });
}

/** Puts the listing's photos in the given order; the list must name each of them once. */
export async function reorderPhotos(
  ctx: AppContext,
  { userId, propertyId, order }: { userId: string; propertyId: string; order: PhotoOrder },
): Promise<PropertyPhotoDto[]> {
  const { property, company } = await findOwnProperty(ctx, userId, propertyId);
  const current = await photosOf(ctx.db, property.id);
  const wanted = order.photoIds;
  const isSameSet =
    wanted.length === current.length &&
    new Set(wanted).size === wanted.length &&
    current.every((photo) => wanted.includes(photo.id));
  if (!isSameSet) throw badRequest("The new order must list each of the listing's photos once");
  await ctx.db.transaction(async (tx) => {
    for (const [position, id] of wanted.entries()) {
      await tx
        .update(propertyPhotos)
        .set({ position })
        .where(and(eq(propertyPhotos.id, id), eq(propertyPhotos.propertyId, property.id)));
    }
  });
  await ctx.events.emit('company.changed', { companyId: company.id });
  return photosOf(ctx.db, property.id);
}

/** Whether a photo still exists: renditions cached in memory must not outlive a deleted photo. */
export async function photoExists(ctx: AppContext, photoId: string): Promise<boolean> {
  if (!isUuid(photoId)) return false;
  const [row] = await ctx.db
    .select({ id: propertyPhotos.id })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.id, photoId))
    .limit(1);
  return Boolean(row);
}

/** The stored bytes of one photo, for the image helper; photos are public advert pictures. */
export async function readPhotoData(ctx: AppContext, photoId: string): Promise<Buffer | undefined> {
  if (!isUuid(photoId)) return undefined;
  const [row] = await ctx.db
    .select({ data: propertyPhotos.data })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.id, photoId))
    .limit(1);
  return row?.data;
}
