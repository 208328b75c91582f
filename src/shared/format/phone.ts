import { type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
// The package's own metadata restricted to +44 (scripts/uk-phone-metadata.ts writes it): a few KB
// where the default import's covers the world in ~150 KB. Other numbers are shown as stored anyway.
import ukMetadata from './uk-phone-metadata.json' with { type: 'json' };

/**
 * UK mobiles (07xxx xxxxxx, but not the 070 personal and 076 pager ranges, laid out otherwise)
 * are laid out as libphonenumber lays them out, without its cost: the chat's summary shows the
 * number at every turn once it is known, and a dashboard lists hundreds.
 */
const UK_MOBILE = /^\+44(7[1-57-9]\d{2})(\d{6})$/;

/** A UK mobile stored as E.164 laid out without libphonenumber ('07700 900123'), else null. */
export function layOutUkMobile(value: string): string | null {
  const mobile = UK_MOBILE.exec(value);
  return mobile ? `0${mobile[1]} ${mobile[2]}` : null;
}

/**
 * A number stored as E.164 (+447700900123), or as it was typed in the national form
 * ('07700900123', '020 79460000'), in the national form people dial and read, as libphonenumber
 * lays it out: '07700 900123', '020 7946 0000', '0113 496 0000'. Numbers outside the UK, and
 * anything unreadable, are returned as they are.
 */
export function formatUkPhone(value: string | null | undefined): string {
  if (!value) return '';
  const mobile = layOutUkMobile(value);
  if (mobile) return mobile;
  // Without a country code a number is read as a UK one: the only metadata here is the UK's.
  const parsed = parsePhoneNumberFromString(value.replace(/[\s()-]/g, ''), 'GB', ukMetadata as MetadataJson);
  if (parsed?.countryCallingCode !== '44') return value;
  return parsed.formatNational();
}
