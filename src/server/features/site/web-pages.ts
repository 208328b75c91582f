import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '#server/env.ts';
import { rootDir, webDistDir } from '#server/lib/paths.ts';
import { isManageViewingPath, matchChatRoute } from '#shared/chat-routes.ts';
import { isPlanType } from '#shared/plans.ts';
import { fillSiteTokens } from './site-routes.ts';

/** Where `npm run build` writes the public pages rendered to static HTML (scripts/prerender.ts). */
export const prerenderedDir = path.join(rootDir, 'dist/prerendered');

/**
 * The prerendered file for a path: the four public pages, the sign-up page (one file per plan it
 * can open on, `?plan=`), and one 404 page for unknown paths.
 */
export function prerenderedFileFor(pathname: string, isKnownRoute: boolean, search = ''): string | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (trimmed === '/signup') return signupPageFile(new URLSearchParams(search).get('plan'));
  const pages: Record<string, string> = {
    '/': 'index.html',
    '/pricing': 'pricing.html',
    '/demovideo': 'demovideo.html',
    '/gdpr': 'gdpr.html',
  };
  return pages[trimmed] ?? (isKnownRoute ? undefined : '404.html');
}

/** The sign-up page prerendered with this plan chosen (the page itself ignores an unknown plan). */
export function signupPageFile(plan: string | null): string {
  return isPlanType(plan) && plan !== 'free' ? `signup-${plan}.html` : 'signup.html';
}

/**
 * The public chat and the holding page it sends a tenant to have their own, lighter entry
 * (src/web/chat/, built to dist/web/chat/index.html). The same two paths may be framed by any
 * site (see `allowFraming` in app.ts).
 */
export function isChatEntryPath(pathname: string): boolean {
  return matchChatRoute(pathname, '').page !== 'none';
}

/**
 * Which built shell a client route gets: the chat's, the viewing page's (the tenant's page for a
 * booked viewing, most often opened on a phone from its email: src/web/viewing/, built to
 * dist/web/viewing/index.html) or the app's.
 */
function shellFileFor(pathname: string, isKnownRoute: boolean): string {
  if (isKnownRoute && isChatEntryPath(pathname)) return 'chat/index.html';
  if (isKnownRoute && isManageViewingPath(pathname)) return 'viewing/index.html';
  return 'index.html';
}

// better-auth's session cookie (with the __Secure- prefix over HTTPS).
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?letlead\.session_token=/;

/**
 * The HTML for a page of the web client. The chat and holding pages get the chat entry's shell,
 * the tenant's viewing page the viewing entry's.
 * Otherwise a visitor without a session gets the prerendered page where there is one (it shows
 * at once and is what search engines read); everyone else gets the app shell. A shell is marked
 * as signed out when there is no session cookie. Either way this deployment's address and
 * contact email are filled in.
 */
export function createWebPages(env: Env, { webDir = webDistDir, pagesDir = prerenderedDir } = {}) {
  // Files are read once: a new build means a new server process.
  const cache = new Map<string, string | null>();

  function read(file: string): string | null {
    let html = cache.get(file);
    if (html === undefined) {
      html = existsSync(file) ? fillSiteTokens(readFileSync(file, 'utf8'), env) : null;
      cache.set(file, html);
    }
    return html;
  }

  return {
    html({
      pathname,
      search,
      cookie,
      isKnownRoute,
    }: {
      pathname: string;
      /** The query string, without `?`. */
      search?: string;
      cookie: string | undefined;
      isKnownRoute: boolean;
    }) {
      const hasSession = cookie !== undefined && SESSION_COOKIE.test(cookie);
      const shellFile = shellFileFor(pathname, isKnownRoute);
      const prerendered =
        hasSession || shellFile !== 'index.html'
          ? undefined
          : prerenderedFileFor(pathname, isKnownRoute, search);
      const page = prerendered ? read(path.join(pagesDir, prerendered)) : null;
      if (page) return page;
      const shell = read(path.join(webDir, shellFile)) ?? '';
      // Without a session cookie the visitor is signed out for certain: the app need not ask
      // (a tenant's phone saves a request, and no 401 lands in the console).
      return hasSession ? shell : shell.replace('<div id="root"', '<div id="root" data-signed-out=""');
    },
  };
}
