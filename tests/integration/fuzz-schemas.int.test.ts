import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { conversationQuerySchema } from '#shared/schemas/chat.ts';
import { imageQuerySchema } from '#shared/schemas/images.ts';
import { insightsQuerySchema } from '#shared/schemas/insights.ts';
import {
  apiKeyInputSchema,
  webhookEndpointInputSchema,
  webhookEndpointUpdateSchema,
} from '#shared/schemas/integrations.ts';
import {
  bulkLeadStatusSchema,
  createLeadNoteSchema,
  dashboardQuerySchema,
  leadQuestionBodySchema,
  patchLeadSchema,
} from '#shared/schemas/leads.ts';
import { agentEventsQuerySchema, agentMessageSchema, tenantEventsQuerySchema } from '#shared/schemas/live.ts';
import { photoOrderSchema, propertyInputSchema } from '#shared/schemas/properties.ts';
import {
  apiLeadListQuerySchema,
  apiLeadUpdateSchema,
  apiViewingListQuerySchema,
} from '#shared/schemas/public-api.ts';
import {
  acceptInvitationBodySchema,
  auditQuerySchema,
  changeMemberBodySchema,
  createInvitationBodySchema,
  invitationSignupBodySchema,
  transferOwnershipBodySchema,
} from '#shared/schemas/team.ts';
import {
  rescheduleRequestSchema,
  updateViewingSchema,
  viewingScheduleSchema,
  viewingsQuerySchema,
  viewingTimesQuerySchema,
} from '#shared/schemas/viewings.ts';
import { assignPropertySchema } from '#shared/team-roles.ts';
import { addMember, insertPhoto } from '#tests/helpers/factories.ts';
import { LIFTED_RATE_LIMITS } from '#tests/helpers/rate-limits.ts';
import { madeBeforeAll, setUpTestApp } from '#tests/helpers/suite.ts';
import { badValue, hostileString } from '#tests/security/bad-input.ts';
import { changedTables, databaseFingerprint } from '#tests/security/fingerprint.ts';
import {
  createWorld,
  firstEventsOnly,
  type RouteRequest,
  routeCatalogue,
} from '#tests/security/route-catalogue.ts';
import { type RouteKey, splitRouteKey } from '#tests/security/route-table.ts';
import { asQuery, zodArbitrary } from '#tests/security/zod-arbitrary.ts';

/**
 * The surface added since the first build, fuzzed from its own request schemas: viewings, the
 * team and invitations, enquiries and inbound mail, integrations and the public API (/api/v1),
 * live chats, listings and the lead board. Each request is built from the route's zod schema in
 * src/shared/schemas (so most pass validation and reach the use case), with the ids of real
 * records mixed into every string, and now and then one field swapped for hostile text or a wrong
 * type. Every answer is below 500, every refusal is a clear JSON message, and a refused request
 * leaves every table of the database exactly as it was.
 *
 * `FUZZ_REQUESTS` sets the total (spread over the routes); the default keeps CI quick, and
 * `npm run test:fuzz` runs 10,000 (the figures in docs/security.md).
 */
const totalRequests = Number(process.env.FUZZ_REQUESTS ?? 700);

const INBOUND_SECRET = 'fuzz-inbound-secret-0123456789';
const INBOUND_DOMAIN = 'inbound.letlead.test';

type Shape = {
  body?: z.ZodType;
  query?: z.ZodType;
  /** The body is a whole email message (the inbound mail webhook). */
  email?: true;
  /** Fewer requests: a correct one is slow by design (a password is hashed, 700 ms floor). */
  weight?: number;
};

