import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '#tests/helpers/free-port.ts';
import { LIFTED_RATE_LIMITS } from '#tests/helpers/rate-limits.ts';
import { serverEntry } from './build.ts';

export type BenchProcess = {
  url: string;
  pid: number;
  /** What the process wrote to stderr (and stdout, where kept), for error messages. */
  output: () => string;
  stop: () => Promise<void>;
};

function track(child: ChildProcess, keepStdout: boolean) {
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stderr?.on('data', append);
  if (keepStdout) child.stdout?.on('data', append);
  return () => output;
}

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The process exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The process did not become ready at ${url}:\n${output()}`);
}

/**
 * The production server (`node dist/server/main.js`) as it runs in production: NODE_ENV=production,
 * JSON logs at the default level (to /dev/null: shipping them is the platform's work), the given
 * environment on top. Ready once /readyz answers.
 */
export async function startProductionServer(env: Record<string, string>): Promise<BenchProcess> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, to profile the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, serverEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const output = track(child, false);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${url}/readyz`, child, output);
  return { url, pid: child.pid!, output, stop: stopper(child) };
}

/**
 * The production server as the chat benchmarks run it: on a throwaway database, mail to the
 * sink, no background jobs, and rate limits no benchmark meets.
 */
export function chatBenchEnv(databaseUrl: string, smtpUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    APP_URL: 'http://localhost:3000',
    SESSION_SECRET: 'bench-secret-that-is-long-enough-for-better-auth',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'LetLead <no-reply@letlead.test>',
    // Never called by the chat: only so that production mode starts.
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
    JOBS: 'false',
    DEMO_DATA: 'false',
    ...LIFTED_RATE_LIMITS,
  };
}

/** The bare Fastify hello-world baseline in its own process. */
export async function startHelloWorld(): Promise<BenchProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/hello-world.ts'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = track(child, true);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, output);
  return { url, pid: child.pid!, output, stop: stopper(child) };
}

/** A local SMTP server that drops what it receives (the server's lead emails go there). */
export async function startSmtpSink(): Promise<BenchProcess & { smtpUrl: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/smtp-sink.ts'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = track(child, true);
  const deadline = Date.now() + 30_000;
  while (!output().includes('listening on')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`The SMTP sink did not start:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    pid: child.pid!,
    output,
    stop: stopper(child),
  };
}

export type Memory = { rssBytes: number; peakRssBytes: number };

/**
 * A process's resident memory now and its peak since it started (VmHWM, kept by the kernel, so
 * no short peak between two samples is missed). Linux only; null elsewhere.
 */
export function readMemory(pid: number): Memory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rssBytes: kb('VmRSS') * 1024, peakRssBytes: kb('VmHWM') * 1024 };
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `intervalMs` until stopped; returns the largest sample. */
export function sampleMemory(pid: number, intervalMs = 250): { stop: () => number } {
  let max = 0;
  const timer = setInterval(() => {
    max = Math.max(max, readMemory(pid)?.rssBytes ?? 0);
  }, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(max, readMemory(pid)?.rssBytes ?? 0);
    },
  };
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on every Linux we run). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time a process has used so far (user + system), in milliseconds: unlike throughput, it
 * hardly moves when other work shares the machine. Null where /proc is missing.
 */
export function readCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The summed CPU time of several processes (e.g. the PostgreSQL backends serving one database). */
export function readTotalCpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (readCpuMs(pid) ?? 0), 0);
}
