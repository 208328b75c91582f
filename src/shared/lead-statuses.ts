// The pipeline's statuses and their words, without zod: the dashboard's first screen shows them
// before it loads any schema. #shared/schemas/leads.ts builds its schemas from them.

/** Where a lead is in the agency's pipeline, in the pipeline's order (docs/pipeline.md). */
export const LEAD_STATUSES = [
  'new',
  'contacted',
  'viewing_booked',
  'viewed',
  'applied',
  'let',
  'lost',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** How a status reads to people (the CSV export; the dashboard's own labels may follow these). */
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  viewing_booked: 'Viewing booked',
  viewed: 'Viewed',
  applied: 'Applied',
  let: 'Let',
  lost: 'Lost',
};
