import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { companies } from '#server/db/schema.ts';

/** A company's row as stored. */
export async function companyById(db: Db, id: string) {
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  return company!;
}

/** What an agency has left to spend: its credits this period, as stored. */
export async function creditsOf(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({ currentCount: companies.currentCount })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row!.currentCount;
}
