import { TZDate } from '@date-fns/tz';
import { minutesOfDay, type QuietHours } from '#shared/schemas/viewings.ts';
import { londonDate, londonInstant } from '#shared/viewing-times.ts';

const LONDON = 'Europe/London';

function londonMinutes(at: Date): number {
  const london = new TZDate(at, LONDON);
  return london.getHours() * 60 + london.getMinutes();
}

/** Whether an instant falls in the company's quiet hours (London wall-clock; may span midnight). */
export function isQuietAt(at: Date, quiet: QuietHours | null): boolean {
  if (!quiet) return false;
  const minute = londonMinutes(at);
  const from = minutesOfDay(quiet.from);
  const to = minutesOfDay(quiet.to);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/**
 * When the quiet hours around an instant end (the instant itself when it is not quiet): what
 * falls due at 21:00 goes out at 08:00 the next morning under the default 20:00–08:00.
 */
export function quietHoursEnd(at: Date, quiet: QuietHours | null): Date {
  if (!quiet || !isQuietAt(at, quiet)) return at;
  const to = minutesOfDay(quiet.to);
  const today = londonDate(at);
  const endToday = londonInstant(today, to);
  if (endToday && endToday > at) return endToday;
  // Noon today plus a day is noon tomorrow within an hour, whatever the clocks do.
  const noon = londonInstant(today, 12 * 60) ?? at;
  const tomorrow = londonDate(new Date(noon.getTime() + 24 * 3_600_000));
  // A quiet end inside the hour the clocks skip: an hour later is the first time that exists.
  return londonInstant(tomorrow, to) ?? londonInstant(tomorrow, to + 60) ?? at;
}