/** Every route of the new surface, with the schemas it reads (none: only the path and query). */
const surface: Partial<Record<RouteKey, Shape>> = {
  // Viewings
  'GET /api/companies/:id/viewing-schedule': {},
  'PUT /api/companies/:id/viewing-schedule': { body: viewingScheduleSchema },
  'GET /api/companies/:id/viewings': { query: viewingsQuerySchema },
  'PATCH /api/viewings/:id': { body: updateViewingSchema },
  'GET /api/companies/:id/calendar-feed': {},
  'POST /api/companies/:id/calendar-feed': {},
  'GET /api/calendar/:feedToken': {},
  'GET /api/chat/:companySlug/slots': { query: viewingTimesQuerySchema },
  'GET /api/viewings/manage/:token': {},
  'POST /api/viewings/manage/:token/reschedule': { body: rescheduleRequestSchema },
  'POST /api/viewings/manage/:token/cancel': {},
  // The team and invitations
  'GET /api/companies/:id/members': {},
  'PATCH /api/companies/:id/members/:userId': { body: changeMemberBodySchema },
  'DELETE /api/companies/:id/members/:userId': {},
  'POST /api/companies/:id/ownership': { body: transferOwnershipBodySchema },
  'GET /api/companies/:id/assignees': {},
  'GET /api/companies/:id/invitations': {},
  'POST /api/companies/:id/invitations': { body: createInvitationBodySchema },
  'DELETE /api/companies/:id/invitations/:invitationId': {},
  'GET /api/companies/:id/audit': { query: auditQuerySchema },
  'POST /api/invitations/accept': { body: acceptInvitationBodySchema },
  'POST /api/invitations/preview': { body: acceptInvitationBodySchema },
  'POST /api/invitations/signup': { body: invitationSignupBodySchema, weight: 0.25 },
  // Enquiries and inbound mail
  'GET /api/companies/:id/enquiries': {},
  'POST /api/inbound/email': { email: true },
  // Integrations
  'GET /api/companies/:id/webhooks': {},
  'POST /api/companies/:id/webhooks': { body: webhookEndpointInputSchema },
  'PATCH /api/webhooks/:id': { body: webhookEndpointUpdateSchema },
  'DELETE /api/webhooks/:id': {},
  'POST /api/webhooks/:id/rotate-secret': {},
  'POST /api/webhooks/:id/test': {},
  'GET /api/webhooks/:id/deliveries': {},
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': {},
  'GET /api/companies/:id/api-keys': {},
  'POST /api/companies/:id/api-keys': { body: apiKeyInputSchema },
  'DELETE /api/api-keys/:id': {},
  // The public API
  'GET /api/v1/leads': { query: apiLeadListQuerySchema },
  'GET /api/v1/leads/:id': {},
  'PATCH /api/v1/leads/:id': { body: apiLeadUpdateSchema },
  'GET /api/v1/viewings': { query: apiViewingListQuerySchema },
  'GET /api/v1/properties': {},
  'POST /api/v1/properties': { body: propertyInputSchema },
  'PUT /api/v1/properties/:id': { body: propertyInputSchema },
  // Live chats
  'GET /api/companies/:id/live': {},
  'GET /api/conversations/:id/events': { query: agentEventsQuerySchema },
  'POST /api/conversations/:id/takeover': {},
  'POST /api/conversations/:id/messages': { body: agentMessageSchema },
  'POST /api/conversations/:id/typing': {},
  'POST /api/conversations/:id/handback': {},
  'GET /api/chat/:companySlug/events': { query: tenantEventsQuerySchema },
  'POST /api/chat/:companySlug/typing': { body: conversationQuerySchema },
  // Listings and their photos
  'GET /api/companies/:id/properties': {},
  'POST /api/companies/:id/properties': { body: propertyInputSchema },
  'PUT /api/properties/:id': { body: propertyInputSchema },
  'PATCH /api/properties/:id': { body: assignPropertySchema },
  'DELETE /api/properties/:id': {},
  'PUT /api/properties/:id/photos/order': { body: photoOrderSchema },
  'DELETE /api/properties/:id/photos/:photoId': {},
  'GET /images/photos/:photoId': { query: imageQuerySchema },
  // The lead board, notes, assignment and insights
  'GET /api/companies/:id/dashboard': { query: dashboardQuerySchema },
  'GET /api/leads/:id': {},
  'PATCH /api/leads/:id': { body: patchLeadSchema },
  'POST /api/leads/:id/notes': { body: createLeadNoteSchema },
  'POST /api/leads/bulk-status': { body: bulkLeadStatusSchema },
  'DELETE /api/leads/:id': {},
  'PATCH /api/leads/:id/questions/:index': { body: leadQuestionBodySchema },
  'GET /api/companies/:id/insights': { query: insightsQuerySchema },
};

const keys = Object.keys(surface) as RouteKey[];
const totalWeight = keys.reduce((sum, key) => sum + (surface[key]?.weight ?? 1), 0);
const runsFor = (key: RouteKey) =>
  Math.max(3, Math.round((totalRequests * (surface[key]?.weight ?? 1)) / totalWeight));

type Case = {
  body?: unknown;
  query?: Record<string, string>;
  /** The path's parameters: kept, or one swapped for another real record's id. */
  swap?: { index: number; id: string };
  /** Send the request with the world's other company's credentials. */
  asOther: boolean;
};

