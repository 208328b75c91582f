import { LEAD_STATUSES, type LeadListItemDto, type LeadStatus } from '#shared/schemas/leads.ts';

/** The board's columns: each status's leads, in the order given (the table's sort). */
export function groupByStatus(leads: readonly LeadListItemDto[]): Record<LeadStatus, LeadListItemDto[]> {
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
