import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  chatTranscripts,
  companies,
  companyInvitations,
  conversations,
  messagingChannels,
  viewings,
  webhookEndpoints,
} from '#server/db/schema.ts';
import { createApiKey, revokeApiKey } from '#server/features/integrations/api-keys.ts';
import { newWebhookSecret } from '#server/features/integrations/webhook-delivery.ts';
import { newManageToken } from '#server/features/viewings/booking.ts';
import type { TeamArea } from '#shared/team-roles.ts';
import { browserFetch, browserHeaders, type TestApp } from '#tests/helpers/app.ts';
import {
  addMember,
  createCompanyUser,
  createSignedInUser,
  insertLead,
  insertPhoto,
  insertProperty,
  makePicture,
  TEST_PASSWORD,
  unique,
} from '#tests/helpers/factories.ts';
import type { RouteKey } from './route-table.ts';

/**
 * What every route of the app is, who may call it, and one correct request to it: the tenant
 * isolation matrix and the bad-input property tests both start from this list, and both fail
 * when Fastify serves a route this list does not describe.
 */

export type Agent = Awaited<ReturnType<typeof createCompanyUser>>;

/** The data the requests point at: two companies, each with a property and a lead from a chat. */
export type World = {
  app: TestApp;
  owner: Agent;
  other: Agent;
  propertyId: string;
  propertySlug: string;
  leadId: string;
  /** A chat under way with the owner's agency link. */
  sessionKey: string;
  /** A chat under way with the other company's agency link. */
  otherSessionKey: string;
  /** The owner's webhook endpoint (its log and test routes point at it). */
  webhookId: string;
  /** API keys (`ll_…`): the owner's read and read+write keys, a revoked one, the other company's. */
  keys: { read: string; write: string; revoked: string; other: string };
};

export type RouteRequest = {
  /** The path with its parameters filled in. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** How the body travels: JSON unless the route reads a form or a file's own bytes. */
  encoding?: 'json' | 'form' | 'bytes';
  /** The account the request is for, when it is not the world's owner. */
  owner?: Agent;
  /** What a correct request answers. */
  ok: number;
  /**
   * What a member other than the owner must do first for the request to be theirs to make (take
   * over the chat the owner holds), given that member's session cookie.
   */
  asMember?: (cookie: string) => Promise<void>;
};

/**
 * - `company`: reads or changes one company's records. Signed out → 401, another company's user
 *   → 404 (as if it did not exist), the owner → `ok`.
 * - `account`: the signed-in user's own account or company, found from the session, never from
 *   the request. Signed out → 401; another user gets their own data, never the owner's.
 * - `public`: open to anyone, for the reason given; answers public fields only.
 * - `apiKey`: the public API, with `Authorization: Bearer ll_…` and no session. No key or a
 *   revoked one → 401, another company's key → 404 or none of this company's records, a read
 *   key on a `write` route → 403, the company's key with the scope → `ok`.
 */
export type Access = 'company' | 'account' | 'public' | 'apiKey';

type RouteEntryBase = {
  /** Why a public route needs no session, and what protects it instead. */
  why?: string;
  /** A correct request, made fresh each time (destructive routes get their own target). */
  sample: (world: World) => Promise<RouteRequest>;
  /** For `apiKey` routes: the scope the route needs. */
  scope?: 'read' | 'write';
  /**
   * The request the bad-input tests mutate, when the correct one must not run (it would delete
   * the world's records or close its account): it points at nothing or carries a wrong password.
   */
  fuzzSample?: (world: World) => Promise<RouteRequest>;
};

/**
 * Every company route names the area of docs/team.md it belongs to: the role matrix expects the
 * owner, an admin and a negotiator to get in or get 403 from it as `canAccess(role, area)` says.
 * A signed-in route of another kind names one when a role may be refused (billing).
 */
export type RouteEntry =
  | (RouteEntryBase & { access: 'company'; area: TeamArea })
  | (RouteEntryBase & { access: Exclude<Access, 'company'>; area?: TeamArea });

export const validProperty = {
  propertyName: '1 Bed Flat, Canal Street',
  propertyAddress: '8 Canal Street, Manchester M1 3HE',
  propertyRentalPrice: '£950 pcm',
  numberOfBedrooms: 1,
  parkingSpace: 'On-street permit',
  vacancyDate: '01/09/2027',
  landlord: 'Mr Okafor 07700 900456',
};

const missingId = () => randomUUID();

/** A company route whose correct request is its path on the owner's company, with nothing more. */
function ownCompanyRoute(area: TeamArea, rest: string, ok = 200): RouteEntry {
  return {
    access: 'company',
    area,
    sample: async (w) => ({ path: `/api/companies/${w.owner.company.id}${rest}`, ok }),
  };
}

