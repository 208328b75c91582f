import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '#server/db/schema.ts';
import { newWebhookSecret } from '#server/features/integrations/webhook-delivery.ts';
import type { ChatResponse } from '#shared/schemas/chat.ts';
import { postJson } from '#tests/helpers/post-json.ts';
import { seedAgency, setUpTwoServers } from './server-processes.ts';

/**
 * Two server processes running jobs on one PostgreSQL database: every event reaches the receiver
 * once per try, however the two share the work. The receiver fails each event's first try, so
 * the retry is shared out too.
 */
describe('webhook delivery from two server processes on one PostgreSQL database', () => {
  let receiver: Server;
  let receiverUrl: string;
  const received: { id: string; body: string; headers: Record<string, string> }[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        const id = String(request.headers['webhook-id']);
        const isFirst = !received.some((entry) => entry.id === id);
        received.push({ id, body, headers: request.headers as Record<string, string> });
        response.statusCode = isFirst ? 500 : 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  const { database, servers } = setUpTwoServers({ JOBS: 'true', WEBHOOK_RETRY_DELAYS: '1,1,1' });

  it('delivers each lead.created once per try, the retry carrying the same webhook-id', async () => {
    const { company } = await seedAgency(database.db, 'hooks', 500);
    const secret = newWebhookSecret();
    const [endpoint] = await database.db
      .insert(webhookEndpoints)
      .values({ companyId: company.id, url: receiverUrl, events: ['lead.created'], secret })
      .returning();

    const chats = 12;
    await Promise.all(
      Array.from({ length: chats }, async (_, index) => {
        const server = servers[index % 2]!;
        const post = (path: string, body: unknown) => postJson<ChatResponse>(`${server.url}${path}`, body);
        const chat = `/api/chat/${company.slug}`;
        const { sessionKey } = await post(chat, { message: '' });
        await post(chat, {
          message: `I'm Tenant ${index}, 2 of us, both nurses`,
          userSessionKey: sessionKey,
        });
        await post(`${chat}/end`, { userSessionKey: sessionKey, reason: 'submit' });
      }),
    );

    await expect.poll(() => received.length, { timeout: 90_000, interval: 500 }).toBe(chats * 2);
    // Time for any duplicate to show up.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(received).toHaveLength(chats * 2);
    const byId = new Map<string, number>();
    for (const entry of received) byId.set(entry.id, (byId.get(entry.id) ?? 0) + 1);
    expect(byId.size).toBe(chats);
    expect([...byId.values()].every((times) => times === 2)).toBe(true);
    for (const entry of received) {
      const event = new Webhook(secret).verify(entry.body, entry.headers) as { type: string };
      expect(event.type).toBe('lead.created');
    }

    const log = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(log).toHaveLength(chats * 2);
    expect(log.filter((row) => row.attempt === 1).every((row) => row.statusCode === 500)).toBe(true);
    expect(log.filter((row) => row.attempt === 2).every((row) => row.statusCode === 204)).toBe(true);
  }, 150_000);
});
