import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { isClosedHoliday } from './bank-holidays.ts';
import { parseUkDate } from './dates.ts';
import type { ViewingSchedule, ViewingSettings } from './schemas/viewings.ts';
import { minutesOfDay, VIEWING_STATUS_LABELS, type ViewingStatus } from './viewing-statuses.ts';

/**
 * Viewing times are London wall-clock times: a window of 10:00–13:00 gives 10:00 on both sides of
 * a clock change, whatever the UTC offset that day. Everything here is pure (the clock comes in).
 */

export const LONDON_ZONE = 'Europe/London';

/** A free viewing time as the chat, the `/slots` route and the manage page show it. */
export type ViewingTime = { startsAt: string; label: string };

/** A live booking of the property: how many parties already hold a start. */
export type Booking = { startsAt: Date | string; parties?: number };

/** How far before the vacancy date viewings may start (the current tenant is still living there). */
export const DAYS_BEFORE_VACANCY = 28;

export type FreeTimesInput = {
  schedule: ViewingSchedule;
  overrides?: ViewingSettings | null;
  bookings: Booking[];
  now: Date;
  /** dd/mm/yyyy, as the property stores it; null = no limit. */
  vacancyDate?: string | null;
};

/** ISO 8601 with the London offset, e.g. 2026-03-28T10:30:00+00:00. */
export function londonIso(instant: Date): string {
  return format(new TZDate(instant, LONDON_ZONE), "yyyy-MM-dd'T'HH:mm:ssxxx");
}

/** "Sat 7 Mar, 10:30" */
export function timeLabel(instant: Date): string {
  return format(new TZDate(instant, LONDON_ZONE), 'EEE d MMM, HH:mm');
}

/** "Saturday 7 March at 10:30", as the closing sentence and the emails name it. */
export function longTimeLabel(instant: Date): string {
  return format(new TZDate(instant, LONDON_ZONE), "EEEE d MMMM 'at' HH:mm");
}

/**
 * A lead's viewing as the dashboard shows it: "Sat 7 Mar, 10:30 · booked"; where whether the
 * tenant confirmed is known (the lead's detail), "· confirmed" or "· awaiting confirmation".
 */
export function viewingSummary(
  startsAt: Date | string,
  status: ViewingStatus,
  confirmedAt?: string | null,
): string {
  const state =
    status === 'booked' && confirmedAt !== undefined
      ? confirmedAt
        ? 'confirmed'
        : 'awaiting confirmation'
      : VIEWING_STATUS_LABELS[status].toLowerCase();
  return `${timeLabel(new Date(startsAt))} · ${state}`;
}

export function toViewingTime(instant: Date): ViewingTime {
  return { startsAt: londonIso(instant), label: timeLabel(instant) };
}

/** The London calendar date of an instant, yyyy-mm-dd. */
export function londonDate(instant: Date): string {
  return format(new TZDate(instant, LONDON_ZONE), 'yyyy-MM-dd');
}

/**
 * The instant of a London wall-clock time, or null when that time does not exist (the hour the
 * clocks skip in March). In the October hour that happens twice, the first (summer time) one.
 */
export function londonInstant(date: string, minutes: number): Date | null {
  const [year, month, day] = date.split('-').map(Number);
  const hours = Math.floor(minutes / 60);
  const mins = minutes % 60;
  const instant = new TZDate(year, month - 1, day, hours, mins, LONDON_ZONE);
  if (instant.getHours() !== hours || instant.getMinutes() !== mins) return null;
  return new Date(instant.getTime());
}

/** The windows, parties and blocked dates that apply to one property. */
export function effectiveRules(schedule: ViewingSchedule, overrides?: ViewingSettings | null) {
  return {
    windows: overrides?.windows ?? schedule.windows,
    partiesPerSlot: overrides?.partiesPerSlot ?? schedule.partiesPerSlot,
    blockedDates: new Set(overrides?.blockedDates ?? []),
    isBookingOff: overrides?.bookingOff ?? false,
  };
}

/** Whether a property offers bookable times at all (booking on and at least one window). */
export function takesBookings(schedule: ViewingSchedule, overrides?: ViewingSettings | null): boolean {
  const rules = effectiveRules(schedule, overrides);
  return !rules.isBookingOff && rules.windows.length > 0;
}

/** The first instant viewings may start for a vacancy date (28 days before it), or null. */
function vacancyOpening(vacancyDate: string | null | undefined): number | null {
  const vacancy = vacancyDate ? parseUkDate(vacancyDate) : null;
  if (!vacancy) return null;
  const vacancyIso = vacancy.toISOString().slice(0, 10);
  const firstDay = format(addDays(new Date(`${vacancyIso}T12:00:00Z`), -DAYS_BEFORE_VACANCY), 'yyyy-MM-dd');
  const opens = londonInstant(firstDay, 0) ?? londonInstant(firstDay, 60);
  return opens?.getTime() ?? null;
}