export const routeCatalogue: Record<RouteKey, RouteEntry> = {
  // ---- The company's own records ----
  'GET /api/companies/:id/properties': ownCompanyRoute('leads', '/properties'),
  'POST /api/companies/:id/properties': {
    access: 'company',
    area: 'settings',
    sample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}/properties`,
      body: { ...validProperty, propertyName: unique('Flat') },
      ok: 201,
    }),
  },
  'PUT /api/companies/:id/profile': {
    access: 'company',
    area: 'settings',
    sample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}/profile`,
      body: { companyName: w.owner.company.name, email: w.owner.company.email, phone: '020 7946 0000' },
      ok: 200,
    }),
  },
  'POST /api/companies/:id/chatbot-url': ownCompanyRoute('leads', '/chatbot-url'),
  'GET /api/companies/:id/dashboard': ownCompanyRoute('leads', '/dashboard'),
  'GET /api/companies/:id/leads.csv': ownCompanyRoute('leads', '/leads.csv'),
  'GET /api/companies/:id/export': ownCompanyRoute('team', '/export'),
  'GET /api/companies/:id/enquiries': ownCompanyRoute('leads', '/enquiries'),
  'POST /api/companies/:id/reprocess-transcripts': ownCompanyRoute('settings', '/reprocess-transcripts'),
  'DELETE /api/companies/:id': {
    access: 'company',
    area: 'closure',
    sample: async (w) => {
      const owner = await createCompanyUser(w.app, { name: unique('Closing Lettings') });
      return {
        path: `/api/companies/${owner.company.id}`,
        body: { confirm: owner.company.name, password: TEST_PASSWORD },
        owner,
        ok: 200,
      };
    },
    fuzzSample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}`,
      body: { confirm: w.owner.company.name, password: 'Not-The-Password-1!' },
      ok: 400,
    }),
  },
  'PUT /api/properties/:id': {
    access: 'company',
    area: 'settings',
    sample: async (w) => ({ path: `/api/properties/${w.propertyId}`, body: validProperty, ok: 200 }),
  },
  'DELETE /api/properties/:id': {
    access: 'company',
    area: 'settings',
    sample: async (w) => {
      const property = await insertProperty(w.app, w.owner.company.id, w.owner.company.slug);
      return { path: `/api/properties/${property.id}`, ok: 204 };
    },
    fuzzSample: async () => ({ path: `/api/properties/${missingId()}`, ok: 404 }),
  },
  'POST /api/properties/:id/photos': {
    access: 'company',
    area: 'settings',
    sample: async (w) => {
      // A listing of its own: the world's listing would reach the 10-photo limit over many runs.
      const property = await insertProperty(w.app, w.owner.company.id, w.owner.company.slug);
      return {
        path: `/api/properties/${property.id}/photos`,
        body: await makePicture('jpeg'),
        encoding: 'bytes',
        ok: 201,
      };
    },
  },
  'PUT /api/properties/:id/photos/order': {
    access: 'company',
    area: 'settings',
    sample: async (w) => {
      const property = await insertProperty(w.app, w.owner.company.id, w.owner.company.slug);
      const first = await insertPhoto(w.app, property, { position: 0 });
      const second = await insertPhoto(w.app, property, { position: 1 });
      return {
        path: `/api/properties/${property.id}/photos/order`,
        body: { photoIds: [second.id, first.id] },
        ok: 200,
      };
    },
  },
  'DELETE /api/properties/:id/photos/:photoId': {
    access: 'company',
    area: 'settings',
    sample: async (w) => {
      const property = await insertProperty(w.app, w.owner.company.id, w.owner.company.slug);
      const photo = await insertPhoto(w.app, property);
      return { path: `/api/properties/${property.id}/photos/${photo.id}`, ok: 204 };
    },
  },
  'GET /api/leads/:id': {
    access: 'company',
    area: 'leads',
    sample: async (w) => ({ path: `/api/leads/${w.leadId}`, ok: 200 }),
  },
  'PATCH /api/leads/:id': {
    access: 'company',
    area: 'leads',
    sample: async (w) => ({ path: `/api/leads/${w.leadId}`, body: { status: 'contacted' }, ok: 200 }),
  },
  'POST /api/leads/:id/notes': {
    access: 'company',
    area: 'leads',
    sample: async (w) => ({
      path: `/api/leads/${w.leadId}/notes`,
      body: { body: 'Called, no answer.' },
      ok: 201,
    }),
  },
  // The ids travel in the body: another company's user naming the owner's lead gets a 404.
  'POST /api/leads/bulk-status': {
    access: 'company',
    area: 'leads',
    sample: async (w) => ({
      path: '/api/leads/bulk-status',
      body: { ids: [w.leadId], status: 'lost', lostReason: 'Went quiet' },
      ok: 200,
    }),
  },
  'DELETE /api/leads/:id': {
    access: 'company',
    area: 'leads',
    sample: async (w) => {
      const lead = await insertLead(w.app.ctx.db, w.owner.company.id);
      return { path: `/api/leads/${lead.id}`, ok: 204 };
    },
    fuzzSample: async () => ({ path: `/api/leads/${missingId()}`, ok: 404 }),
  },
  'PATCH /api/leads/:id/questions/:index': {
    access: 'company',
    area: 'leads',
    sample: async (w) => ({ path: `/api/leads/${w.leadId}/questions/0`, body: { answered: true }, ok: 200 }),
    fuzzSample: async () => ({
      path: `/api/leads/${missingId()}/questions/0`,
      body: { answered: true },
      ok: 404,
    }),
  },

  'PATCH /api/properties/:id': {
    access: 'company',
    area: 'settings',
    sample: async (w) => ({ path: `/api/properties/${w.propertyId}`, body: { assigneeId: null }, ok: 200 }),
  },

  // ---- The team (docs/team.md) ----
  'GET /api/companies/:id/members': ownCompanyRoute('team', '/members'),
  'PATCH /api/companies/:id/members/:userId': {
    access: 'company',
    area: 'team',
    sample: async (w) => {
      const member = await addMember(w.app, w.owner.company.id, 'negotiator');
      return {
        path: `/api/companies/${w.owner.company.id}/members/${member.userId}`,
        body: { role: 'admin' },
        ok: 200,
      };
    },
  },
  'DELETE /api/companies/:id/members/:userId': {
    access: 'company',
    area: 'team',
    sample: async (w) => {
      const member = await addMember(w.app, w.owner.company.id, 'negotiator');
      return { path: `/api/companies/${w.owner.company.id}/members/${member.userId}`, ok: 204 };
    },
    fuzzSample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}/members/${missingId()}`,
      ok: 404,
    }),
  },
  'POST /api/companies/:id/ownership': {
    access: 'company',
    area: 'ownership',
    sample: async (w) => {
      // A company of its own: handing the world's company over would change who owns it.
      const owner = await createCompanyUser(w.app, { name: unique('Handover Lettings') });
      const admin = await addMember(w.app, owner.company.id, 'admin');
      return {
        path: `/api/companies/${owner.company.id}/ownership`,
        body: { userId: admin.userId },
        owner,
        ok: 200,
      };
    },
    fuzzSample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}/ownership`,
      body: { userId: missingId() },
      ok: 404,
    }),
  },
  'GET /api/companies/:id/assignees': ownCompanyRoute('leads', '/assignees'),
  'GET /api/companies/:id/invitations': ownCompanyRoute('team', '/invitations'),
  'POST /api/companies/:id/invitations': {
    access: 'company',
    area: 'team',
    sample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}/invitations`,
      body: { email: `${unique('invitee')}@example.test`, role: 'negotiator' },
      ok: 201,
    }),
  },
  'DELETE /api/companies/:id/invitations/:invitationId': {
    access: 'company',
    area: 'team',
    sample: async (w) => {
      const [invitation] = await w.app.ctx.db
        .insert(companyInvitations)
        .values({
          companyId: w.owner.company.id,
          email: `${unique('invitee')}@example.test`,
          role: 'negotiator',
          tokenHash: unique('hash'),
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning();
      return { path: `/api/companies/${w.owner.company.id}/invitations/${invitation!.id}`, ok: 204 };
    },
    fuzzSample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}/invitations/${missingId()}`,
      ok: 404,
    }),
  },
  'GET /api/companies/:id/audit': {
    access: 'company',
    area: 'team',
    sample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}/audit`,
      query: { page: '1' },
      ok: 200,
    }),
  },

  // ---- Integrations: the owner's webhooks and API keys ----
  'GET /api/companies/:id/webhooks': ownCompanyRoute('integrations', '/webhooks'),
  'POST /api/companies/:id/webhooks': {
    access: 'company',
    area: 'integrations',
    sample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}/webhooks`,
      // A URL of its own: an agency's second endpoint at a URL it already sends to is refused.
      body: { url: `http://127.0.0.1:9/hooks/${randomUUID()}`, events: ['lead.created'] },
      ok: 201,
    }),
  },
  'PATCH /api/webhooks/:id': {
    access: 'company',
    area: 'integrations',
    sample: async (w) => ({
      path: `/api/webhooks/${w.webhookId}`,
      body: { events: ['lead.created', 'lead.updated'] },
      ok: 200,
    }),
  },
  'DELETE /api/webhooks/:id': {
    access: 'company',
    area: 'integrations',
    sample: async (w) => ({ path: `/api/webhooks/${await insertWebhook(w)}`, ok: 204 }),
    fuzzSample: async () => ({ path: `/api/webhooks/${missingId()}`, ok: 404 }),
  },
  'POST /api/webhooks/:id/rotate-secret': {
    access: 'company',
    area: 'integrations',
    sample: async (w) => ({ path: `/api/webhooks/${await insertWebhook(w)}/rotate-secret`, ok: 200 }),
  },
  'POST /api/webhooks/:id/test': {
    access: 'company',
    area: 'integrations',
    // Port 9 (discard) refuses at once: the attempt is logged as failed, the route answers 200.
    sample: async (w) => ({ path: `/api/webhooks/${w.webhookId}/test`, ok: 200 }),
  },
  'GET /api/webhooks/:id/deliveries': {
    access: 'company',
    area: 'integrations',
    sample: async (w) => ({ path: `/api/webhooks/${w.webhookId}/deliveries`, ok: 200 }),
  },
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': {
    access: 'company',
    area: 'integrations',
    sample: async (w) => {
      const test = await send(w.app, 'POST', { path: `/api/webhooks/${w.webhookId}/test` }, w.owner.cookie);
      const { id } = (await test.json()) as { id: string };
      return { path: `/api/webhooks/${w.webhookId}/deliveries/${id}/resend`, ok: 200 };
    },
  },
  'GET /api/companies/:id/api-keys': ownCompanyRoute('integrations', '/api-keys'),
  'POST /api/companies/:id/api-keys': {
    access: 'company',
    area: 'integrations',
    sample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}/api-keys`,
      body: { name: unique('Key'), scopes: ['read'] },
      ok: 201,
    }),
  },
  'DELETE /api/api-keys/:id': {
    access: 'company',
    area: 'integrations',
    sample: async (w) => {
      const created = await createApiKey(w.app.ctx, {
        companyId: w.owner.company.id,
        userId: w.owner.userId,
        input: { name: unique('Key'), scopes: ['read'] },
      });
      return { path: `/api/api-keys/${created.id}`, ok: 200 };
    },
    fuzzSample: async () => ({ path: `/api/api-keys/${missingId()}`, ok: 404 }),
  },

  // ---- The public API: an API key, no session ----
  'GET /api/v1/leads': {
    access: 'apiKey',
    scope: 'read',
    sample: async () => ({ path: '/api/v1/leads', query: { limit: '10' }, ok: 200 }),
  },
  'GET /api/v1/leads/:id': {
    access: 'apiKey',
    scope: 'read',
    sample: async (w) => ({ path: `/api/v1/leads/${w.leadId}`, ok: 200 }),
  },
  'PATCH /api/v1/leads/:id': {
    access: 'apiKey',
    scope: 'write',
    sample: async (w) => ({ path: `/api/v1/leads/${w.leadId}`, body: { status: 'contacted' }, ok: 200 }),
  },
  'GET /api/v1/viewings': {
    access: 'apiKey',
    scope: 'read',
    sample: async () => ({ path: '/api/v1/viewings', query: { limit: '10' }, ok: 200 }),
  },
  'GET /api/v1/properties': {
    access: 'apiKey',
    scope: 'read',
    sample: async () => ({ path: '/api/v1/properties', ok: 200 }),
  },
  'POST /api/v1/properties': {
    access: 'apiKey',
    scope: 'write',
    sample: async () => ({
      path: '/api/v1/properties',
      body: { ...validProperty, propertyName: unique('Flat') },
      ok: 201,
    }),
  },
  'PUT /api/v1/properties/:id': {
    access: 'apiKey',
    scope: 'write',
    sample: async (w) => ({ path: `/api/v1/properties/${w.propertyId}`, body: validProperty, ok: 200 }),
  },
  'GET /api/companies/:id/viewing-schedule': ownCompanyRoute('leads', '/viewing-schedule'),
  'PUT /api/companies/:id/viewing-schedule': {
    access: 'company',
    area: 'settings',
    sample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}/viewing-schedule`,
      body: validSchedule,
      ok: 200,
    }),
  },
  'GET /api/companies/:id/viewing-settings': ownCompanyRoute('leads', '/viewing-settings'),
  'PATCH /api/companies/:id/viewing-settings': {
    access: 'company',
    area: 'settings',
    sample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}/viewing-settings`,
      body: { releaseUnconfirmedHours: null },
      ok: 200,
    }),
  },
  'GET /api/companies/:id/channels/:channel': ownCompanyRoute('settings', '/channels/sms'),
  'PUT /api/companies/:id/channels/:channel': {
    access: 'company',
    area: 'settings',
    sample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}/channels/sms`,
      body: { accountSid: `AC${'a1'.repeat(16)}`, authToken: 'f'.repeat(32), from: '+447700900100' },
      ok: 200,
    }),
  },
  'DELETE /api/companies/:id/channels/:channel': ownCompanyRoute('settings', '/channels/whatsapp', 204),
  'POST /api/companies/:id/channels/:channel/test': {
    access: 'company',
    area: 'settings',
    sample: async (w) => {
      // With no provider connected, the test message goes to the development outbox (a provider
      // saved by the PUT's sample would be called over the network, which the tests cannot reach).
      await w.app.ctx.db.delete(messagingChannels).where(eq(messagingChannels.companyId, w.owner.company.id));
      return {
        path: `/api/companies/${w.owner.company.id}/channels/sms/test`,
        body: { to: '07700900125' },
        ok: 200,
      };
    },
  },
  'GET /api/leads/:id/channel-messages': {
    access: 'company',
    area: 'leads',
    sample: async (w) => ({ path: `/api/leads/${w.leadId}/channel-messages`, ok: 200 }),
  },
  'GET /api/companies/:id/viewings': ownCompanyRoute('leads', '/viewings'),
  'GET /api/companies/:id/insights': {
    access: 'company',
    area: 'leads',
    sample: async (w) => ({
      path: `/api/companies/${w.owner.company.id}/insights`,
      query: { from: '2026-03-01', to: '2026-03-31', groupBy: 'source' },
      ok: 200,
    }),
  },
  'PATCH /api/viewings/:id': {
    access: 'company',
    area: 'leads',
    sample: async (w) => {
      const viewing = await insertViewing(w);
      return { path: `/api/viewings/${viewing.id}`, body: { status: 'cancelled' }, ok: 200 };
    },
  },
  'GET /api/companies/:id/live': ownCompanyRoute('leads', '/live'),
  'GET /api/conversations/:id/events': {
    access: 'company',
    area: 'leads',
    sample: async (w) => ({
      path: `/api/conversations/${await conversationId(w, w.sessionKey)}/events`,
      query: { after: '0' },
      ok: 200,
    }),
  },
  'POST /api/conversations/:id/takeover': {
    access: 'company',
    area: 'leads',
    sample: async (w) => ({
      path: `/api/conversations/${await conversationId(w, await startConversation(w, w.owner))}/takeover`,
      ok: 200,
    }),
  },
  'POST /api/conversations/:id/messages': {
    access: 'company',
    area: 'leads',
    sample: async (w) => {
      const { id, asMember } = await takenOverConversation(w);
      return {
        path: `/api/conversations/${id}/messages`,
        body: { content: 'Hello, Alex here from the office. Happy to help.' },
        ok: 200,
        asMember,
      };
    },
  },
  'POST /api/conversations/:id/typing': {
    access: 'company',
    area: 'leads',
    sample: async (w) => {
      const { id, asMember } = await takenOverConversation(w);
      return { path: `/api/conversations/${id}/typing`, ok: 204, asMember };
    },
  },
  'POST /api/conversations/:id/handback': {
    access: 'company',
    area: 'leads',
    sample: async (w) => {
      const { id, asMember } = await takenOverConversation(w);
      return { path: `/api/conversations/${id}/handback`, ok: 200, asMember };
    },
  },
  'GET /api/companies/:id/calendar-feed': ownCompanyRoute('leads', '/calendar-feed'),
  'POST /api/companies/:id/calendar-feed': ownCompanyRoute('settings', '/calendar-feed'),

  // ---- The signed-in user's own account ----
  'GET /api/auth/user': { access: 'account', sample: async () => ({ path: '/api/auth/user', ok: 200 }) },
  'GET /api/companies': { access: 'account', sample: async () => ({ path: '/api/companies', ok: 200 }) },
  'POST /api/companies/register': {
    access: 'account',
    sample: async (w) => {
      const user = await createSignedInUser(w.app);
      return {
        path: '/api/companies/register',
        body: {
          companyName: unique('New Lettings'),
          email: 'office@new-lettings.example',
          phone: '0161 496 0000',
        },
        // A user without a company yet: the company appears only once registered.
        owner: { ...user, company: undefined as unknown as Agent['company'] },
        ok: 201,
      };
    },
    fuzzSample: async () => ({
      path: '/api/companies/register',
      body: { companyName: 'New Lettings', email: 'office@new-lettings.example', phone: '0161 496 0000' },
      ok: 409,
    }),
  },
  'POST /api/invitations/accept': {
    access: 'account',
    sample: async (w) => {
      const invitee = await createSignedInUser(w.app);
      const token = await inviteToken(w, invitee.email);
      return {
        path: '/api/invitations/accept',
        body: { token },
        owner: { ...invitee, company: w.owner.company },
        ok: 200,
      };
    },
    fuzzSample: async () => ({ path: '/api/invitations/accept', body: { token: 'not-a-token' }, ok: 404 }),
  },
  'GET /api/stripe/subscription-status': {
    access: 'account',
    area: 'billing',
    sample: async () => ({ path: '/api/stripe/subscription-status', ok: 200 }),
  },
  'POST /api/stripe/create-portal-session': {
    access: 'account',
    area: 'billing',
    sample: async (w) => ({
      path: '/api/stripe/create-portal-session',
      owner: await subscribedAgent(w),
      ok: 200,
    }),
    fuzzSample: async () => ({ path: '/api/stripe/create-portal-session', ok: 400 }),
  },

  // ---- Open to anyone ----
  'GET /healthz': {
    access: 'public',
    why: 'load balancer probe',
    sample: async () => ({ path: '/healthz', ok: 200 }),
  },
  'GET /readyz': {
    access: 'public',
    why: 'load balancer probe',
    sample: async () => ({ path: '/readyz', ok: 200 }),
  },
  'POST /api/auth/signup': {
    access: 'public',
    why: 'creating an account; rate limited per IP and per email',
    sample: async () => ({
      path: '/api/auth/signup',
      body: {
        companyName: unique('Signup Lettings'),
        firstName: 'Priya',
        lastName: 'Shah',
        email: `${unique('signup')}@example.test`,
        phone: '0113 496 0000',
        password: TEST_PASSWORD,
        accountType: 'free',
      },
      ok: 201,
    }),
  },
  'POST /api/auth/login': {
    access: 'public',
    why: 'signing in; rate limited per IP and per email',
    sample: async (w) => ({
      path: '/api/auth/login',
      body: { email: w.other.email, password: TEST_PASSWORD },
      ok: 200,
    }),
  },
  'POST /api/auth/logout': {
    access: 'public',
    why: 'ends the session the cookie names, if any',
    // Its own user: signing out the world's owner would sign out every later request.
    sample: async (w) => ({ path: '/api/auth/logout', owner: await createCompanyUser(w.app), ok: 200 }),
  },
  'POST /api/auth/update-password': {
    access: 'public',
    why: 'the one-time token from the reset email is the credential',
    sample: async () => ({
      path: '/api/auth/update-password',
      body: { newPassword: 'Another-Flat-43!', token: 'not-a-real-token' },
      encoding: 'form',
      ok: 400,
    }),
  },
  'GET /api/auth/verify-email': {
    access: 'public',
    why: 'the one-time token from the verification email is the credential',
    sample: async () => ({ path: '/api/auth/verify-email', query: { token: 'not-a-real-token' }, ok: 302 }),
  },
  'POST /api/auth/resend-verification': {
    access: 'public',
    why: 'answers the same whether or not the email exists; rate limited',
    sample: async () => ({
      path: '/api/auth/resend-verification',
      body: { email: `${unique('nobody')}@example.test` },
      ok: 200,
    }),
  },
  'POST /api/auth/reset-password': {
    access: 'public',
    why: 'answers the same whether or not the email exists; rate limited',
    sample: async () => ({
      path: '/api/auth/reset-password',
      body: { email: `${unique('nobody')}@example.test` },
      ok: 200,
    }),
  },
  'POST /api/analytics': {
    access: 'public',
    why: 'cookieless page views from any visitor',
    sample: async () => ({
      path: '/api/analytics',
      body: { events: [{ kind: 'pageview', path: '/pricing' }] },
      ok: 204,
    }),
  },
  'GET /api/companies/slug/:slug': {
    access: 'public',
    why: "the chat page's header: company name and slug, the property's public fields",
    sample: async (w) => ({
      path: `/api/companies/slug/${w.owner.company.slug}`,
      query: { propertySlug: w.propertySlug },
      ok: 200,
    }),
  },
  'GET /api/companies/slug/:slug/usage-check': {
    access: 'public',
    why: 'the chat page asks whether a new conversation can start',
    sample: async (w) => ({ path: `/api/companies/slug/${w.owner.company.slug}/usage-check`, ok: 200 }),
  },
  'GET /api/companies/slug/:slug/contact': {
    access: 'public',
    why: "the holding page shows the agency's own contact details",
    sample: async (w) => ({ path: `/api/companies/slug/${w.owner.company.slug}/contact`, ok: 200 }),
  },
  'POST /api/chat/:companySlug': {
    access: 'public',
    why: 'tenants chat without an account; a conversation is found by its unguessable session key',
    sample: async (w) => ({
      path: `/api/chat/${w.owner.company.slug}`,
      body: { message: 'Is parking included?', userSessionKey: w.sessionKey },
      ok: 200,
    }),
  },
  'GET /api/chat/:companySlug/conversation': {
    access: 'public',
    why: 'a refreshed chat page resumes by its unguessable session key, within its own company',
    sample: async (w) => ({
      path: `/api/chat/${w.owner.company.slug}/conversation`,
      query: { sessionKey: w.sessionKey },
      ok: 200,
    }),
  },
  'POST /api/chat/:companySlug/end': {
    access: 'public',
    why: 'the chat page ends its own conversation, named by its unguessable session key',
    sample: async (w) => ({
      path: `/api/chat/${w.owner.company.slug}/end`,
      body: { userSessionKey: await startConversation(w, w.owner), reason: 'submit' },
      ok: 200,
    }),
    fuzzSample: async (w) => ({
      path: `/api/chat/${w.owner.company.slug}/end`,
      body: { userSessionKey: unique('no-such-session'), reason: 'submit' },
      ok: 404,
    }),
  },
  'GET /api/chat/:companySlug/events': {
    access: 'public',
    why: "the chat page's own events (a person's messages), named by its unguessable session key",
    sample: async (w) => ({
      path: `/api/chat/${w.owner.company.slug}/events`,
      query: { sessionKey: w.sessionKey, after: '0' },
      ok: 200,
    }),
  },
  'POST /api/chat/:companySlug/typing': {
    access: 'public',
    why: 'the chat page says its tenant is typing, named by its unguessable session key; nothing is stored',
    sample: async (w) => ({
      path: `/api/chat/${w.owner.company.slug}/typing`,
      body: { sessionKey: w.sessionKey },
      ok: 204,
    }),
  },
  'GET /api/chat/:companySlug/slots': {
    access: 'public',
    why: "the chat's free viewing times of a property: public times only, never who booked them",
    sample: async (w) => ({
      path: `/api/chat/${w.owner.company.slug}/slots`,
      query: { propertySlug: w.propertySlug },
      ok: 200,
    }),
  },
  'GET /api/viewings/manage/:token': {
    access: 'public',
    why: "the tenant's manage page; the emailed token (32 random bytes) is the credential",
    sample: async (w) => ({ path: `/api/viewings/manage/${(await insertViewing(w)).manageToken}`, ok: 200 }),
  },
  'POST /api/viewings/manage/:token/reschedule': {
    access: 'public',
    why: "the tenant's manage page; the emailed token (32 random bytes) is the credential",
    sample: async (w) => ({
      path: `/api/viewings/manage/${(await insertViewing(w)).manageToken}/reschedule`,
      body: { startsAt: '2099-01-01T10:00:00+00:00' },
      ok: 409,
    }),
  },
  'POST /api/viewings/manage/:token/confirm': {
    access: 'public',
    why: "the tenant's manage page and the confirm button of the day-before email; the emailed token (32 random bytes) is the credential",
    sample: async (w) => ({
      path: `/api/viewings/manage/${(await insertViewing(w)).manageToken}/confirm`,
      ok: 200,
    }),
  },
  'POST /api/viewings/manage/:token/cancel': {
    access: 'public',
    why: "the tenant's manage page; the emailed token (32 random bytes) is the credential",
    sample: async (w) => ({
      path: `/api/viewings/manage/${(await insertViewing(w)).manageToken}/cancel`,
      ok: 200,
    }),
  },
  'GET /api/calendar/:feedToken': {
    access: 'public',
    why: "the agent's calendar app subscribes without a session; the secret feed token is the credential",
    sample: async (w) => {
      const token = newManageToken();
      await w.app.ctx.db
        .update(companies)
        .set({ calendarFeedToken: token })
        .where(eq(companies.id, w.owner.company.id));
      return { path: `/api/calendar/${token}.ics`, ok: 200 };
    },
  },
  'POST /api/invitations/preview': {
    access: 'public',
    why: 'the invitation page before signing in; the emailed token (32 random bytes) is the credential',
    sample: async (w) => ({
      path: '/api/invitations/preview',
      body: { token: await inviteToken(w, `${unique('invitee')}@example.test`) },
      ok: 200,
    }),
  },
  'POST /api/invitations/signup': {
    access: 'public',
    why: 'joining from an invitation; the emailed token is the credential; rate limited per IP',
    sample: async (w) => ({
      path: '/api/invitations/signup',
      body: {
        token: await inviteToken(w, `${unique('invitee')}@example.test`),
        firstName: 'Nia',
        lastName: 'Joiner',
        password: TEST_PASSWORD,
      },
      ok: 201,
    }),
    fuzzSample: async () => ({
      path: '/api/invitations/signup',
      body: { token: 'not-a-token', firstName: 'Nia', lastName: 'Joiner', password: TEST_PASSWORD },
      ok: 404,
    }),
  },
  'GET /api/public/config': {
    access: 'public',
    why: "the deployment's public contact email",
    sample: async () => ({ path: '/api/public/config', ok: 200 }),
  },
  'POST /api/stripe/create-checkout-session': {
    access: 'public',
    area: 'billing',
    why: 'signed in: for the caller’s own company; signed out: only a just-created, unverified paid sign-up',
    sample: async (w) => ({
      path: '/api/stripe/create-checkout-session',
      body: { planType: 'small', customerEmail: w.owner.email, customerName: 'Alex Agent' },
      ok: 401,
    }),
  },
  'GET /api/stripe/checkout-session/:sessionId': {
    access: 'public',
    why: "the success page's summary; the checkout session id (signed, unguessable) is the credential",
    sample: async () => ({ path: '/api/stripe/checkout-session/cs_not_a_session', ok: 404 }),
  },
  'POST /api/stripe/webhook': {
    access: 'public',
    why: "Stripe's calls, checked by their signature",
    sample: async () => ({ path: '/api/stripe/webhook', body: { id: 'evt_1' }, ok: 400 }),
  },
  'POST /api/inbound/email': {
    access: 'public',
    why: "inbound mail services' calls, checked by INBOUND_WEBHOOK_SECRET (404 while it is unset)",
    sample: async () => ({ path: '/api/inbound/email', body: 'From: a@example.com\r\n\r\nHello', ok: 404 }),
  },
  'GET /api/stripe/test-checkout': {
    access: 'public',
    why: 'the local test checkout (never in production); its signed link is the credential',
    sample: async () => ({ path: '/api/stripe/test-checkout', query: { session: 'not-a-token' }, ok: 404 }),
  },
  'POST /api/stripe/test-checkout/pay': {
    access: 'public',
    why: 'the local test checkout (never in production); its signed link is the credential',
    sample: async () => ({
      path: '/api/stripe/test-checkout/pay',
      body: { session: 'not-a-token' },
      ok: 404,
    }),
  },
  'GET /api/stripe/test-portal': {
    access: 'public',
    why: 'the local test portal (never in production); its signed link is the credential',
    sample: async () => ({ path: '/api/stripe/test-portal', query: { portal: 'not-a-token' }, ok: 404 }),
  },
  'POST /api/stripe/test-portal': {
    access: 'public',
    why: 'the local test portal (never in production); its signed link is the credential',
    sample: async () => ({
      path: '/api/stripe/test-portal',
      body: { portal: 'not-a-token', action: 'cancel' },
      ok: 404,
    }),
  },
  'GET /api/v1/openapi.json': {
    access: 'public',
    why: "the public API's OpenAPI document: no data, only the shape of the routes",
    sample: async () => ({ path: '/api/v1/openapi.json', ok: 200 }),
  },
  'GET /api/docs': {
    access: 'public',
    why: "the public API's reference page, made from the OpenAPI document",
    sample: async () => ({ path: '/api/docs', ok: 200 }),
  },
  'GET /api/viewings/manage/:token/calendar.ics': {
    access: 'public',
    why: "the tenant's manage page's calendar file; the emailed token (32 random bytes) is the credential",
    sample: async (w) => ({
      path: `/api/viewings/manage/${(await insertViewing(w)).manageToken}/calendar.ics`,
      ok: 200,
    }),
  },
  'POST /api/channels/sms/:companyId': {
    access: 'public',
    why: "Twilio's posts of a tenant's text, checked by their signature (X-Twilio-Signature)",
    sample: async (w) => ({
      path: `/api/channels/sms/${w.owner.company.id}`,
      encoding: 'form',
      body: { From: '+447700900123', Body: 'Hello', MessageSid: `SM${'0'.repeat(32)}` },
      ok: 403,
    }),
  },
  'POST /api/channels/sms/:companyId/status': {
    access: 'public',
    why: "Twilio's delivery statuses, checked by their signature (X-Twilio-Signature)",
    sample: async (w) => ({
      path: `/api/channels/sms/${w.owner.company.id}/status`,
      encoding: 'form',
      body: { MessageSid: `SM${'0'.repeat(32)}`, MessageStatus: 'delivered' },
      ok: 403,
    }),
  },
  'GET /api/channels/whatsapp/:companyId': {
    access: 'public',
    why: "Meta's webhook set-up; the company's generated verify token is the credential",
    sample: async (w) => ({
      path: `/api/channels/whatsapp/${w.owner.company.id}`,
      query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'not-the-token', 'hub.challenge': '42' },
      ok: 403,
    }),
  },
  'POST /api/channels/whatsapp/:companyId': {
    access: 'public',
    why: "Meta's posts of messages and statuses, checked by X-Hub-Signature-256 (HMAC of the raw body)",
    sample: async (w) => ({
      path: `/api/channels/whatsapp/${w.owner.company.id}`,
      body: { object: 'whatsapp_business_account', entry: [] },
      ok: 403,
    }),
  },
  'GET /dev/messages': {
    access: 'public',
    why: 'the development outbox of WhatsApp and SMS: only with no provider connected and never in production',
    sample: async () => ({ path: '/dev/messages', ok: 200 }),
  },
  'GET /dev/phone': {
    access: 'public',
    why: 'the development phone, where a developer plays a tenant: never in production',
    sample: async () => ({ path: '/dev/phone', ok: 200 }),
  },
  'GET /dev/phone.js': {
    access: 'public',
    why: "the development phone's script: never in production",
    sample: async () => ({ path: '/dev/phone.js', ok: 200 }),
  },
  'GET /dev/phone/thread': {
    access: 'public',
    why: "the development phone's thread with an agency: never in production",
    sample: async (w) => ({
      path: '/dev/phone/thread',
      query: { company: w.owner.company.slug, channel: 'whatsapp', phone: '07700900123' },
      ok: 200,
    }),
  },
  'POST /dev/phone/messages': {
    access: 'public',
    why: 'the development phone sends a tenant message through the same inbound code: never in production',
    sample: async (w) => ({
      path: '/dev/phone/messages',
      body: { company: w.owner.company.slug, channel: 'sms', phone: '07700900124', text: 'Hello' },
      ok: 200,
    }),
  },
  'GET /dev/mail': {
    access: 'public',
    why: 'the development outbox: only without SMTP_URL and never in production',
    sample: async () => ({ path: '/dev/mail', ok: 200 }),
  },
  'GET /images/photos/:photoId': {
    access: 'public',
    why: 'listing photos are advert pictures shown on the public chat page; ids are random uuids',
    sample: async (w) => {
      const property = await insertProperty(w.app, w.owner.company.id, w.owner.company.slug);
      const photo = await insertPhoto(w.app, property);
      return { path: `/images/photos/${photo.id}`, query: { w: '320' }, ok: 200 };
    },
  },
  'GET /widget.js': {
    access: 'public',
    why: "the website widget's script, loaded by agencies' own sites",
    sample: async () => ({ path: '/widget.js', ok: 200 }),
  },
  'GET /images/:file': {
    access: 'public',
    why: "the site's own pictures",
    sample: async () => ({ path: '/images/not-there.png', ok: 404 }),
  },
};

