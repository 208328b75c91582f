import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { conversations } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notifyEndedSql } from './live-notices.ts';
import { sameThread, type Thread } from './store.ts';

/**
 * What the rest of the server reads of conversations, and the writes that belong to other
 * features' statements (the end, the retention purge). Reports that join conversations with
 * their own tables (the dashboard's list, Insights, the Live tab, the weekly summary, the viewing
 * messages) join the store's view, never the table: one definition of the columns they may read,
 * without the session key a tenant's page holds. It comes in two forms from one query: a Drizzle
 * subquery, and the same select as SQL text for raw statements. PostgreSQL folds the subquery
 * into the outer query, so a join on the view is planned as a join on the table.
 */
const viewQuery = new QueryBuilder()
  .select({
    id: conversations.id,
    companyId: conversations.companyId,
    propertyId: conversations.propertyId,
    source: conversations.source,
    enquiryId: conversations.enquiryId,
    channel: conversations.channel,
    contactPhone: conversations.contactPhone,
    status: conversations.status,
    state: conversations.state,
    messages: conversations.messages,
    turnCount: conversations.turnCount,
    takenOverBy: conversations.takenOverBy,
    createdAt: conversations.createdAt,
    lastActivityAt: conversations.lastActivityAt,
    endedAt: conversations.endedAt,
  })
  .from(conversations);

/** The view as a Drizzle subquery, to join (`conversationView.channel`, …). */
export const conversationView = viewQuery.as('conversation_view');

/** The view as SQL text, to put after `from` or `join` with an alias; its columns are snake_case. */
export const CONVERSATION_VIEW = `(${viewQuery.toSQL().sql})`;

/**
 * Conversations under way that are due to end, oldest activity first: silent since `idleBefore`,
 * or left by their page (the unload beacon) before `leftBefore`; one a person has taken over only
 * once silent since `takenOverIdleBefore`.
 */
export async function dueToEnd(
  ctx: AppContext,
  due: { idleBefore: Date; leftBefore: Date; takenOverIdleBefore: Date; limit: number },
) {
  return ctx.db
    .select({ id: conversations.id, companyId: conversations.companyId, channel: conversations.channel })
    .from(conversations)
    .where(
      and(
        eq(conversations.status, 'active'),
        sql`(${conversations.lastActivityAt} < ${due.idleBefore.toISOString()}::timestamptz or (${conversations.state}->>'leftAt' is not null and (${conversations.state}->>'leftAt')::timestamptz < ${due.leftBefore.toISOString()}::timestamptz))`,
        sql`(${conversations.takenOverBy} is null or ${conversations.lastActivityAt} < ${due.takenOverIdleBefore.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(conversations.lastActivityAt))
    .limit(due.limit);
}

/**
 * The conversation's part of the chat's end statement, as the body of a CTE: the conversation
 * ends only if it is still active at the turn count the end read (so a stale copy changes
 * nothing), and the end is announced on the live channel (always when `announce` holds,
 * otherwise only when someone is watching). Returns `id, company_id, announced`.
 */
export function endConversationSql(values: Record<'id' | 'at' | 'turnCount' | 'announce', SQLWrapper>): SQL {
  return sql`update ${conversations} set status = 'ended', ended_at = ${values.at}::timestamptz, updated_at = ${values.at}::timestamptz
      where id = ${values.id} and status = 'active' and turn_count = ${values.turnCount}
      returning id, company_id, ${notifyEndedSql('conversations', sql`${values.announce}::boolean`)} as announced`;
}

/** The messages and listing of these conversations, by id (for reading transcripts again). */
export async function messagesOf(ctx: AppContext, conversationIds: string[]) {
  const rows =
    conversationIds.length === 0
      ? []
      : await ctx.db
          .select({
            id: conversations.id,
            messages: conversations.messages,
            propertyId: conversations.propertyId,
          })
          .from(conversations)
          .where(inArray(conversations.id, conversationIds));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every conversation of the company, newest first (its data export). */
export function companyConversations(ctx: AppContext, companyId: string) {
  return ctx.db
    .select()
    .from(conversations)
    .where(eq(conversations.companyId, companyId))
    .orderBy(desc(conversations.createdAt));
}

/** The company's threads with this number on this channel (a reply may answer any of them). */
export async function threadIds(ctx: AppContext, thread: Thread): Promise<string[]> {
  const rows = await ctx.db.select({ id: conversations.id }).from(conversations).where(sameThread(thread));
  return rows.map((row) => row.id);
}

/**
 * The retention purge's deletion of the conversations whose ids `ids` selects, for a CTE of the
 * purge's own statement (so a lead and its conversation go together); returns their ids.
 */
export function deleteConversationsSql(ids: string): string {
  return `delete from conversations where id in (${ids}) returning id`;
}

/**
 * One batch of the retention purge: conversations past retention that no lead holds, created
 * before the cutoff (`$1`) and ended or silent since, `$2` of them; a row for each one deleted.
 */
export const DELETE_STALE_CONVERSATIONS = `delete from conversations where id in (
    select c.id from conversations c
    where c.created_at < $1::timestamptz
      and (c.status = 'ended' or c.last_activity_at < $1::timestamptz)
      and not exists (select 1 from leads l where l.conversation_id = c.id)
    limit $2)
  returning 1`;
