import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '#server/env.ts';
import { testReturns } from '#tests/helpers/tables.ts';
import { createWebPages, isChatEntryPath, prerenderedFileFor } from './web-pages.ts';

function fixture() {
  const root = mkdtempSync(path.join(tmpdir(), 'letlead-pages-'));
  const webDir = path.join(root, 'web');
  const pagesDir = path.join(root, 'prerendered');
  mkdirSync(webDir);
  mkdirSync(pagesDir);
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<div id="root"></div><meta content="__LETLEAD_APP_URL__/">',
  );
  mkdirSync(path.join(webDir, 'chat'));
  writeFileSync(
    path.join(webDir, 'chat/index.html'),
    '<div id="root"></div><meta content="__LETLEAD_APP_URL__/og-image.png">',
  );
  mkdirSync(path.join(webDir, 'viewing'));
  writeFileSync(path.join(webDir, 'viewing/index.html'), '<div id="root"></div><title>Your viewing</title>');
  writeFileSync(
    path.join(pagesDir, 'index.html'),
    'landing for __LETLEAD_CONTACT_EMAIL__ at __LETLEAD_APP_URL__/',
  );
  writeFileSync(path.join(pagesDir, 'gdpr.html'), 'privacy policy');
  writeFileSync(path.join(pagesDir, 'signup-small.html'), 'sign up on small');
  writeFileSync(path.join(pagesDir, '404.html'), 'not found');
  const env = loadEnv({
    NODE_ENV: 'test',
    SESSION_SECRET: 'x'.repeat(40),
    DATA_DIR: path.join(root, 'data'),
    APP_URL: 'https://letlead.example',
    CONTACT_EMAIL: 'team@letlead.example',
  });
  return createWebPages(env, { webDir, pagesDir });
}

describe('which HTML a web page gets', () => {
  testReturns('%s (a known route: %s) → %s', prerenderedFileFor, [
    ['/', true, 'index.html'],
    ['/pricing', true, 'pricing.html'],
    ['/gdpr/', true, 'gdpr.html'],
    ['/demovideo', true, 'demovideo.html'],
    ['/login', true, undefined],
    ['/chatbot/acme', true, undefined],
    ['/no/such/page', false, '404.html'],
  ]);

  it.each([
    ['', 'signup.html'],
    ['plan=free', 'signup.html'],
    ['plan=small', 'signup-small.html'],
    ['plan=medium&utm_source=x', 'signup-medium.html'],
    ['utm_source=x&plan=large', 'signup-large.html'],
    ['plan=platinum', 'signup.html'],
  ])('/signup?%s → %s: the form on the plan it opens on', (search, file) => {
    expect(prerenderedFileFor('/signup', true, search)).toBe(file);
    expect(prerenderedFileFor('/signup/', true, search)).toBe(file);
  });

  it('sends the prerendered sign-up page only without a session', () => {
    const pages = fixture();
    expect(
      pages.html({ pathname: '/signup', search: 'plan=small', cookie: undefined, isKnownRoute: true }),
    ).toBe('sign up on small');
    expect(
      pages.html({
        pathname: '/signup',
        search: 'plan=small',
        cookie: 'letlead.session_token=abc',
        isKnownRoute: true,
      }),
    ).toBe('<div id="root"></div><meta content="https://letlead.example/">');
  });

  it('sends a signed-out visitor the prerendered page with this deployment filled in', () => {
    const pages = fixture();
    expect(pages.html({ pathname: '/', cookie: undefined, isKnownRoute: true })).toBe(
      'landing for team@letlead.example at https://letlead.example/',
    );
    expect(pages.html({ pathname: '/gdpr', cookie: 'theme=dark', isKnownRoute: true })).toBe(
      'privacy policy',
    );
    expect(pages.html({ pathname: '/nope', cookie: undefined, isKnownRoute: false })).toBe('not found');
  });

  it('sends anyone with a session cookie the app shell, which decides by asking the server', () => {
    const pages = fixture();
    const shell = '<div id="root"></div><meta content="https://letlead.example/">';
    for (const cookie of ['letlead.session_token=abc', 'a=1; __Secure-letlead.session_token=abc']) {
      expect(pages.html({ pathname: '/', cookie, isKnownRoute: true })).toBe(shell);
    }
  });

  it('falls back to the app shell, marked signed out, where nothing was prerendered', () => {
    const pages = fixture();
    const signedOutShell =
      '<div id="root" data-signed-out=""></div><meta content="https://letlead.example/">';
    expect(pages.html({ pathname: '/pricing', cookie: undefined, isKnownRoute: true })).toBe(signedOutShell);
    expect(pages.html({ pathname: '/login', cookie: 'theme=dark', isKnownRoute: true })).toBe(signedOutShell);
  });

  testReturns('%s is the chat entry: %s', isChatEntryPath, [
    ['/chatbot/acme', true],
    ['/chatbot/acme/', true],
    ['/chatbot/acme/flat-1', true],
    ['/holdingpage', true],
    ['/holdingpage/', true],
    ['/chatbot', false],
    ['/chatbot/', false],
    ['/chatbot/a/b/c', false],
    ['/chatbotx/acme', false],
    ['/holdingpages', false],
    ['/', false],
  ]);

  it("sends the chat and holding pages the chat entry's shell, signed in or out", () => {
    const pages = fixture();
    const chatShell = '<div id="root"></div><meta content="https://letlead.example/og-image.png">';
    const signedOutChatShell = chatShell.replace('<div id="root">', '<div id="root" data-signed-out="">');
    for (const pathname of ['/chatbot/acme', '/chatbot/acme/flat-1/', '/holdingpage']) {
      expect(pages.html({ pathname, cookie: undefined, isKnownRoute: true })).toBe(signedOutChatShell);
      expect(pages.html({ pathname, cookie: 'letlead.session_token=abc', isKnownRoute: true })).toBe(
        chatShell,
      );
    }
  });

  it("sends the tenant's viewing page its own entry's shell, signed in or out", () => {
    const pages = fixture();
    const viewingShell = '<div id="root"></div><title>Your viewing</title>';
    for (const pathname of ['/viewings/abc123', '/viewings/abc123/']) {
      expect(pages.html({ pathname, cookie: undefined, isKnownRoute: true })).toBe(
        viewingShell.replace('<div id="root">', '<div id="root" data-signed-out="">'),
      );
      expect(pages.html({ pathname, cookie: 'letlead.session_token=abc', isKnownRoute: true })).toBe(
        viewingShell,
      );
    }
    expect(pages.html({ pathname: '/viewings/a/b', cookie: undefined, isKnownRoute: false })).toBe(
      'not found',
    );
  });

  it('sends an unknown path under /chatbot/ the 404 page, not the chat', () => {
    const pages = fixture();
    expect(pages.html({ pathname: '/chatbot/a/b/c', cookie: undefined, isKnownRoute: false })).toBe(
      'not found',
    );
  });
});
