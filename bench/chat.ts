/**
 * The public chat under load (issue 8): 100 tenants at once, each holding a realistic
 * conversation (the greeting, answers in free text, the end), against the production build on
 * PostgreSQL, with thousands of agencies in the database.
 *
 *   npm run bench:chat        (builds first when there is no build)
 *
 * Reports chat turns per second (absolute and as a share of a bare Fastify hello-world measured
 * in the same run), p50/p99 latency, ends per second, the server's peak memory and any error
 * response; checks in the database that leads and spent credits equal the conversations that
 * ended; prints the query plans of the hot queries. Writes bench/results/chat.json and compares
 * it with the committed one. Exits 1 when a target of the issue is missed.
 *
 * BENCH_DATABASE_URL (default: the local server), BENCH_SECONDS (20), BENCH_CONVERSATIONS (100),
 * BENCH_AGENCIES (5,000) tune it.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import type { ChatResponse, EndChatResponse } from '#shared/schemas/chat.ts';
import { runAutocannon } from './lib/autocannon.ts';
import { ensureProductionBuild } from './lib/build.ts';
import { createThrowawayDatabase } from './lib/database.ts';
import { type BenchClient, type LabelFigures, runGetLoad, runLoad } from './lib/load.ts';
import {
  chatBenchEnv,
  readCpuMs,
  readMemory,
  readTotalCpuMs,
  sampleMemory,
  startHelloWorld,
  startProductionServer,
  startSmtpSink,
} from './lib/processes.ts';
import {
  checkTargets,
  describeMachine,
  megabytes,
  printComparison,
  printMachine,
  runBenchmark,
  type Target,
  writeResults,
} from './lib/report.ts';
import { explainHotQueries, type SeededAgency, seedAgencies } from './lib/seed.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARM_UP_SECONDS = 5;
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100);
const AGENCIES = Number(process.env.BENCH_AGENCIES ?? 5_000);
/** The agencies whose links the tenants open: a busy afternoon across many agencies. */
const ACTIVE_AGENCIES = 200;
const TARGET = { turnRatio: 0.1, p99Ms: 50 };
/** The second run: the same conversations at a brisk human pace (a second between messages). */
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 20);
const THINK_MS = 1000;

/** What a tenant types, in order, after the greeting. */
function answers(n: number): string[] {
  return [
    'Hi, is it still available? Is there parking?',
    'There are 2 of us, both nurses, earning £58k together',
    'We could move in on 1 March',
    // A phone of their own too: the same phone for the same listing within a day is one lead.
    `I'm Sam Taylor, sam.taylor.${n}@example.com, 07700 9${String(n % 100_000).padStart(5, '0')}`,
    'Weekday evenings or Saturday morning',
    "Yes, that's all correct",
  ];
}

type Tally = { started: number; completed: number; ended: number; leadsCreated: number };

/** A pause like a person's between two messages: `thinkMs` on average, give or take half. */
const pause = (thinkMs: number) =>
  thinkMs > 0 ? new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random()))) : null;

/** Tenants are numbered across every run of the benchmark: each is a different person. */
let nextTenant = 0;

function chatScenario(agencies: SeededAgency[], tally: Tally, thinkMs = 0) {
  let next = 0;
  return async (client: BenchClient) => {
    const n = next++;
    const tenant = nextTenant++;
    const agency = agencies[n % agencies.length]!;
    const property = agency.properties[Math.floor(n / agencies.length) % agency.properties.length]!;
    // One tenant in five comes through the agency-wide link and names the listing.
    const isAgencyLink = n % 5 === 4;
    const path = `/api/chat/${agency.slug}`;
    // What the chat page asks for as it opens, before the greeting.
    const propertyQuery = isAgencyLink ? '' : `?propertySlug=${property.slug}`;
    await client.get('page:company', `/api/companies/slug/${agency.slug}${propertyQuery}`);
    await client.get('page:usage-check', `/api/companies/slug/${agency.slug}/usage-check`);
    const start = await client.post('turn:start', path, {
      message: '',
      propertySlug: isAgencyLink ? null : property.slug,
    });
    const { sessionKey } = start.body as ChatResponse;
    tally.started += 1;
    const messages = isAgencyLink
      ? [`I'm interested in the ${property.name}`, ...answers(tenant)]
      : answers(tenant);
    for (const message of messages) {
      await pause(thinkMs);
      const turn = await client.post('turn:answer', path, { message, userSessionKey: sessionKey });
      if ((turn.body as ChatResponse).isComplete) {
        tally.completed += 1;
        break;
      }
    }
    await pause(thinkMs);
    const end = await client.post('end', `${path}/end`, { userSessionKey: sessionKey, reason: 'submit' });
    const result = end.body as EndChatResponse;
    if (!result.alreadyEnded) tally.ended += 1;
    if (result.leadCreated) tally.leadsCreated += 1;
  };
}

