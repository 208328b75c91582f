import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stand-in for the Stripe API on 127.0.0.1, speaking the endpoints LetLead calls with
 * Stripe's form-encoded bodies and JSON objects, plus a hosted "checkout" and "portal" page for
 * browser tests. It keeps state in memory and sends webhooks signed with the SDK's own test
 * header helper, so the app verifies them exactly as it would real ones.
 */

type Json = Record<string, unknown>;

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  created: number;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price' };
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }>;
    has_more: false;
    url: string;
  };
};

export type FakeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  created: number;
  /** Not part of Stripe's object: what the session was created with, for assertions. */
  _price: string | null;
  _subscriptionMetadata: Record<string, string>;
};

export type RecordedRequest = { method: string; path: string; body: Json };

const MONTH_SECONDS = 30 * 24 * 60 * 60;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding: `a[b][0][c]=v` becomes `{ a: { b: [{ c: 'v' }] } }`. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  response.end(JSON.stringify(body));
}

function missing(response: ServerResponse, what: string, value: string) {
  send(response, 404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${what}: '${value}'`,
      param: 'id',
    },
  });
}

function html(response: ServerResponse, body: string) {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html lang="en"><head><title>Fake Stripe</title></head><body>${body}</body></html>`,
  );
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(options: { webhookSecret: string }) {
  const { webhookSecret } = options;
  const customers = new Map<string, Json>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const requests: RecordedRequest[] = [];
  const signer = new Stripe('sk_test_fake_signer');
  let baseUrl = '';
  /** Where webhooks go (the app's /api/stripe/webhook). */
  let webhookUrl = '';
  /** Seconds; tests move it forward to order events. */
  let clock = Math.floor(Date.now() / 1000);
  const tick = () => {
    clock += 1;
    return clock;
  };

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', baseUrl);
      const text = await readBody(request);
      const body = request.method === 'POST' ? parseStripeForm(text) : {};
      const parts = url.pathname.split('/').filter(Boolean);
      requests.push({ method: request.method ?? 'GET', path: url.pathname, body });

      // Browser pages standing in for Stripe-hosted Checkout and Billing Portal.
      if (parts[0] === 'pay' && parts[1]) {
        const session = sessions.get(parts[1]);
        if (!session) return missing(response, 'checkout.session', parts[1]);
        if (request.method === 'POST') {
          await fake.payCheckout(session.id);
          response.writeHead(303, {
            location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id),
          });
          return response.end();
        }
        return html(
          response,
          `<h1>Fake Stripe Checkout</h1><form method="post"><button type="submit">Subscribe</button></form><a href="${session.cancel_url}">Back</a>`,
        );
      }
      if (parts[0] === 'portal' && parts[1]) {
        return html(response, '<h1>Fake Stripe Billing Portal</h1>');
      }

      if (parts[0] !== 'v1')
        return send(response, 404, { error: { type: 'invalid_request_error', message: 'Unknown path' } });
      const [, resource, second, third] = parts;

      if (resource === 'customers' && request.method === 'POST' && !second) {
        const customer = {
          id: id('cus'),
          object: 'customer',
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: body.metadata ?? {},
          created: tick(),
        };
        customers.set(customer.id, customer);
        return send(response, 200, customer);
      }

      if (resource === 'checkout' && second === 'sessions') {
        if (request.method === 'POST' && !third) {
          const lineItems = (body.line_items as Array<{ price?: string }> | undefined) ?? [];
          const subscriptionData =
            (body.subscription_data as { metadata?: Record<string, string> } | undefined) ?? {};
          const sessionId = `cs_test_${randomBytes(24).toString('hex')}`;
          const session: FakeCheckoutSession = {
            id: sessionId,
            object: 'checkout.session',
            mode: String(body.mode ?? 'payment'),
            status: 'open',
            payment_status: 'unpaid',
            customer: (body.customer as string | undefined) ?? null,
            customer_email: (body.customer_email as string | undefined) ?? null,
            customer_details: null,
            client_reference_id: (body.client_reference_id as string | undefined) ?? null,
            metadata: (body.metadata as Record<string, string> | undefined) ?? {},
            subscription: null,
            success_url: String(body.success_url),
            cancel_url: String(body.cancel_url),
            url: `${baseUrl}/pay/${sessionId}`,
            created: tick(),
            _price: lineItems[0]?.price ?? null,
            _subscriptionMetadata: subscriptionData.metadata ?? {},
          };
          sessions.set(session.id, session);
          return send(response, 200, publicSession(session));
        }
        if (request.method === 'GET' && third) {
          const session = sessions.get(third);
          return session
            ? send(response, 200, publicSession(session))
            : missing(response, 'checkout.session', third);
        }
      }

      if (resource === 'billing_portal' && second === 'sessions' && request.method === 'POST') {
        const customer = String(body.customer ?? '');
        if (!customers.has(customer)) return missing(response, 'customer', customer);
        const portalId = id('bps');
        return send(response, 200, {
          id: portalId,
          object: 'billing_portal.session',
          customer,
          return_url: body.return_url ?? null,
          url: `${baseUrl}/portal/${portalId}`,
          created: tick(),
        });
      }

      if (resource === 'subscriptions' && second) {
        const subscription = subscriptions.get(second);
        if (!subscription) return missing(response, 'subscription', second);
        if (request.method === 'POST') {
          if (body.cancel_at_period_end !== undefined) {
            subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
          }
          const items = body.items as Array<{ price?: string }> | undefined;
          if (items?.[0]?.price) subscription.items.data[0]!.price.id = items[0].price;
        }
        return send(response, 200, subscription);
      }

      return send(response, 404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
        },
      });
    } catch (error) {
      send(response, 500, { error: { type: 'api_error', message: String(error) } });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  function publicSession(session: FakeCheckoutSession) {
    const { _price, _subscriptionMetadata, ...rest } = session;
    void _price;
    void _subscriptionMetadata;
    return rest;
  }

  function invoiceFor(subscription: FakeSubscription) {
    const item = subscription.items.data[0]!;
    return {
      id: id('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: 'paid',
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
  }

  const fake = {
    url: baseUrl,
    port,
    customers,
    sessions,
    subscriptions,
    requests,
    /** The API base for STRIPE_API_URL. */
    apiUrl: baseUrl,
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    now: () => clock,
    /** Moves the fake's clock (event and period timestamps) forward. */
    advance(seconds: number) {
      clock += seconds;
    },

    /** Marks the session paid and creates its subscription, as Checkout does. No webhook yet. */
    completeCheckout(sessionId: string, overrides: { status?: string } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      if (session.subscription) return { session, subscription: subscriptions.get(session.subscription)! };
      const start = tick();
      const subscription: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer: session.customer ?? id('cus'),
        status: overrides.status ?? 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        created: start,
        metadata: session._subscriptionMetadata,
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price: { id: session._price ?? 'price_unknown', object: 'price' },
              quantity: 1,
              current_period_start: start,
              current_period_end: start + MONTH_SECONDS,
            },
          ],
          has_more: false,
          url: '/v1/subscription_items',
        },
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subscription.id,
        customer: subscription.customer,
        customer_details: {
          email: session.customer_email ?? (customers.get(subscription.customer)?.email as string) ?? null,
        },
      });
      return { session, subscription };
    },

    /** Checkout completes and Stripe's usual three webhooks go out. */
    async payCheckout(sessionId: string) {
      const { session, subscription } = fake.completeCheckout(sessionId);
      await fake.sendEvent('customer.subscription.created', subscription);
      await fake.sendEvent('invoice.paid', invoiceFor(subscription));
      await fake.sendEvent('checkout.session.completed', publicSession(session));
      return { session, subscription };
    },

    subscription(subscriptionId: string): FakeSubscription {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      return subscription;
    },

    /** Changes the subscription as the portal would (no webhook yet). */
    updateSubscription(
      subscriptionId: string,
      changes: { price?: string; status?: string; cancelAtPeriodEnd?: boolean; cancelAt?: number | null },
    ) {
      const subscription = fake.subscription(subscriptionId);
      if (changes.price) subscription.items.data[0]!.price.id = changes.price;
      if (changes.status) subscription.status = changes.status;
      if (changes.cancelAtPeriodEnd !== undefined)
        subscription.cancel_at_period_end = changes.cancelAtPeriodEnd;
      if (changes.cancelAt !== undefined) subscription.cancel_at = changes.cancelAt;
      return subscription;
    },

    /** The period ends and the next one starts (its invoice is paid with `invoiceEvent`). */
    renewSubscription(subscriptionId: string) {
      const subscription = fake.subscription(subscriptionId);
      const item = subscription.items.data[0]!;
      item.current_period_start = item.current_period_end;
      item.current_period_end += MONTH_SECONDS;
      clock = Math.max(clock, item.current_period_start);
      return subscription;
    },

    cancelSubscription(subscriptionId: string) {
      const subscription = fake.subscription(subscriptionId);
      subscription.status = 'canceled';
      subscription.canceled_at = tick();
      return subscription;
    },

    invoiceEvent: invoiceFor,

    /** Builds a signed event; send it with `deliver` (or tamper with it first). */
    signEvent(
      type: string,
      object: unknown,
      options: { id?: string; created?: number; secret?: string } = {},
    ) {
      const event = {
        id: options.id ?? id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: options.created ?? tick(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(object) },
      };
      const payload = JSON.stringify(event);
      const header = signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
      });
      return { event, payload, header };
    },

    async deliver(signed: { payload: string; header: string }) {
      if (!webhookUrl) throw new Error('setWebhookUrl first');
      return fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.header },
        body: signed.payload,
      });
    },

    /** Signs and delivers an event now; resolves to the app's response. */
    async sendEvent(type: string, object: unknown, options: { id?: string; created?: number } = {}) {
      const signed = fake.signEvent(type, object, options);
      const response = await fake.deliver(signed);
      return Object.assign(response, { event: signed.event });
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
