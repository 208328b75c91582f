import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { UK_PHONE_METADATA_FILE, ukPhoneMetadata } from './uk-phone-metadata.ts';

test('the committed UK phone metadata is the installed libphonenumber-js metadata for +44', () => {
  const committed = JSON.parse(readFileSync(UK_PHONE_METADATA_FILE, 'utf8'));
  expect(committed).toEqual(ukPhoneMetadata());
  expect(Object.keys(committed.countries).sort()).toEqual(['GB', 'GG', 'IM', 'JE']);
});
