import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '#tests/helpers/free-port.ts';

export type ThrowawayPostgres = {
  url: string;
  stop: () => void;
  start: () => void;
  /** Stops the server (if running) and deletes its files. */
  destroy: () => void;
};

/**
 * The folder of Debian's PostgreSQL server binaries (initdb, pg_ctl), newest first; or null when
 * there are none, or when running as root without the `postgres` user to run them as.
 */
export function findPostgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  if (process.getuid?.() === 0 && !hasUser('postgres')) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/**
 * A PostgreSQL server of our own, on a free port and a temporary folder, that a test may stop and
 * start at will without disturbing the shared server other tests use. PostgreSQL refuses to run
 * as root, so as root it runs as the `postgres` user.
 */
export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const port = await freePort();
  const root = mkdtempSync(path.join(tmpdir(), 'letlead-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    const [file, fileArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
    execFileSync(file, fileArgs, { stdio: 'pipe', timeout: 60_000 });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const start = () => {
    run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '30', 'start']);
    running = true;
  };
  const stop = () => {
    run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
    running = false;
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: () => {
      try {
        if (running) stop();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

function hasUser(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}
