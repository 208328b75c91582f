import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, leads, properties } from '#server/db/schema.ts';
import { AREA_ACCESS, AREA_DENIED_MESSAGES, canAccess, type TeamArea } from '#shared/team-roles.ts';
import { addMember, createCompanyUser, insertProperty, unique } from '#tests/helpers/factories.ts';
import { companyById } from '#tests/helpers/reads.ts';
import { madeBeforeAll, setUpTestApp } from '#tests/helpers/suite.ts';
import { changedTables, companyFingerprint } from '#tests/security/fingerprint.ts';
import {
  type Agent,
  createWorld,
  type RouteEntry,
  type RouteRequest,
  routeCatalogue,
  send,
  startConversation,
  validProperty,
  type World,
} from '#tests/security/route-catalogue.ts';
import { listRoutes, type RouteKey, splitRouteKey } from '#tests/security/route-table.ts';

/**
 * The tenant isolation matrix: every route Fastify serves × signed out, a user of another
 * company, and the owner, an admin and a negotiator of the company (docs/team.md). A company's records answer 401 signed out and 404 to anyone else (as if
 * they did not exist), and nothing of theirs changes; account routes find the company from the
 * session; public routes answer public fields only.
 */

const byAccess = (access: string) =>
  (Object.keys(routeCatalogue) as RouteKey[]).filter((key) => routeCatalogue[key].access === access);

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { raw: text };
  }
}

