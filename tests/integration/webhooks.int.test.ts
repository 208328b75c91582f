import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { conversations, leads, webhookEndpoints, webhookMessages } from '#server/db/schema.ts';
import { storeInboundMail } from '#server/features/enquiries/ingest.ts';
import { readMail } from '#server/features/enquiries/read-mail.ts';
import { bookChatTime } from '#server/features/viewings/chat-booking.ts';
import { browserFetch, browserHeaders } from '#tests/helpers/app.ts';
import {
  createCompanyUser,
  insertLead,
  insertProperty,
  tenantFields,
  unique,
} from '#tests/helpers/factories.ts';
import { emailsTo } from '#tests/helpers/outbox.ts';
import { sendAtOnce } from '#tests/helpers/race.ts';
import { companyById } from '#tests/helpers/reads.ts';
import { setUpCompanyUser, setUpTestApp } from '#tests/helpers/suite.ts';

type Received = { headers: IncomingHttpHeaders; body: string };

/** A small webhook receiver: records every request, answers with the next status in its list. */
async function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/letlead`,
    received,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function verify(secret: string, delivery: Received) {
  return new Webhook(secret).verify(delivery.body, {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  }) as { type: string; timestamp: string; data: Record<string, unknown> };
}

/**
 * The receiver's `n`th delivery (counting from 1) once exactly `n` have arrived (they go out
 * through the job queue), with its signature checked against the endpoint's secret.
 */
async function delivery(receiver: Awaited<ReturnType<typeof startReceiver>>, n: number, secret: string) {
  await expect.poll(() => receiver.received.length, { timeout: 30_000, interval: 200 }).toBe(n);
  return verify(secret, receiver.received[n - 1]!);
}

type Agent = Awaited<ReturnType<typeof createCompanyUser>>;
type Delivery = {
  id: string;
  messageId: string;
  eventType: string;
  attempt: number;
  trigger: string;
  statusCode: number | null;
  durationMs: number | null;
  error: string | null;
};

describe('outgoing webhooks', () => {
  const app = setUpTestApp({ JOBS: 'true', WEBHOOK_RETRY_DELAYS: '1,1,1' });
  const owner = setUpCompanyUser(app, { name: 'Harbour Lettings' });
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];

  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.close();
  });

  const json = (agent: Agent) => ({
    ...browserHeaders(app, agent.cookie),
    'content-type': 'application/json',
  });

  const listEndpoints = (agent: Agent) =>
    browserFetch(app, 'GET', `/api/companies/${agent.company.id}/webhooks`, agent.cookie);

  async function createEndpoint(agent: Agent, url: string, events = ['lead.created']) {
    const response = await fetch(`${app.url}/api/companies/${agent.company.id}/webhooks`, {
      method: 'POST',
      headers: json(agent),
      body: JSON.stringify({ url, events }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: string; secret: string; enabled: boolean };
  }

  /** The agent moves a lead to `status` from the dashboard. */
  async function moveLead(agent: Agent, leadId: string, status: string) {
    const response = await fetch(`${app.url}/api/leads/${leadId}`, {
      method: 'PATCH',
      headers: json(agent),
      body: JSON.stringify({ status }),
    });
    expect(response.status).toBe(200);
  }

  async function deliveries(agent: Agent, endpointId: string): Promise<Delivery[]> {
    const response = await browserFetch(app, 'GET', `/api/webhooks/${endpointId}/deliveries`, agent.cookie);
    expect(response.status).toBe(200);
    return (await response.json()) as Delivery[];
  }

  async function chatToLead(agent: Agent) {
    const property = await insertProperty(app, agent.company.id, agent.company.slug);
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { sessionKey: string; leadCreated?: boolean };
    };
    const slug = agent.company.slug;
    const { sessionKey } = await post(`/api/chat/${slug}`, {
      message: '',
      userSessionKey: null,
      propertySlug: property.slug,
    });
    await post(`/api/chat/${slug}`, {
      message: '2 of us, both nurses, £58k together',
      userSessionKey: sessionKey,
    });
    await post(`/api/chat/${slug}`, { message: 'Sam Patel', userSessionKey: sessionKey });
    await post(`/api/chat/${slug}`, {
      message: 'sam.patel@example.com and 07700 900123',
      userSessionKey: sessionKey,
    });
    const ended = await post(`/api/chat/${slug}/end`, { userSessionKey: sessionKey, reason: 'submit' });
    expect(ended.leadCreated).toBe(true);
    const [lead] = await app.ctx.db.select().from(leads).where(eq(leads.companyId, agent.company.id));
    return lead!;
  }

  it('sends lead.created after a real chat, signed; a 500 is retried with the same webhook-id; the log shows both', async () => {
    const receiver = await startReceiver([500]);
    receivers.push(receiver);
    const endpoint = await createEndpoint(owner, receiver.url);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const lead = await chatToLead(owner);

    await expect.poll(() => receiver.received.length, { timeout: 30_000, interval: 200 }).toBe(2);
    const [first, second] = receiver.received as [Received, Received];
    const event = verify(endpoint.secret, first);
    expect(verify(endpoint.secret, second)).toEqual(event);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(String(first.headers['webhook-id'])).toMatch(/^msg_/);
    expect(event.type).toBe('lead.created');
    expect(event.data.id).toBe(lead.id);
    expect(event.data.name).toBe('Sam Patel');
    expect(event.data.email).toBe('sam.patel@example.com');
    expect(event.data.contactNumber).toBe('+447700900123');
    // No more than the lead itself: no transcript, no score workings, no company internals.
    expect(Object.keys(event.data)).not.toContain('transcript');
    expect(Object.keys(event.data)).not.toContain('conversationId');
    // A tampered body fails the reference library's check.
    expect(() =>
      verify(endpoint.secret, { ...second, body: second.body.replace('Sam Patel', 'Sam Smith') }),
    ).toThrow();

    await expect
      .poll(async () => (await deliveries(owner, endpoint.id)).filter((d) => d.durationMs !== null).length, {
        timeout: 10_000,
      })
      .toBe(2);
    const log = await deliveries(owner, endpoint.id);
    expect(log.map((d) => [d.attempt, d.statusCode, d.eventType, d.trigger])).toEqual([
      [2, 200, 'lead.created', 'automatic'],
      [1, 500, 'lead.created', 'automatic'],
    ]);
    expect(new Set(log.map((d) => d.messageId))).toEqual(new Set([first.headers['webhook-id']]));

    // Resend: the same event and webhook-id again, logged as the next attempt.
    const resent = await browserFetch(
      app,
      'POST',
      `/api/webhooks/${endpoint.id}/deliveries/${log[1]!.id}/resend`,
      owner.cookie,
    );
    expect(resent.status).toBe(200);
    expect(((await resent.json()) as Delivery).attempt).toBe(3);
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received[2]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(verify(endpoint.secret, receiver.received[2]!)).toEqual(event);

    // Erasing the lead erases the copies of it kept for retries and resends, and their log.
    const erased = await browserFetch(app, 'DELETE', `/api/leads/${lead.id}`, owner.cookie);
    expect(erased.status).toBe(204);
    expect(await deliveries(owner, endpoint.id)).toEqual([]);
    const kept = await app.ctx.db.select().from(webhookMessages).where(eq(webhookMessages.leadId, lead.id));
    expect(kept).toEqual([]);
  }, 60_000);

  /** A tenant's chat on a new property that books the first free slot. */
  type Slot = { startsAt: string; label: string };
  /** A tenant books in the chat: the first free time, or the one `pick` chooses. */
  async function bookInChat(agent: Agent, pick: (slots: Slot[]) => Slot | undefined = (slots) => slots[0]) {
    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '09:00', end: '18:00' }));
    const schedule = await fetch(`${app.url}/api/companies/${agent.company.id}/viewing-schedule`, {
      method: 'PUT',
      headers: json(agent),
      body: JSON.stringify({
        windows: everyDay,
        slotMinutes: 30,
        bufferMinutes: 0,
        minNoticeHours: 2,
        horizonDays: 14,
        partiesPerSlot: 1,
      }),
    });
    expect(schedule.status, await schedule.clone().text()).toBe(200);
    // Free now: viewings open 28 days before the vacancy date.
    const property = await insertProperty(app, agent.company.id, agent.company.slug, {
      vacancyDate: '01/01/2026',
    });
    const chat = await fetch(`${app.url}/api/chat/${agent.company.slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: '', userSessionKey: null, propertySlug: property.slug }),
    });
    const { sessionKey } = (await chat.json()) as { sessionKey: string };
    const [conversation] = await app.ctx.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.sessionKey, sessionKey));
    const slots = await fetch(
      `${app.url}/api/chat/${agent.company.slug}/slots?propertySlug=${property.slug}`,
    );
    const slot = pick(((await slots.json()) as { slots: Slot[] }).slots);

    const booking = await bookChatTime(app.ctx, {
      conversationId: conversation!.id,
      propertyId: property.id,
      time: slot!,
      fields: tenantFields({ propertyId: property.id, email: 'sarah.jones@example.com' }),
    });
    if (booking.kind !== 'booked') throw new Error(`not booked: ${booking.kind}`);
    return { property, conversation: conversation!, slot: slot!, viewing: booking.viewing };
  }

  it('sends lead.updated when a lead’s status changes, from the dashboard or the API, and nothing when it does not', async () => {
    const agent = await createCompanyUser(app, { name: 'Pipeline Lettings' });
    const receiver = await startReceiver();
    receivers.push(receiver);
    const endpoint = await createEndpoint(agent, receiver.url, ['lead.updated']);
    const lead = await insertLead(app.ctx.db, agent.company.id, { name: 'Alex Green' });

    await moveLead(agent, lead.id, 'contacted');
    const event = await delivery(receiver, 1, endpoint.secret);
    expect(event.type).toBe('lead.updated');
    expect(event.data).toMatchObject({ id: lead.id, name: 'Alex Green', status: 'contacted' });

    // The same status again changes nothing, and sends nothing.
    await moveLead(agent, lead.id, 'contacted');

    const created = await fetch(`${app.url}/api/companies/${agent.company.id}/api-keys`, {
      method: 'POST',
      headers: json(agent),
      body: JSON.stringify({ name: unique('Key'), scopes: ['read', 'write'] }),
    });
    const { key } = (await created.json()) as { key: string };
    const viaApi = await fetch(`${app.url}/api/v1/leads/${lead.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'lost', lostReason: 'Found another flat' }),
    });
    expect(viaApi.status).toBe(200);
    const second = await delivery(receiver, 2, endpoint.secret);
    expect(second.data).toMatchObject({ id: lead.id, status: 'lost', lostReason: 'Found another flat' });

    // A bulk change: one event for each lead that changed.
    const another = await insertLead(app.ctx.db, agent.company.id, {
      name: 'Jo Bloggs',
      contactNumber: '+447700900555',
    });
    const bulk = await fetch(`${app.url}/api/leads/bulk-status`, {
      method: 'POST',
      headers: json(agent),
      body: JSON.stringify({ ids: [lead.id, another.id], status: 'applied' }),
    });
    expect(await bulk.json()).toEqual({ updated: 2 });
    await expect.poll(() => receiver.received.length, { timeout: 30_000, interval: 200 }).toBe(4);
    const bulkEvents = receiver.received.slice(2).map((delivery) => verify(endpoint.secret, delivery));
    expect(bulkEvents.map((e) => [e.type, e.data.id, e.data.status]).sort()).toEqual(
      [
        ['lead.updated', lead.id, 'applied'],
        ['lead.updated', another.id, 'applied'],
      ].sort(),
    );
  });

  it('sends viewing.booked when a tenant books in the chat (no tenant details), then viewing.cancelled when the agent cancels', async () => {
    const agent = await createCompanyUser(app, { name: 'Viewing Lettings' });
    const receiver = await startReceiver();
    receivers.push(receiver);
    const endpoint = await createEndpoint(agent, receiver.url, ['viewing.booked', 'viewing.cancelled']);
    const { property, conversation, slot, viewing } = await bookInChat(agent);

    const event = await delivery(receiver, 1, endpoint.secret);
    expect(event.type).toBe('viewing.booked');
    expect(event.data).toEqual({
      id: viewing.id,
      status: 'booked',
      // Booked less than a day ahead: confirmed by its booking.
      confirmedAt: viewing.confirmedAt?.toISOString() ?? null,
      startsAt: viewing.startsAt.toISOString(),
      endsAt: viewing.endsAt.toISOString(),
      propertyId: property.id,
      propertyName: property.propertyName,
      conversationId: conversation.id,
      leadId: null,
    });
    expect(receiver.received[0]!.body).not.toContain('sarah.jones@example.com');
    expect(Date.parse(String(event.data.startsAt))).toBe(Date.parse(slot.startsAt));

    // The agent cancels it on the Viewings tab.
    const cancel = await fetch(`${app.url}/api/viewings/${viewing.id}`, {
      method: 'PATCH',
      headers: json(agent),
      body: JSON.stringify({ status: 'cancelled' }),
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const cancelled = await delivery(receiver, 2, endpoint.secret);
    expect(cancelled.type).toBe('viewing.cancelled');
    expect(cancelled.data).toMatchObject({ id: viewing.id, status: 'cancelled', propertyId: property.id });
  });

  it('sends viewing.confirmed when the tenant confirms a viewing booked days ahead', async () => {
    const agent = await createCompanyUser(app, { name: 'Confirming Lettings' });
    const receiver = await startReceiver();
    receivers.push(receiver);
    const endpoint = await createEndpoint(agent, receiver.url, ['viewing.confirmed']);
    const threeDays = Date.now() + 3 * 86_400_000;
    const { property, viewing } = await bookInChat(agent, (slots) =>
      slots.find((slot) => Date.parse(slot.startsAt) > threeDays),
    );
    // More than a day ahead: it waits for the tenant's confirmation.
    expect(viewing.confirmedAt).toBeNull();

    // The tenant presses "Confirm I'm coming" on the manage page.
    const confirm = await fetch(`${app.url}/api/viewings/manage/${viewing.manageToken}/confirm`, {
      method: 'POST',
      headers: browserHeaders(app),
    });
    expect(confirm.status, await confirm.clone().text()).toBe(200);
    const event = await delivery(receiver, 1, endpoint.secret);
    expect(event.type).toBe('viewing.confirmed');
    expect(event.data).toMatchObject({ id: viewing.id, status: 'booked', propertyId: property.id });
    expect(Date.parse(String(event.data.confirmedAt))).toBeGreaterThan(Date.now() - 60_000);
    // Only the event the endpoint asked for: not the booking before it.
    expect(receiver.received).toHaveLength(1);
  });

  it('carries the lead’s source and latest viewing in lead events', async () => {
    const agent = await createCompanyUser(app, { name: 'Booked Lettings' });
    const receiver = await startReceiver();
    receivers.push(receiver);
    const endpoint = await createEndpoint(agent, receiver.url, ['lead.updated']);
    const { conversation, viewing } = await bookInChat(agent);
    const lead = await insertLead(app.ctx.db, agent.company.id, {
      conversationId: conversation.id,
      source: 'rightmove',
    });

    await moveLead(agent, lead.id, 'contacted');
    expect((await delivery(receiver, 1, endpoint.secret)).data).toMatchObject({
      id: lead.id,
      status: 'contacted',
      source: 'rightmove',
      viewingAt: viewing.startsAt.toISOString(),
      viewingStatus: 'booked',
    });
  });

  it('sends enquiry.received when a portal enquiry is stored, once, and nothing for a repeat of the same email', async () => {
    const agent = await createCompanyUser(app, { name: 'Enquiry Lettings' });
    const receiver = await startReceiver();
    receivers.push(receiver);
    const endpoint = await createEndpoint(agent, receiver.url, ['enquiry.received']);
    const company = await companyById(app.ctx.db, agent.company.id);
    const mail = await readMail(readFileSync('tests/fixtures/inbound/rightmove-plain.eml'));

    const stored = await storeInboundMail(app.ctx, company, mail);
    expect(stored.kind).toBe('enquiry');
    expect((await storeInboundMail(app.ctx, company, mail)).isDuplicate).toBe(true);

    const event = await delivery(receiver, 1, endpoint.secret);
    expect(event.type).toBe('enquiry.received');
    expect(event.data).toEqual({
      id: stored.enquiryId,
      source: 'rightmove',
      propertyId: null,
      status: 'invited',
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received).toHaveLength(1);
  });

  it('sends a test event at once and shows the answer; a rotated secret is shown once and the old one still verifies for a day', async () => {
    const receiver = await startReceiver([200, 200, 503]);
    receivers.push(receiver);
    const endpoint = await createEndpoint(owner, receiver.url, ['lead.created', 'lead.updated']);

    const test = await browserFetch(app, 'POST', `/api/webhooks/${endpoint.id}/test`, owner.cookie);
    expect(test.status).toBe(200);
    const tested = (await test.json()) as Delivery;
    expect(tested).toMatchObject({
      eventType: 'webhook.test',
      statusCode: 200,
      trigger: 'test',
      error: null,
    });
    expect(verify(endpoint.secret, receiver.received[0]!).type).toBe('webhook.test');

    const rotate = await browserFetch(
      app,
      'POST',
      `/api/webhooks/${endpoint.id}/rotate-secret`,
      owner.cookie,
    );
    const rotated = (await rotate.json()) as { secret: string };
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    const list = await browserFetch(app, 'GET', `/api/companies/${owner.company.id}/webhooks`, owner.cookie);
    expect(await list.text()).not.toContain(rotated.secret.slice(6));

    await browserFetch(app, 'POST', `/api/webhooks/${endpoint.id}/test`, owner.cookie);
    const afterRotation = receiver.received[1]!;
    expect(verify(rotated.secret, afterRotation).type).toBe('webhook.test');
    expect(verify(endpoint.secret, afterRotation).type).toBe('webhook.test');

    const failing = (await (
      await browserFetch(app, 'POST', `/api/webhooks/${endpoint.id}/test`, owner.cookie)
    ).json()) as Delivery;
    expect(failing.statusCode).toBe(503);

    const refused = await startReceiver();
    await refused.close();
    const unreachable = (await (
      await browserFetch(
        app,
        'POST',
        `/api/webhooks/${(await createEndpoint(owner, refused.url)).id}/test`,
        owner.cookie,
      )
    ).json()) as Delivery;
    expect(unreachable).toMatchObject({ statusCode: null, error: 'Connection refused' });
  });

  it('switches an endpoint off after three days of failures and emails the owner', async () => {
    const agent = await createCompanyUser(app, { name: 'Failing Lettings' });
    const receiver = await startReceiver([500, 500]);
    receivers.push(receiver);
    const endpoint = await createEndpoint(agent, receiver.url);
    await app.ctx.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 3 * 24 * 3600 * 1000 - 60_000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    // A test event does not count; a real event's failed try does.
    await chatToLead(agent);
    await expect
      .poll(
        async () =>
          (await app.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)))[0]!
            .enabled,
        { timeout: 20_000, interval: 200 },
      )
      .toBe(false);
    const emails = await emailsTo(app, agent.email);
    expect(emails.map((email) => email.subject)).toContain(
      'Your LetLead webhook endpoint has been switched off',
    );
    // No more tries once it is off.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(receiver.received).toHaveLength(1);

    const listed = (await (
      await browserFetch(app, 'GET', `/api/companies/${agent.company.id}/webhooks`, agent.cookie)
    ).json()) as { enabled: boolean; disabledAt: string | null }[];
    expect(listed[0]).toMatchObject({ enabled: false });
    expect(listed[0]!.disabledAt).not.toBeNull();

    const on = await fetch(`${app.url}/api/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      headers: json(agent),
      body: JSON.stringify({ enabled: true }),
    });
    expect(((await on.json()) as { enabled: boolean; disabledAt: string | null }).disabledAt).toBeNull();
  }, 40_000);

  it('refuses bad input with the field named, and another company’s endpoint is a 404', async () => {
    const bad = await fetch(`${app.url}/api/companies/${owner.company.id}/webhooks`, {
      method: 'POST',
      headers: json(owner),
      body: JSON.stringify({ url: 'ftp://example.com/x', events: ['lead.exploded'] }),
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { errors: Record<string, string> };
    expect(body.errors.url).toBe('Webhook URL must be a full http:// or https:// address');
    expect(body.errors['events.0']).toBeDefined();

    const endpoint = await createEndpoint(owner, 'http://127.0.0.1:9/hook');
    const other = await createCompanyUser(app, { name: 'Meadow Homes' });
    for (const [method, path] of [
      ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/webhooks/${endpoint.id}/test`],
      ['POST', `/api/webhooks/${endpoint.id}/rotate-secret`],
      ['DELETE', `/api/webhooks/${endpoint.id}`],
    ] as const) {
      const response = await fetch(`${app.url}${path}`, {
        method,
        headers: browserHeaders(app, other.cookie),
      });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const deleted = await browserFetch(app, 'DELETE', `/api/webhooks/${endpoint.id}`, owner.cookie);
    expect(deleted.status).toBe(204);
  });

  it('refuses a second endpoint at the same URL, which would get every event twice', async () => {
    const agent = await createCompanyUser(app, { name: unique('Twice Lettings') });
    const url = 'http://127.0.0.1:9/same-hook';
    const first = await createEndpoint(agent, url);
    const again = await fetch(`${app.url}/api/companies/${agent.company.id}/webhooks`, {
      method: 'POST',
      headers: json(agent),
      body: JSON.stringify({ url, events: ['lead.updated'] }),
    });
    expect(again.status).toBe(409);
    const message = 'This URL already has an endpoint: change its events instead of adding another';
    expect(await again.json()).toEqual({ message, errors: { url: message } });
    const listed = await listEndpoints(agent);
    expect(((await listed.json()) as { id: string }[]).map((endpoint) => endpoint.id)).toEqual([first.id]);
    // Another agency may use the same receiver.
    await createEndpoint(await createCompanyUser(app, { name: unique('Other Lettings') }), url);
  });

  it('makes one endpoint when the same URL is added from two tabs at once', async () => {
    const agent = await createCompanyUser(app, { name: unique('Race Lettings') });
    const statuses = await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(`${app.url}/api/companies/${agent.company.id}/webhooks`, {
          method: 'POST',
          headers: json(agent),
          body: JSON.stringify({ url: 'http://127.0.0.1:9/raced-hook', events: ['lead.created'] }),
        }).then((response) => response.status),
      ),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409]);
    const listed = await listEndpoints(agent);
    expect(await listed.json()).toHaveLength(1);
  });

  it('never lets endpoints added at the same moment pass the limit of 10', async () => {
    const agent = await createCompanyUser(app, { name: unique('Busy Lettings') });
    await app.ctx.db.insert(webhookEndpoints).values(
      Array.from({ length: 8 }, (_, index) => ({
        companyId: agent.company.id,
        url: `http://127.0.0.1:9/existing-${index}`,
        events: ['lead.created'],
        secret: `whsec_existing${index}`,
      })),
    );
    const responses = await sendAtOnce(app, { table: 'webhook_endpoints', count: 4 }, (index) =>
      fetch(`${app.url}/api/companies/${agent.company.id}/webhooks`, {
        method: 'POST',
        headers: json(agent),
        body: JSON.stringify({ url: `http://127.0.0.1:9/at-once-${index}`, events: ['lead.created'] }),
      }),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await response.json()).toEqual({ message: 'A company can have at most 10 webhook endpoints' });
    }
    const listed = await listEndpoints(agent);
    expect(await listed.json()).toHaveLength(10);
  });
});

