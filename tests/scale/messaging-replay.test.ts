import { randomBytes } from 'node:crypto';
import { and, eq, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelMessages, conversations, messagingChannels } from '#server/db/schema.ts';
import { seal } from '#server/lib/secret-box.ts';
import { postAsMeta, startFakeProviders, whatsappInbound } from '#tests/fakes/messaging-providers.ts';
import { madeBeforeAll } from '#tests/helpers/suite.ts';
import { seedAgencyWithListing, setUpTwoServers } from './server-processes.ts';

/**
 * A provider's retry that reaches two instances at the same moment (Meta re-sends a message its
 * first post did not hear back about; a load balancer sends each to another process) is answered
 * once: two real server processes on one PostgreSQL database, the same signed message posted to
 * both at once, exactly one stored message and one reply handed to the provider.
 */
const ENCRYPTION_KEY = 'replay-test-encryption-key-0123456789abcdef';
const WHATSAPP = {
  phoneNumberId: '5550001111',
  accessToken: 'EAAG-replay-access-token-0123456789',
  appSecret: 'replay-app-secret-0123456789',
};

describe('a message replayed to two server processes at once', () => {
  const providers = madeBeforeAll(
    'the fake providers',
    () => startFakeProviders({ whatsapp: WHATSAPP }),
    (made) => made.close(),
  );
  const { database, servers } = setUpTwoServers(() => ({
    ENCRYPTION_KEY,
    WHATSAPP_API_URL: providers.whatsappUrl,
  }));

  it('stores one message and sends one reply, for each of several tenants', async () => {
    const { company, suffix } = await seedAgencyWithListing(database.db, 'replay', 50);
    await database.db.insert(messagingChannels).values({
      companyId: company.id,
      channel: 'whatsapp',
      settings: { phoneNumberId: WHATSAPP.phoneNumberId, enquiryInvite: null, viewingReminder: null },
      secrets: seal(
        ENCRYPTION_KEY,
        JSON.stringify({ accessToken: WHATSAPP.accessToken, appSecret: WHATSAPP.appSecret }),
      ),
      verifyToken: randomBytes(18).toString('base64url'),
    });

    const tenants = Array.from({ length: 8 }, (_, i) => `4477009003${String(i).padStart(2, '0')}`);
    const path = `/api/channels/whatsapp/${company.id}`;
    await Promise.all(
      tenants.map(async (from, i) => {
        const payload = whatsappInbound(WHATSAPP.phoneNumberId, from, {
          id: `wamid.replay-${suffix}-${i}`,
          text: 'Hi, is the flat on Elm Road still available?',
        });
        // The same post to both processes at the same moment (and the one to the second first
        // for every other tenant, so neither process always wins).
        const order = i % 2 === 0 ? servers : [...servers].reverse();
        const answers = await Promise.all(
          order.map((server) => postAsMeta(server.url, path, WHATSAPP.appSecret, payload)),
        );
        expect(answers.map((a) => a.status)).toEqual([200, 200]);
      }),
    );

    /** The company's stored messages that went `direction` and match `which`. */
    const messages = (direction: 'in' | 'out', which: SQL | undefined) =>
      database.db
        .select()
        .from(channelMessages)
        .where(
          and(eq(channelMessages.companyId, company.id), eq(channelMessages.direction, direction), which),
        );
    for (const [i, from] of tenants.entries()) {
      const stored = await messages('in', eq(channelMessages.providerId, `wamid.replay-${suffix}-${i}`));
      expect(stored, from).toHaveLength(1);
      const started = await database.db
        .select()
        .from(conversations)
        .where(and(eq(conversations.companyId, company.id), eq(conversations.contactPhone, `+${from}`)));
      expect(started, from).toHaveLength(1);
      // The greeting and the answer to the question: one of each, not two of each.
      const replies = providers.whatsappCalls.filter((call) => call.to === from);
      const outbound = await messages('out', eq(channelMessages.phone, `+${from}`));
      expect(replies.length, from).toBe(outbound.length);
      expect(replies.length, from).toBe(2);
      expect(JSON.stringify(replies[0]!.body)).toMatch(/AI assistant/);
    }
  }, 120_000);
});