/** An open invitation to the owner's company for this address, as its emailed token. */
export async function inviteToken(w: World, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await w.app.ctx.db.insert(companyInvitations).values({
    companyId: w.owner.company.id,
    email: email.toLowerCase(),
    role: 'negotiator',
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return token;
}

/** A fresh webhook endpoint of the owner's, pointing at a port that refuses at once. */
async function insertWebhook(w: World): Promise<string> {
  const [endpoint] = await w.app.ctx.db
    .insert(webhookEndpoints)
    .values({
      companyId: w.owner.company.id,
      url: `http://127.0.0.1:9/${unique('hooks')}`,
      events: ['lead.created'],
      secret: newWebhookSecret(),
    })
    .returning();
  return endpoint!.id;
}

const validSchedule = {
  windows: [{ day: 6, start: '10:00', end: '12:00' }],
  slotMinutes: 20,
  bufferMinutes: 0,
  minNoticeHours: 12,
  horizonDays: 14,
  partiesPerSlot: 1,
};

/** A booked viewing of the owner's property, a week ahead. */
async function insertViewing(w: World) {
  const startsAt = new Date(Date.now() + 7 * 86_400_000);
  const [viewing] = await w.app.ctx.db
    .insert(viewings)
    .values({
      companyId: w.owner.company.id,
      propertyId: w.propertyId,
      propertyName: '2 Bed Flat, Elm Road',
      propertyAddress: '14 Elm Road, Leeds LS6 2AB',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 20 * 60_000),
      manageToken: newManageToken(),
      tenantName: 'Sam Patel',
      tenantEmail: `${unique('tenant')}@example.test`,
    })
    .returning();
  return viewing!;
}

/** Opens a chat on an agency link and says one thing, so that ending it makes a lead. */
export async function startConversation(w: World, agent: Agent): Promise<string> {
  const post = async (body: unknown) => {
    const response = await fetch(`${w.app.url}/api/chat/${agent.company.slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200)
      throw new Error(`chat answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { sessionKey: string };
  };
  const { sessionKey } = await post({ message: '', userSessionKey: null });
  await post({ message: 'Hi, I am Sam Patel, 2 of us, both nurses', userSessionKey: sessionKey });
  return sessionKey;
}

/** The id of the conversation with this session key. */
async function conversationId(w: World, sessionKey: string): Promise<string> {
  const [row] = await w.app.ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.sessionKey, sessionKey));
  return row!.id;
}

