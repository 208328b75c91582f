/**
 * Writes src/shared/format/uk-phone-metadata.json: libphonenumber-js's own "min" metadata (the one
 * its default import uses) restricted to the UK's calling code, +44 (GB, Guernsey, the Isle of Man
 * and Jersey). `formatUkPhone` lays numbers out with `libphonenumber-js/core` and this file, so a
 * page that shows phone numbers carries a few KB of metadata instead of the whole world in ~150 KB.
 *
 *   npx tsx scripts/uk-phone-metadata.ts && npx biome format --write src/shared/format/uk-phone-metadata.json
 *   (after upgrading libphonenumber-js)
 *
 * scripts/uk-phone-metadata.test.ts fails while the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MetadataJson } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/metadata.min.json';

export const UK_CALLING_CODE = '44';
export const UK_PHONE_METADATA_FILE = fileURLToPath(
  new URL('../src/shared/format/uk-phone-metadata.json', import.meta.url),
);

/** The package's metadata with the +44 territories only (no other calling code, no non-geographic). */
export function ukPhoneMetadata(full: MetadataJson = metadata as MetadataJson): MetadataJson {
  const territories = full.country_calling_codes[UK_CALLING_CODE] ?? [];
  return {
    version: full.version,
    country_calling_codes: { [UK_CALLING_CODE]: territories },
    countries: Object.fromEntries(territories.map((territory) => [territory, full.countries[territory]])),
    nonGeographic: {},
  } as MetadataJson;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(UK_PHONE_METADATA_FILE, `${JSON.stringify(ukPhoneMetadata())}\n`);
  console.log(`Wrote ${UK_PHONE_METADATA_FILE}`);
}
