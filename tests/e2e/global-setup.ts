import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolveChromium } from './chromium.ts';

export default async function globalSetup() {
  // Workers read the browser path from the environment set here.
  process.env.LETLEAD_CHROMIUM = await resolveChromium();
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
    const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error('npm run build failed');
  }
}
