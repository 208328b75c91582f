import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { parseUkDate } from './dates.ts';
import {
  minutesOfDay,
  VIEWING_STATUS_LABELS,
  type ViewingSchedule,
  type ViewingSettings,
  type ViewingStatus,
} from './schemas/viewings.ts';

/**
 * Viewing slots are London wall-clock times: a window of 10:00–13:00 gives 10:00 on both sides of
 * a clock change, whatever the UTC offset that day. Everything here is pure (the clock comes in).
 */

export const LONDON_ZONE = 'Europe/London';

/** A free slot as the chat, the slots route and the manage page show it. */
export type Slot = { startsAt: string; label: string };

/** A live booking of the property: how many parties already hold a start. */
export type Booking = { startsAt: Date | string; parties?: number };

/** How far before the vacancy date viewings may start (the current tenant is still living there). */
export const DAYS_BEFORE_VACANCY = 28;

export type FreeSlotsInput = {
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
export function slotLabel(instant: Date): string {
  return format(new TZDate(instant, LONDON_ZONE), 'EEE d MMM, HH:mm');
}

/** "Saturday 7 March at 10:30", as the closing sentence and the emails name it. */
export function longSlotLabel(instant: Date): string {
  return format(new TZDate(instant, LONDON_ZONE), "EEEE d MMMM 'at' HH:mm");
}

/** A lead's viewing as the dashboard shows it: "Sat 7 Mar, 10:30 · booked". */
export function viewingSummary(startsAt: Date | string, status: ViewingStatus): string {
  return `${slotLabel(new Date(startsAt))} · ${VIEWING_STATUS_LABELS[status].toLowerCase()}`;
}

export function toSlot(instant: Date): Slot {
  return { startsAt: londonIso(instant), label: slotLabel(instant) };
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

/** Whether a property offers bookable slots at all (booking on and at least one window). */
export function takesBookings(schedule: ViewingSchedule, overrides?: ViewingSettings | null): boolean {
  const rules = effectiveRules(schedule, overrides);
  return !rules.isBookingOff && rules.windows.length > 0;
}

/**
 * Every free slot of a property, soonest first: inside the weekly windows (slot length plus the
 * buffer apart, each ending by the window's end), after the minimum notice and no earlier than
 * the vacancy date minus 28 days, before the horizon, never on a blocked date, and only where
 * fewer than `partiesPerSlot` parties hold the start already.
 */
export function freeSlots(input: FreeSlotsInput): Slot[] {
  const { schedule, overrides, bookings, now } = input;
  const rules = effectiveRules(schedule, overrides);
  if (rules.isBookingOff || rules.windows.length === 0) return [];

  let earliest = now.getTime() + schedule.minNoticeHours * 3_600_000;
  const vacancy = input.vacancyDate ? parseUkDate(input.vacancyDate) : null;
  if (vacancy) {
    const vacancyIso = vacancy.toISOString().slice(0, 10);
    const firstDay = format(addDays(new Date(`${vacancyIso}T12:00:00Z`), -DAYS_BEFORE_VACANCY), 'yyyy-MM-dd');
    const opens = londonInstant(firstDay, 0) ?? londonInstant(firstDay, 60);
    if (opens) earliest = Math.max(earliest, opens.getTime());
  }
  const latest = now.getTime() + schedule.horizonDays * 86_400_000;

  const taken = new Map<number, number>();
  for (const booking of bookings) {
    const at = new Date(booking.startsAt).getTime();
    taken.set(at, (taken.get(at) ?? 0) + (booking.parties ?? 1));
  }

  const step = schedule.slotMinutes + schedule.bufferMinutes;
  const slots: Slot[] = [];
  const today = londonDate(now);
  // Noon UTC keeps the day arithmetic clear of both clock changes.
  const firstNoon = new Date(`${today}T12:00:00Z`);
  for (let offset = 0; offset <= schedule.horizonDays; offset += 1) {
    const date = format(addDays(firstNoon, offset), 'yyyy-MM-dd');
    if (rules.blockedDates.has(date)) continue;
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
        slots.push(toSlot(instant));
      }
    }
  }
  return slots;
}

/**
 * Up to `count` of the slots to offer first: the soonest slot of each day, day after day, so the
 * tenant sees a spread of days; when there are fewer days than `count`, the next slots of the
 * soonest days fill the rest. Returned soonest first.
 */
export function spreadOverDays(slots: Slot[], count: number): Slot[] {
  const byDay = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = slot.startsAt.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), slot]);
  }
  const chosen: Slot[] = [];
  for (let round = 0; chosen.length < count; round += 1) {
    let added = false;
    for (const daySlots of byDay.values()) {
      if (chosen.length >= count) break;
      const slot = daySlots[round];
      if (slot) {
        chosen.push(slot);
        added = true;
      }
    }
    if (!added) break;
  }
  return chosen.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}
