import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Schema } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';

/**
 * The database with one driver's type. Both drivers build the same pg-core queries at run time;
 * only TypeScript cannot resolve overloads (`.returning({ … })`) on the union of the two types.
 */
export type ChatDb = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<ChatDb['transaction']>[0]>[0];

export function chatDb(ctx: AppContext): ChatDb {
  return ctx.db as ChatDb;
}
