import { getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { companies, leadActivity, leads, viewings } from '#server/db/schema.ts';
import { LEAD_DIGEST_SECONDS } from './lead-email.ts';

/**
 * The lead's part of the chat's end statement (`chat/end-conversation.ts`, which ends the
 * conversation and writes its transcript in the same statement): the company's row read for the
 * digest window, the lead inserted ("Viewing booked" when the chat booked one, with that booking on
 * its activity), and the credit spent, all or nothing. It reads the CTE `transcript` (`id`,
 * `conversation_id`) the end statement writes first, and the placeholders `companyId`, `at` and
 * `lead:<field>` for each of `leadKeys` (see `leadValues`). `columns` is its part of the
 * statement's select list: `lead_id`, `is_first_lead_email`, `digest_wait_seconds`, `spent`.
 */
export function leadCreationSql(
  leadKeys: string[],
  value: (name: string) => Placeholder,
): { ctes: SQL; columns: SQL } {
  const window = sql.raw(`interval '${LEAD_DIGEST_SECONDS} seconds'`);
  const columns = leadKeys.map((field) => leadColumns[field as keyof typeof leadColumns]);
  // Typed: a parameter in a SELECT list has no type of its own.
  const leadRow = leadKeys.map(
    (field, n) => sql`${value(`lead:${field}`)}::${sql.raw(columns[n]!.getSQLType())}`,
  );
  return {
    ctes: sql`locked as (
      select id,
        (last_lead_email_at is null or last_lead_email_at <= clock_timestamp() - ${window}) as is_first_lead_email,
        coalesce(extract(epoch from (last_lead_email_at + ${window} - clock_timestamp())), 0)::float8 as digest_wait_seconds
      from ${companies} where id = ${value('companyId')} and exists (select 1 from transcript)
    ), booked as (
      select ${viewings.id} as id, ${viewings.startsAt} as starts_at from ${viewings}, transcript
      where ${viewings.conversationId} = transcript.conversation_id and ${viewings.status} = 'booked'
    ), lead as (
      insert into ${leads} (${sql.join(
        columns.map((column) => sql.identifier(column!.name)),
        sql`, `,
      )}, conversation_id, chat_transcript_id, status, created_at)
      select ${sql.join(leadRow, sql`, `)}, transcript.conversation_id, transcript.id,
        case when exists (select 1 from booked) then 'viewing_booked' else 'new' end, clock_timestamp()
      from transcript, locked
      on conflict do nothing
      returning id, company_id, created_at
    ), booking_noted as (
      insert into ${leadActivity} (lead_id, company_id, at, kind, detail)
      select lead.id, lead.company_id, lead.created_at, 'viewing_booked',
        jsonb_build_object('viewingId', booked.id, 'startsAt', booked.starts_at)
      from lead, booked
    ), spent as (
      update ${companies} set
        current_count = greatest(current_count - 1, 0),
        last_lead_email_at = case when locked.is_first_lead_email then clock_timestamp() else ${companies.lastLeadEmailAt} end,
        updated_at = ${value('at')}::timestamptz
      from locked, lead
      where ${companies.id} = locked.id
      returning ${companies.id}
    )`,
    columns: sql`(select id from lead) as lead_id,
      (select is_first_lead_email from locked) as is_first_lead_email,
      (select digest_wait_seconds from locked) as digest_wait_seconds,
      (select count(*) from spent) as spent`,
  };
}

const leadColumns = getTableColumns(leads);

/**
 * The lead's fields that have a column, and their values for the end statement as the driver
 * takes them, each under `lead:<field>` (its placeholder). As Drizzle's own insert does, a field
 * the table has no column for is left out.
 */
export function leadValues(
  companyId: string,
  propertyId: string | null,
  fields: Record<string, unknown>,
): { fields: string[]; values: Record<string, unknown> } {
  const lead: Record<string, unknown> = { ...fields, companyId, propertyId };
  const stored: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(lead)) {
    const column = leadColumns[key as keyof typeof leadColumns];
    if (!column) continue;
    stored.push(key);
    values[`lead:${key}`] = value === null || value === undefined ? null : column.mapToDriverValue(value);
  }
  return { fields: stored, values };
}
