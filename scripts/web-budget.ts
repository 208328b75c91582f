// The chat's and the dashboard's JavaScript budgets, checked on the build itself (scripts/build-web.ts
// fails when one is exceeded; bench/web.ts measures the chat from a browser, and
// tests/e2e/chat.spec.ts as served).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The chat page's JavaScript as served, at most (docs/performance.md): issue 33's 60 KB. */
export const CHAT_JS_BUDGET_BYTES = 60 * 1024;
/**
 * The tenant's viewing page as served, at most (its own entry, on Preact like the chat's: 35.6 KB
 * on 29 November, where it loaded the app's entry and its own chunk, 116 KB). A change that
 * brings React DOM (59 KB on its own) or the app's libraries into it fails the build.
 */
export const VIEWING_JS_BUDGET_BYTES = 45 * 1024;
/**
 * The dashboard's first screen as served, at most: what it weighed (261.2 KB) once its other tabs,
 * the board and a lead's panel became chunks of their own, and react-hook-form, zod's schemas and
 * all but the UK's phone metadata left it (docs/performance.md), with a little room. A change
 * that brings a tab's code or a large library back into it fails the build.
 */
export const DASHBOARD_JS_BUDGET_BYTES = 265 * 1024;
/**
 * What a script's response headers add on the wire, at most: about 1 KB here, most of it the
 * security headers (bench/results/web.json lists each file's transferred bytes).
 */
export const RESPONSE_HEADERS_BYTES = 1536;

type Manifest = Record<string, { file: string; imports?: string[] }>;
type Script = { file: string; servedBytes: number };

/**
 * The scripts a page loads as it opens (its entries, and what they import statically: their
 * dynamic imports load later, when needed) and what each weighs as a browser receives it: the
 * brotli copy the server sends (vite.config.ts writes them), and its headers.
 */
function openingScripts(webDir: string, manifestName: string, entries: string[]): Script[] {
  const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite', manifestName), 'utf8')) as Manifest;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in ${manifestName}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const entry of entries) visit(entry);
  return [...files].map((file) => {
    const full = path.join(webDir, file);
    const body = existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
    return { file, servedBytes: body + RESPONSE_HEADERS_BYTES };
  });
}

/** The chat page's scripts as it opens (the holding page, sonner and web-vitals load later). */
export function chatScripts(webDir: string): Script[] {
  return openingScripts(webDir, 'manifest-chat.json', ['chat/index.html']);
}

/** The tenant's viewing page's scripts as it opens (web-vitals loads later). */
export function viewingScripts(webDir: string): Script[] {
  return openingScripts(webDir, 'manifest-viewing.json', ['viewing/index.html']);
}

/**
 * The dashboard's first screen (the Property Leads tab): the app's entry and the dashboard's chunk
 * with what they import. The other tabs, the board and a lead's panel load after it.
 */
export function dashboardScripts(webDir: string): Script[] {
  return openingScripts(webDir, 'manifest.json', ['index.html', 'pages/dashboard/dashboard-page.tsx']);
}

/** Throws, naming each file and its weight, when `scripts` weigh more than `budgetBytes`. */
function checkBudget(what: string, scripts: Script[], budgetBytes: number): number {
  const total = scripts.reduce((sum, script) => sum + script.servedBytes, 0);
  if (total > budgetBytes) {
    const list = scripts.map((script) => `${script.file} ${(script.servedBytes / 1024).toFixed(1)} KB`);
    throw new Error(
      `${what} is ${(total / 1024).toFixed(1)} KB as served, over its ${budgetBytes / 1024} KB budget (${list.join(', ')}). See docs/performance.md.`,
    );
  }
  return total;
}

/** Throws, naming each file and its weight, when the chat's scripts are over the budget. */
export function checkChatBudget(webDir: string): number {
  return checkBudget("The chat's JavaScript", chatScripts(webDir), CHAT_JS_BUDGET_BYTES);
}

/** Throws, naming each file and its weight, when the viewing page's scripts are over the budget. */
export function checkViewingBudget(webDir: string): number {
  return checkBudget("The viewing page's JavaScript", viewingScripts(webDir), VIEWING_JS_BUDGET_BYTES);
}

/** Throws, naming each file and its weight, when the dashboard's first screen is over its budget. */
export function checkDashboardBudget(webDir: string): number {
  return checkBudget("The dashboard's first screen", dashboardScripts(webDir), DASHBOARD_JS_BUDGET_BYTES);
}
