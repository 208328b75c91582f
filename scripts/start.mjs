// `npm start`: builds first when there is no build, then runs the production server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import lockfile from 'proper-lockfile';

const isBuilt = () => existsSync('dist/server/main.js') && existsSync('dist/web/index.html');

if (!isBuilt()) {
  // Several processes started at once in a checkout without a build (two instances, a process
  // manager) build one at a time: each would otherwise empty `dist/` under the other's feet. The
  // lock is renewed while the build runs and counts as abandoned a minute after its holder died.
  if (await lockfile.check('.', { lockfilePath: '.build.lock', stale: 60_000 })) {
    console.log('Another process is building LetLead: waiting for its build…');
  }
  const release = await lockfile.lock('.', {
    lockfilePath: '.build.lock',
    stale: 60_000,
    update: 10_000,
    retries: { retries: 1_000, minTimeout: 500, maxTimeout: 2_000 },
  });
  let status = 0;
  // Built meanwhile by the process that held the lock.
  if (!isBuilt()) {
    console.log('No build found: building LetLead first (npm run build)…');
    // Not spawnSync: the lock is renewed by a timer, which a blocked event loop would never run.
    const build = spawn('npm', ['run', 'build'], { stdio: 'inherit' });
    status = await new Promise((resolve) => build.on('exit', (code) => resolve(code ?? 1)));
  }
  await release();
  if (status !== 0) process.exit(status);
}
const server = spawnSync(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
