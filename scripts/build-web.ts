// `npm run build`'s first step: the web client's four builds (vite.config.ts says why four), each
// with its own Vite run. The app's comes first: it clears dist/web.
import path from 'node:path';
import { build } from 'vite';
import type { WebEntry } from '../vite.config.ts';
import {
  checkChatBudget,
  checkDashboardBudget,
  checkViewingBudget,
  DASHBOARD_JS_BUDGET_BYTES,
  VIEWING_JS_BUDGET_BYTES,
} from './web-budget.ts';

const configFile = path.resolve(import.meta.dirname, '../vite.config.ts');
const entries: WebEntry[] = ['app', 'chat', 'viewing', 'site'];

for (const entry of entries) {
  process.env.LETLEAD_WEB_ENTRY = entry;
  console.log(`Building the web client's ${entry} entry…`);
  await build({ configFile, logLevel: 'warn' });
}
delete process.env.LETLEAD_WEB_ENTRY;

// The chat and the viewing page are what tenants open on a phone, the dashboard the page every
// agent opens all day: a build that makes one of them heavier than its budget fails here.
const webDir = path.resolve(import.meta.dirname, '../dist/web');
const chatBytes = checkChatBudget(webDir);
console.log(`The chat's JavaScript: ${(chatBytes / 1024).toFixed(1)} KB as served (budget 60 KB)`);
const viewingBytes = checkViewingBudget(webDir);
console.log(
  `The viewing page's JavaScript: ${(viewingBytes / 1024).toFixed(1)} KB as served (budget ${VIEWING_JS_BUDGET_BYTES / 1024} KB)`,
);
const dashboardBytes = checkDashboardBudget(webDir);
console.log(
  `The dashboard's first screen: ${(dashboardBytes / 1024).toFixed(1)} KB of JavaScript as served (budget ${DASHBOARD_JS_BUDGET_BYTES / 1024} KB)`,
);
