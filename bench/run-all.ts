/**
 * `npm run bench`: every benchmark in turn, each in its own process as `npm run bench:<name>`
 * runs it (so one can be run alone the same way). A benchmark that fails or misses a target does
 * not stop the others; the command fails at the end if any did.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const BENCHMARKS = ['chat', 'dashboard', 'guided', 'insights', 'live', 'web'] as const;

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
  .scripts;
const outcomes: { name: string; outcome: string; seconds: number }[] = [];

for (const name of BENCHMARKS) {
  const script = `bench:${name}`;
  if (!scripts[script]) {
    outcomes.push({ name, outcome: `no "${script}" script`, seconds: 0 });
    continue;
  }
  console.log(`\n=== npm run ${script} (load average ${loadavg()[0]!.toFixed(2)}) ===\n`);
  const started = performance.now();
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  const seconds = Math.round((performance.now() - started) / 1000);
  outcomes.push({
    name,
    outcome: result.status === 0 ? 'passed' : `FAILED (exit ${result.status ?? result.signal})`,
    seconds,
  });
}

console.log('\n=== Benchmarks ===');
for (const { name, outcome, seconds } of outcomes) {
  console.log(`  ${name.padEnd(10)} ${outcome}${seconds ? ` in ${seconds} s` : ''}`);
}
if (outcomes.some((o) => o.outcome.startsWith('FAILED') || o.outcome.startsWith('no '))) process.exitCode = 1;
