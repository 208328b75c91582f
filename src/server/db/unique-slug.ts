import { eq } from 'drizzle-orm';
import { uniqueSlug } from '#shared/slug.ts';
import type { Db } from './client.ts';
import type { companies, properties } from './schema.ts';

/** Whether PostgreSQL refused a write for a unique index (23505), directly or as the cause. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

/**
 * Inserts a row under a slug made from `name` that is free in `table` (its slugs are unique
 * across all its rows). Two inserts with the same name at the same moment can both see a slug
 * free: the loser of that race gets the unique violation (`isSlugClash` tells it from any other
 * failure) and looks again, finding the next free suffix; after three clashes the error stands.
 */
export async function insertWithFreeSlug<Row>(
  db: Db,
  table: typeof companies | typeof properties,
  name: string,
  insert: (slug: string) => Promise<Row>,
  isSlugClash: (error: unknown) => Promise<boolean> = async (error) => isUniqueViolation(error),
): Promise<Row> {
  for (let attempt = 0; ; attempt += 1) {
    const slug = await uniqueSlug(name, async (candidate) => {
      const [taken] = await db.select({ id: table.id }).from(table).where(eq(table.slug, candidate)).limit(1);
      return Boolean(taken);
    });
    try {
      return await insert(slug);
    } catch (error) {
      if (!(await isSlugClash(error)) || attempt >= 3) throw error;
    }
  }
}
