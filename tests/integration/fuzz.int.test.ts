import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '#server/lib/unstorable-text.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { LIFTED_RATE_LIMITS } from '#tests/helpers/rate-limits.ts';
import { madeBeforeAll, setUpTestApp } from '#tests/helpers/suite.ts';
import {
  badPathSegment,
  badValue,
  foreignContentTypes,
  hostileString,
  malformedJson,
  malformedJsonBodies,
} from '#tests/security/bad-input.ts';
import { changedTables, databaseFingerprint } from '#tests/security/fingerprint.ts';
import {
  createWorld,
  firstEventsOnly,
  type RouteRequest,
  routeCatalogue,
  validProperty,
} from '#tests/security/route-catalogue.ts';
import { listRoutes, type RouteKey, splitRouteKey } from '#tests/security/route-table.ts';

/**
 * Bad input, property-based: every route Fastify serves gets mutated bodies (hostile text, wrong
 * types, extreme numbers, missing and extra fields), malformed JSON, foreign content types, bad
 * path parameters and query strings. Every answer is below 500; every refusal is a 4xx with a
 * clear JSON `{ message }` that carries no stack trace, file path or SQL; and a refused write
 * leaves every table exactly as it was.
 */

/** Cases per route: fewer where a correct request is slow by design (sign-up waits 700 ms). */
const defaultRuns = 20;
const runsByRoute: Partial<Record<RouteKey, number>> = {
  'POST /api/auth/signup': 8,
  'POST /api/auth/login': 12,
  'POST /api/auth/reset-password': 8,
  'POST /api/auth/resend-verification': 8,
  'DELETE /api/companies/:id': 12,
  'POST /api/companies/register': 12,
};

/**
 * Routes that read their body as raw bytes: Stripe's signature is checked before anything else,
 * and a photo is read from its own bytes (its size limit is the photo limit, tested with photos).
 */
const rawBodyRoutes: RouteKey[] = [
  'POST /api/stripe/webhook',
  'POST /api/properties/:id/photos',
  'POST /api/inbound/email',
  // Meta's posts: the signature over the raw body is checked before anything is parsed.
  'POST /api/channels/whatsapp/:companyId',
];
/** Routes that take more than the JSON limit: photos and whole email messages. */
const largeBodyRoutes: RouteKey[] = ['POST /api/properties/:id/photos', 'POST /api/inbound/email'];

type Case =
  | { kind: 'field'; field: string; value: unknown }
  | { kind: 'drop'; field: string }
  | { kind: 'body'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'content-type'; index: number }
  | { kind: 'param'; index: number; segment: string }
  | { kind: 'query'; key: string; value: string; raw: boolean };

const queryKeys = ['sessionKey', 'propertySlug', 'token', 'session', 'portal', 'w', 'h', 'q', 'f', 'id'];

function caseArbitrary(method: string, pattern: string, sample: RouteRequest): fc.Arbitrary<Case> {
  const paramIndexes = pattern
    .split('/')
    .map((segment, index) => (segment.startsWith(':') ? index : -1))
    .filter((index) => index >= 0);
  const fields =
    sample.body && typeof sample.body === 'object' ? Object.keys(sample.body as Record<string, unknown>) : [];
  const keys = [...new Set([...Object.keys(sample.query ?? {}), ...queryKeys])];
  const options: fc.Arbitrary<Case>[] = [
    fc.record({
      kind: fc.constant('query' as const),
      key: fc.constantFrom(...keys),
      value: fc.oneof(
        hostileString.filter((text) => text.length < 4000),
        fc.constantFrom('1e400', '-1', '0', '4001', '1.5', 'avif%00', '%ED%A0%80', '%'),
      ),
      raw: fc.boolean(),
    }),
  ];
  if (paramIndexes.length > 0) {
    options.push(
      fc.record({
        kind: fc.constant('param' as const),
        index: fc.constantFrom(...paramIndexes),
        segment: badPathSegment,
      }),
    );
  }
  if (method !== 'GET') {
    options.push(
      fc.record({ kind: fc.constant('raw' as const), text: malformedJson }),
      fc.record({ kind: fc.constant('body' as const), value: badValue }),
      fc.record({
        kind: fc.constant('content-type' as const),
        index: fc.nat({ max: foreignContentTypes.length - 1 }),
      }),
      fc.record({
        kind: fc.constant('field' as const),
        field: fc.constantFrom(...fields, 'companyId', 'ownerId', 'isAdmin'),
        value: badValue,
      }),
    );
    if (fields.length > 0) {
      // Mutated fields are where hostile values can pass validation and reach the database.
      options.push(
        fc.record({
          kind: fc.constant('field' as const),
          field: fc.constantFrom(...fields),
          value: badValue,
        }),
        fc.record({
          kind: fc.constant('field' as const),
          field: fc.constantFrom(...fields),
          value: hostileString,
        }),
        fc.record({ kind: fc.constant('drop' as const), field: fc.constantFrom(...fields) }),
      );
    }
  }
  return fc.oneof(...options);
}

