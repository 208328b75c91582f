import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { conversations } from '#server/db/schema.ts';
import { perContext } from '#server/lib/per-context.ts';

/**
 * The statements of every chat turn, built once per database and prepared by name: Drizzle skips
 * building the SQL, and PostgreSQL parses and plans each once per connection.
 *
 * Values go in through placeholders only, as the driver takes them (JSON text, ISO timestamps):
 * Drizzle maps no value inside `sql`. `updatedAt` is set explicitly: the schema's `$onUpdate`
 * would otherwise be evaluated once, when the statement is built.
 */
function prepareStatements(db: Db) {
  return {
    conversationByKey: db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.sessionKey, sql.placeholder('sessionKey')),
          eq(conversations.companyId, sql.placeholder('companyId')),
        ),
      )
      .limit(1)
      .prepare('chat_conversation_by_key'),
  };
}

export type ChatStatements = ReturnType<typeof prepareStatements>;

export const chatStatements = perContext((ctx): ChatStatements => prepareStatements(ctx.db));
