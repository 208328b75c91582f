import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

/** Where and when a run happened: figures on shared machines only mean something with this. */
export type Machine = {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  loadAverageAtStart: number;
};

export function describeMachine(): Machine {
  const cores = cpus();
  return {
    date: new Date().toISOString(),
    cpus: cores.length,
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    loadAverageAtStart: Math.round(loadavg()[0]! * 100) / 100,
  };
}

/** The figures compared run to run: a flat map of name to number. */
export type Figures = Record<string, number>;

export type Results = { machine: Machine; figures: Figures; [detail: string]: unknown };

const resultsPath = (name: string) => `bench/results/${name}.json`;

/**
 * The committed baseline: bench/results/<name>.json as of the last commit (so that a run that
 * overwrote the file still compares with what is committed), else the file as it is.
 */
function readBaseline(name: string): Results | null {
  try {
    const text = execFileSync('git', ['show', `HEAD:${resultsPath(name)}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return JSON.parse(text) as Results;
  } catch {
    if (!existsSync(resultsPath(name))) return null;
    try {
      return JSON.parse(readFileSync(resultsPath(name), 'utf8')) as Results;
    } catch {
      return null;
    }
  }
}

export function writeResults(name: string, results: Results): void {
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(resultsPath(name), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Written to ${resultsPath(name)}`);
}

/**
 * Each figure beside the one in the committed bench/results/<name>.json, with the change:
 * information only, never a failure.
 */
export function printComparison(name: string, figures: Figures): void {
  const baseline = readBaseline(name);
  if (!baseline?.figures) {
    console.log('\nNo committed baseline to compare with yet.');
    return;
  }
  console.log(
    `\nCompared with the committed baseline (${baseline.machine?.date?.slice(0, 10) ?? 'undated'}):`,
  );
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  for (const [key, value] of Object.entries(figures)) {
    const before = baseline.figures[key];
    if (typeof before !== 'number') {
      console.log(`  ${key.padEnd(width)}  ${format(value)}  (new)`);
      continue;
    }
    const change =
      before === 0 ? '' : ` ${value >= before ? '+' : ''}${(((value - before) / before) * 100).toFixed(1)}%`;
    console.log(
      `  ${key.padEnd(width)}  ${format(value).padStart(10)}  was ${format(before).padStart(10)}${change}`,
    );
  }
}

function format(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString('en-GB') : String(Math.round(value * 1000) / 1000);
}

export type Target = {
  name: string;
  actual: number;
  /** `min`: the figure must be at least `limit`; `max`: below `limit`; `exact`: equal to it. */
  kind: 'min' | 'max' | 'exact';
  limit: number;
  unit?: string;
};

/** Prints each target with its verdict; returns whether all were met. */
export function checkTargets(targets: Target[]): boolean {
  console.log('\nTargets:');
  let allMet = true;
  for (const target of targets) {
    const met =
      target.kind === 'min'
        ? target.actual >= target.limit
        : target.kind === 'max'
          ? target.actual < target.limit
          : target.actual === target.limit;
    allMet &&= met;
    const rule = target.kind === 'min' ? '≥' : target.kind === 'max' ? '<' : '=';
    const unit = target.unit ?? '';
    console.log(
      `  ${met ? 'met    ' : 'MISSED '} ${target.name}: ${format(target.actual)}${unit} (target ${rule} ${format(target.limit)}${unit})`,
    );
  }
  return allMet;
}

export function megabytes(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

/**
 * Runs a benchmark's `main`; an error (a server that would not start, a database out of reach)
 * is printed and fails the run.
 */
export function runBenchmark(main: () => Promise<void>): void {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/** Prints the machine a benchmark runs on, for reading its figures against another run's. */
export function printMachine(machine: Machine): void {
  console.log(
    `Machine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, load ${machine.loadAverageAtStart}`,
  );
}
