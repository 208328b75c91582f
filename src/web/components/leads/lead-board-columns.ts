import { LEAD_STATUSES, type LeadStatus } from '#shared/lead-statuses.ts';
import type { LeadListItemDto } from '#shared/schemas/leads.ts';

export type Columns = Record<LeadStatus, LeadListItemDto[]>;

/** The board's columns: each status's leads, in the order given (the table's sort). */
export function groupByStatus(leads: readonly LeadListItemDto[]): Columns {
  const columns = Object.fromEntries(LEAD_STATUSES.map((status) => [status, []])) as unknown as Record<
    LeadStatus,
    LeadListItemDto[]
  >;
  for (const lead of leads) columns[lead.status].push(lead);
  return columns;
}

/** How many leads each status has, for the status filter and the board's phone chooser. */
export function countByStatus(leads: readonly LeadListItemDto[]): Record<LeadStatus, number> {
  const counts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  for (const lead of leads) counts[lead.status] += 1;
  return counts;
}

/** `next`, with each column that holds the same leads as in `previous` replaced by that array. */
export function keepUnchangedColumns(previous: Columns | null, next: Columns): Columns {
  if (!previous) return next;
  const kept = { ...next };
  for (const status of LEAD_STATUSES) {
    const before = previous[status];
    const after = next[status];
    if (before.length === after.length && before.every((lead, index) => lead === after[index])) {
      kept[status] = before;
    }
  }
  return kept;
}