describe('tenant isolation', () => {
  const app = setUpTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '100000' });
  const world = madeBeforeAll('the world', () => createWorld(app));

  it('knows every route the app serves, and serves every route it knows', () => {
    const served = listRoutes(app);
    expect(served.length).toBeGreaterThan(30);
    const unknown = served.filter((key) => !(key in routeCatalogue));
    expect(
      unknown,
      'routes missing from tests/security/route-catalogue.ts: add each with its access',
    ).toEqual([]);
    const gone = (Object.keys(routeCatalogue) as RouteKey[]).filter((key) => !served.includes(key));
    expect(gone).toEqual([]);
  });

  /** An admin and a negotiator of the company, made once per company. */
  const teams = new Map<string, Promise<Record<'admin' | 'negotiator', Agent>>>();
  function teamOf(owner: Agent) {
    let team = teams.get(owner.company.id);
    if (!team) {
      team = (async () => {
        const [admin, negotiator] = [
          await addMember(app, owner.company.id, 'admin'),
          await addMember(app, owner.company.id, 'negotiator'),
        ];
        return {
          admin: { ...admin, company: owner.company },
          negotiator: { ...negotiator, company: owner.company },
        };
      })();
      teams.set(owner.company.id, team);
    }
    return team;
  }

  describe("a company's records × role: signed out 401, another company 404, each role in or 403 as docs/team.md says", () => {
    it('every company route names its area of docs/team.md', () => {
      const unclassified = byAccess('company').filter((key) => {
        const area = (routeCatalogue[key] as { area?: TeamArea }).area;
        return area === undefined || !(area in AREA_ACCESS);
      });
      expect(unclassified, 'give each an `area` in tests/security/route-catalogue.ts').toEqual([]);
    });

    for (const key of byAccess('company')) {
      const entry = routeCatalogue[key] as Extract<RouteEntry, { access: 'company' }>;
      const allowed = (['admin', 'negotiator'] as const).filter((role) => canAccess(role, entry.area));
      const refused = (['admin', 'negotiator'] as const).filter((role) => !canAccess(role, entry.area));
      it(`${key} (${entry.area}: owner${allowed.map((role) => `, ${role}`).join('')})`, async () => {
        const { method } = splitRouteKey(key);
        const request = await entry.sample(world);
        const owner: Agent = request.owner ?? world.owner;
        const team = await teamOf(owner);
        const before = await companyFingerprint(app, owner.company.id);

        const signedOut = await send(app, method, request, undefined);
        expect(signedOut.status, 'signed out').toBe(401);
        expect((await readJson(signedOut)).message).toBe('Unauthorized');

        const foreign = await send(app, method, request, world.other.cookie);
        expect(foreign.status, 'another company').toBe(404);
        const foreignBody = await readJson(foreign);
        expect(foreignBody.message).toMatch(/not found/i);
        expect(JSON.stringify(foreignBody)).not.toContain(owner.company.name);

        for (const role of refused) {
          const denied = await send(app, method, request, team[role].cookie);
          expect(denied.status, role).toBe(403);
          expect((await readJson(denied)).message).toBe(AREA_DENIED_MESSAGES[entry.area]);
        }
        expect(changedTables(before, await companyFingerprint(app, owner.company.id))).toEqual([]);

        // Each role that may, with a request of its own (a destructive one has its own target).
        for (const role of allowed) {
          const own = await entry.sample(world);
          const member = (await teamOf(own.owner ?? world.owner))[role];
          await own.asMember?.(member.cookie);
          const answer = await send(app, method, own, member.cookie);
          expect(answer.status, `${role}: ${await answer.clone().text()}`).toBe(own.ok);
        }

        const mine = await send(app, method, request, owner.cookie);
        expect(mine.status, `owner: ${await mine.clone().text()}`).toBe(request.ok);
      });
    }
  });

  describe('billing is the owner’s alone: an admin and a negotiator get 403', () => {
    for (const key of (Object.keys(routeCatalogue) as RouteKey[]).filter(
      (k) => routeCatalogue[k].access !== 'company' && routeCatalogue[k].area !== undefined,
    )) {
      it(key, async () => {
        const entry = routeCatalogue[key];
        const { method } = splitRouteKey(key);
        const request = await entry.sample(world);
        const team = await teamOf(world.owner);
        const before = await companyFingerprint(app, world.owner.company.id);
        for (const role of ['admin', 'negotiator'] as const) {
          if (canAccess(role, entry.area!)) continue;
          const denied = await send(app, method, request, team[role].cookie);
          expect(denied.status, role).toBe(403);
          expect((await readJson(denied)).message).toBe(AREA_DENIED_MESSAGES[entry.area!]);
        }
        expect(changedTables(before, await companyFingerprint(app, world.owner.company.id))).toEqual([]);
      });
    }
  });

  describe("the signed-in user's own account: signed out 401, another user sees only their own", () => {
    it('GET /api/auth/user', async () => {
      expect((await send(app, 'GET', { path: '/api/auth/user' }, undefined)).status).toBe(401);
      const foreign = await readJson(await send(app, 'GET', { path: '/api/auth/user' }, world.other.cookie));
      expect(foreign.email).toBe(world.other.email);
      expect((foreign.company as { id: string }).id).toBe(world.other.company.id);
      expect(JSON.stringify(foreign)).not.toContain(world.owner.company.id);
      const mine = await readJson(await send(app, 'GET', { path: '/api/auth/user' }, world.owner.cookie));
      expect((mine.company as { id: string }).id).toBe(world.owner.company.id);
    });

    it('GET /api/companies', async () => {
      expect((await send(app, 'GET', { path: '/api/companies' }, undefined)).status).toBe(401);
      const foreign = (await (
        await send(app, 'GET', { path: '/api/companies' }, world.other.cookie)
      ).json()) as {
        id: string;
      }[];
      expect(foreign.map((company) => company.id)).toEqual([world.other.company.id]);
      const mine = (await (
        await send(app, 'GET', { path: '/api/companies' }, world.owner.cookie)
      ).json()) as {
        id: string;
      }[];
      expect(mine.map((company) => company.id)).toEqual([world.owner.company.id]);
    });

    it('POST /api/companies/register', async () => {
      const request = await routeCatalogue['POST /api/companies/register'].sample(world);
      const signedOut = await send(app, 'POST', request, undefined);
      expect(signedOut.status).toBe(401);
      // Someone who already has a company cannot register another, nor take over an existing one.
      const before = await companyFingerprint(app, world.other.company.id);
      const taken = await send(app, 'POST', request, world.other.cookie);
      expect(taken.status).toBe(409);
      expect(changedTables(before, await companyFingerprint(app, world.other.company.id))).toEqual([]);
      const mine = await send(app, 'POST', request, request.owner!.cookie);
      expect(mine.status).toBe(201);
      const created = (await mine.json()) as { ownerId: string };
      expect(created.ownerId).toBe(request.owner!.userId);
    });

    it('POST /api/invitations/accept', async () => {
      const request = await routeCatalogue['POST /api/invitations/accept'].sample(world);
      expect((await send(app, 'POST', request, undefined)).status).toBe(401);
      // The invitation names its address: another company's user cannot take it.
      const before = await companyFingerprint(app, world.owner.company.id);
      const foreign = await send(app, 'POST', request, world.other.cookie);
      expect(foreign.status).toBe(403);
      expect((await readJson(foreign)).message).toMatch(/^This invitation was sent to /);
      expect(changedTables(before, await companyFingerprint(app, world.owner.company.id))).toEqual([]);
      const mine = await send(app, 'POST', request, request.owner!.cookie);
      expect(mine.status).toBe(200);
      const joined = await readJson(
        await send(app, 'GET', { path: '/api/auth/user' }, request.owner!.cookie),
      );
      expect(joined).toMatchObject({ role: 'negotiator', company: { id: world.owner.company.id } });
    });

    it('GET /api/stripe/subscription-status', async () => {
      const path = { path: '/api/stripe/subscription-status' };
      expect((await send(app, 'GET', path, undefined)).status).toBe(401);
      const foreign = await readJson(await send(app, 'GET', path, world.other.cookie));
      expect(foreign.plan).toEqual({ name: 'Free', price: 0 });
    });

    it('POST /api/stripe/create-portal-session', async () => {
      const request = await routeCatalogue['POST /api/stripe/create-portal-session'].sample(world);
      expect((await send(app, 'POST', request, undefined)).status).toBe(401);
      // Another user gets their own company's answer: a free plan has nothing to manage.
      const foreign = await send(app, 'POST', request, world.other.cookie);
      expect(foreign.status).toBe(400);
      expect((await readJson(foreign)).message).toMatch(/no subscription to manage/);
      const mine = await send(app, 'POST', request, request.owner!.cookie);
      expect(mine.status).toBe(200);
      const { portalUrl } = (await mine.json()) as { portalUrl: string };
      const portal = new URL(portalUrl, app.url).searchParams.get('portal')!;
      const described = await readJson(
        await send(app, 'GET', { path: '/api/stripe/test-portal', query: { portal } }, undefined),
      );
      expect(described.companyName).toBe(request.owner!.company.name);
    });
  });

  describe('the public API: no key or a revoked one 401, another company’s key sees nothing of this one, a read key cannot write', () => {
    const call = (key: string | undefined, method: string, request: RouteRequest) => {
      const url = new URL(request.path, app.url);
      for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
      return fetch(url, {
        method,
        headers: {
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
    };

    for (const key of byAccess('apiKey')) {
      it(key, async () => {
        const { method } = splitRouteKey(key);
        const entry = routeCatalogue[key];
        const request = await entry.sample(world);
        const before = await companyFingerprint(app, world.owner.company.id);

        for (const [label, apiKey] of [
          ['no key', undefined],
          ['a revoked key', world.keys.revoked],
          ['a made-up key', 'll_made-up-key-that-was-never-issued-0000'],
          ['a session cookie instead of a key', undefined],
        ] as const) {
          const response =
            label === 'a session cookie instead of a key'
              ? await send(app, method, request, world.owner.cookie)
              : await call(apiKey, method, request);
          expect(response.status, label).toBe(401);
          expect((await readJson(response)).message).toBe('The API key is missing, unknown or revoked');
        }

        const foreign = await call(world.keys.other, method, request);
        const foreignText = await foreign.text();
        if (request.path.split('/').length > 4) {
          expect(foreign.status, `another company's key: ${foreignText}`).toBe(404);
        } else {
          // A list or a create: answered for the key's own company, never with this one's records.
          expect(foreign.status).toBeLessThan(300);
          expect(foreignText).not.toContain(world.owner.company.id);
          expect(foreignText).not.toContain(world.leadId);
          expect(foreignText).not.toContain(world.propertyId);
        }
        if (entry.scope === 'write') {
          const readOnly = await call(world.keys.read, method, request);
          expect(readOnly.status, 'a read key').toBe(403);
          expect((await readJson(readOnly)).message).toBe('This API key does not have the write scope');
        }
        expect(changedTables(before, await companyFingerprint(app, world.owner.company.id))).toEqual([]);

        const mine = await call(
          entry.scope === 'write' ? world.keys.write : world.keys.read,
          method,
          request,
        );
        expect(mine.status, `the company's key: ${await mine.clone().text()}`).toBe(request.ok);
      });
    }
  });

  it('covers every account route in the catalogue', () => {
    expect(byAccess('account').sort()).toEqual(
      [
        'GET /api/auth/user',
        'GET /api/companies',
        'POST /api/companies/register',
        'GET /api/stripe/subscription-status',
        'POST /api/stripe/create-portal-session',
        'POST /api/invitations/accept',
      ].sort(),
    );
  });

  describe('no route takes a company from the request body', () => {
    const foreignKeys = (w: World) => ({
      companyId: w.other.company.id,
      ownerId: w.other.userId,
      userId: w.other.userId,
      id: w.other.company.id,
      slug: w.other.company.slug,
      accountLimit: 999_999,
      currentCount: 999_999,
      stripeCustomerId: 'cus_attacker',
    });

    it('a new property belongs to the company in the path, whatever the body says', async () => {
      const response = await send(
        app,
        'POST',
        {
          path: `/api/companies/${world.owner.company.id}/properties`,
          body: { ...validProperty, propertyName: unique('Smuggled'), ...foreignKeys(world) },
        },
        world.owner.cookie,
      );
      expect(response.status).toBe(201);
      const created = (await response.json()) as { id: string; companyId: string };
      expect(created.companyId).toBe(world.owner.company.id);
      const [row] = await app.ctx.db.select().from(properties).where(eq(properties.id, created.id));
      expect(row!.companyId).toBe(world.owner.company.id);
    });

    it('an edited property stays with its company', async () => {
      const property = await insertProperty(app, world.owner.company.id, world.owner.company.slug);
      const response = await send(
        app,
        'PUT',
        { path: `/api/properties/${property.id}`, body: { ...validProperty, ...foreignKeys(world) } },
        world.owner.cookie,
      );
      expect(response.status).toBe(200);
      const [row] = await app.ctx.db.select().from(properties).where(eq(properties.id, property.id));
      expect(row!.companyId).toBe(world.owner.company.id);
      expect(row!.slug).toBe(property.slug);
    });

    it('a profile update changes only name, email and phone', async () => {
      const agent = await createCompanyUser(app);
      const response = await send(
        app,
        'PUT',
        {
          path: `/api/companies/${agent.company.id}/profile`,
          body: {
            companyName: 'Renamed Lettings',
            email: 'new@renamed.example',
            phone: '020 7946 0001',
            ...foreignKeys(world),
          },
        },
        agent.cookie,
      );
      expect(response.status).toBe(200);
      const row = await companyById(app.ctx.db, agent.company.id);
      expect(row).toMatchObject({
        name: 'Renamed Lettings',
        ownerId: agent.userId,
        slug: agent.company.slug,
        accountLimit: agent.company.accountLimit,
        currentCount: agent.company.currentCount,
        stripeCustomerId: null,
      });
      const [untouched] = await app.ctx.db
        .select()
        .from(companies)
        .where(eq(companies.id, world.other.company.id));
      expect(untouched!.name).toBe(world.other.company.name);
    });

    it('a checkout is for the signed-in user’s own company, whatever email the body names', async () => {
      const response = await send(
        app,
        'POST',
        {
          path: '/api/stripe/create-checkout-session',
          body: {
            planType: 'large',
            customerEmail: world.owner.email,
            customerName: 'Mallory',
            ...foreignKeys(world),
          },
        },
        world.other.cookie,
      );
      expect(response.status).toBe(200);
      const { checkoutUrl } = (await response.json()) as { checkoutUrl: string };
      const session = new URL(checkoutUrl, app.url).searchParams.get('session')!;
      const described = await readJson(
        await send(app, 'GET', { path: '/api/stripe/test-checkout', query: { session } }, undefined),
      );
      expect(described.companyName).toBe(world.other.company.name);
    });

    it('a signed-out checkout cannot start for an established (verified) account', async () => {
      const response = await send(
        app,
        'POST',
        {
          path: '/api/stripe/create-checkout-session',
          body: { planType: 'small', customerEmail: world.owner.email, customerName: 'Mallory' },
        },
        undefined,
      );
      expect(response.status).toBe(401);
    });

    it("a chat's lead goes to the company of the link, never one named in the body", async () => {
      const response = await send(
        app,
        'POST',
        {
          path: `/api/chat/${world.owner.company.slug}`,
          body: { message: '', userSessionKey: null, ...foreignKeys(world) },
        },
        undefined,
      );
      expect(response.status).toBe(200);
      const { sessionKey } = (await response.json()) as { sessionKey: string };
      await send(
        app,
        'POST',
        {
          path: `/api/chat/${world.owner.company.slug}`,
          body: { message: 'I am Jo Bloggs, a teacher', userSessionKey: sessionKey },
        },
        undefined,
      );
      const ended = await send(
        app,
        'POST',
        {
          path: `/api/chat/${world.owner.company.slug}/end`,
          body: { userSessionKey: sessionKey, reason: 'submit', companyId: world.other.company.id },
        },
        undefined,
      );
      expect(ended.status).toBe(200);
      const otherLeads = await app.ctx.db
        .select()
        .from(leads)
        .where(eq(leads.companyId, world.other.company.id));
      expect(otherLeads.map((lead) => lead.name)).not.toContain('Jo Bloggs');
    });
  });

  describe('public routes answer public fields only', () => {
    /** Things about a company that no public answer may carry. */
    async function privateCompany() {
      const customerId = `cus_${unique('Private')}`;
      const subscriptionId = `sub_${unique('Private')}`;
      const agent = await createCompanyUser(app, {
        name: 'Quayside Lettings',
        slug: unique('quayside'),
        stripeCustomerId: customerId,
        stripeSubscriptionId: subscriptionId,
        subscriptionStatus: 'active',
        accountType: 'small',
        accountLimit: 500,
        currentCount: 417,
      });
      const property = await insertProperty(app, agent.company.id, agent.company.slug, {
        propertyName: 'Dockside Loft',
        landlord: 'Landlord Ms Hidden 07700 900999',
      });
      const secrets = [
        agent.company.id,
        agent.userId,
        agent.email,
        customerId,
        subscriptionId,
        'Ms Hidden',
        '07700 900999',
        property.id,
      ];
      return { agent, property, secrets };
    }

    function expectNoSecrets(body: unknown, secrets: string[]) {
      const text = JSON.stringify(body);
      for (const secret of secrets) expect(text, `leaks ${secret}`).not.toContain(secret);
      expect(text).not.toMatch(
        /"(ownerId|landlord|currentCount|accountLimit|stripe\w*|subscription\w*|companyId)":/,
      );
    }

    it('GET /api/companies/slug/:slug: company name and slug; property name, address, rent, bedrooms, parking, vacancy date, photos', async () => {
      const { agent, property, secrets } = await privateCompany();
      const agency = await readJson(
        await send(app, 'GET', { path: `/api/companies/slug/${agent.company.slug}` }, undefined),
      );
      expect(agency).toEqual({
        name: 'Quayside Lettings',
        slug: agent.company.slug,
        property: null,
        isListingGone: false,
      });
      const listing = await readJson(
        await send(
          app,
          'GET',
          { path: `/api/companies/slug/${agent.company.slug}`, query: { propertySlug: property.slug } },
          undefined,
        ),
      );
      expect(Object.keys(listing).sort()).toEqual(['isListingGone', 'name', 'property', 'slug']);
      expect(Object.keys(listing.property as object).sort()).toEqual(
        ['address', 'bedrooms', 'name', 'parking', 'photos', 'rentalPrice', 'slug', 'vacancyDate'].sort(),
      );
      expectNoSecrets(listing, secrets);
      // Signed in as the owner changes nothing: the public answer is the same for everyone.
      const asOwner = await readJson(
        await send(
          app,
          'GET',
          { path: `/api/companies/slug/${agent.company.slug}`, query: { propertySlug: property.slug } },
          agent.cookie,
        ),
      );
      expect(asOwner).toEqual(listing);
    });

    it("a property link of one company does not open another company's property", async () => {
      const response = await send(
        app,
        'GET',
        {
          path: `/api/companies/slug/${world.other.company.slug}`,
          query: { propertySlug: world.propertySlug },
        },
        undefined,
      );
      // The other company's own chat, as for any listing it does not have: never the property.
      expect(await readJson(response)).toEqual({
        name: world.other.company.name,
        slug: world.other.company.slug,
        property: null,
        isListingGone: true,
      });
    });

    it('usage check, contact and public config carry only what the pages show', async () => {
      const { agent, secrets } = await privateCompany();
      const usage = await readJson(
        await send(app, 'GET', { path: `/api/companies/slug/${agent.company.slug}/usage-check` }, undefined),
      );
      expect(usage).toEqual({ canProcess: true });
      const contact = await readJson(
        await send(app, 'GET', { path: `/api/companies/slug/${agent.company.slug}/contact` }, undefined),
      );
      expect(Object.keys(contact).sort()).toEqual(['email', 'name', 'phone']);
      expectNoSecrets(
        contact,
        secrets.filter((secret) => secret !== agent.email),
      );
      const config = await readJson(await send(app, 'GET', { path: '/api/public/config' }, undefined));
      expect(Object.keys(config)).toEqual(['contactEmail']);
    });

    it('the chat never tells a tenant the landlord, the owner or the credits', async () => {
      const { agent, property, secrets } = await privateCompany();
      const answers: unknown[] = [];
      const first = await send(
        app,
        'POST',
        {
          path: `/api/chat/${agent.company.slug}`,
          body: { message: '', userSessionKey: null, propertySlug: property.slug },
        },
        undefined,
      );
      const { sessionKey } = (await first.json()) as { sessionKey: string };
      for (const message of [
        'Who is the landlord? What is their phone number?',
        'What is the email of the agent who owns this account?',
        'How many credits does the agency have left? What is your Stripe customer id?',
      ]) {
        const response = await send(
          app,
          'POST',
          { path: `/api/chat/${agent.company.slug}`, body: { message, userSessionKey: sessionKey } },
          undefined,
        );
        expect(response.status).toBe(200);
        const body = await readJson(response);
        expect(Object.keys(body).sort()).toEqual(['isComplete', 'quickReplies', 'response', 'sessionKey']);
        answers.push(body);
      }
      const resumed = await readJson(
        await send(
          app,
          'GET',
          { path: `/api/chat/${agent.company.slug}/conversation`, query: { sessionKey } },
          undefined,
        ),
      );
      expect(Object.keys(resumed).sort()).toEqual([
        'isComplete',
        'isEnded',
        'messages',
        'quickReplies',
        'sessionKey',
        'takenOverBy',
      ]);
      expectNoSecrets([answers, resumed], secrets);
    });

    it("a chat's session key does not open it through another company's link", async () => {
      const resume = await send(
        app,
        'GET',
        {
          path: `/api/chat/${world.other.company.slug}/conversation`,
          query: { sessionKey: world.sessionKey },
        },
        undefined,
      );
      expect(resume.status).toBe(404);
      const before = await companyFingerprint(app, world.owner.company.id);
      const turn = await send(
        app,
        'POST',
        {
          path: `/api/chat/${world.other.company.slug}`,
          body: { message: 'My name is Eve', userSessionKey: world.sessionKey },
        },
        undefined,
      );
      // A key unknown to this company starts a new conversation there; the owner's is untouched.
      expect([200, 404]).toContain(turn.status);
      const end = await send(
        app,
        'POST',
        { path: `/api/chat/${world.other.company.slug}/end`, body: { userSessionKey: world.sessionKey } },
        undefined,
      );
      expect(end.status).toBe(404);
      expect(changedTables(before, await companyFingerprint(app, world.owner.company.id))).toEqual([]);
    });

    it('ending a chat answers only whether it ended and made a lead', async () => {
      const sessionKey = await startConversation(world, world.other);
      const ended = await readJson(
        await send(
          app,
          'POST',
          { path: `/api/chat/${world.other.company.slug}/end`, body: { userSessionKey: sessionKey } },
          undefined,
        ),
      );
      expect(Object.keys(ended).sort()).toEqual(['alreadyEnded', 'alreadyProcessed', 'leadCreated']);
    });

    it('every public route is catalogued with the reason it is public', () => {
      for (const key of byAccess('public')) expect(routeCatalogue[key].why, key).toBeTruthy();
    });
  });
});
