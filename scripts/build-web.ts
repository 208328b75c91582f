// `npm run build`'s first step: the web client's three builds (vite.config.ts says why three), each
// with its own Vite run. The app's comes first: it clears dist/web.
import path from 'node:path';
import { build } from 'vite';
import type { WebEntry } from '../vite.config.ts';

const configFile = path.resolve(import.meta.dirname, '../vite.config.ts');
const entries: WebEntry[] = ['app', 'chat', 'site'];

for (const entry of entries) {
  process.env.LETLEAD_WEB_ENTRY = entry;
  console.log(`Building the web client's ${entry} entry…`);
  await build({ configFile, logLevel: 'warn' });
}
delete process.env.LETLEAD_WEB_ENTRY;
