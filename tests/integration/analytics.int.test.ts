import { describe, expect, it } from 'vitest';
import { analyticsEvents } from '#server/db/schema.ts';
import { analyticsViewsByPath } from '#server/features/analytics/analytics.ts';
import { createTestApp } from '#tests/helpers/app.ts';
import { unique } from '#tests/helpers/factories.ts';
import { setUpTestApp } from '#tests/helpers/suite.ts';

describe('first-party analytics (POST /api/analytics)', () => {
  const app = setUpTestApp({ RATE_LIMIT_API_PER_MINUTE: '40' });

  function send(body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${app.url}/api/analytics`, {
      method: 'POST',
      // What navigator.sendBeacon sends for a string body.
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async function rowsFor(path: string) {
    const rows = await app.ctx.db.select().from(analyticsEvents);
    return rows.filter((row) => row.path === path);
  }

  it('stores a page view with only the path and the referrer host', async () => {
    const path = `/chatbot/${unique('agency')}`;
    const response = await send({
      events: [{ kind: 'pageview', path, referrer: 'https://www.rightmove.co.uk/properties/123?utm=ad#x' }],
    });
    expect(response.status).toBe(204);
    const rows = await rowsFor(path);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'pageview',
      path,
      referrerHost: 'www.rightmove.co.uk',
      metric: null,
    });
    // Nothing in the row can identify the visitor.
    expect(Object.keys(rows[0]).sort()).toEqual([
      'createdAt',
      'id',
      'kind',
      'metric',
      'path',
      'referrerHost',
      'value',
    ]);
  });

  it('stores web vitals sent as JSON too', async () => {
    const path = `/${unique('vitals')}`;
    const response = await fetch(`${app.url}/api/analytics`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        events: [
          { kind: 'vital', path, metric: 'LCP', value: 1234.5 },
          { kind: 'vital', path, metric: 'CLS', value: 0.02 },
        ],
      }),
    });
    expect(response.status).toBe(204);
    const rows = await rowsFor(path);
    expect(rows.map((row) => [row.metric, row.value]).sort()).toEqual([
      ['CLS', 0.02],
      ['LCP', 1234.5],
    ]);
  });

  it('counts nothing from a visitor who sends Do Not Track or Global Privacy Control', async () => {
    const path = `/${unique('private')}`;
    expect((await send({ events: [{ kind: 'pageview', path }] }, { dnt: '1' })).status).toBe(204);
    expect((await send({ events: [{ kind: 'pageview', path }] }, { 'sec-gpc': '1' })).status).toBe(204);
    expect(await rowsFor(path)).toEqual([]);
  });

  it.each([
    ['not JSON', '{"events":'],
    ['no events', { events: [] }],
    ['an unknown kind', { events: [{ kind: 'click', path: '/' }] }],
    ['a path with a query string', { events: [{ kind: 'pageview', path: '/reset?token=secret' }] }],
    ['a relative path', { events: [{ kind: 'pageview', path: 'pricing' }] }],
    ['an unknown metric', { events: [{ kind: 'vital', path: '/', metric: 'FID', value: 3 }] }],
    ['a negative value', { events: [{ kind: 'vital', path: '/', metric: 'LCP', value: -1 }] }],
    ['too many events', { events: Array.from({ length: 21 }, () => ({ kind: 'pageview', path: '/' })) }],
  ])('refuses %s with a 400', async (_label, body) => {
    const response = await send(body);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBeTruthy();
  });

  it('reports views per path, most viewed first, for a path prefix', async () => {
    const agency = `/chatbot/${unique('riverside')}`;
    const events = [
      { kind: 'pageview', path: `${agency}/flat-1`, referrer: 'https://www.zoopla.co.uk/' },
      { kind: 'pageview', path: `${agency}/flat-1` },
      { kind: 'pageview', path: agency },
      { kind: 'vital', path: agency, metric: 'LCP', value: 900 },
      { kind: 'pageview', path: '/pricing' },
    ];
    expect((await send({ events })).status).toBe(204);
    expect(await analyticsViewsByPath(app.ctx.db, { pathPrefix: agency })).toEqual([
      { path: `${agency}/flat-1`, views: 2 },
      { path: agency, views: 1 },
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await analyticsViewsByPath(app.ctx.db, { pathPrefix: agency, since: tomorrow })).toEqual([]);
  });

  it('treats a path prefix literally, not as a pattern', async () => {
    const base = unique('literal');
    await send({
      events: [
        { kind: 'pageview', path: `/${base}_a` },
        { kind: 'pageview', path: `/${base}xa` },
      ],
    });
    expect(await analyticsViewsByPath(app.ctx.db, { pathPrefix: `/${base}_` })).toEqual([
      { path: `/${base}_a`, views: 1 },
    ]);
  });

  it('rate limits one address that sends too much', async () => {
    const limited = await createTestApp({ RATE_LIMIT_API_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await fetch(`${limited.url}/api/analytics`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ events: [{ kind: 'pageview', path: '/' }] }),
        });
        statuses.push(response.status);
        if (response.status === 429) expect(response.headers.get('retry-after')).toBeTruthy();
      }
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
