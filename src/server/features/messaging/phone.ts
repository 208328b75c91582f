import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A number as E.164 (+447700900123), read as a UK number when it has no country code; else null. */
export function toE164(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const trimmed = raw.trim().replace(/^whatsapp:/i, '');
  const withPlus = /^\d{10,15}$/.test(trimmed) && !trimmed.startsWith('0') ? `+${trimmed}` : trimmed;
  const parsed = parsePhoneNumberFromString(withPlus, 'GB');
  return parsed?.isPossible() ? parsed.number : null;
}

/** A UK mobile (07…), the numbers a portal enquiry can be answered on by text or WhatsApp. */
export function isUkMobile(e164: string | null | undefined): boolean {
  return !!e164 && /^\+447[1-57-9]\d{8}$/.test(e164);
}
