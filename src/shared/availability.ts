/**
 * How a lead's viewing availability is shown: the badge style from the value,
 * and a green tint that is stronger the sooner the tenant can view.
 */

export type AvailabilityVariant = 'default' | 'secondary' | 'outline';
export type AvailabilityTier = 'strongest' | 'mid' | 'light' | 'grey';

/** 'available' default style, 'pending' secondary, anything else outline. */
export function availabilityVariant(value: string | null | undefined): AvailabilityVariant {
  const text = (value ?? '').trim().toLowerCase();
  if (text === 'available') return 'default';
  if (text === 'pending') return 'secondary';
  return 'outline';
}

const soonest = /\b(today|tonight|tomorrow)\b/;
const weekend = /\b(weekends?|saturdays?|sundays?|sat|sun)\b/;
// Covers "evening(s)", "this week", "next week", "week", "weekday(s)", "weeknight(s)".
const midWeek = /\b(evenings?|week|weekdays?|weeknights?|this week|next week)\b/;

/**
 * Today and tomorrow are the strongest green; weekend phrases light green; evenings and weeks
 * (this week, next week) mid green; everything else grey. Checked in that order, so
 * "tomorrow evening" is strongest and "Saturday evening" is a weekend.
 */
export function availabilityTier(value: string | null | undefined): AvailabilityTier {
  const text = (value ?? '').trim().toLowerCase();
  if (!text) return 'grey';
  if (soonest.test(text)) return 'strongest';
  if (weekend.test(text)) return 'light';
  if (midWeek.test(text)) return 'mid';
  return 'grey';
}
