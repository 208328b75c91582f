import { TZDate } from '@date-fns/tz';

/** The one clock: tests move it with `setNow`, everything else reads `now()`. */
const offsetMs = 0;
let fixed: Date | undefined;

export function now(): Date {
  if (fixed) return new Date(fixed);
  return new Date(Date.now() + offsetMs);
}

/** Test hook: pin the clock to a moment (or release it with `undefined`). */
export function setNow(date: Date | undefined): void {
  fixed = date;
}

export const LONDON = 'Europe/London';

/** The current moment as a London wall-clock date (for "today", resets and dates). */
export function londonNow(): TZDate {
  return new TZDate(now(), LONDON);
}
