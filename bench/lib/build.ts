import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const serverEntry = 'dist/server/main.js';
const webEntry = 'dist/web/index.html';

/**
 * Builds once when there is no production build. Other people's builds on the same machine write
 * the same dist/ folder, so the build runs under the shared build lock where `flock` exists.
 */
export function ensureProductionBuild(): void {
  if (existsSync(serverEntry) && existsSync(webEntry)) return;
  console.log('No production build: building first (npm run build)…');
  const hasFlock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;
  const result = hasFlock
    ? spawnSync('flock', ['/tmp/build.lock', 'npm', 'run', 'build'], { stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(serverEntry) || !existsSync(webEntry))
    throw new Error('The production build failed');
}
