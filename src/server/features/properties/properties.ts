import { and, desc, eq } from 'drizzle-orm';
import { type Company, type Property, properties } from '#server/db/schema.ts';
import { insertWithFreeSlug } from '#server/db/unique-slug.ts';
import { assertAssignable } from '#server/features/team/index.ts';
import { cancelPropertyViewings } from '#server/features/viewings/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { pickListingDetails } from '#shared/listing.ts';
import type { PropertyDto, PropertyInput, PropertyPhotoDto } from '#shared/schemas/properties.ts';
import { findOwnProperty } from './own-property.ts';
import { listPhotosByProperty } from './photos.ts';

/** The agency-wide link. */
export function agencyLink(appUrl: string, companySlug: string): string {
  return `${appUrl}/chatbot/${encodeURIComponent(companySlug)}`;
}

/** A property's own link. */
export function propertyLink(appUrl: string, companySlug: string, propertySlug: string): string {
  return `${agencyLink(appUrl, companySlug)}/${encodeURIComponent(propertySlug)}`;
}

export function toPropertyDto(
  property: Property,
  appUrl: string,
  companySlug: string,
  photos: PropertyPhotoDto[] = [],
): PropertyDto {
  return {
    id: property.id,
    companyId: property.companyId,
    propertyName: property.propertyName,
    slug: property.slug,
    propertyAddress: property.propertyAddress,
    propertyRentalPrice: property.propertyRentalPrice,
    numberOfBedrooms: property.numberOfBedrooms,
    parkingSpace: property.parkingSpace,
    vacancyDate: property.vacancyDate,
    landlord: property.landlord,
    ...pickListingDetails(property),
    photos,
    chatbotUrl: property.chatbotUrl ?? propertyLink(appUrl, companySlug, property.slug),
    viewingSettings: property.viewingSettings ?? null,
    assigneeId: property.assigneeId,
    createdAt: property.createdAt.toISOString(),
    updatedAt: property.updatedAt.toISOString(),
  };
}

export async function listProperties(ctx: AppContext, company: Company): Promise<PropertyDto[]> {
  const rows = await ctx.db
    .select()
    .from(properties)
    .where(eq(properties.companyId, company.id))
    .orderBy(desc(properties.createdAt));
  const photos = await listPhotosByProperty(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPropertyDto(row, ctx.env.appUrl, company.slug, photos.get(row.id)));
}

/**
 * The slug comes from the name and is unique across all companies (one slug column for every
 * link). Two agents adding "Flat 1" at the same moment can both see the slug free; the loser of
 * that race gets the unique violation and looks again, finding the next free suffix.
 */
export async function createProperty(
  ctx: AppContext,
  { company, input }: { company: Company; input: PropertyInput },
): Promise<PropertyDto> {
  return insertWithFreeSlug(ctx.db, properties, input.propertyName, async (slug) => {
    const [row] = await ctx.db
      .insert(properties)
      .values({
        companyId: company.id,
        ...input,
        slug,
        chatbotUrl: propertyLink(ctx.env.appUrl, company.slug, slug),
      })
      .returning();
    await ctx.events.emit('company.changed', { companyId: company.id });
    return toPropertyDto(row!, ctx.env.appUrl, company.slug);
  });
}

/** The slug and link stay as they were: a rename must not break links already shared. */
export async function updateProperty(
  ctx: AppContext,
  { userId, propertyId, input }: { userId: string; propertyId: string; input: PropertyInput },
): Promise<PropertyDto> {
  const { company } = await findOwnProperty(ctx, userId, propertyId);
  const [row] = await ctx.db
    .update(properties)
    .set(input)
    .where(and(eq(properties.id, propertyId), eq(properties.companyId, company.id)))
    .returning();
  if (!row) throw notFound('Property not found');
  await ctx.events.emit('company.changed', { companyId: company.id });
  const photos = await listPhotosByProperty(ctx.db, [row.id]);
  return toPropertyDto(row, ctx.env.appUrl, company.slug, photos.get(row.id));
}

/** PATCH /api/properties/{id}: gives the listing to a member of its company, or to nobody. */
export async function assignProperty(
  ctx: AppContext,
  { userId, propertyId, assigneeId }: { userId: string; propertyId: string; assigneeId: string | null },
): Promise<PropertyDto> {
  const { company } = await findOwnProperty(ctx, userId, propertyId);
  await assertAssignable(ctx, company.id, assigneeId);
  const [row] = await ctx.db
    .update(properties)
    .set({ assigneeId })
    .where(and(eq(properties.id, propertyId), eq(properties.companyId, company.id)))
    .returning();
  if (!row) throw notFound('Property not found');
  const photos = await listPhotosByProperty(ctx.db, [row.id]);
  return toPropertyDto(row, ctx.env.appUrl, company.slug, photos.get(row.id));
}

/** Leads keep their copy of the property's details; only their link to it is cleared. Its photos go with it. */
export async function deleteProperty(
  ctx: AppContext,
  { userId, propertyId }: { userId: string; propertyId: string },
): Promise<void> {
  const { company } = await findOwnProperty(ctx, userId, propertyId);
  await cancelPropertyViewings(ctx, propertyId);
  await ctx.db
    .delete(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.companyId, company.id)));
  await ctx.events.emit('company.changed', { companyId: company.id });
}
