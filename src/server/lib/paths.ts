import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder with package.json), from the source tree or from the built dist/. */
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

export const rootDir = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = path.join(rootDir, 'src/server/db/migrations');
export const webDistDir = path.join(rootDir, 'dist/web');
