import { formatAvailabilityDate } from '#shared/availability-dates.ts';
import { formatDateTime, formatFullDateTime } from '#shared/format.ts';
import type { LeadDto } from '#shared/schemas/leads.ts';
import { formatPhone } from '#web/lib/uk-phone.ts';

/**
 * Every value a row shows (and the raw forms behind them), lower case, in one string: a search
 * then costs one `includes` per row, which keeps 10,000 rows well inside a frame.
 */
export function leadSearchText(lead: LeadDto): string {
  return [
    formatDateTime(lead.createdAt),
    formatFullDateTime(lead.createdAt),
    lead.propertyName || 'any',
    lead.propertyLocation,
    lead.rentalPrice,
    lead.numberOfBeds,
    lead.name,
    lead.email,
    lead.contactNumber,
    formatPhone(lead.contactNumber),
    lead.income,
    lead.profession,
    lead.numberOfPeople,
    lead.moveInDate,
    lead.availability,
    ...lead.availabilityDates.map(formatAvailabilityDate),
    lead.rating,
    lead.rating ? `${lead.rating}/10` : null,
  ]
    .filter((value) => value !== null && value !== undefined && value !== '')
    .join('\u0001')
    .toLowerCase();
}

/** Words of the query, each of which must appear somewhere in the row ("sarah nurse"). */
export function searchTerms(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesSearch(text: string, terms: string[]): boolean {
  for (const term of terms) if (!text.includes(term)) return false;
  return true;
}
