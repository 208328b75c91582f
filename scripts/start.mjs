// `npm start`: builds first when there is no build, then runs the production server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const isBuilt = existsSync('dist/server/main.js') && existsSync('dist/web/index.html');
if (!isBuilt) {
  console.log('No build found: building LetLead first (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const server = spawnSync(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