/** One field of a correct body replaced by a schema-made value, or (rarely) a bad one. */
function bodyArbitrary(schema: z.ZodType, sample: unknown, known: readonly string[]): fc.Arbitrary<unknown> {
  const generated = zodArbitrary(schema, { known });
  const fields = sample && typeof sample === 'object' ? Object.keys(sample) : [];
  const options: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: generated, weight: 6 }];
  if (fields.length > 0) {
    options.push(
      {
        arbitrary: generated.map((made) =>
          made && typeof made === 'object' ? { ...(sample as object), ...made } : made,
        ),
        weight: 3,
      },
      {
        arbitrary: fc
          .tuple(fc.constantFrom(...fields), fc.oneof(badValue, hostileString))
          .map(([field, value]) => ({ ...(sample as object), [field]: value })),
        weight: 1,
      },
    );
  }
  return fc.oneof(...options);
}

const fixtureDir = path.join(import.meta.dirname, '../fixtures/inbound');
const fixtures = readdirSync(fixtureDir)
  .filter((name) => name.endsWith('.eml'))
  .map((name) => readFileSync(path.join(fixtureDir, name), 'latin1'));

/** A whole email: a portal's real message cut, spliced with hostile text, or one made from parts. */
function emailArbitrary(recipient: string): fc.Arbitrary<string> {
  const header = (name: string, value: string) => `${name}: ${value.replace(/\r?\n/g, ' ')}\r\n`;
  const made = fc
    .record({
      from: fc.oneof(fc.emailAddress(), hostileString),
      to: fc.oneof({ arbitrary: fc.constant(recipient), weight: 4 }, fc.emailAddress()),
      subject: fc.oneof(hostileString, fc.constantFrom('Rightmove enquiry', 'Re: Flat 2', '')),
      type: fc.constantFrom(
        'text/plain; charset=utf-8',
        'text/html; charset=utf-8',
        'multipart/alternative; boundary="b1"',
        'multipart/mixed; boundary=',
        'text/plain; charset=x-unknown',
        'application/octet-stream',
      ),
      encoding: fc.constantFrom('7bit', 'quoted-printable', 'base64', 'x-nonsense'),
      auto: fc.option(fc.constantFrom('auto-replied', 'auto-generated', 'no')),
      body: fc.oneof(hostileString, fc.string({ maxLength: 2000, unit: 'binary' })),
    })
    .map(
      (mail) =>
        header('From', mail.from) +
        header('To', mail.to) +
        header('Subject', mail.subject) +
        header('Content-Type', mail.type) +
        header('Content-Transfer-Encoding', mail.encoding) +
        (mail.auto ? header('Auto-Submitted', mail.auto) : '') +
        `\r\n${mail.body}\r\n--b1\r\n\r\n${mail.body}`,
    );
  const spliced = fc
    .tuple(fc.constantFrom(...fixtures), fc.nat(), fc.nat(), hostileString)
    .map(([fixture, at, length, text]) => {
      const start = at % fixture.length;
      const withRecipient = fixture.replace(/^To: .*$/m, `To: ${recipient}`);
      return withRecipient.slice(0, start) + text + withRecipient.slice(start + (length % 200));
    });
  const cut = fc
    .tuple(fc.constantFrom(...fixtures), fc.nat())
    .map(([fixture, at]) => fixture.replace(/^To: .*$/m, `To: ${recipient}`).slice(0, at % fixture.length));
  return fc.oneof(made, spliced, cut);
}

const internals =
  /\n\s+at |\/work\/|\/src\/server|node_modules|\.ts:\d+|violates|syntax error at|duplicate key|pglite|drizzle|postgres:\/\//i;

/** What the app logged at error level: a 5xx's cause, shown with the failing request. */
const errors: string[] = [];
const errorLog = new Writable({
  write(chunk, _encoding, done) {
    errors.push(String(chunk));
    done();
  },
});

const tally = { requests: 0, refused: 0, accepted: 0, byStatus: {} as Record<number, number> };
const started = Date.now();

