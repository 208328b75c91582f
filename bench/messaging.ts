/**
 * Messaging under load: 100 tenants at once, each texting a company on WhatsApp (signed posts as
 * Meta sends them), every reply handed to the WhatsApp Cloud API stand-in before the post is
 * answered. Measures the time from an inbound message to its reply reaching the provider (p50,
 * p99), messages per second and the server's CPU time per message, on the embedded database and
 * on PostgreSQL (a throwaway database on BENCH_DATABASE_URL, default the local server). The
 * company is set up in this process; the production server then runs in its own process, so that
 * the tenants' client and the provider stand-in do not take its CPU.
 *
 *   npm run bench:messaging        (builds first when there is no build; BENCH_TENANTS=100,
 *                                   BENCH_MESSAGES=6, BENCH_DB=pglite|postgres|both)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadEnv } from '#server/env.ts';
import { connectChannel } from '#server/features/messaging/settings.ts';
import { postAsMeta, startFakeProviders, whatsappInbound } from '#tests/fakes/messaging-providers.ts';
import { createSignedInUser, insertCompany, insertProperty } from '#tests/helpers/factories.ts';
import { ensureProductionBuild } from './lib/build.ts';
import { createThrowawayDatabase } from './lib/database.ts';
import { chatBenchEnv, readCpuMs, startProductionServer, startSmtpSink } from './lib/processes.ts';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 100);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 6);
const WHATSAPP = {
  phoneNumberId: '1234567890',
  accessToken: 'EAAG-bench-access-token-0123456789',
  appSecret: 'bench-app-secret-0123456789',
};
const ENCRYPTION_KEY = 'bench-encryption-key-0123456789abcdef';

/** The company, its listing and its WhatsApp number, stored by an app in this process (closed after). */
async function setUpCompany(env: Record<string, string>): Promise<string> {
  const app = await buildApp({
    env: loadEnv({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    serveWeb: false,
  });
  try {
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
    return company.id;
  } finally {
    await app.close();
  }
}

async function run(databaseUrl: string | null): Promise<number> {
  const providers = await startFakeProviders({ whatsapp: WHATSAPP });
  const smtp = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'letlead-bench-messaging-'));
  const env = {
    ...chatBenchEnv(databaseUrl ?? '', smtp.smtpUrl),
    DATA_DIR: dataDir,
    ENCRYPTION_KEY,
    WHATSAPP_API_URL: providers.whatsappUrl,
  };
  const companyId = await setUpCompany(env);
  const server = await startProductionServer(env);
  const url = server.url;

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
  const cpuBefore = readCpuMs(server.pid) ?? 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: TENANTS }, async (_, tenant) => {
      const from = `4477009${String(10000 + tenant).slice(-5)}`;
      for (let i = 0; i < MESSAGES; i += 1) {
        const text = script[i % script.length]!;
        const before = performance.now();
        const response = await postAsMeta(
          url,
          `/api/channels/whatsapp/${companyId}`,
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
  const cpuMsPerMessage = ((readCpuMs(server.pid) ?? 0) - cpuBefore) / latencies.length;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(
    `messaging: ${TENANTS} tenants x ${MESSAGES} messages on WhatsApp (${databaseUrl ? 'PostgreSQL' : 'embedded database'})`,
  );
  console.log(`  inbound message to reply handed to the provider: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
  console.log(
    `  ${(latencies.length / seconds).toFixed(0)} messages/s; server CPU ${cpuMsPerMessage.toFixed(1)} ms a message; replies recorded by the stand-in: ${providers.whatsappCalls.length}; errors: ${errors}`,
  );
  await server.stop();
  await smtp.stop();
  await providers.close();
  rmSync(dataDir, { recursive: true, force: true });
  return errors;
}

ensureProductionBuild();
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
