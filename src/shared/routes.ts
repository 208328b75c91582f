/**
 * The client routes of src/web/routes.tsx (src/web/routes.test.ts keeps the two in step), so the
 * server can answer an unknown path with a 404 status while still serving the app's 404 page.
 */
export const clientRoutePatterns: RegExp[] = [
  /^\/$/,
  /^\/login$/,
  /^\/signup$/,
  /^\/pricing$/,
  /^\/demovideo$/,
  /^\/checkout\/(success|cancel|test)$/,
  /^\/chatbot\/[^/]+(\/[^/]+)?$/,
  /^\/holdingpage$/,
  /^\/gdpr$/,
  /^\/reset-password$/,
  /^\/update-password$/,
  /^\/my-account$/,
  /^\/integrations$/,
  /^\/team$/,
  /^\/calendar-feed$/,
  /^\/join$/,
  /^\/viewings\/[^/]+$/,
];

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return clientRoutePatterns.some((pattern) => pattern.test(path));
}
