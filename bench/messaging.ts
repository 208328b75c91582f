/**
 * Messaging under load: 100 tenants at once, each texting a company on WhatsApp (signed posts as
 * Meta sends them), every reply handed to the WhatsApp Cloud API stand-in before the post is
 * answered. Measures the time from an inbound message to its reply reaching the provider (p50,
 * p99) and messages per second, on the embedded database and on PostgreSQL (a throwaway database
 * on BENCH_DATABASE_URL, default the local server).
 *
 *   npm run bench:messaging        (BENCH_TENANTS=100, BENCH_MESSAGES=6, BENCH_DB=pglite|postgres|both)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadEnv } from '#server/env.ts';
import { connectChannel } from '#server/features/messaging/settings.ts';
import { postAsMeta, startFakeProviders, whatsappInbound } from '#tests/fakes/messaging-providers.ts';
import { createSignedInUser, insertCompany, insertProperty } from '#tests/helpers/factories.ts';
import { createThrowawayDatabase } from './lib/database.ts';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 100);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 6);
const WHATSAPP = {
  phoneNumberId: '1234567890',
  accessToken: 'EAAG-bench-access-token-0123456789',
  appSecret: 'bench-app-secret-0123456789',
};

async function run(databaseUrl: string | null): Promise<number> {
  const providers = await startFakeProviders({ whatsapp: WHATSAPP });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'letlead-bench-messaging-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-that-is-long-enough-for-better-auth',
    APP_URL: 'http://localhost:3000',
    JOBS: 'false',
    LOG_LEVEL: 'silent',
    WHATSAPP_API_URL: providers.whatsappUrl,
    RATE_LIMIT_CHAT_PER_MINUTE: '1000000',
    RATE_LIMIT_INBOUND_PER_MINUTE: '1000000',
  });
  const app = await buildApp({ env, serveWeb: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const testApp = Object.assign(app, { url, database: app.ctx.database });
  const user = await createSignedInUser(testApp);
  const company = await insertCompany(app.ctx.db, user.userId, {
    name: 'Bench Lettings',
    accountLimit: 100000,
    currentCount: 100000,
  });
  await insertProperty(testApp, company.id, company.slug, { vacancyDate: null });
  await connectChannel(app.ctx, company.id, 'whatsapp', WHATSAPP);

  const script = [
    'Hi',
    '2 Bed Flat, Elm Road',
    '2 of us, both nurses, £58k together, could move in next month',
    'Sam Taylor',
    'sam@example.com',
    "Yes, that's right",
  ];
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: TENANTS }, async (_, tenant) => {
      const from = `4477009${String(10000 + tenant).slice(-5)}`;
      for (let i = 0; i < MESSAGES; i += 1) {
        const text = script[i % script.length]!;
        const before = performance.now();
        const response = await postAsMeta(
          url,
          `/api/channels/whatsapp/${company.id}`,
          WHATSAPP.appSecret,
          whatsappInbound(WHATSAPP.phoneNumberId, from, { id: `wamid.bench-${tenant}-${i}`, text }),
        );
        await response.arrayBuffer();
        if (response.status !== 200) errors += 1;
        latencies.push(performance.now() - before);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(
    `messaging: ${TENANTS} tenants x ${MESSAGES} messages on WhatsApp (${databaseUrl ? 'PostgreSQL' : 'embedded database'})`,
  );
  console.log(`  inbound message to reply handed to the provider: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
  console.log(
    `  ${(latencies.length / seconds).toFixed(0)} messages/s; replies recorded by the stand-in: ${providers.whatsappCalls.length}; errors: ${errors}`,
  );
  await app.close();
  await providers.close();
  rmSync(dataDir, { recursive: true, force: true });
  return errors;
}

const which = process.env.BENCH_DB ?? 'both';
let failures = 0;
if (which !== 'postgres') failures += await run(null);
if (which !== 'pglite') {
  const throwaway = await createThrowawayDatabase('letlead_bench_messaging');
  try {
    failures += await run(throwaway.url);
  } finally {
    await throwaway.drop();
  }
}
process.exit(failures > 0 ? 1 : 0);
