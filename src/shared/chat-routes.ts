/** The pages of the chat entry: the tenant chat and the holding page it sends a tenant to. */
export type ChatRoute =
  | { page: 'chat'; companySlug: string; propertySlug: string | null }
  | { page: 'holding'; companySlug: string | null }
  | { page: 'none' };

/** Percent escapes decoded as the main app's router (wouter) decodes them; a bad escape is kept. */
export function decodePath(pathname: string): string {
  try {
    return pathname.includes('%') ? decodeURI(pathname) : pathname;
  } catch {
    return pathname;
  }
}

/** Which page an address shows: `/chatbot/:companySlug/:propertySlug?` or `/holdingpage?company=`. */
export function matchChatRoute(pathname: string, search: string): ChatRoute {
  const path = decodePath(pathname);
  const chat = /^\/chatbot\/([^/]+)(?:\/([^/]+))?\/?$/.exec(path);
  if (chat) return { page: 'chat', companySlug: chat[1]!, propertySlug: chat[2] ?? null };
  if (/^\/holdingpage\/?$/.test(path)) {
    return { page: 'holding', companySlug: new URLSearchParams(search).get('company') || null };
  }
  return { page: 'none' };
}

export function holdingPagePath(companySlug: string): string {
  return `/holdingpage?company=${encodeURIComponent(companySlug)}`;
}

/**
 * The tenant's own page for a booked viewing, `/viewings/:token` (the link in its emails and
 * texts): like the chat, a page of its own entry, which the main app does not carry.
 */
export function isManageViewingPath(pathname: string): boolean {
  return /^\/viewings\/[^/]+\/?$/.test(decodePath(pathname));
}