/** A fresh chat of the owner's that the owner has taken over. */
/**
 * A chat the owner has taken over, and how another member takes it instead (the owner hands it
 * back first: one person at a time).
 */
async function takenOverConversation(
  w: World,
): Promise<{ id: string; asMember: (cookie: string) => Promise<void> }> {
  const id = await conversationId(w, await startConversation(w, w.owner));
  const post = async (action: 'takeover' | 'handback', cookie: string) => {
    const response = await send(w.app, 'POST', { path: `/api/conversations/${id}/${action}` }, cookie);
    if (response.status !== 200)
      throw new Error(`${action} answered ${response.status}: ${await response.text()}`);
  };
  await post('takeover', w.owner.cookie);
  return {
    id,
    asMember: async (cookie) => {
      await post('handback', w.owner.cookie);
      await post('takeover', cookie);
    },
  };
}

/** A company on a paid plan through the local test checkout: its portal can be opened. */
async function subscribedAgent(w: World): Promise<Agent> {
  const agent = await createCompanyUser(w.app, { name: unique('Paid Lettings') });
  const checkout = await browserFetch(w.app, 'POST', '/api/stripe/create-checkout-session', agent.cookie, {
    planType: 'small',
    customerEmail: agent.email,
    customerName: 'Alex Agent',
  });
  const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
  const session = new URL(checkoutUrl, w.app.url).searchParams.get('session');
  const paid = await browserFetch(w.app, 'POST', '/api/stripe/test-checkout/pay', agent.cookie, { session });
  if (paid.status !== 200) throw new Error(`test checkout answered ${paid.status}: ${await paid.text()}`);
  return agent;
}

