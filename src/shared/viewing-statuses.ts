// A viewing's statuses, their words and the minutes of an HH:MM time, without zod: the dashboard's
// first screen shows a lead's viewing before it loads any schema. #shared/schemas/viewings.ts
// builds its schemas from them.

export const viewingStatuses = ['booked', 'attended', 'no_show', 'cancelled', 'released'] as const;
export type ViewingStatus = (typeof viewingStatuses)[number];
/** How a viewing's status reads to people (the viewings tab, the lead, the CSV export). */
export const VIEWING_STATUS_LABELS: Record<ViewingStatus, string> = {
  booked: 'Booked',
  attended: 'Attended',
  no_show: 'No-show',
  cancelled: 'Cancelled',
  released: 'Released',
};

export function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}
