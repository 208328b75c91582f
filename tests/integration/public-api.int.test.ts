import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, conversations, leadActivity, leads, viewings } from '#server/db/schema.ts';
import { browserFetch, createTestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertLead, insertProperty, unique } from '#tests/helpers/factories.ts';
import { sendAtOnce } from '#tests/helpers/race.ts';
import { setUpCompanyUser, setUpTestApp } from '#tests/helpers/suite.ts';
import { listRoutes } from '#tests/security/route-table.ts';

const validProperty = {
  propertyName: '3 Bed House, Oak Lane',
  propertyAddress: '3 Oak Lane, York YO10 4AB',
  propertyRentalPrice: '£1,450 pcm',
  numberOfBedrooms: 3,
  parkingSpace: 'Driveway',
  vacancyDate: '1/10/27',
  landlord: 'Mr Green',
};

type Agent = Awaited<ReturnType<typeof createCompanyUser>>;

describe('API keys and the public API', () => {
  const app = setUpTestApp({ RATE_LIMIT_PUBLIC_API_PER_MINUTE: '1000' });
  const owner = setUpCompanyUser(app, { name: 'Harbour Lettings' });
  const other = setUpCompanyUser(app, { name: 'Meadow Homes' });

  async function createKey(agent: Agent, scopes: string[], name = unique('Key')) {
    const response = await browserFetch(
      app,
      'POST',
      `/api/companies/${agent.company.id}/api-keys`,
      agent.cookie,
      { name, scopes },
    );
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: string; key: string; start: string; scopes: string[] };
  }

  const api = (key: string, path: string, init: RequestInit = {}) =>
    fetch(`${app.url}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${key}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });

  it('shows a new key once, keeps only its hash, and lists it without the key', async () => {
    const created = await createKey(owner, ['read'], 'Zapier');
    expect(created.key).toMatch(/^ll_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.start)).toBe(true);
    const [stored] = await app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(stored)).not.toContain(created.key);

    const list = await browserFetch(app, 'GET', `/api/companies/${owner.company.id}/api-keys`, owner.cookie);
    const keys = (await list.json()) as { id: string; name: string; lastUsedAt: string | null }[];
    expect(JSON.stringify(keys)).not.toContain(created.key);
    const listed = keys.find((key) => key.id === created.id)!;
    expect(listed.name).toBe('Zapier');
    expect(listed.lastUsedAt).toBeNull();

    expect((await api(created.key, '/api/v1/leads')).status).toBe(200);
    const after = (await (
      await browserFetch(app, 'GET', `/api/companies/${owner.company.id}/api-keys`, owner.cookie)
    ).json()) as { id: string; lastUsedAt: string | null }[];
    expect(after.find((key) => key.id === created.id)!.lastUsedAt).not.toBeNull();
  });

  it('never lets keys made at the same moment pass the limit of 20 live keys', async () => {
    const agent = await createCompanyUser(app, { name: unique('Busy Lettings') });
    await app.ctx.db.insert(apiKeys).values(
      Array.from({ length: 18 }, (_, index) => ({
        companyId: agent.company.id,
        name: `Existing ${index}`,
        scopes: ['read'],
        keyHash: unique(`existing-hash-${index}`),
        start: 'll_exist',
        createdBy: agent.userId,
      })),
    );
    const responses = await sendAtOnce(app, { table: 'api_keys', count: 4 }, (index) =>
      browserFetch(app, 'POST', `/api/companies/${agent.company.id}/api-keys`, agent.cookie, {
        name: `At once ${index}`,
        scopes: ['read'],
      }),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await response.json()).toEqual({
        message: 'A company can have at most 20 API keys; revoke one first',
      });
    }
    const list = await browserFetch(app, 'GET', `/api/companies/${agent.company.id}/api-keys`, agent.cookie);
    expect(await list.json()).toHaveLength(20);
  });

  it('refuses a key request with no name or scope, naming the field', async () => {
    const response = await browserFetch(
      app,
      'POST',
      `/api/companies/${owner.company.id}/api-keys`,
      owner.cookie,
      { name: ' ', scopes: [] },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors.name).toBe('Key name is required');
    expect(body.errors.scopes).toBe('Choose at least one scope');
  });

  it('a read key lists leads and cannot change anything (403)', async () => {
    const { key } = await createKey(owner, ['read']);
    await insertLead(app.ctx.db, owner.company.id, { name: 'Read Key Tenant' });
    const list = await api(key, '/api/v1/leads');
    expect(list.status).toBe(200);
    const { data } = (await list.json()) as { data: { name: string }[] };
    expect(data.map((lead) => lead.name)).toContain('Read Key Tenant');

    const create = await api(key, '/api/v1/properties', {
      method: 'POST',
      body: JSON.stringify(validProperty),
    });
    expect(create.status).toBe(403);
    expect(await create.json()).toEqual({ message: 'This API key does not have the write scope' });
  });

  it('a write key creates and updates properties through the app’s own rules', async () => {
    const { key } = await createKey(owner, ['read', 'write']);
    const created = await api(key, '/api/v1/properties', {
      method: 'POST',
      body: JSON.stringify(validProperty),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const property = (await created.json()) as {
      id: string;
      companyId: string;
      vacancyDate: string;
      chatbotUrl: string;
    };
    expect(property.companyId).toBe(owner.company.id);
    // The app's schema: the short date is stored in full.
    expect(property.vacancyDate).toBe('01/10/2027');
    expect(property.chatbotUrl).toContain(`/chatbot/${owner.company.slug}/`);

    const updated = await api(key, `/api/v1/properties/${property.id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...validProperty, propertyRentalPrice: '£1,500 pcm' }),
    });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { propertyRentalPrice: string }).propertyRentalPrice).toBe(
      '£1,500 pcm',
    );

    const invalid = await api(key, '/api/v1/properties', {
      method: 'POST',
      body: JSON.stringify({ ...validProperty, numberOfBedrooms: -1 }),
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { message: string }).message).toBe(
      'Number of bedrooms must be 0 or greater',
    );

    const list = (await (await api(key, '/api/v1/properties')).json()) as { data: { id: string }[] };
    expect(list.data.map((p) => p.id)).toContain(property.id);
  });

  it("another company's key never sees this company's data", async () => {
    const lead = await insertLead(app.ctx.db, owner.company.id, { name: 'Private Tenant' });
    const property = await insertProperty(app, owner.company.id, owner.company.slug);
    const { key } = await createKey(other, ['read', 'write']);

    const list = (await (await api(key, '/api/v1/leads?limit=100')).json()) as { data: { id: string }[] };
    expect(list.data.map((l) => l.id)).not.toContain(lead.id);
    expect((await api(key, `/api/v1/leads/${lead.id}`)).status).toBe(404);
    const properties = (await (await api(key, '/api/v1/properties')).json()) as { data: { id: string }[] };
    expect(properties.data.map((p) => p.id)).not.toContain(property.id);
    const update = await api(key, `/api/v1/properties/${property.id}`, {
      method: 'PUT',
      body: JSON.stringify(validProperty),
    });
    expect(update.status).toBe(404);
  });

  it('a revoked key gets 401, at once', async () => {
    const created = await createKey(owner, ['read']);
    expect((await api(created.key, '/api/v1/leads')).status).toBe(200);
    const revoke = await browserFetch(app, 'DELETE', `/api/api-keys/${created.id}`, owner.cookie);
    expect(revoke.status).toBe(200);
    expect(((await revoke.json()) as { revokedAt: string | null }).revokedAt).not.toBeNull();
    const refused = await api(created.key, '/api/v1/leads');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'The API key is missing, unknown or revoked' });
    expect((await fetch(`${app.url}/api/v1/leads`)).status).toBe(401);
    expect((await api('ll_not-a-key-at-all-but-long-enough', '/api/v1/leads')).status).toBe(401);
  });

  it('pages through leads oldest change first, and fetches only what changed since', async () => {
    const agent = await createCompanyUser(app, { name: 'Paging Lettings' });
    const { key } = await createKey(agent, ['read']);
    const property = await insertProperty(app, agent.company.id, agent.company.slug);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const lead = await insertLead(app.ctx.db, agent.company.id, {
        name: `Tenant ${i}`,
        // Five different tenants: one tenant's enquiries about one property within a day are one lead.
        contactNumber: `+44770090012${i}`,
        propertyId: i % 2 === 0 ? property.id : null,
      });
      ids.push(lead.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = (await (await api(key, `/api/v1/leads${query}`)).json()) as {
        data: { id: string; updatedAt: string }[];
        nextCursor: string | null;
      };
      seen.push(...page.data.map((lead) => lead.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);

    const mark = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await app.ctx.db.update(leads).set({ profession: 'Teacher' }).where(eq(leads.id, ids[1]!));
    const changed = (await (
      await api(key, `/api/v1/leads?updatedSince=${encodeURIComponent(mark)}`)
    ).json()) as { data: { id: string; profession: string }[] };
    expect(changed.data.map((lead) => [lead.id, lead.profession])).toEqual([[ids[1], 'Teacher']]);

    const forProperty = (await (await api(key, `/api/v1/leads?propertyId=${property.id}`)).json()) as {
      data: { id: string }[];
    };
    expect(forProperty.data.map((lead) => lead.id)).toEqual([ids[0], ids[2], ids[4]]);

    const bad = await api(key, '/api/v1/leads?limit=500&updatedSince=yesterday');
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { errors: Record<string, string> };
    expect(badBody.errors.limit).toBe('limit must be a number from 1 to 100');
    expect(badBody.errors.updatedSince).toBe('updatedSince must be an ISO 8601 date and time');
    expect((await api(key, '/api/v1/leads?cursor=made-up')).status).toBe(400);
  });

  it('gives each lead its status, source and latest viewing, in the list and on its own', async () => {
    const agent = await createCompanyUser(app, { name: 'Booking Lettings' });
    const { key } = await createKey(agent, ['read']);
    const property = await insertProperty(app, agent.company.id, agent.company.slug);
    const [conversation] = await app.ctx.db
      .insert(conversations)
      .values({ companyId: agent.company.id, propertyId: property.id, sessionKey: unique('session') })
      .returning();
    const startsAt = new Date('2031-06-14T09:30:00.000Z');
    await app.ctx.db.insert(viewings).values({
      companyId: agent.company.id,
      conversationId: conversation!.id,
      propertyId: property.id,
      propertyName: property.propertyName,
      propertyAddress: property.propertyAddress,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 20 * 60_000),
      manageToken: unique('token'),
      tenantName: 'Nia Evans',
    });
    const booked = await insertLead(app.ctx.db, agent.company.id, {
      name: 'Nia Evans',
      conversationId: conversation!.id,
      status: 'viewing_booked',
      source: 'zoopla',
    });
    const unbooked = await insertLead(app.ctx.db, agent.company.id, {
      name: 'Owen Price',
      contactNumber: '+447700900777',
      personRequested: true,
    });

    const list = (await (await api(key, '/api/v1/leads')).json()) as { data: Record<string, unknown>[] };
    // A tenant who asked to speak to a person is marked; the others say false, never absent.
    expect(list.data.find((lead) => lead.id === unbooked.id)?.personRequested).toBe(true);
    expect(list.data.find((lead) => lead.id === booked.id)?.personRequested).toBe(false);
    const openApi = (await (await fetch(`${app.url}/api/v1/openapi.json`)).json()) as {
      components: { schemas: { Lead: { properties: Record<string, unknown>; required: string[] } } };
    };
    expect(openApi.components.schemas.Lead.properties.personRequested).toMatchObject({ type: 'boolean' });
    expect(openApi.components.schemas.Lead.required).toContain('personRequested');
    const shape = (lead: Record<string, unknown> | undefined) => ({
      status: lead?.status,
      source: lead?.source,
      viewingAt: lead?.viewingAt,
      viewingStatus: lead?.viewingStatus,
    });
    const expected = {
      status: 'viewing_booked',
      source: 'zoopla',
      viewingAt: '2031-06-14T09:30:00.000Z',
      viewingStatus: 'booked',
    };
    expect(shape(list.data.find((lead) => lead.id === booked.id))).toEqual(expected);
    expect(shape(list.data.find((lead) => lead.id === unbooked.id))).toEqual({
      status: 'new',
      source: null,
      viewingAt: null,
      viewingStatus: null,
    });
    expect(shape(await (await api(key, `/api/v1/leads/${booked.id}`)).json())).toEqual(expected);

    // The dashboard's lead says the same.
    const detail = await browserFetch(app, 'GET', `/api/leads/${booked.id}`, agent.cookie);
    expect(shape(await detail.json())).toEqual(expected);
  });

  it('a write key moves a lead along the pipeline; the dashboard shows it; a read key gets 403', async () => {
    const lead = await insertLead(app.ctx.db, owner.company.id, { name: unique('Pipeline Tenant') });
    const { key: writeKey } = await createKey(owner, ['read', 'write']);
    const { key: readKey } = await createKey(owner, ['read']);
    const patch = (key: string, body: unknown) =>
      api(key, `/api/v1/leads/${lead.id}`, { method: 'PATCH', body: JSON.stringify(body) });

    const refused = await patch(readKey, { status: 'contacted' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'This API key does not have the write scope' });

    const moved = await patch(writeKey, { status: 'contacted' });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(((await moved.json()) as { status: string }).status).toBe('contacted');
    const read = (await (await api(readKey, `/api/v1/leads/${lead.id}`)).json()) as { status: string };
    expect(read.status).toBe('contacted');
    const inApp = await browserFetch(app, 'GET', `/api/leads/${lead.id}`, owner.cookie);
    expect(((await inApp.json()) as { status: string }).status).toBe('contacted');
    // The activity records the change, made by the system rather than a person.
    const activity = await app.ctx.db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id));
    expect(activity.map((entry) => [entry.kind, entry.actorUserId, entry.detail])).toEqual([
      ['status_changed', null, { from: 'new', to: 'contacted' }],
    ]);

    // The dashboard's own rules and messages.
    const noReason = await patch(writeKey, { status: 'lost' });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { message: string }).message).toBe('A lost lead needs a reason.');
    const badStatus = await patch(writeKey, { status: 'archived' });
    expect(badStatus.status).toBe(400);
    expect(((await badStatus.json()) as { message: string }).message).toBe(
      'Status must be one of: new, contacted, viewing_booked, viewed, applied, let, lost.',
    );
    const lost = await patch(writeKey, { status: 'lost', lostReason: 'Found another flat' });
    expect(await lost.json()).toMatchObject({ status: 'lost', lostReason: 'Found another flat' });

    // Another company's key: as if the lead did not exist, and nothing changes.
    const { key: foreignKey } = await createKey(other, ['read', 'write']);
    const foreign = await patch(foreignKey, { status: 'new' });
    expect(foreign.status).toBe(404);
    expect(
      (await (await api(readKey, `/api/v1/leads/${lead.id}`)).json()) as { status: string },
    ).toMatchObject({
      status: 'lost',
    });
    expect((await patch(writeKey, { status: 'new' })).status).toBe(200);
    expect(
      (await api(writeKey, '/api/v1/leads/not-a-lead', { method: 'PATCH', body: '{"status":"new"}' })).status,
    ).toBe(404);
  });

  it('filters leads by status, checked against the pipeline’s statuses', async () => {
    const agent = await createCompanyUser(app, { name: 'Status Lettings' });
    const { key } = await createKey(agent, ['read']);
    const fresh = await insertLead(app.ctx.db, agent.company.id, {
      name: 'Fresh',
      contactNumber: '+447700900201',
    });
    const called = await insertLead(app.ctx.db, agent.company.id, {
      name: 'Called',
      contactNumber: '+447700900202',
    });
    await app.ctx.db.update(leads).set({ status: 'contacted' }).where(eq(leads.id, called.id));

    const contacted = (await (await api(key, '/api/v1/leads?status=contacted')).json()) as {
      data: { id: string }[];
    };
    expect(contacted.data.map((lead) => lead.id)).toEqual([called.id]);
    const news = (await (await api(key, '/api/v1/leads?status=new')).json()) as { data: { id: string }[] };
    expect(news.data.map((lead) => lead.id)).toEqual([fresh.id]);

    const bad = await api(key, '/api/v1/leads?status=archived');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.status).toBe(
      'Status must be one of: new, contacted, viewing_booked, viewed, applied, let, lost.',
    );
  });

  it('lists the company’s viewings by start, between from and to, a page at a time', async () => {
    const agent = await createCompanyUser(app, { name: 'Viewing Lettings' });
    const property = await insertProperty(app, agent.company.id, agent.company.slug);
    const { key } = await createKey(agent, ['read']);
    const day = (offset: number, hour: number) => new Date(Date.UTC(2031, 5, 10 + offset, hour, 0, 0));
    const insertViewing = async (
      companyId: string,
      startsAt: Date,
      status: 'booked' | 'cancelled' = 'booked',
    ) => {
      const [row] = await app.ctx.db
        .insert(viewings)
        .values({
          companyId,
          propertyId: companyId === agent.company.id ? property.id : null,
          propertyName: property.propertyName,
          propertyAddress: property.propertyAddress,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          status,
          manageToken: unique('token'),
          tenantName: 'Sam Patel',
        })
        .returning();
      return row!;
    };
    const later = await insertViewing(agent.company.id, day(2, 10));
    const first = await insertViewing(agent.company.id, day(0, 16));
    const cancelled = await insertViewing(agent.company.id, day(1, 9), 'cancelled');
    const outside = await insertViewing(agent.company.id, day(9, 9));
    const foreign = await insertViewing(other.company.id, day(1, 11));

    const from = encodeURIComponent(day(0, 0).toISOString());
    const to = encodeURIComponent(day(5, 0).toISOString());
    const response = await api(key, `/api/v1/viewings?from=${from}&to=${to}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const list = (await response.json()) as {
      data: { id: string; status: string; startsAt: string; label: string; propertyId: string | null }[];
      nextCursor: string | null;
    };
    expect(list.data.map((viewing) => viewing.id)).toEqual([first.id, cancelled.id, later.id]);
    expect(list.data[0]).toMatchObject({
      status: 'booked',
      startsAt: '2031-06-10T17:00:00+01:00',
      label: 'Tue 10 Jun, 17:00',
      propertyId: property.id,
    });
    expect(list.data[1]!.status).toBe('cancelled');
    expect(list.nextCursor).toBeNull();
    expect(JSON.stringify(list)).not.toContain(foreign.id);
    expect(JSON.stringify(list)).not.toContain(outside.id);

    const page = (await (await api(key, `/api/v1/viewings?from=${from}&to=${to}&limit=2`)).json()) as {
      data: { id: string }[];
      nextCursor: string | null;
    };
    expect(page.data.map((viewing) => viewing.id)).toEqual([first.id, cancelled.id]);
    const rest = (await (
      await api(key, `/api/v1/viewings?from=${from}&to=${to}&limit=2&cursor=${page.nextCursor}`)
    ).json()) as { data: { id: string }[]; nextCursor: string | null };
    expect(rest).toEqual({ data: [expect.objectContaining({ id: later.id })], nextCursor: null });

    const bad = await api(key, '/api/v1/viewings?from=tomorrow');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.from).toBe(
      'from must be an ISO 8601 date and time',
    );
    const backwards = await api(key, `/api/v1/viewings?from=${to}&to=${from}`);
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { message: string }).message).toBe('to must be after from');
  });

  it('only the company’s owner manages its keys: another company gets 404', async () => {
    const created = await createKey(owner, ['read']);
    const foreign = await browserFetch(app, 'DELETE', `/api/api-keys/${created.id}`, other.cookie);
    expect(foreign.status).toBe(404);
    expect((await api(created.key, '/api/v1/leads')).status).toBe(200);
  });

  it('publishes a valid OpenAPI 3.1 document listing every /api/v1 route, and a reference page', async () => {
    const response = await fetch(`${app.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);

    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      )
      .sort();
    const served = listRoutes(app)
      .filter((key) => key.includes(' /api/v1/') && key !== 'GET /api/v1/openapi.json')
      .sort();
    expect(served.length).toBeGreaterThanOrEqual(5);
    expect(documented).toEqual(served);
    // Nothing outside the public API leaks into its document.
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/v1/'))).toBe(true);

    const page = await fetch(`${app.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('GET</span> /api/v1/leads');
    expect(html).not.toContain('<script');
  });

  it('rate limits each key on its own, with Retry-After', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PUBLIC_API_PER_MINUTE: '3' });
    try {
      const agent = await createCompanyUser(limited, { name: 'Busy Lettings' });
      const keyFor = async () => {
        const response = await browserFetch(
          limited,
          'POST',
          `/api/companies/${agent.company.id}/api-keys`,
          agent.cookie,
          { name: unique('Key'), scopes: ['read'] },
        );
        return ((await response.json()) as { key: string }).key;
      };
      const [busy, quiet] = [await keyFor(), await keyFor()];
      const call = (key: string) =>
        fetch(`${limited.url}/api/v1/leads`, { headers: { authorization: `Bearer ${key}` } });
      for (let i = 0; i < 3; i += 1) expect((await call(busy)).status).toBe(200);
      const refused = await call(busy);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/Too many requests/);
      expect((await call(quiet)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