async function main() {
  ensureProductionBuild();
  const machine = describeMachine();
  console.log(
    `Chat benchmark: ${CONVERSATIONS} conversations at once for ${SECONDS} s (after ${WARM_UP_SECONDS} s warm-up), ${AGENCIES.toLocaleString('en-GB')} agencies`,
  );
  printMachine(machine);

  const database = await createThrowawayDatabase('letlead_bench_chat');
  const stops: (() => Promise<void>)[] = [];
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const smtp = await startSmtpSink();
    stops.push(smtp.stop);
    const hello = await startHelloWorld();
    stops.push(hello.stop);
    const server = await startProductionServer(chatBenchEnv(database.url, smtp.smtpUrl));
    stops.unshift(server.stop);

    const seedStarted = performance.now();
    const { active, creditsEach } = await seedAgencies(pool, { agencies: AGENCIES, active: ACTIVE_AGENCIES });
    console.log(`Seeded in ${Math.round(performance.now() - seedStarted)} ms`);

    console.log('\nHello-world baseline (autocannon, 100 connections, 10 s)…');
    const helloCpu = { open: 0, close: 0 };
    const helloBefore = await runAutocannon({
      url: hello.url,
      connections: 100,
      seconds: 10,
      onWindow: (edge) => {
        helloCpu[edge] = readCpuMs(hello.pid) ?? 0;
      },
    });
    const helloCpuMsPerRequest = (helloCpu.close - helloCpu.open) / helloBefore.requests;
    console.log(`  ${helloBefore.perSecond.toLocaleString('en-GB')} req/s`);
    console.log('Hello-world with the chat driver (undici, 100 connections, 10 s)…');
    const helloDriver = await runGetLoad(hello.url, 100, 10);
    console.log(`  ${helloDriver.labels.get?.perSecond.toLocaleString('en-GB')} req/s`);

    console.log(`\nChat: ${CONVERSATIONS} conversations at once…`);
    const tally: Tally = { started: 0, completed: 0, ended: 0, leadsCreated: 0 };
    const memoryBefore = readMemory(server.pid);
    const sampler = sampleMemory(server.pid);
    const loadBefore = loadavg()[0]!;
    // CPU used in the recorded window by the server and by the PostgreSQL backends serving it.
    const backendPids = async () =>
      (
        await pool.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows.map((row) => row.pid);
    const cpu = { serverOpen: 0, serverClose: 0, postgresOpen: 0, postgresClose: 0, pids: [] as number[] };
    const chat = await runLoad({
      onWindow: (edge) => {
        if (edge === 'open') {
          cpu.serverOpen = readCpuMs(server.pid) ?? 0;
          void backendPids().then((pids) => {
            cpu.pids = pids;
            cpu.postgresOpen = readTotalCpuMs(pids);
          });
        } else {
          cpu.serverClose = readCpuMs(server.pid) ?? 0;
          cpu.postgresClose = readTotalCpuMs(cpu.pids);
        }
      },
      url: server.url,
      connections: CONVERSATIONS,
      seconds: SECONDS,
      warmUpSeconds: WARM_UP_SECONDS,
      scenario: chatScenario(active, tally),
    });
    const sampledPeak = sampler.stop();
    const serverCpuMs = cpu.serverClose - cpu.serverOpen;
    const postgresCpuMs = cpu.postgresClose - cpu.postgresOpen;
    const memoryAfter = readMemory(server.pid);
    const loadDuring = loadavg()[0]!;

    console.log(
      `\nChat at a human pace: ${CONVERSATIONS} conversations at once, about ${THINK_MS / 1000} s between messages…`,
    );
    const paced = await runLoad({
      url: server.url,
      connections: CONVERSATIONS,
      seconds: PACED_SECONDS,
      warmUpSeconds: 3,
      scenario: chatScenario(active, tally, THINK_MS),
    });
    const pacedPeak = readMemory(server.pid)?.peakRssBytes ?? 0;

    console.log('Hello-world again (autocannon, 10 s)…');
    const helloAfter = await runAutocannon({ url: hello.url, connections: 100, seconds: 10 });
    console.log(`  ${helloAfter.perSecond.toLocaleString('en-GB')} req/s`);

    // ---- What the database says ----
    const { rows: dbRows } = await pool.query<{ ended: string; leads: string; spent: string }>(
      `select
         (select count(*) from conversations where status = 'ended' and session_key not like 'past-%') as ended,
         (select count(*) from leads where conversation_id is not null) as leads,
         (select coalesce(sum($1::int - current_count), 0) from companies) as spent`,
      [creditsEach],
    );
    const db = {
      conversationsEnded: Number(dbRows[0]!.ended),
      leads: Number(dbRows[0]!.leads),
      creditsSpent: Number(dbRows[0]!.spent),
    };
    const plans = await explainHotQueries(pool);
    // How many turns rewrote their row in place (no index touched): the statistics lag a little.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { rows: updateRows } = await pool.query<{ updates: string; hot: string }>(
      "select n_tup_upd as updates, n_tup_hot_upd as hot from pg_stat_user_tables where relname = 'conversations'",
    );
    const hotUpdateShare = Number(updateRows[0]?.hot ?? 0) / Math.max(1, Number(updateRows[0]?.updates ?? 0));

    // ---- Figures ----
    const turn = chat.labels.turn!;
    const end = chat.labels.end ?? {
      count: 0,
      perSecond: 0,
      p50Ms: 0,
      p90Ms: 0,
      p99Ms: 0,
      maxMs: 0,
      meanMs: 0,
      errors: {},
    };
    const helloRate = Math.round((helloBefore.perSecond + helloAfter.perSecond) / 2);
    const helloDriverRate = helloDriver.labels.get?.perSecond ?? 0;
    // The denominator: the best rate a bare route got in this run, whichever client measured it.
    const helloBest = Math.max(helloRate, helloDriverRate);
    // Every error response, by kind of request and status (a group's errors are its members').
    const errors: Record<string, number> = {};
    for (const [run, result] of [
      ['', chat],
      ['paced ', paced],
    ] as const) {
      for (const [label, figures] of Object.entries(result.labels)) {
        if (!label.includes(':') && label !== 'end') continue;
        for (const [status, count] of Object.entries(figures.errors))
          errors[`${run}${label} ${status}`] = count;
      }
    }
    const errorCount = Object.values(errors).reduce((sum, v) => sum + v, 0);
    const peakRss = Math.max(sampledPeak, memoryAfter?.peakRssBytes ?? 0, pacedPeak);
    const pacedTurn = paced.labels.turn;
    const pacedEnd = paced.labels.end;
    const round3 = (n: number) => Math.round(n * 1000) / 1000;
    const summarise = (figures: LabelFigures | undefined) =>
      figures
        ? `${figures.perSecond.toLocaleString('en-GB')}/s   p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`
        : '-';
    const requests = turn.count + end.count + (chat.labels.page?.count ?? 0);
    const figures = {
      turnsPerSecond: turn.perSecond,
      turnRatioToHelloWorld: round3(turn.perSecond / helloBest),
      turnP50Ms: turn.p50Ms,
      turnP99Ms: turn.p99Ms,
      endsPerSecond: end.perSecond,
      endP50Ms: end.p50Ms,
      endP99Ms: end.p99Ms,
      pacedTurnsPerSecond: pacedTurn?.perSecond ?? 0,
      pacedTurnP50Ms: pacedTurn?.p50Ms ?? 0,
      pacedTurnP99Ms: pacedTurn?.p99Ms ?? 0,
      pacedEndP99Ms: pacedEnd?.p99Ms ?? 0,
      helloWorldPerSecond: helloBest,
      helloWorldAutocannonPerSecond: helloRate,
      helloWorldSameDriverPerSecond: helloDriverRate,
      serverCpuMsPerRequest: round3(serverCpuMs / requests),
      postgresCpuMsPerRequest: round3(postgresCpuMs / requests),
      helloWorldCpuMsPerRequest: round3(helloCpuMsPerRequest),
      cpuRatioToHelloWorld: round3(helloCpuMsPerRequest / (serverCpuMs / requests)),
      peakRssMb: megabytes(peakRss),
      errorResponses: errorCount,
      hotUpdateShare: round3(hotUpdateShare),
    };

    console.log(`
Chat at full speed (${CONVERSATIONS} conversations at once, no pause between messages, ${SECONDS} s, production build on PostgreSQL)
  chat turns      ${turn.perSecond.toLocaleString('en-GB')}/s   p50 ${turn.p50Ms} ms, p90 ${turn.p90Ms} ms, p99 ${turn.p99Ms} ms, max ${turn.maxMs} ms
    first message ${summarise(chat.labels['turn:start'])}
    answers       ${summarise(chat.labels['turn:answer'])}
  page opening    ${summarise(chat.labels.page)} (the company and the usage check)
  ends            ${end.perSecond.toLocaleString('en-GB')}/s   p50 ${end.p50Ms} ms, p90 ${end.p90Ms} ms, p99 ${end.p99Ms} ms, max ${end.maxMs} ms
  at a human pace ${summarise(pacedTurn)} (turns), ends p99 ${pacedEnd?.p99Ms ?? '-'} ms: ${CONVERSATIONS} conversations, about ${THINK_MS / 1000} s between messages
  hello-world     ${helloRate.toLocaleString('en-GB')}/s with autocannon (before ${helloBefore.perSecond.toLocaleString('en-GB')}, after ${helloAfter.perSecond.toLocaleString('en-GB')}); ${helloDriverRate.toLocaleString('en-GB')}/s with the chat's own driver
  turns ÷ hello   ${(figures.turnRatioToHelloWorld * 100).toFixed(1)}% of the better hello-world rate
  conversations   ${tally.started.toLocaleString('en-GB')} started, ${tally.completed.toLocaleString('en-GB')} reached the closing sentence, ${tally.ended.toLocaleString('en-GB')} ended (warm-up included)
  CPU per request server ${figures.serverCpuMsPerRequest} ms, PostgreSQL ${figures.postgresCpuMsPerRequest} ms; hello-world ${figures.helloWorldCpuMsPerRequest} ms (the chat costs ${Math.round(1 / figures.cpuRatioToHelloWorld)}× a hello-world request in server CPU)
  server memory   RSS ${megabytes(memoryBefore?.rssBytes ?? 0)} MB before, peak ${megabytes(peakRss)} MB, ${megabytes(memoryAfter?.rssBytes ?? 0)} MB after
  errors          ${errorCount === 0 ? 'none' : JSON.stringify(errors)}
  load average    ${loadBefore.toFixed(2)} before the chat run, ${loadDuring.toFixed(2)} after (2 cores shared with other work)
  in-place writes ${Math.round(hotUpdateShare * 100)}% of the conversations' updates were HOT (no index touched)
  database        ${db.conversationsEnded} conversations ended, ${db.leads} leads, ${db.creditsSpent} credits spent; the driver saw ${tally.leadsCreated} leads created
`);
    console.log('Query plans of the hot queries (EXPLAIN ANALYZE on the data above):');
    for (const plan of plans) {
      console.log(`\n  ${plan.name}${plan.usesIndex ? '' : '   ← NO INDEX USED'}\n    ${plan.sql}`);
      for (const line of plan.plan) console.log(`    | ${line}`);
    }

    printComparison('chat', figures);
    const targets: Target[] = [
      {
        name: 'chat turns ÷ hello-world',
        actual: figures.turnRatioToHelloWorld,
        kind: 'min',
        limit: TARGET.turnRatio,
      },
      {
        name: 'chat turn p99 at full speed',
        actual: turn.p99Ms,
        kind: 'max',
        limit: TARGET.p99Ms,
        unit: ' ms',
      },
      { name: 'error responses', actual: errorCount, kind: 'exact', limit: 0 },
      { name: 'leads = conversations ended', actual: db.leads, kind: 'exact', limit: db.conversationsEnded },
      {
        name: 'credits spent = conversations ended',
        actual: db.creditsSpent,
        kind: 'exact',
        limit: db.conversationsEnded,
      },
      {
        name: 'leads seen by the driver = leads stored',
        actual: tally.leadsCreated,
        kind: 'exact',
        limit: db.leads,
      },
      {
        name: 'hot queries using an index',
        actual: plans.filter((p) => p.usesIndex).length,
        kind: 'exact',
        limit: plans.length,
      },
    ];
    const allMet = checkTargets(targets);
    writeResults('chat', {
      machine: { ...machine, loadAverageAtStart: machine.loadAverageAtStart },
      settings: {
        seconds: SECONDS,
        warmUpSeconds: WARM_UP_SECONDS,
        conversations: CONVERSATIONS,
        agencies: AGENCIES,
        activeAgencies: ACTIVE_AGENCIES,
        pacedSeconds: PACED_SECONDS,
        thinkMs: THINK_MS,
      },
      figures,
      latency: { turn, end, labels: chat.labels, paced: paced.labels },
      helloWorld: {
        autocannonBefore: helloBefore,
        autocannonAfter: helloAfter,
        sameDriver: helloDriver.labels.get,
      },
      conversations: tally,
      database: db,
      loadAverage: { beforeChat: loadBefore, afterChat: loadDuring },
      targets: Object.fromEntries(
        targets.map((t) => [t.name, { actual: t.actual, limit: t.limit, kind: t.kind }]),
      ),
      plans: plans.map((p) => ({ name: p.name, usesIndex: p.usesIndex, plan: p.plan })),
    });
    if (!allMet) process.exitCode = 1;
  } finally {
    for (const stop of stops) await stop().catch(() => {});
    await pool.end();
    await database.drop();
  }
}

runBenchmark(main);
