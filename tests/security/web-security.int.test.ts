import { describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/errors.ts';
import { TEST_PASSWORD } from '#tests/helpers/factories.ts';
import { madeBeforeAll, setUpTestApp } from '#tests/helpers/suite.ts';
import { changedTables, databaseFingerprint } from './fingerprint.ts';
import { createWorld, routeCatalogue } from './route-catalogue.ts';
import { type RouteKey, splitRouteKey } from './route-table.ts';

/**
 * The browser-facing defences: the Origin check on every state-changing route family, the
 * headers of API and HTML answers (CSP, framing, HSTS), the session cookie's flags, and error
 * answers that never show internals.
 */

/**
 * Posts that come from other servers, not browsers (their signature or secret protects them), and
 * the development phone (never in production, and outside /api).
 */
const notFromBrowsers: RouteKey[] = [
  'POST /api/stripe/webhook',
  'POST /api/inbound/email',
  'POST /api/channels/sms/:companyId',
  'POST /api/channels/sms/:companyId/status',
  'POST /api/channels/whatsapp/:companyId',
  'POST /dev/phone/messages',
];

const stateChanging = (Object.keys(routeCatalogue) as RouteKey[]).filter(
  (key) => splitRouteKey(key).method !== 'GET' && !notFromBrowsers.includes(key),
);

/** The route family: the path up to its first parameter ("/api/companies/:id/…" → "/api/companies"). */
const family = (key: RouteKey) => splitRouteKey(key).path.split('/:')[0]!.split('/').slice(0, 3).join('/');

describe('origin check on state-changing requests', () => {
  const app = setUpTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '100000' });
  const world = madeBeforeAll('the world', () => createWorld(app));

  it(`covers every state-changing route family (${[...new Set(stateChanging.map(family))].length} families, ${stateChanging.length} routes)`, () => {
    expect(new Set(stateChanging.map(family))).toEqual(
      new Set([
        '/api/auth',
        '/api/companies',
        '/api/properties',
        '/api/leads',
        '/api/analytics',
        '/api/chat',
        '/api/stripe',
        '/api/webhooks',
        '/api/api-keys',
        '/api/v1',
        '/api/viewings',
        '/api/invitations',
        '/api/conversations',
      ]),
    );
  });

  for (const key of stateChanging) {
    it(`${key}: refused from another site, with or without our cookie, and without any origin`, async () => {
      const { method } = splitRouteKey(key);
      const entry = routeCatalogue[key];
      const request = await (entry.fuzzSample ?? entry.sample)(world);
      const cookie = (request.owner ?? world.owner).cookie;
      const body =
        request.body === undefined
          ? undefined
          : request.encoding === 'form'
            ? new URLSearchParams(request.body as Record<string, string>).toString()
            : JSON.stringify(request.body);
      const contentType =
        request.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      const attempts: Record<string, Record<string, string>> = {
        'our cookie from another site': { cookie, origin: 'https://evil.example' },
        'our cookie with a null origin': { cookie, origin: 'null' },
        'our cookie with no origin or referer': { cookie },
        'our cookie and a referer from another site': { cookie, referer: 'https://evil.example/page' },
        'no cookie from another site (login CSRF)': { origin: 'https://evil.example' },
        'a look-alike host': { cookie, origin: `${app.ctx.env.appUrl}.evil.example` },
        'our cookie, no origin, Sec-Fetch-Site cross-site': { cookie, 'sec-fetch-site': 'cross-site' },
        'no cookie, no origin, Sec-Fetch-Site cross-site': { 'sec-fetch-site': 'cross-site' },
        'our own origin claimed by a cross-site fetch': {
          cookie,
          origin: app.ctx.env.appUrl,
          'sec-fetch-site': 'cross-site',
        },
      };
      const url = new URL(request.path, app.url);
      for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
      for (const [label, headers] of Object.entries(attempts)) {
        const before = await databaseFingerprint(app);
        const response = await fetch(url, {
          method,
          headers: { ...headers, ...(body ? { 'content-type': contentType } : {}) },
          body,
        });
        expect(response.status, label).toBe(403);
        expect((await response.json()).message, label).toMatch(/origin check failed/);
        expect(changedTables(before, await databaseFingerprint(app)), label).toEqual([]);
      }
      // Our own page passes the check (whatever the route then answers).
      const own = await fetch(url, {
        method,
        headers: {
          cookie,
          referer: `${app.ctx.env.appUrl}/`,
          ...(body ? { 'content-type': contentType } : {}),
        },
        body,
      });
      expect(own.status).not.toBe(403);
      // A privacy tool stripped Origin and the referer: the browser's Sec-Fetch-Site still proves it.
      const stripped = await fetch(url, {
        method,
        headers: {
          cookie,
          'sec-fetch-site': 'same-origin',
          ...(body ? { 'content-type': contentType } : {}),
        },
        body,
      });
      expect(stripped.status).not.toBe(403);
    });
  }

  it("Stripe's webhook has no browser origin: its signature protects it instead", async () => {
    const response = await fetch(`${app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{"id":"evt_forged","type":"checkout.session.completed"}',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).not.toMatch(/origin/);
  });

  it('API answers carry the strict headers', async () => {
    const response = await fetch(`${app.url}/api/companies/slug/${world.owner.company.slug}`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    // Over http (a laptop), no HSTS: it would pin the browser to https for localhost.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('the session cookie is httpOnly and SameSite=Lax (Secure only over https)', async () => {
    const response = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { origin: app.ctx.env.appUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ email: world.other.email, password: TEST_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const session = response.headers.getSetCookie().find((line) => line.startsWith('letlead.session_token='));
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).not.toMatch(/; Secure/i);
  });
});

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found ? found.slice(1) : [];
}

describe('over https', () => {
  const app = setUpTestApp({ APP_URL: 'https://letlead.example', RATE_LIMIT_AUTH_PER_MINUTE: '100000' });
  const world = madeBeforeAll('the world', () => createWorld(app));

  it('sends HSTS for a year with subdomains, and upgrades insecure requests', async () => {
    const response = await fetch(`${app.url}/healthz`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('the session cookie is __Secure-, Secure, httpOnly and SameSite=Lax', async () => {
    const response = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { origin: 'https://letlead.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: world.other.email, password: TEST_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const session = response.headers
      .getSetCookie()
      .find((line) => line.startsWith('__Secure-letlead.session_token='));
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
  });
});

describe('pages', () => {
  // The page routes exist whether or not the client is built yet: their headers are tested here.
  const app = setUpTestApp({ TRUST_PROXY: undefined }, { serveWeb: true, logger: false });

  const framed = ['/chatbot/harbour', '/chatbot/harbour/flat-1', '/holdingpage'];
  const unframed = [
    '/',
    '/login',
    '/signup',
    '/pricing',
    '/gdpr',
    '/demovideo',
    '/my-account',
    '/update-password',
    '/checkout/success',
    '/no-such-page',
  ];

  it.each(framed)('%s may be embedded in an agency’s own website', async (pathname) => {
    const response = await fetch(`${app.url}${pathname}`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'frame-ancestors')).toEqual(['*']);
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
  });

  it.each(unframed)('%s can never be framed, and runs only our own scripts', async (pathname) => {
    const response = await fetch(`${app.url}${pathname}`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
  });

  it('a path that only looks like the chat page is not embeddable', async () => {
    for (const pathname of ['/chatbotx', '/chatbot', '/api/chat/harbour', '/holdingpage/../my-account']) {
      const response = await fetch(`${app.url}${pathname}`);
      expect(
        directive(response.headers.get('content-security-policy') ?? '', 'frame-ancestors'),
        pathname,
      ).toEqual(["'none'"]);
    }
  });
});

describe('errors never show internals', () => {
  let logged = '';
  const app = setUpTestApp(
    { TRUST_PROXY: undefined },
    {
      logger: {
        level: 'error',
        stream: {
          write: (line: string) => {
            logged += line;
          },
        },
      },
      // Broken routes, as a bug or a failing database would make them.
      beforeListen: (built) => {
        built.get('/api/test/crash', async () => {
          throw new Error(`select * from users where password = 'x' at /work/main/src/server/x.ts:12:3`);
        });
        built.get('/api/test/database', async () => {
          await built.ctx.database.execute('select * from no_such_table where secret = $1', [
            built.ctx.env.sessionSecret,
          ]);
        });
        built.get('/api/test/app-error', async () => {
          throw new AppError('CONFLICT', 'This is a message for the user');
        });
      },
    },
  );

  it.each(['/api/test/crash', '/api/test/database'])(
    '%s answers a plain 500; the details go to the log only',
    async (pathname) => {
      const response = await fetch(`${app.url}${pathname}`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        message: 'Something went wrong on our side. Please try again.',
      });
      expect(logged).toContain('Unhandled error');
    },
  );

  it('an error meant for the user keeps its message and status', async () => {
    const response = await fetch(`${app.url}/api/test/app-error`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'This is a message for the user' });
  });

  it('the request id goes back to the client, so a user can quote it to support', async () => {
    const response = await fetch(`${app.url}/api/test/crash`);
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
  });
});