/** Two companies, each with a property, a lead from a finished chat and a chat under way. */
export async function createWorld(app: TestApp): Promise<World> {
  const owner = await createCompanyUser(app, { name: 'Harbour Lettings', slug: unique('harbour') });
  const other = await createCompanyUser(app, { name: 'Meadow Homes', slug: unique('meadow') });
  const property = await insertProperty(app, owner.company.id, owner.company.slug);
  const [conversation] = await app.ctx.db
    .insert(conversations)
    .values({
      sessionKey: unique('ended-session'),
      companyId: owner.company.id,
      status: 'ended',
      messages: [
        {
          id: 'm1',
          sender: 'ai',
          content: 'Hello from Harbour Lettings.',
          timestamp: '2026-01-05T15:00:00.000Z',
        },
        {
          id: 'm2',
          sender: 'user',
          content: 'Hi, 2 of us, both nurses',
          timestamp: '2026-01-05T15:01:00.000Z',
        },
      ],
    })
    .returning();
  const [transcript] = await app.ctx.db
    .insert(chatTranscripts)
    .values({
      companyId: owner.company.id,
      conversationId: conversation!.id,
      fileName: 'chat.txt',
      content: 'AI: Hello from Harbour Lettings.\nUser: Hi, 2 of us, both nurses',
      processed: true,
      extractedData: { openQuestions: ['Is there parking?'] },
    })
    .returning();
  const lead = await insertLead(app.ctx.db, owner.company.id, {
    conversationId: conversation!.id,
    chatTranscriptId: transcript!.id,
  });
  await insertLead(app.ctx.db, other.company.id, { name: 'Other Company Tenant' });
  await insertProperty(app, other.company.id, other.company.slug, { propertyName: 'Meadow Cottage' });
  const world: World = {
    app,
    owner,
    other,
    propertyId: property.id,
    propertySlug: property.slug,
    leadId: lead.id,
    sessionKey: '',
    otherSessionKey: '',
    webhookId: '',
    keys: { read: '', write: '', revoked: '', other: '' },
  };
  world.webhookId = await insertWebhook(world);
  const key = async (agent: Agent, scopes: ('read' | 'write')[]) =>
    createApiKey(app.ctx, {
      companyId: agent.company.id,
      userId: agent.userId,
      input: { name: 'Key', scopes },
    });
  const revoked = await key(owner, ['read', 'write']);
  await revokeApiKey(app.ctx, { companyId: owner.company.id, keyId: revoked.id });
  world.keys = {
    read: (await key(owner, ['read'])).key,
    write: (await key(owner, ['read', 'write'])).key,
    revoked: revoked.key,
    other: (await key(other, ['read', 'write'])).key,
  };
  world.sessionKey = await startConversation(world, owner);
  world.otherSessionKey = await startConversation(world, other);
  return world;
}

/** Sends a route request as a browser on our own pages would, with the given session cookie. */
export async function send(
  app: TestApp,
  method: string,
  request: Pick<RouteRequest, 'path' | 'query' | 'body' | 'encoding'>,
  cookie: string | undefined,
): Promise<Response> {
  const url = new URL(request.path, app.url);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = browserHeaders(app, cookie);
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (request.body !== undefined) {
    if (request.encoding === 'bytes') {
      headers['content-type'] = 'application/octet-stream';
      body = new Uint8Array(request.body as Buffer);
    } else if (request.encoding === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.body as Record<string, string>).toString();
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
  }
  const response = await fetch(url, { method, headers, body, redirect: 'manual' });
  return firstEventsOnly(response);
}

/**
 * A server-sent events stream never ends by itself: its first events stand for its body (what a
 * test reads of it), and the connection is closed.
 */
export async function firstEventsOnly(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body)
    return response;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const deadline = Date.now() + 2000;
  while (!/\ndata: /.test(text) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  await reader.cancel();
  return new Response(text, { status: response.status, headers: response.headers });
}
