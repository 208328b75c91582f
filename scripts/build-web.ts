// `npm run build`'s first step: the web client's three builds (vite.config.ts says why three), each
// with its own Vite run. The app's comes first: it clears dist/web.
import path from 'node:path';
import { build } from 'vite';
import type { WebEntry } from '../vite.config.ts';
import { checkChatBudget, checkDashboardBudget, DASHBOARD_JS_BUDGET_BYTES } from './web-budget.ts';

const configFile = path.resolve(import.meta.dirname, '../vite.config.ts');
const entries: WebEntry[] = ['app', 'chat', 'site'];

for (const entry of entries) {
  process.env.LETLEAD_WEB_ENTRY = entry;
  console.log(`Building the web client's ${entry} entry…`);
  await build({ configFile, logLevel: 'warn' });
}
delete process.env.LETLEAD_WEB_ENTRY;

// The chat is the page every tenant opens on a phone, the dashboard the page every agent opens all
// day: a build that makes either heavier fails here.
const webDir = path.resolve(import.meta.dirname, '../dist/web');
const chatBytes = checkChatBudget(webDir);
console.log(`The chat's JavaScript: ${(chatBytes / 1024).toFixed(1)} KB as served (budget 60 KB)`);
const dashboardBytes = checkDashboardBudget(webDir);
console.log(
  `The dashboard's first screen: ${(dashboardBytes / 1024).toFixed(1)} KB of JavaScript as served (budget ${DASHBOARD_JS_BUDGET_BYTES / 1024} KB)`,
);
