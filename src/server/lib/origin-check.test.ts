import { describe, expect, it } from 'vitest';
import { isSameOriginRequest, type OriginEvidence } from './origin-check.ts';

const appUrl = 'https://app.letlead.example';
const base: OriginEvidence = {
  origin: undefined,
  referer: undefined,
  secFetchSite: undefined,
  hasCookie: true,
  appUrl,
  host: 'app.letlead.example',
};

describe('isSameOriginRequest', () => {
  const cases: Array<[string, Partial<OriginEvidence>, boolean]> = [
    ['our Origin', { origin: appUrl }, true],
    ['our Origin, Sec-Fetch-Site same-origin', { origin: appUrl, secFetchSite: 'same-origin' }, true],
    ['our Origin but Sec-Fetch-Site cross-site', { origin: appUrl, secFetchSite: 'cross-site' }, false],
    ['our Origin but Sec-Fetch-Site same-site', { origin: appUrl, secFetchSite: 'same-site' }, false],
    ['another Origin', { origin: 'https://evil.example' }, false],
    [
      'another Origin, Sec-Fetch-Site same-origin',
      { origin: 'https://evil.example', secFetchSite: 'same-origin' },
      false,
    ],
    ['a null Origin', { origin: 'null' }, false],
    ['a look-alike host', { origin: `${appUrl}.evil.example` }, false],
    ['no Origin, our referer', { referer: `${appUrl}/dashboard` }, true],
    ['no Origin, a referer from another site', { referer: 'https://evil.example/page' }, false],
    ['Origin stripped, no referer, Sec-Fetch-Site same-origin', { secFetchSite: 'same-origin' }, true],
    ['Origin stripped, Sec-Fetch-Site in capitals', { secFetchSite: 'Same-Origin' }, true],
    ['Origin stripped, no referer, Sec-Fetch-Site cross-site', { secFetchSite: 'cross-site' }, false],
    ['Origin stripped, Sec-Fetch-Site none (typed address)', { secFetchSite: 'none' }, false],
    ['our cookie and no evidence at all', {}, false],
    ['no cookie and no evidence (a server-to-server call)', { hasCookie: false }, true],
    [
      'no cookie, Sec-Fetch-Site cross-site (login CSRF)',
      { hasCookie: false, secFetchSite: 'cross-site' },
      false,
    ],
    ['no cookie, another Origin (login CSRF)', { hasCookie: false, origin: 'https://evil.example' }, false],
    [
      'no cookie, Sec-Fetch-Site same-origin (a signed-out beacon)',
      { hasCookie: false, secFetchSite: 'same-origin' },
      true,
    ],
    [
      'the Host header names us behind a proxy',
      { origin: 'http://localhost:3000', host: 'localhost:3000' },
      true,
    ],
  ];
  for (const [label, evidence, expected] of cases) {
    it(`${label} → ${expected ? 'allowed' : 'refused'}`, () => {
      expect(isSameOriginRequest({ ...base, ...evidence })).toBe(expected);
    });
  }
});
