/**
 * Live conversations at scale (issue 17): 200 tenants' chat pages hold their events stream open
 * on one instance (the production build, on PostgreSQL) while people of the agency, on another
 * instance, message them. This process plays that other instance: it appends each message in
 * SQL with the same NOTIFY the app sends, so every message crosses LISTEN/NOTIFY, is read once by
 * the instance under test and written to the tenant's stream.
 *
 *   npm run bench:live        (builds first when there is no build)
 *
 * Reports the server's resident memory before and with the streams open (per stream), its CPU
 * with the streams idle and with messages flowing, and the time from a message's NOTIFY to its
 * arrival on the tenant's stream (p50/p99). Writes bench/results/live.json.
 *
 * BENCH_STREAMS (200), BENCH_SECONDS (20), BENCH_MESSAGES_PER_SECOND (100) tune it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ChatResponse } from '#shared/schemas/chat.ts';
import type { LiveMessageEvent } from '#shared/schemas/live.ts';
import { openSse, type SseReader } from '#tests/helpers/sse.ts';
import { ensureProductionBuild } from './lib/build.ts';
import { createThrowawayDatabase } from './lib/database.ts';
import {
  chatBenchEnv,
  readCpuMs,
  readMemory,
  startProductionServer,
  startSmtpSink,
} from './lib/processes.ts';
import {
  describeMachine,
  megabytes,
  printComparison,
  printMachine,
  runBenchmark,
  writeResults,
} from './lib/report.ts';
import { seedAgencies } from './lib/seed.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_MESSAGES_PER_SECOND ?? 100);
const IDLE_SECONDS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  ensureProductionBuild();
  const machine = describeMachine();
  console.log(`Live benchmark: ${STREAMS} open tenant streams, ${RATE} messages/s for ${SECONDS} s`);
  printMachine(machine);
  const database = await createThrowawayDatabase('letlead_bench_live');
  const stops: (() => Promise<void>)[] = [];
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  const streams: SseReader[] = [];
  try {
    const smtp = await startSmtpSink();
    stops.push(smtp.stop);
    const server = await startProductionServer(chatBenchEnv(database.url, smtp.smtpUrl));
    stops.unshift(server.stop);
    const { active } = await seedAgencies(pool, { agencies: 20, active: 20 });

    // Each tenant opens a chat (the greeting) and says who they are.
    const chats: { id: string; sessionKey: string; slug: string }[] = [];
    for (let i = 0; i < STREAMS; i += 1) {
      const slug = active[i % active.length]!.slug;
      const post = async (message: string, userSessionKey: string | null) => {
        const response = await fetch(`${server.url}/api/chat/${slug}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message, userSessionKey }),
        });
        if (response.status !== 200)
          throw new Error(`chat answered ${response.status}: ${await response.text()}`);
        return (await response.json()) as ChatResponse;
      };
      const { sessionKey } = await post('', null);
      await post(`I'm Sam Taylor ${i}, sam.${i}@example.com`, sessionKey);
      const { rows } = await pool.query<{ id: string }>(
        'select id from conversations where session_key = $1',
        [sessionKey],
      );
      chats.push({ id: rows[0]!.id, sessionKey, slug });
    }
    await sleep(2000);
    const before = readMemory(server.pid)!;

    // The streams: each page asks for what came after the three messages it has.
    const opened = performance.now();
    for (const chat of chats) {
      streams.push(
        await openSse(`${server.url}/api/chat/${chat.slug}/events?sessionKey=${chat.sessionKey}&after=3`),
      );
    }
    await Promise.all(streams.map((stream) => stream.next((e) => e.event === 'status', 30_000)));
    const openMs = performance.now() - opened;
    await sleep(2000);
    const withStreams = readMemory(server.pid)!;

    const idleCpuStart = readCpuMs(server.pid)!;
    await sleep(IDLE_SECONDS * 1000);
    const idleCpuMs = readCpuMs(server.pid)! - idleCpuStart;

    // Messages flowing: the agency's people message the tenants, round robin, at RATE a second.
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    streams.forEach((stream) => {
      const seen = new Set<string>();
      const poll = setInterval(() => {
        for (const event of stream.events) {
          if (event.event !== 'message') continue;
          const message = event.data as LiveMessageEvent;
          if (seen.has(message.id)) continue;
          seen.add(message.id);
          const at = sentAt.get(message.id);
          if (at !== undefined) latencies.push(performance.now() - at);
        }
        stream.events.length = 0;
      }, 20);
      stops.push(async () => clearInterval(poll));
    });
    const flowCpuStart = readCpuMs(server.pid)!;
    const flowStarted = performance.now();
    let sent = 0;
    let peakRss = withStreams.rssBytes;
    while (performance.now() - flowStarted < SECONDS * 1000) {
      const tickStarted = performance.now();
      const batch = Math.max(1, Math.round(RATE / 10));
      await Promise.all(
        Array.from({ length: batch }, async () => {
          const chat = chats[sent % chats.length]!;
          sent += 1;
          const message = {
            id: randomUUID(),
            sender: 'agent',
            name: 'Alex',
            content: `Message ${sent}: happy to help with any question about the flat.`,
            timestamp: new Date().toISOString(),
          };
          sentAt.set(message.id, performance.now());
          await pool.query(
            `update conversations as c set messages = c.messages || jsonb_build_array($2::jsonb), turn_count = c.turn_count + 1
             where c.id = $1
             returning pg_notify('letlead_live', json_build_object('k', 'm', 'c', c.id, 'co', c.company_id, 'n', jsonb_array_length(c.messages), 'a', 1)::text)`,
            [chat.id, JSON.stringify(message)],
          );
        }),
      );
      peakRss = Math.max(peakRss, readMemory(server.pid)?.rssBytes ?? 0);
      await sleep(Math.max(0, 100 - (performance.now() - tickStarted)));
    }
    const flowSeconds = (performance.now() - flowStarted) / 1000;
    const flowCpuMs = readCpuMs(server.pid)! - flowCpuStart;
    await sleep(1000);
    const stillOpen = streams.filter((stream) => stream.status === 200).length;
    latencies.sort((a, b) => a - b);

    const figures = {
      streams: STREAMS,
      streamsOpenAtEnd: stillOpen,
      openAllMs: Math.round(openMs),
      rssBeforeMb: megabytes(before.rssBytes),
      rssWithStreamsMb: megabytes(withStreams.rssBytes),
      rssPerStreamKb: Math.round((withStreams.rssBytes - before.rssBytes) / STREAMS / 102.4) / 10,
      peakRssMb: megabytes(peakRss),
      idleCpuPercent: Math.round((idleCpuMs / (IDLE_SECONDS * 1000)) * 1000) / 10,
      messagesPerSecond: Math.round(sent / flowSeconds),
      messagesDelivered: latencies.length,
      flowCpuPercent: Math.round((flowCpuMs / (flowSeconds * 1000)) * 1000) / 10,
      cpuMsPerMessage: Math.round((flowCpuMs / Math.max(1, sent)) * 100) / 100,
      deliveryP50Ms: Math.round(percentile(latencies, 50)),
      deliveryP99Ms: Math.round(percentile(latencies, 99)),
    };
    console.log('');
    for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(20)} ${value}`);
    printComparison('live', figures);
    writeResults('live', {
      machine,
      settings: { streams: STREAMS, seconds: SECONDS, messagesPerSecond: RATE, idleSeconds: IDLE_SECONDS },
      figures,
    });
    if (latencies.length < sent) {
      console.error(`${sent - latencies.length} of ${sent} messages did not arrive`);
      process.exitCode = 1;
    }
  } finally {
    for (const stream of streams) stream.close();
    for (const stop of stops) await stop().catch(() => {});
    await pool.end();
    await database.drop();
  }
}

runBenchmark(main);