describe('the new surface, fuzzed from its request schemas', () => {
  const app = setUpTestApp(
    {
      ...LIFTED_RATE_LIMITS,
      INBOUND_WEBHOOK_SECRET: INBOUND_SECRET,
      INBOUND_DOMAIN,
    },
    { logger: { level: 'error', stream: errorLog } },
  );
  const world = madeBeforeAll('the world', () => createWorld(app));
  /** Ids of real records, the other company's too: a string field may name any of them. */
  const known = madeBeforeAll('the known ids', async () => {
    const member = await addMember(app, world.owner.company.id, 'negotiator');
    const photo = await insertPhoto(app, { id: world.propertyId, companyId: world.owner.company.id });
    const ids = [
      world.leadId,
      world.propertyId,
      world.propertySlug,
      world.webhookId,
      world.owner.userId,
      world.owner.company.id,
      world.owner.company.slug,
      world.other.userId,
      world.other.company.id,
      world.other.company.slug,
      world.sessionKey,
      member.userId,
      photo.id,
    ];
    return { ids };
  });

  afterAll(() => {
    // The figures docs/security.md quotes.
    console.info(
      `schema fuzzing: ${tally.requests} requests over ${keys.length} routes in ${Math.round((Date.now() - started) / 1000)} s (refused ${tally.refused}, accepted ${tally.accepted}; by status ${JSON.stringify(tally.byStatus)})`,
    );
  });

  it('covers routes the app serves', () => {
    expect(keys.filter((key) => !(key in routeCatalogue))).toEqual([]);
  });

  for (const key of keys) {
    const runs = runsFor(key);
    it(`${key} (${runs} requests)`, { timeout: 60_000 + runs * 2_000 }, async () => {
      const { method, path: pattern } = splitRouteKey(key);
      const shape = surface[key] ?? {};
      const entry = routeCatalogue[key]!;
      const sample: RouteRequest = await (entry.fuzzSample ?? entry.sample)(world);
      const ownerAgent = sample.owner ?? world.owner;
      const isApi = entry.access === 'apiKey';
      const inbound = shape.email
        ? `${((await (await fetch(`${app.url}/api/companies/${world.owner.company.id}/enquiries`, { headers: { cookie: world.owner.cookie } })).json()) as { inboundAddress: string }).inboundAddress}`
        : '';
      const paramIndexes = pattern
        .split('/')
        .map((segment, index) => (segment.startsWith(':') ? index : -1))
        .filter((index) => index >= 0);

      const caseArbitrary: fc.Arbitrary<Case> = fc.record({
        body: shape.email
          ? emailArbitrary(inbound)
          : shape.body
            ? bodyArbitrary(shape.body, sample.body, known.ids)
            : fc.constant(sample.body),
        query: shape.query
          ? fc.option(zodArbitrary(shape.query, { known: known.ids }).map(asQuery), {
              nil: undefined,
              freq: 5,
            })
          : fc.constant(undefined),
        swap:
          paramIndexes.length > 0
            ? fc.oneof(
                { arbitrary: fc.constant(undefined), weight: 4 },
                {
                  arbitrary: fc.record({
                    index: fc.constantFrom(...paramIndexes),
                    id: fc.constantFrom(...known.ids),
                  }),
                  weight: 1,
                },
              )
            : fc.constant(undefined),
        asOther: fc.nat({ max: 9 }).map((draw) => draw === 0),
      });

      await fc.assert(
        fc.asyncProperty(caseArbitrary, async (c) => {
          const segments = sample.path.split('/');
          if (c.swap) segments[c.swap.index] = encodeURIComponent(c.swap.id);
          const query = new URLSearchParams({ ...(sample.query ?? {}), ...(c.query ?? {}) }).toString();
          const url = `${app.url}${segments.join('/')}${query ? `?${query}` : ''}`;
          const headers: Record<string, string> = { origin: app.ctx.env.appUrl };
          if (isApi) headers.authorization = `Bearer ${c.asOther ? world.keys.other : world.keys.write}`;
          else headers.cookie = (c.asOther ? world.other : ownerAgent).cookie;
          let body: string | undefined;
          if (shape.email) {
            headers.authorization = `Bearer ${INBOUND_SECRET}`;
            headers['content-type'] = 'message/rfc822';
            body = c.body as string;
          } else if (method !== 'GET' && c.body !== undefined) {
            headers['content-type'] = 'application/json';
            body = JSON.stringify(c.body);
          }

          const before = await databaseFingerprint(app);
          const response = await firstEventsOnly(
            await fetch(url, { method, headers, body, redirect: 'manual' }),
          );
          const text = await response.text();
          const context = `${key} ${url.slice(app.url.length, app.url.length + 200)} ${(body ?? '').slice(0, 300)} → ${response.status} ${text.slice(0, 300)}`;
          tally.requests += 1;
          tally.byStatus[response.status] = (tally.byStatus[response.status] ?? 0) + 1;

          expect(response.status, `${context}\n${errors.at(-1)?.slice(0, 2000) ?? ''}`).toBeLessThan(500);
          if (response.status >= 400) {
            tally.refused += 1;
            expect(response.headers.get('content-type') ?? '', context).toMatch(/application\/json/);
            const refusal = JSON.parse(text) as { message?: unknown };
            expect(typeof refusal.message === 'string' && refusal.message.length > 0, context).toBe(true);
            expect(text, context).not.toMatch(internals);
            // A refused call with a valid key still marks the key used (its last-use time).
            const changed = changedTables(before, await databaseFingerprint(app));
            expect(isApi ? changed.filter((table) => table !== 'api_keys') : changed, context).toEqual([]);
          } else {
            tally.accepted += 1;
          }
        }),
        { numRuns: runs },
      );
    });
  }
});
