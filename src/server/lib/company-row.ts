import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import {
  type apiKeys,
  companies,
  type leads,
  type viewings,
  type webhookEndpoints,
} from '#server/db/schema.ts';
import { notFound } from './errors.ts';
import { isUuid } from './session.ts';

/** The tables an agent reaches by id within their company, through the dashboard or the API. */
type CompanyTable = typeof apiKeys | typeof leads | typeof viewings | typeof webhookEndpoints;

/**
 * The company's row of `table` with this id. Another company's row, and an id that is not a
 * UUID, answer 404 with `message`, exactly as a row that does not exist.
 */
export async function findCompanyRow<Table extends CompanyTable>(
  db: Db,
  table: Table,
  { companyId, id }: { companyId: string; id: string },
  message: string,
): Promise<Table['$inferSelect']> {
  if (!isUuid(id)) throw notFound(message);
  const [row] = await db
    .select()
    .from(table as CompanyTable)
    .where(and(eq(table.id, id), eq(table.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound(message);
  return row as Table['$inferSelect'];
}

/**
 * Locks the company's row until the transaction ends. A limit on how many of something a company
 * has is counted and inserted under it, so requests at the same moment take turns and cannot all
 * pass the count together. `FOR NO KEY UPDATE`, as every company lock (docs/architecture.md, "Lock
 * order"): the foreign-key checks of the company's new chats and leads never wait for it.
 */
export async function lockCompany(tx: Tx, companyId: string): Promise<void> {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
}
