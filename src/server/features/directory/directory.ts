import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AgentProperty } from '#agent/types.ts';
import { companies, type Property, properties, propertyPhotos } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { perContext } from '#server/lib/per-context.ts';
import { photoUrl } from '#shared/images.ts';
import { pickListingDetails } from '#shared/listing.ts';
import type { PublicProperty } from '#shared/schemas/chat.ts';
import type { PropertyPhotoDto } from '#shared/schemas/properties.ts';
import type { ViewingSchedule, ViewingSettings } from '#shared/schemas/viewings.ts';

/** A property as the chat uses it: the agent's public facts plus the link's slug. */
export type ChatProperty = AgentProperty & { slug: string };

/** What every chat turn reads: the company's public identity and its listings. */
export type CompanyDirectory = {
  company: { id: string; name: string; slug: string };
  properties: ChatProperty[];
  /** The company's viewing hours (null: never saved, so no bookings in the chat). */
  viewingSchedule: ViewingSchedule | null;
  /**
   * What the chat reads of each listing beside the agent's facts, by property id: its own viewing
   * settings (the viewing times offered) and its photos (the chat page's header). The agent never sees it.
   */
  listings: Map<string, ListingExtras>;
};

export type ListingExtras = { viewingSettings: ViewingSettings | null; photos: PropertyPhotoDto[] };

type CacheEntry = { directory: CompanyDirectory; expiresAt: number };

/**
 * Every chat turn needs the company and its listings (with their viewing rules), and every chat
 * page opening the listing's photos; caching them for a few seconds per process saves a query or
 * more on each. Credits and bookings are never cached. A listing changed in another process shows
 * in the chat within TTL_MS; this process's own edits announce `company.changed`, which empties the company's entry.
 */
const TTL_MS = 10_000;
const MAX_ENTRIES = 500;
const cacheOf = perContext(() => new Map<string, CacheEntry>());

/**
 * Forgets the cached directory of one company, whatever slug it was cached under (a renamed
 * company's old one included), or of every company.
 */
export function invalidateCompanyDirectory(ctx: AppContext, companyId?: string): void {
  const cache = cacheOf(ctx);
  if (companyId === undefined) {
    cache.clear();
    return;
  }
  for (const [slug, entry] of cache) {
    if (entry.directory.company.id === companyId) cache.delete(slug);
  }
}

/** Keeps the cache honest: whatever changes a company's listings or identity announces it. */
export function registerDirectory(ctx: AppContext): void {
  ctx.events.on('company.changed', ({ companyId }) => invalidateCompanyDirectory(ctx, companyId));
}

export function toChatProperty(property: Property): ChatProperty {
  return {
    id: property.id,
    slug: property.slug,
    name: property.propertyName,
    address: property.propertyAddress,
    rentalPrice: property.propertyRentalPrice,
    bedrooms: property.numberOfBedrooms,
    parking: property.parkingSpace,
    vacancyDate: property.vacancyDate,
    ...pickListingDetails(property),
  };
}

export function toPublicProperty(
  property: ChatProperty,
  photos: PublicProperty['photos'] = [],
): PublicProperty {
  return {
    slug: property.slug,
    name: property.name,
    address: property.address,
    rentalPrice: property.rentalPrice,
    bedrooms: property.bedrooms,
    parking: property.parking,
    vacancyDate: property.vacancyDate,
    photos,
  };
}

/**
 * The photos of each listing, in order, as one JSON array per property row. Qualified by hand:
 * inside a select from one table Drizzle names columns without their table, and `id` would then
 * be the photo's own.
 */
const photosOfProperty = sql<{ id: string; width: number; height: number }[]>`coalesce((
  select json_agg(json_build_object('id', photo.id, 'width', photo.width, 'height', photo.height)
    order by photo.position, photo.created_at)
  from ${propertyPhotos} as photo where photo.property_id = ${properties}.id
), '[]'::json)`;

type Reader = Pick<AppContext['db'], 'select'>;

/** The directory of the company `where` picks: two queries, the listings' photos inside the second. */
async function readDirectory(db: Reader, where: SQL): Promise<CompanyDirectory | null> {
  const [company] = await db
    .select({
      id: companies.id,
      name: companies.name,
      slug: companies.slug,
      viewingSchedule: companies.viewingSchedule,
    })
    .from(companies)
    .where(where)
    .limit(1);
  if (!company) return null;
  const rows = await db
    .select({ ...getTableColumns(properties), photos: photosOfProperty })
    .from(properties)
    .where(eq(properties.companyId, company.id));
  const { viewingSchedule, ...identity } = company;
  return {
    company: identity,
    properties: rows.map(toChatProperty),
    viewingSchedule,
    listings: new Map(
      rows.map((row) => [
        row.id,
        {
          viewingSettings: row.viewingSettings,
          photos: row.photos.map((photo) => ({ ...photo, url: photoUrl(photo.id) })),
        },
      ]),
    ),
  };
}

/**
 * The company behind a public link, or null. With `propertySlug`, a listing missing from the
 * cached copy reloads it once, so a property added a moment ago works straight away.
 */
export async function findCompanyDirectory(
  ctx: AppContext,
  companySlug: string,
  options: { propertySlug?: string | null } = {},
): Promise<CompanyDirectory | null> {
  const cache = cacheOf(ctx);
  const cached = cache.get(companySlug);
  const isFresh = cached !== undefined && cached.expiresAt > Date.now();
  const hasProperty =
    !options.propertySlug || cached?.directory.properties.some((p) => p.slug === options.propertySlug);
  if (isFresh && hasProperty) return cached.directory;

  const directory = await readDirectory(ctx.db, eq(companies.slug, companySlug));
  if (!directory) {
    cache.delete(companySlug);
    return null;
  }
  if (cache.size >= MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(companySlug, { directory, expiresAt: Date.now() + TTL_MS });
  return directory;
}

export function findProperty(directory: CompanyDirectory, by: { slug?: string | null; id?: string | null }) {
  if (by.slug) return directory.properties.find((p) => p.slug === by.slug) ?? null;
  if (by.id) return directory.properties.find((p) => p.id === by.id) ?? null;
  return null;
}

/** The same directory, read fresh by company id (inside a transaction when one is given). */
export function loadDirectoryById(db: Reader, companyId: string): Promise<CompanyDirectory | null> {
  return readDirectory(db, eq(companies.id, companyId));
}

/** The chat's answer for a company or listing link that leads nowhere. */
export const companyNotFound = () => notFound('The requested chatbot could not be found.');

/** The company's directory (and the listing, when a slug is given), or a 404 the chat shows. */
export async function requireDirectory(
  ctx: AppContext,
  companySlug: string,
  propertySlug?: string | null,
): Promise<CompanyDirectory> {
  const directory = await findCompanyDirectory(ctx, companySlug, { propertySlug });
  if (!directory) throw companyNotFound();
  return directory;
}
