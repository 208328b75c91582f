import { seededTest } from './fixtures.ts';
import { seedLiveAgency, watchTakeOverHandBack } from './live-chat.ts';

const test = seededTest(seedLiveAgency);

test('an agent watches a chat live, takes it over, talks to the tenant, hands back; one lead', async ({
  browser,
  seeded,
}, testInfo) => {
  test.setTimeout(120_000);
  await watchTakeOverHandBack(browser, {
    agentUrl: seeded.server.url,
    tenantUrl: seeded.server.url,
    seeded,
    outputPath: (name) => testInfo.outputPath(name),
  });
});
