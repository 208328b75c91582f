import { MONTH_NAMES, parseUkDate } from '#shared/format.ts';

/**
 * Calendar dates as `yyyy-mm-dd` strings. Arithmetic runs in UTC on date-only values so that the
 * process time zone never shifts a day; "today" always comes from the caller (Europe/London).
 */

const DAY_MS = 86_400_000;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Parses `yyyy-mm-dd` into its parts, or null when it is not a real calendar date. */
export function splitIso(iso: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function toEpochDays(iso: string): number {
  const p = splitIso(iso);
  if (!p) throw new Error(`Not a date: ${iso}`);
  return Date.UTC(p.year, p.month - 1, p.day) / DAY_MS;
}

function fromEpochDays(days: number): string {
  const d = new Date(days * DAY_MS);
  return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function addDays(iso: string, days: number): string {
  return fromEpochDays(toEpochDays(iso) + days);
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  return toEpochDays(b) - toEpochDays(a);
}

/** The first day of the month after `iso`'s month. */
export function firstOfNextMonth(iso: string): string {
  const p = splitIso(iso)!;
  return p.month === 12 ? isoDate(p.year + 1, 1, 1) : isoDate(p.year, p.month + 1, 1);
}

/** `dd/mm/yyyy` (the UK form the product stores and shows) → `yyyy-mm-dd`, or null. */
export function ukToIso(uk: string | null | undefined): string | null {
  const date = uk ? parseUkDate(uk) : null;
  return date ? isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()) : null;
}

/** `yyyy-mm-dd` → `dd/mm/yyyy`. */
export function isoToUk(iso: string): string {
  const p = splitIso(iso)!;
  return `${pad(p.day)}/${pad(p.month)}/${p.year}`;
}

/** `yyyy-mm-dd` → "1 March 2026". */
export function formatLongDate(iso: string): string {
  const p = splitIso(iso)!;
  return `${p.day} ${MONTH_NAMES[p.month - 1]} ${p.year}`;
}

export function dayOfWeek(iso: string): number {
  return new Date(toEpochDays(iso) * DAY_MS).getUTCDay();
}
