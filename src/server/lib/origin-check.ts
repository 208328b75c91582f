/**
 * Whether a state-changing browser request comes from our own pages.
 *
 * The proof is the `Origin` header (or, where a browser leaves it out, the referer's origin).
 * Some privacy tools strip `Origin`, and `Referrer-Policy: no-referrer` removes the referer, so a
 * browser's `Sec-Fetch-Site: same-origin` (which pages cannot set or forge) counts as proof too.
 * `Sec-Fetch-Site: cross-site` or `same-site` is a refusal whatever the other headers claim.
 * A request with neither a proof nor our cookie is not a browser acting for a signed-in user
 * (a server-to-server call, curl): it passes here and meets the route's own authentication.
 */
export type OriginEvidence = {
  origin: string | undefined;
  referer: string | undefined;
  secFetchSite: string | undefined;
  hasCookie: boolean;
  appUrl: string;
  host: string | undefined;
};

export function isSameOriginRequest(evidence: OriginEvidence): boolean {
  const fetchSite = evidence.secFetchSite?.trim().toLowerCase();
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return false;
  const origin = evidence.origin ?? refererOrigin(evidence.referer);
  if (origin !== undefined) return isAllowedOrigin(origin, evidence.appUrl, evidence.host);
  if (fetchSite === 'same-origin') return true;
  return !evidence.hasCookie;
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

function isAllowedOrigin(origin: string, appUrl: string, host: string | undefined): boolean {
  try {
    const url = new URL(origin);
    return url.origin === new URL(appUrl).origin || (host !== undefined && url.host === host);
  } catch {
    return false;
  }
}