describe('webhook targets in production', () => {
  const app = setUpTestApp({
    NODE_ENV: 'production',
    APP_URL: 'https://letlead.example',
    SMTP_URL: 'smtp://127.0.0.1:9',
    STRIPE_SECRET_KEY: 'sk_test_not_used',
    STRIPE_WEBHOOK_SECRET: 'whsec_not_used',
    JOBS: 'false',
    LOG_LEVEL: 'silent',
  });
  const owner = setUpCompanyUser(app, { name: 'Harbour Lettings' });

  it.each([
    'https://127.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/hook',
    'https://[::1]/hook',
    'https://10.1.2.3/hook',
  ])('refuses %s with a clear 400', async (url) => {
    const response = await fetch(`${app.url}/api/companies/${owner.company.id}/webhooks`, {
      method: 'POST',
      headers: {
        origin: app.ctx.env.appUrl,
        cookie: owner.cookie,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ url, events: ['lead.created'] }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Webhook URL must not point at a private, loopback or link-local address',
    );
  });

  it('refuses plain http in production', async () => {
    const response = await fetch(`${app.url}/api/companies/${owner.company.id}/webhooks`, {
      method: 'POST',
      headers: { origin: app.ctx.env.appUrl, cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://hooks.example.com/x', events: ['lead.created'] }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('Webhook URL must use https://');
  });

  it('checks the address again when sending, so a name that now resolves inward is refused', async () => {
    const receiver = await startReceiver();
    try {
      // As if the name had resolved to a public address when the endpoint was made (DNS rebinding).
      const [endpoint] = await app.ctx.db
        .insert(webhookEndpoints)
        .values({
          companyId: owner.company.id,
          url: receiver.url.replace('127.0.0.1', 'localhost'),
          events: ['lead.created'],
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        })
        .returning();
      const response = await fetch(`${app.url}/api/webhooks/${endpoint!.id}/test`, {
        method: 'POST',
        headers: { origin: app.ctx.env.appUrl, cookie: owner.cookie },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        statusCode: null,
        error: 'Webhook URL must not point at a private, loopback or link-local address',
      });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
