import { subMonths } from 'date-fns';
import type { SqlExecutor } from '#server/db/client.ts';
import { DELETE_STALE_CONVERSATIONS, deleteConversationsSql } from '#server/features/conversations/index.ts';
import type { AppContext } from '#server/lib/context.ts';

/** The GDPR page's promise: tenant enquiries are kept for up to 12 months. */
export const RETENTION_MONTHS = 12;
export const RETENTION_PURGE_JOB = 'retention-purge';

/**
 * Rows per statement: short transactions that never hold many locks, so the purge can run
 * beside live traffic on several instances without anyone waiting on it.
 */
const BATCH_SIZE = 500;

export type PurgeCounts = {
  leads: number;
  transcripts: number;
  conversations: number;
  analyticsEvents: number;
  auditEvents: number;
};

/**
 * Deletes what is past its retention: leads with their transcripts and conversations, any other
 * transcript, conversations that ended (or went idle) without becoming a lead, and analytics
 * events, and audit events. Plain batched DELETEs by age: two instances running it at once delete each row once
 * between them, and a run cut short is finished by the next one.
 */
export async function purgeExpiredTenantData(ctx: AppContext, now: Date): Promise<PurgeCounts> {
  const cutoff = subMonths(now, RETENTION_MONTHS).toISOString();
  const execute = ctx.database.execute;
  const counts: PurgeCounts = {
    leads: 0,
    transcripts: 0,
    conversations: 0,
    analyticsEvents: 0,
    auditEvents: 0,
  };

  // A lead takes its transcript and conversation with it (the same erasure as deleting a lead).
  for (;;) {
    const { rows } = await execute(
      `with doomed as (
         select id from leads where created_at < $1::timestamptz order by created_at limit $2
       ), gone as (
         delete from leads where id in (select id from doomed)
         returning conversation_id, chat_transcript_id
       ), transcripts_gone as (
         delete from chat_transcripts
         where id in (select chat_transcript_id from gone)
            or conversation_id in (select conversation_id from gone)
         returning id
       ), conversations_gone as (
         ${deleteConversationsSql('select conversation_id from gone')}
       )
       select (select count(*) from gone)::int as leads,
              (select count(*) from transcripts_gone)::int as transcripts,
              (select count(*) from conversations_gone)::int as conversations`,
      [cutoff, BATCH_SIZE],
    );
    const row = rows[0] ?? {};
    const leads = Number(row.leads ?? 0);
    counts.leads += leads;
    counts.transcripts += Number(row.transcripts ?? 0);
    counts.conversations += Number(row.conversations ?? 0);
    if (leads < BATCH_SIZE) break;
  }

  counts.transcripts += await deleteOlderThan(execute, 'chat_transcripts', cutoff);
  // An active conversation idle for a year is as finished as an ended one; one that still has a
  // (younger) lead stays with that lead.
  counts.conversations += await deleteInBatches(execute, DELETE_STALE_CONVERSATIONS, cutoff);
  counts.analyticsEvents += await deleteOlderThan(execute, 'analytics_events', cutoff);
  // Who opened or exported a tenant's data is itself personal data, kept as long as the leads.
  counts.auditEvents += await deleteOlderThan(execute, 'audit_events', cutoff, 'at');
  return counts;
}

/** Deletes, a batch at a time, a table's rows whose `column` is before the cutoff. */
function deleteOlderThan(
  execute: SqlExecutor,
  table: 'chat_transcripts' | 'analytics_events' | 'audit_events',
  cutoff: string,
  column = 'created_at',
): Promise<number> {
  return deleteInBatches(
    execute,
    `delete from ${table} where id in (select id from ${table} where ${column} < $1::timestamptz limit $2) returning 1`,
    cutoff,
  );
}

/**
 * Runs a DELETE (`$1` the cutoff, `$2` the batch size, a row returned for each row deleted) until
 * a batch comes back short; returns how many rows went.
 */
async function deleteInBatches(execute: SqlExecutor, deleteBatch: string, cutoff: string): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await execute(`with gone as (${deleteBatch}) select count(*)::int as n from gone`, [
      cutoff,
      BATCH_SIZE,
    ]);
    const deleted = Number(rows[0]?.n ?? 0);
    total += deleted;
    if (deleted < BATCH_SIZE) return total;
  }
}
