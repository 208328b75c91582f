import { and, eq, gt, sql } from 'drizzle-orm';
import { companies, conversations } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { type ChatDb, chatDb } from './db.ts';

/**
 * The statements of every chat turn, built once per database and prepared by name: Drizzle skips
 * building the SQL, and PostgreSQL parses and plans each once per connection.
 *
 * Values go in through placeholders only, as the driver takes them (JSON text, ISO timestamps):
 * Drizzle maps no value inside `sql`. `updatedAt` is set explicitly: the schema's `$onUpdate`
 * would otherwise be evaluated once, when the statement is built.
 */
function prepareStatements(db: ChatDb) {
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

    /**
     * One turn: the two new messages appended, the agent's state replaced. Guarded by the turn
     * count it was computed from, so two turns racing on one conversation (or a stale cached copy)
     * cannot both be stored.
     */
    storeTurn: db
      .update(conversations)
      .set({
        messages: sql`${conversations.messages} || ${sql.placeholder('newMessages')}::jsonb`,
        state: sql`${sql.placeholder('state')}::jsonb`,
        turnCount: sql`${conversations.turnCount} + 1`,
        propertyId: sql`${sql.placeholder('propertyId')}::uuid`,
        lastActivityAt: sql`${sql.placeholder('at')}::timestamptz`,
        updatedAt: sql`${sql.placeholder('at')}::timestamptz`,
      })
      .where(
        and(
          eq(conversations.id, sql.placeholder('id')),
          eq(conversations.status, 'active'),
          eq(conversations.turnCount, sql.placeholder('turnCount')),
        ),
      )
      .returning({ id: conversations.id })
      .prepare('chat_store_turn'),

    /**
     * A new conversation, stored only while its company has a credit left: the check and the
     * insert in one round trip. No row back means no credit (or no company).
     */
    startIfCredits: db
      .insert(conversations)
      .select(
        db
          // Every column, in the table's order (Drizzle's rule for INSERT … SELECT).
          .select({
            id: sql<string>`gen_random_uuid()`.as('id'),
            sessionKey: sql<string>`${sql.placeholder('sessionKey')}::text`.as('session_key'),
            companyId: companies.id,
            propertyId: sql<string | null>`${sql.placeholder('propertyId')}::uuid`.as('property_id'),
            messages: sql`${sql.placeholder('messages')}::jsonb`.as('messages'),
            state: sql`${sql.placeholder('state')}::jsonb`.as('state'),
            status: sql<string>`'active'`.as('status'),
            turnCount: sql<number>`${sql.placeholder('turnCount')}::int`.as('turn_count'),
            lastActivityAt: sql<Date>`${sql.placeholder('at')}::timestamptz`.as('last_activity_at'),
            endedAt: sql<Date | null>`null::timestamptz`.as('ended_at'),
            // As the column defaults would: the database's time.
            createdAt: sql<Date>`now()`.as('created_at'),
            updatedAt: sql<Date>`now()`.as('updated_at'),
          })
          .from(companies)
          .where(and(eq(companies.id, sql.placeholder('companyId')), gt(companies.currentCount, 0))),
      )
      .returning({ id: conversations.id, createdAt: conversations.createdAt })
      .prepare('chat_start_if_credits'),

    creditsLeft: db
      .select({ currentCount: companies.currentCount })
      .from(companies)
      .where(eq(companies.id, sql.placeholder('companyId')))
      .limit(1)
      .prepare('chat_credits_left'),
  };
}

export type ChatStatements = ReturnType<typeof prepareStatements>;

const prepared = new WeakMap<AppContext, ChatStatements>();

export function chatStatements(ctx: AppContext): ChatStatements {
  let statements = prepared.get(ctx);
  if (!statements) {
    statements = prepareStatements(chatDb(ctx));
    prepared.set(ctx, statements);
  }
  return statements;
}
