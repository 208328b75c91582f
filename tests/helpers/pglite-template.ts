import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '#server/db/client.ts';
import { createJobQueue } from '#server/lib/jobs.ts';
import { migrationsDir, rootDir } from '#server/lib/paths.ts';

/**
 * A migrated embedded database (our tables and the job queue's) dumped once per migration set,
 * so each test file loads it in under a second instead of running initdb and every migration.
 */
export function templatePath(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsDir, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  hash.update(readFileSync(path.join(rootDir, 'node_modules/pg-boss/package.json')));
  return path.join(tmpdir(), `letlead-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

export async function ensureTemplate(): Promise<string> {
  const file = templatePath();
  if (existsSync(file)) return file;
  const database = await openDatabase({ pgliteDir: 'memory://' });
  const jobs = createJobQueue({ database, runWorkers: false, log: { warn() {} } as never });
  await jobs.start();
  await jobs.stop();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

export function loadTemplate(): Blob | undefined {
  const file = templatePath();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}
