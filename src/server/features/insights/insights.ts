import { addDays, format } from 'date-fns';
import { inArray } from 'drizzle-orm';
import type { SqlExecutor } from '#server/db/client.ts';
import { properties } from '#server/db/schema.ts';
import { CONVERSATION_VIEW } from '#server/features/conversations/index.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { sourceLabel } from '#shared/chat-source.ts';
import {
  conversationsStarted,
  daysInPeriod,
  type Funnel,
  type InsightsGrouping,
  type InsightsQuery,
  type InsightsResponse,
  MAX_INSIGHTS_DAYS,
} from '#shared/schemas/insights.ts';
import { londonDate, londonInstant } from '#shared/viewing-times.ts';

/** The period when the request names none: the last 30 London days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

/** Moves a yyyy-mm-dd date by whole days. */
export function shiftDate(date: string, days: number): string {
  return format(addDays(new Date(`${date}T12:00:00Z`), days), 'yyyy-MM-dd');
}

/** The instants that bound London days `from`..`to` (both included): [start, end). */
export function periodBounds(from: string, to: string): { start: Date; end: Date } {
  return { start: londonInstant(from, 0)!, end: londonInstant(shiftDate(to, 1), 0)! };
}

/**
 * One statement per funnel source, grouped by the key and by nothing (the totals, in the same
 * scan, through GROUPING SETS). Raw SQL because the query builder cannot say GROUPING SETS or
 * percentile_cont (docs/decisions/005-raw-sql.md).
 *
 * Each table is read once, by a range on its company's index by time
 * (`conversations_company_created_idx`, `leads_company_created_idx`, `viewings_company_start_idx`,
 * `enquiries_company_created_idx`), and joined by hash: a lead is made after its chat started,
 * and a viewing starts after it was booked in the chat, so the chats that started in the period
 * have their leads and viewings among those made (or starting) from the period's start on.
 *
 * A link open is a web chat's start; a WhatsApp or SMS thread opens no link (the tenant wrote
 * first), so it is counted apart, and from chats on every conversation counts alike.
 *
 * A chat's property is its lead's (an agency-link chat chooses one on the way), else the
 * conversation's; its source is the link's `?src=`, else a thread's channel (`whatsapp`, `sms`).
 */
const funnelSql = (key: string) => `
  with chat_leads as (
    select conversation_id, property_id, status from leads
    where company_id = $1 and created_at >= $2 and conversation_id is not null
  ), chat_viewings as (
    select conversation_id, count(*) filter (where status = 'attended') as attended,
           count(*) filter (where confirmed_at is not null) as confirmed,
           count(*) filter (where status = 'no_show') as no_shows from viewings
    where company_id = $1 and starts_at >= $2 and conversation_id is not null
    group by conversation_id
  )
  select ${key} as key, grouping(${key}) as is_total,
         count(*) filter (where c.channel = 'web')::int as link_opens,
         count(*) filter (where c.channel <> 'web')::int as message_threads,
         count(*) filter (where c.turn_count > 0)::int as chats,
         count(l.conversation_id)::int as leads,
         count(v.conversation_id)::int as viewings_booked,
         count(*) filter (where v.attended > 0)::int as viewings_attended,
         count(*) filter (where v.confirmed > 0)::int as viewings_confirmed,
         count(*) filter (where v.no_shows > 0)::int as viewings_no_show,
         count(*) filter (where l.status = 'let')::int as let
  from ${CONVERSATION_VIEW} c
  left join chat_leads l on l.conversation_id = c.id
  left join chat_viewings v on v.conversation_id = c.id
  where c.company_id = $1 and c.created_at >= $2 and c.created_at < $3
  group by grouping sets ((${key}), ())`;

export const FUNNEL_SQL: Record<InsightsGrouping, string> = {
  property: funnelSql('coalesce(l.property_id, c.property_id)'),
  source: funnelSql("coalesce(c.source, nullif(c.channel, 'web'))"),
};

const replySql = (key: string) => `
  select ${key} as key, grouping(${key}) as is_total,
         count(*)::int as enquiries,
         percentile_cont(0.5) within group (order by extract(epoch from e.replied_at - e.created_at))
           filter (where e.replied_at is not null) as median_reply_seconds
  from enquiries e
  where e.company_id = $1 and e.created_at >= $2 and e.created_at < $3
  group by grouping sets ((${key}), ())`;

export const REPLY_SQL: Record<InsightsGrouping, string> = {
  property: replySql('e.property_id'),
  source: replySql('e.source'),
};

type Row = Record<string, unknown>;