/**
 * Every free viewing time of a property, soonest first: inside the weekly windows (viewing length
 * plus the buffer apart, each ending by the window's end), after the minimum notice and no earlier than
 * the vacancy date minus 28 days, within the horizon counted from the day viewings open (so a
 * listing free in three months offers its first weeks of viewings, not nothing), never on a
 * blocked date or a bank holiday (unless the company opens on them), and only where fewer than
 * `partiesPerSlot` parties hold the start already.
 */
export function freeTimes(input: FreeTimesInput): ViewingTime[] {
  const { schedule, overrides, bookings, now } = input;
  const rules = effectiveRules(schedule, overrides);
  if (rules.isBookingOff || rules.windows.length === 0) return [];

  const opens = Math.max(now.getTime(), vacancyOpening(input.vacancyDate) ?? 0);
  const earliest = Math.max(opens, now.getTime() + schedule.minNoticeHours * 3_600_000);
  const latest = opens + schedule.horizonDays * 86_400_000;

  const taken = new Map<number, number>();
  for (const booking of bookings) {
    const at = new Date(booking.startsAt).getTime();
    taken.set(at, (taken.get(at) ?? 0) + (booking.parties ?? 1));
  }

  const step = schedule.slotMinutes + schedule.bufferMinutes;
  const times: ViewingTime[] = [];
  const firstDay = londonDate(new Date(opens));
  // Noon UTC keeps the day arithmetic clear of both clock changes.
  const firstNoon = new Date(`${firstDay}T12:00:00Z`);
  for (let offset = 0; offset <= schedule.horizonDays; offset += 1) {
    const date = format(addDays(firstNoon, offset), 'yyyy-MM-dd');
    if (rules.blockedDates.has(date)) continue;
    if (!schedule.openOnBankHolidays && isClosedHoliday(date)) continue;
    const weekday = ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const windows = rules.windows
      .filter((window) => window.day === weekday)
      .sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
    for (const window of windows) {
      const end = minutesOfDay(window.end);
      for (let start = minutesOfDay(window.start); start + schedule.slotMinutes <= end; start += step) {
        const instant = londonInstant(date, start);
        if (!instant) continue;
        const at = instant.getTime();
        if (at < earliest || at > latest) continue;
        if ((taken.get(at) ?? 0) >= rules.partiesPerSlot) continue;
        times.push(toViewingTime(instant));
      }
    }
  }
  return times;
}

/** Why a listing offers tenants no times, in the words the agent reads, or when its times begin. */
export type ViewingTimesNote =
  | { kind: 'offered'; firstTime: ViewingTime; opensForVacancy: boolean }
  | { kind: 'none'; reason: string };

/**
 * What the chat offers for a listing, before anyone has booked: its first time, or why there is
 * none. The Viewings tab and the listing's form show it, so a listing that offers nothing never
 * looks like booking is broken.
 */
export function viewingTimesNote(input: Omit<FreeTimesInput, 'bookings'>): ViewingTimesNote {
  const rules = effectiveRules(input.schedule, input.overrides);
  if (rules.isBookingOff)
    return {
      kind: 'none',
      reason: 'Booking is off for this listing: the assistant asks when tenants are free.',
    };
  if (rules.windows.length === 0)
    return {
      kind: 'none',
      reason: 'No viewing hours are set: the assistant asks when tenants are free instead of booking.',
    };
  const [firstTime] = freeTimes({ ...input, bookings: [] });
  if (!firstTime)
    return {
      kind: 'none',
      reason: `Every day with viewing hours in the next ${input.schedule.horizonDays} days is blocked or a bank holiday.`,
    };
  const opening = vacancyOpening(input.vacancyDate);
  return {
    kind: 'offered',
    firstTime,
    opensForVacancy:
      opening !== null && opening > input.now.getTime() + input.schedule.minNoticeHours * 3_600_000,
  };
}

/**
 * Up to `count` of the times to offer first: the soonest time of each day, day after day, so the
 * tenant sees a spread of days; when there are fewer days than `count`, the next times of the
 * soonest days fill the rest. Returned soonest first.
 */
export function spreadOverDays(times: ViewingTime[], count: number): ViewingTime[] {
  const byDay = new Map<string, ViewingTime[]>();
  for (const time of times) {
    const day = time.startsAt.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), time]);
  }
  const chosen: ViewingTime[] = [];
  for (let round = 0; chosen.length < count; round += 1) {
    let added = false;
    for (const dayTimes of byDay.values()) {
      if (chosen.length >= count) break;
      const time = dayTimes[round];
      if (time) {
        chosen.push(time);
        added = true;
      }
    }
    if (!added) break;
  }
  return chosen.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}