type Built = { url: string; init: RequestInit };

function buildRequest(app: TestApp, method: string, sample: RouteRequest, cookie: string, c: Case): Built {
  const segments = sample.path.split('/');
  if (c.kind === 'param') segments[c.index] = c.segment;
  const query = new URLSearchParams(sample.query ?? {}).toString().split('&').filter(Boolean);
  if (c.kind === 'query') {
    const value = c.raw ? c.value.replaceAll('&', '%26').replaceAll('#', '%23') : encodeSafely(c.value);
    query.push(`${encodeURIComponent(c.key)}=${value}`);
  }
  const url = `${app.url}${segments.join('/')}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const headers: Record<string, string> = { origin: app.ctx.env.appUrl, cookie };
  let body: string | undefined;
  const contentType = sample.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  const encode = (value: unknown) =>
    sample.encoding === 'form' && value && typeof value === 'object' && !Array.isArray(value)
      ? new URLSearchParams(
          Object.entries(value).map(([key, item]) => [
            key,
            typeof item === 'string' ? item : JSON.stringify(item),
          ]),
        ).toString()
      : JSON.stringify(value);
  if (method !== 'GET') {
    const base = (sample.body ?? {}) as Record<string, unknown>;
    headers['content-type'] = contentType;
    switch (c.kind) {
      case 'field':
        body = encode({ ...base, [c.field]: c.value });
        break;
      case 'drop': {
        const { [c.field]: _dropped, ...rest } = base;
        body = encode(rest);
        break;
      }
      case 'body':
        body = JSON.stringify(c.value);
        headers['content-type'] = 'application/json';
        break;
      case 'raw':
        body = c.text;
        headers['content-type'] = 'application/json';
        break;
      case 'content-type': {
        const foreign = foreignContentTypes[c.index]!;
        headers['content-type'] = foreign.type;
        body = foreign.body;
        break;
      }
      default:
        body = sample.body === undefined ? undefined : encode(base);
        if (body === undefined) delete headers['content-type'];
    }
  }
  return { url, init: { method, headers, body, redirect: 'manual' } };
}

function encodeSafely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** What an error body must never carry: stack frames, our file paths, SQL or database errors. */
const internals = [
  /\n\s+at /,
  /\bat .+:\d+:\d+/,
  /\/work\/|\/src\/server|node_modules|\.ts:\d+/,
  /\b(select|insert into|update .+ set|delete from)\b.+\b(from|values|where)\b/i,
  /violates|syntax error at|relation ".+"|duplicate key|invalid byte sequence|pglite|drizzle/i,
  /SESSION_SECRET|sk_(test|live)_|whsec_|postgres:\/\//,
];

function expectCleanError(status: number, contentType: string | null, text: string, context: string) {
  expect(contentType ?? '', context).toMatch(/application\/json/);
  let body: { message?: unknown };
  try {
    body = JSON.parse(text) as { message?: unknown };
  } catch {
    throw new Error(`${context}: ${status} answered a body that is not JSON: ${text.slice(0, 200)}`);
  }
  expect(typeof body.message, context).toBe('string');
  expect((body.message as string).length, context).toBeGreaterThan(0);
  for (const pattern of internals) expect(text, `${context}: ${pattern}`).not.toMatch(pattern);
}

const tally = { cases: 0, refused: 0, accepted: 0, byRoute: {} as Record<string, number> };

describe('bad input on every route', () => {
  const app = setUpTestApp(LIFTED_RATE_LIMITS);
  const world = madeBeforeAll('the world', () => createWorld(app));

  afterAll(() => {
    // The figures docs/security.md quotes.
    console.info(
      `bad-input cases: ${tally.cases} (refused ${tally.refused}, accepted ${tally.accepted}) over ${Object.keys(tally.byRoute).length} routes`,
    );
  });

  it('fuzzes every route the app serves', () => {
    expect(listRoutes(app).filter((key) => !(key in routeCatalogue))).toEqual([]);
  });

  for (const key of Object.keys(routeCatalogue) as RouteKey[]) {
    it(key, async () => {
      const { method, path: pattern } = splitRouteKey(key);
      const entry = routeCatalogue[key];
      const sample = await (entry.fuzzSample ?? entry.sample)(world);
      const cookie = (sample.owner ?? world.owner).cookie;
      // A body the route reads: anything malformed there must be refused.
      const readsBody = sample.body !== undefined;

      await fc.assert(
        fc.asyncProperty(caseArbitrary(method, pattern, sample), async (c) => {
          const { url, init } = buildRequest(app, method, sample, cookie, c);
          const isWrite = method !== 'GET';
          const before = isWrite ? await databaseFingerprint(app) : undefined;
          const response = await firstEventsOnly(await fetch(url, init));
          const text = await response.text();
          const context = `${key} ${JSON.stringify(c).slice(0, 300)} → ${response.status} ${text.slice(0, 300)}`;
          tally.cases += 1;
          tally.byRoute[key] = (tally.byRoute[key] ?? 0) + 1;

          expect(response.status, context).toBeLessThan(500);
          if (response.status >= 400) {
            tally.refused += 1;
            expectCleanError(response.status, response.headers.get('content-type'), text, context);
            if (before) expect(changedTables(before, await databaseFingerprint(app)), context).toEqual([]);
          } else {
            tally.accepted += 1;
          }
          if (readsBody && (c.kind === 'raw' || c.kind === 'content-type' || c.kind === 'body')) {
            expect(response.status, context).toBeGreaterThanOrEqual(400);
          }
        }),
        { numRuns: runsByRoute[key] ?? defaultRuns },
      );
    });
  }

  /** A body sent as-is (labelled JSON) by the signed-in owner, from our own pages. */
  const sendAsOwner = (method: string, path: string, body: string) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: { origin: app.ctx.env.appUrl, cookie: world.owner.cookie, 'content-type': 'application/json' },
      body,
    });

  it('refuses malformed JSON with one clear message on every route that reads a body', async () => {
    for (const key of Object.keys(routeCatalogue) as RouteKey[]) {
      const { method } = splitRouteKey(key);
      if (method === 'GET' || rawBodyRoutes.includes(key)) continue;
      const entry = routeCatalogue[key];
      const sample = await (entry.fuzzSample ?? entry.sample)(world);
      if (sample.body === undefined) continue;
      for (const text of malformedJsonBodies.slice(1, 9)) {
        const response = await sendAsOwner(method, sample.path, text);
        const body = await response.text();
        const context = `${key} ${JSON.stringify(text)} → ${response.status} ${body}`;
        tally.cases += 1;
        expect(response.status, context).toBe(400);
        expect(JSON.parse(body), context).toEqual({ message: 'The request body is not valid JSON' });
      }
    }
  });

  it('refuses a body over the size limit with 413 and a message, on every route that reads one', async () => {
    const huge = JSON.stringify({ message: 'x'.repeat(1_100_000) });
    for (const key of Object.keys(routeCatalogue) as RouteKey[]) {
      const { method } = splitRouteKey(key);
      if (method === 'GET' || largeBodyRoutes.includes(key)) continue;
      const entry = routeCatalogue[key];
      const sample = await (entry.fuzzSample ?? entry.sample)(world);
      const response = await sendAsOwner(method, sample.path, huge);
      const body = await response.text();
      tally.cases += 1;
      expect(response.status, `${key} → ${body.slice(0, 200)}`).toBe(413);
      expect(JSON.parse(body).message).toBe('The request body is too large');
    }
  });

  it('stores hostile text exactly as it was typed, and gives it back as data', async () => {
    const storable = hostileString.filter(
      (text) => text.trim().length > 0 && text.length <= 255 && findUnstorableText(text) === undefined,
    );
    await fc.assert(
      fc.asyncProperty(storable, storable, async (name, landlord) => {
        const created = await fetch(`${app.url}/api/companies/${world.owner.company.id}/properties`, {
          method: 'POST',
          headers: {
            origin: app.ctx.env.appUrl,
            cookie: world.owner.cookie,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ ...validProperty, propertyName: name, landlord }),
        });
        tally.cases += 1;
        expect(created.status, await created.clone().text()).toBe(201);
        const { id } = (await created.json()) as { id: string };
        const list = (await (
          await fetch(`${app.url}/api/companies/${world.owner.company.id}/properties`, {
            headers: { cookie: world.owner.cookie },
          })
        ).json()) as { id: string; propertyName: string; landlord: string }[];
        const stored = list.find((property) => property.id === id);
        expect(stored).toMatchObject({ propertyName: name.trim(), landlord: landlord.trim() });
      }),
      { numRuns: 25 },
    );
  });

  it("keeps a tenant's hostile message verbatim in the conversation", async () => {
    const message = hostileString.filter(
      (text) => text.trim().length > 0 && text.length <= 2000 && findUnstorableText(text) === undefined,
    );
    await fc.assert(
      fc.asyncProperty(message, async (text) => {
        const response = await fetch(`${app.url}/api/chat/${world.other.company.slug}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message: text, userSessionKey: world.otherSessionKey }),
        });
        tally.cases += 1;
        expect(response.status, await response.clone().text()).toBe(200);
        const resumed = (await (
          await fetch(
            `${app.url}/api/chat/${world.other.company.slug}/conversation?sessionKey=${encodeURIComponent(world.otherSessionKey)}`,
          )
        ).json()) as { messages: { sender: string; content: string }[] };
        const said = resumed.messages.filter((m) => m.sender === 'user').at(-1);
        // Trimmed, as every message is; otherwise exactly what the tenant typed.
        expect(said?.content).toBe(text.trim());
      }),
      { numRuns: 15 },
    );
  });

  it('names the field that holds a NUL or broken Unicode, and stores nothing', async () => {
    for (const bad of ['Flat\u0000 1', 'Flat \uD800', '\uDC00']) {
      const before = await databaseFingerprint(app);
      const response = await fetch(`${app.url}/api/companies/${world.owner.company.id}/properties`, {
        method: 'POST',
        headers: {
          origin: app.ctx.env.appUrl,
          cookie: world.owner.cookie,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ ...validProperty, parkingSpace: bad }),
      });
      tally.cases += 1;
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: UNSTORABLE_TEXT_MESSAGE,
        errors: { parkingSpace: UNSTORABLE_TEXT_MESSAGE },
      });
      expect(changedTables(before, await databaseFingerprint(app))).toEqual([]);
    }
  });

  it('answers a request with a broken or forged session cookie as signed out', async () => {
    const cookies = [
      'letlead.session_token=%%%',
      'letlead.session_token=',
      `letlead.session_token=${'a'.repeat(4000)}`,
      "letlead.session_token=' OR 1=1 --",
      `letlead.session_token=${world.owner.cookie.split('=')[1]?.split('.')[0]}.forged-signature`,
    ];
    for (const cookie of cookies) {
      const response = await fetch(`${app.url}/api/companies/${world.owner.company.id}/dashboard`, {
        headers: { cookie },
      });
      tally.cases += 1;
      expect(response.status, cookie.slice(0, 60)).toBe(401);
    }
  });
});
