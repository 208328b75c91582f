import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Schema } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';

/**
 * The database under one driver's type. Both drivers build the same pg-core queries at run time;
 * only TypeScript cannot resolve `transaction` and `.returning({ … })` on the union of the two.
 */
export type BillingDb = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<BillingDb['transaction']>[0]>[0];

export function billingDb(ctx: AppContext): BillingDb {
  return ctx.db as BillingDb;
}
