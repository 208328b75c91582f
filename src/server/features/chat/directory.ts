import { eq } from 'drizzle-orm';
import type { AgentProperty } from '#agent/types.ts';
import { companies, type Property, properties } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { perContext } from '#server/lib/per-context.ts';
import { pickListingDetails } from '#shared/listing.ts';
import type { PublicProperty } from '#shared/schemas/chat.ts';

/** A property as the chat uses it: the agent's public facts plus the link's slug. */
export type ChatProperty = AgentProperty & { slug: string };

/** What every chat turn reads: the company's public identity and its listings. */
export type CompanyDirectory = {
  company: { id: string; name: string; slug: string };
  properties: ChatProperty[];
};

type CacheEntry = { directory: CompanyDirectory; expiresAt: number };

/**
 * Every chat turn needs the company and its listings; caching them for a few seconds per process
 * saves two queries a turn. Credits are never cached. A listing changed in another process shows
 * in the chat within TTL_MS; this process's own edits call `invalidateCompanyDirectory`.
 */
const TTL_MS = 10_000;
const MAX_ENTRIES = 500;
const cacheOf = perContext(() => new Map<string, CacheEntry>());

/** Forgets the cached directory of one company (by slug), or of every company. */
export function invalidateCompanyDirectory(ctx: AppContext, companySlug?: string): void {
  if (companySlug === undefined) cacheOf(ctx).clear();
  else cacheOf(ctx).delete(companySlug);
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

async function loadDirectory(ctx: AppContext, companySlug: string): Promise<CompanyDirectory | null> {
  const [company] = await ctx.db
    .select({ id: companies.id, name: companies.name, slug: companies.slug })
    .from(companies)
    .where(eq(companies.slug, companySlug))
    .limit(1);
  if (!company) return null;
  const rows = await ctx.db.select().from(properties).where(eq(properties.companyId, company.id));
  return { company, properties: rows.map(toChatProperty) };
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

  const directory = await loadDirectory(ctx, companySlug);
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

type Reader = Pick<AppContext['db'], 'select'>;

/** The same directory, read fresh by company id (inside a transaction when one is given). */
export async function loadDirectoryById(db: Reader, companyId: string): Promise<CompanyDirectory | null> {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company) return null;
  const rows = await db.select().from(properties).where(eq(properties.companyId, company.id));
  return { company, properties: rows.map(toChatProperty) };
}
