import { createThrowawayDatabase } from '#tests/helpers/database.ts';
import { test as base, type LetLeadServer, startSeededServer, startServer } from './fixtures.ts';
import { type LiveAgency, seedLiveAgency, watchTakeOverHandBack } from './live-chat.ts';

/*
 * The agent's browser on one server and the tenant's on another, as behind a load balancer: the
 * two servers share one PostgreSQL database, and every message, typing notice and hand-back
 * crosses between them through LISTEN/NOTIFY. Only PostgreSQL can be shared by two processes, so
 * this runs where TEST_DATABASE_URL names one (as `.ci/run` sets it when PostgreSQL answers).
 */

const adminUrl = process.env.TEST_DATABASE_URL;

type Pair = { agentServer: LetLeadServer; tenantServer: LetLeadServer; seeded: LiveAgency };

const test = base.extend<object, { pair: Pair }>({
  pair: [
    async ({}, use) => {
      const database = await createThrowawayDatabase(adminUrl!, 'letlead_e2e_live');
      const first = await startSeededServer(seedLiveAgency, { DATABASE_URL: database.url });
      const second = await startServer({ DATABASE_URL: database.url });
      await use({ agentServer: first.server, tenantServer: second.server, seeded: first.seeded });
      await second.stop();
      await first.stop();
      await database.drop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  server: [async ({ pair }, use) => use(pair.agentServer), { scope: 'worker' }],
});

test.skip(!adminUrl, 'Two servers share a database only on PostgreSQL: set TEST_DATABASE_URL');

test('the agent on one server takes over a chat the tenant holds on another; one lead', async ({
  browser,
  pair,
}, testInfo) => {
  test.setTimeout(120_000);
  await watchTakeOverHandBack(browser, {
    agentUrl: pair.agentServer.url,
    tenantUrl: pair.tenantServer.url,
    seeded: pair.seeded,
    outputPath: (name) => testInfo.outputPath(name),
  });
});
