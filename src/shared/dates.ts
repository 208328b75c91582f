/**
 * en-GB date rules for the date input: text in dd/mm/yyyy, read as a calendar date at UTC
 * midnight so that the same text gives the same day in every time zone.
 */

export const UK_DATE_MAX_LENGTH = 10;

/** Two-digit years above 50 are last century (a 1985 birth year); the rest are this one. */
export function expandTwoDigitYear(year: number): number {
  if (year >= 100) return year;
  return year > 50 ? 1900 + year : 2000 + year;
}

/** A real calendar date only: 31/04 or 29/02 in a common year do not roll over into the next month. */
function makeUtcDate(year: number, month: number, day: number): Date | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0-99 to 1900-1999; set the full year to keep what was typed.
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date;
}

/**
 * Reads `d/m/yy`, `dd/mm/yyyy` and the like. Returns null for anything that is not a real
 * calendar date, including partial text.
 */
export function parseUkDate(text: string): Date | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const fullYear = year.length === 2 ? expandTwoDigitYear(Number(year)) : Number(year);
  return makeUtcDate(fullYear, Number(month), Number(day));
}

/** dd/mm/yyyy of the date's UTC calendar day (the form `parseUkDate` reads back). */
export function formatUkDate(date: Date): string {
  const day = String(date.getUTCDate()).padStart(2, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${day}/${month}/${year}`;
}

/** True when the text is non-empty and not a real calendar date: the input shows it in red. */
export function isInvalidUkDate(text: string): boolean {
  return text.trim() !== '' && parseUkDate(text) === null;
}

/**
 * The text to show after an edit: a slash goes in after the day and after the month as digits
 * are typed, and the result never passes 10 characters. Deleting (the new text is shorter) is
 * left alone so that backspace can remove a slash.
 */
export function autoSlash(previous: string, next: string): string {
  const cleaned = next
    .replace(/[^\d/]/g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/^\//, '');
  if (cleaned.length < previous.length) return cleaned.slice(0, UK_DATE_MAX_LENGTH);
  const parts = cleaned.split('/');
  let result: string;
  if (parts.length === 1) {
    // Only digits so far (typed or pasted): split them as dd/mm/yyyy.
    const digits = parts[0];
    result = digits.slice(0, 2);
    if (digits.length >= 2) result += `/${digits.slice(2, 4)}`;
    if (digits.length >= 4) result += `/${digits.slice(4, 8)}`;
  } else {
    const [day, month, ...rest] = parts;
    const year = rest.join('');
    result = day.slice(0, 2);
    if (day.length > 2) {
      // A digit typed past a full day belongs to the month.
      return autoSlash(previous, `${day.slice(0, 2)}/${day.slice(2)}${month}/${year}`);
    }
    result += `/${month.slice(0, 2)}`;
    if (month.length > 2) {
      return autoSlash(previous, `${day}/${month.slice(0, 2)}/${month.slice(2)}${year}`);
    }
    if (parts.length > 2 || month.length === 2) result += `/${year}`;
  }
  return result.slice(0, UK_DATE_MAX_LENGTH);
}