const emptyFunnel = (): Funnel => ({
  linkOpens: 0,
  messageThreads: 0,
  chats: 0,
  leads: 0,
  viewingsBooked: 0,
  viewingsAttended: 0,
  viewingsConfirmed: 0,
  viewingsNoShow: 0,
  let: 0,
  enquiries: 0,
  medianFirstReplySeconds: null,
});

/** The funnel per key (and the totals under the key `total`) for one company and period. */
export async function readFunnels(
  execute: SqlExecutor,
  input: { companyId: string; start: Date; end: Date; groupBy: InsightsGrouping },
): Promise<{ totals: Funnel; byKey: Map<string | null, Funnel> }> {
  const values = [input.companyId, input.start.toISOString(), input.end.toISOString()];
  const [funnels, replies] = await Promise.all([
    execute(FUNNEL_SQL[input.groupBy], values),
    execute(REPLY_SQL[input.groupBy], values),
  ]);
  const totals = emptyFunnel();
  const byKey = new Map<string | null, Funnel>();
  const funnelFor = (row: Row): Funnel => {
    if (isTotal(row)) return totals;
    const key = row.key === null ? null : String(row.key);
    let funnel = byKey.get(key);
    if (!funnel) {
      funnel = emptyFunnel();
      byKey.set(key, funnel);
    }
    return funnel;
  };
  for (const row of funnels.rows) {
    Object.assign(funnelFor(row), {
      linkOpens: Number(row.link_opens),
      messageThreads: Number(row.message_threads),
      chats: Number(row.chats),
      leads: Number(row.leads),
      viewingsBooked: Number(row.viewings_booked),
      viewingsAttended: Number(row.viewings_attended),
      viewingsConfirmed: Number(row.viewings_confirmed),
      viewingsNoShow: Number(row.viewings_no_show),
      let: Number(row.let),
    });
  }
  for (const row of replies.rows) {
    const funnel = funnelFor(row);
    funnel.enquiries = Number(row.enquiries);
    funnel.medianFirstReplySeconds =
      row.median_reply_seconds === null ? null : Math.round(Number(row.median_reply_seconds));
  }
  return { totals, byKey };
}

/** `grouping()` is 1 on the totals row (an integer from pg, a number or string elsewhere). */
function isTotal(row: Row): boolean {
  return Number(row.is_total) === 1;
}

/** The period asked for, or the last 30 days; the schema has already checked its length. */
export function resolvePeriod(query: Pick<InsightsQuery, 'from' | 'to'>): { from: string; to: string } {
  const to = query.to ?? (query.from ? shiftDate(query.from, DEFAULT_PERIOD_DAYS - 1) : londonDate(now()));
  const from = query.from ?? shiftDate(to, -(DEFAULT_PERIOD_DAYS - 1));
  const days = daysInPeriod(from, to);
  if (days < 1 || days > MAX_INSIGHTS_DAYS) {
    throw new AppError('BAD_REQUEST', `A period can be at most ${MAX_INSIGHTS_DAYS} days`);
  }
  return { from, to };
}

/** GET /api/companies/{id}/insights */
export async function getInsights(
  ctx: AppContext,
  companyId: string,
  query: InsightsQuery,
): Promise<InsightsResponse> {
  const { from, to } = resolvePeriod(query);
  const { start, end } = periodBounds(from, to);
  const { totals, byKey } = await readFunnels(ctx.database.execute, {
    companyId,
    start,
    end,
    groupBy: query.groupBy,
  });
  const labels = await groupLabels(ctx, query.groupBy, [...byKey.keys()]);
  const groups = [...byKey]
    .map(([key, funnel]) => ({ key, label: labels.get(key) ?? String(key), funnel }))
    .sort(
      (a, b) =>
        b.funnel.leads - a.funnel.leads ||
        conversationsStarted(b.funnel) - conversationsStarted(a.funnel) ||
        b.funnel.enquiries - a.funnel.enquiries ||
        a.label.localeCompare(b.label),
    );
  return { from, to, groupBy: query.groupBy, totals, groups };
}

async function groupLabels(
  ctx: AppContext,
  groupBy: InsightsGrouping,
  keys: (string | null)[],
): Promise<Map<string | null, string>> {
  if (groupBy === 'source') return new Map(keys.map((key) => [key, sourceLabel(key)]));
  const ids = keys.filter((key): key is string => key !== null);
  const rows =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: properties.id, name: properties.propertyName })
          .from(properties)
          .where(inArray(properties.id, ids));
  const names = new Map<string | null, string>(rows.map((row) => [row.id, row.name]));
  names.set(null, 'Agency link (no property chosen)');
  for (const id of ids) if (!names.has(id)) names.set(id, 'A deleted property');
  return names;
}
