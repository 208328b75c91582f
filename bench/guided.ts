import { loadavg } from 'node:os';
import { createGuidedEngine, guidedTurn } from '#agent/dialogue.ts';
import type { AgentState } from '#agent/types.ts';
import { allProperties } from '#tests/corpus/fixtures.ts';
import { contextFor, corpus, runCorpus } from '#tests/corpus/run.ts';
import { describeMachine, writeResults } from './lib/report.ts';

/*
 * The guided agent's cost per turn, in-process (target: median under 0.2 ms), and its accuracy on
 * the tenant corpus. Run with `npm run bench:guided`. Wall-clock time includes moments the
 * process was not scheduled (the machines are shared); CPU time is the process's own work.
 */

const ROUNDS = Number(process.env.ROUNDS ?? 30);
const WARM_UP_ROUNDS = 3;

type Timing = { wallMs: number; cpuMs: number };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function playCorpusOnce(timings: Timing[] | null): void {
  for (const c of corpus) {
    const base = contextFor(c);
    let state: AgentState = createGuidedEngine().start(base).state;
    for (const message of c.messages) {
      // As the server does: a listing chosen on the agency link becomes the context's property.
      const chosen = allProperties.find((p) => p.id === state.fields.propertyId) ?? null;
      const context = base.property || !chosen ? base : { ...base, property: chosen };
      const cpu = process.cpuUsage();
      const began = performance.now();
      state = guidedTurn(context, state, message).state;
      const wallMs = performance.now() - began;
      const used = process.cpuUsage(cpu);
      timings?.push({ wallMs, cpuMs: (used.user + used.system) / 1000 });
    }
  }
}

const machine = describeMachine();
for (let i = 0; i < WARM_UP_ROUNDS; i++) playCorpusOnce(null);
const timings: Timing[] = [];
for (let i = 0; i < ROUNDS; i++) playCorpusOnce(timings);
const wall = timings.map((t) => t.wallMs);
const cpu = timings.map((t) => t.cpuMs);
const mean = wall.reduce((s, t) => s + t, 0) / wall.length;

const report = await runCorpus(createGuidedEngine());
const percent = (n: number) => `${(n * 100).toFixed(1)}%`;
const ms = (n: number) => `${n.toFixed(3)} ms`.padStart(10);

console.log(`Guided agent: ${timings.length} turns (${corpus.length} conversations × ${ROUNDS} rounds)`);
console.log(`  load average ${loadavg()[0].toFixed(2)} on this machine during the run`);
console.log('                wall        cpu');
console.log(`  median  ${ms(percentile(wall, 50))} ${ms(percentile(cpu, 50))}   (target: median < 0.2 ms)`);
console.log(`  p99     ${ms(percentile(wall, 99))} ${ms(percentile(cpu, 99))}`);
console.log(`  mean    ${ms(mean)}`);
console.log(`Corpus accuracy (${report.cases.length} conversations)`);
for (const f of report.perField)
  console.log(`  ${f.field.padEnd(16)} ${percent(f.correct / f.total).padStart(6)}`);
console.log(`  ${'all fields'.padEnd(16)} ${percent(report.fieldAccuracy).padStart(6)}`);
console.log(`  ${'exact score'.padEnd(16)} ${percent(report.scoreAccuracy).padStart(6)}`);

const round3 = (n: number) => Math.round(n * 1000) / 1000;
writeResults('guided', {
  machine,
  figures: {
    'turn.wallMedianMs': round3(percentile(wall, 50)),
    'turn.cpuMedianMs': round3(percentile(cpu, 50)),
    'turn.wallP99Ms': round3(percentile(wall, 99)),
    'turn.cpuP99Ms': round3(percentile(cpu, 99)),
    'turn.wallMeanMs': round3(mean),
    'corpus.conversations': report.cases.length,
    'corpus.fieldAccuracyPercent': Math.round(report.fieldAccuracy * 1000) / 10,
    'corpus.exactScorePercent': Math.round(report.scoreAccuracy * 1000) / 10,
  },
});
