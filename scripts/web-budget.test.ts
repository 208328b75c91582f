import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHAT_JS_BUDGET_BYTES,
  checkChatBudget,
  checkDashboardBudget,
  checkViewingBudget,
  DASHBOARD_JS_BUDGET_BYTES,
  RESPONSE_HEADERS_BYTES,
  VIEWING_JS_BUDGET_BYTES,
} from './web-budget.ts';

/** A build as Vite writes it: the manifest (the chat's unless named), the scripts and their brotli copies. */
function fakeBuild(
  files: { name: string; raw: number; brotli?: number }[],
  manifest: object,
  manifestName = 'manifest-chat.json',
): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'letlead-web-budget-'));
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, '.vite', manifestName), JSON.stringify(manifest));
  for (const file of files) {
    writeFileSync(path.join(dir, file.name), Buffer.alloc(file.raw));
    if (file.brotli !== undefined)
      writeFileSync(path.join(dir, `${file.name}.br`), Buffer.alloc(file.brotli));
  }
  dirs.push(dir);
  return dir;
}
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const manifest = {
  'chat/index.html': {
    file: 'assets/chat.js',
    imports: ['_shared.js'],
    dynamicImports: ['pages/chat/holding-page.tsx'],
  },
  '_shared.js': { file: 'assets/shared.js' },
  'pages/chat/holding-page.tsx': { file: 'assets/holding-page.js', imports: ['chat/index.html'] },
};

describe("the chat's JavaScript budget on the build", () => {
  it('counts what the page loads as it opens, as the server sends it, with its headers', () => {
    const dir = fakeBuild(
      [
        { name: 'assets/chat.js', raw: 50_000, brotli: 18_000 },
        // No brotli copy (a file too small to be worth one): sent as it is.
        { name: 'assets/shared.js', raw: 900 },
        // Loaded only when the holding page is shown: not counted.
        { name: 'assets/holding-page.js', raw: 500_000, brotli: 200_000 },
      ],
      manifest,
    );
    expect(checkChatBudget(dir)).toBe(18_000 + 900 + 2 * RESPONSE_HEADERS_BYTES);
  });

  it('fails the build when the chat is over 60 KB as served, naming each file', () => {
    const dir = fakeBuild(
      [
        { name: 'assets/chat.js', raw: 240_000, brotli: 59_000 },
        { name: 'assets/shared.js', raw: 900 },
        { name: 'assets/holding-page.js', raw: 1_000 },
      ],
      manifest,
    );
    expect(CHAT_JS_BUDGET_BYTES).toBe(61_440);
    expect(() => checkChatBudget(dir)).toThrow(
      /The chat's JavaScript is 61\.5 KB as served, over its 60 KB budget \(assets\/chat\.js 59\.1 KB, assets\/shared\.js 2\.4 KB\)/,
    );
  });
});

const appManifest = {
  'index.html': {
    file: 'assets/main.js',
    imports: ['_react.js'],
    dynamicImports: ['pages/dashboard/dashboard-page.tsx', 'pages/public/landing-page.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  'pages/public/landing-page.tsx': { file: 'assets/landing-page.js', imports: ['index.html'] },
  'pages/dashboard/dashboard-page.tsx': {
    file: 'assets/dashboard-page.js',
    imports: ['index.html', '_react.js', '_table.js'],
    dynamicImports: ['components/insights/insights-tab.tsx'],
  },
  '_table.js': { file: 'assets/table.js' },
  'components/insights/insights-tab.tsx': {
    file: 'assets/insights-tab.js',
    imports: ['pages/dashboard/dashboard-page.tsx'],
  },
};

describe("the dashboard's first screen on the build", () => {
  it("counts the app's entry and the dashboard with what they import, not the tabs that load later", () => {
    const dir = fakeBuild(
      [
        { name: 'assets/main.js', raw: 250_000, brotli: 70_000 },
        { name: 'assets/react.js', raw: 8_000, brotli: 3_000 },
        { name: 'assets/dashboard-page.js', raw: 200_000, brotli: 50_000 },
        { name: 'assets/table.js', raw: 900 },
        // Another page, and a tab fetched after the first screen: not counted.
        { name: 'assets/landing-page.js', raw: 30_000, brotli: 9_000 },
        { name: 'assets/insights-tab.js', raw: 40_000, brotli: 12_000 },
      ],
      appManifest,
      'manifest.json',
    );
    expect(checkDashboardBudget(dir)).toBe(70_000 + 3_000 + 50_000 + 900 + 4 * RESPONSE_HEADERS_BYTES);
  });

  it('fails the build when a tab or a library comes back into it', () => {
    const dir = fakeBuild(
      [
        { name: 'assets/main.js', raw: 250_000, brotli: 70_000 },
        { name: 'assets/react.js', raw: 8_000, brotli: 3_000 },
        { name: 'assets/dashboard-page.js', raw: 900_000, brotli: DASHBOARD_JS_BUDGET_BYTES - 70_000 },
        { name: 'assets/table.js', raw: 900 },
        { name: 'assets/landing-page.js', raw: 1_000 },
        { name: 'assets/insights-tab.js', raw: 1_000 },
      ],
      appManifest,
      'manifest.json',
    );
    expect(() => checkDashboardBudget(dir)).toThrow(
      /The dashboard's first screen is [\d.]+ KB as served, over its \d+ KB budget \(assets\/main\.js 69\.9 KB, /,
    );
  });
});

const viewingManifest = {
  'viewing/index.html': {
    file: 'assets/viewing.js',
    dynamicImports: ['../../node_modules/web-vitals/dist/web-vitals.js'],
  },
  '../../node_modules/web-vitals/dist/web-vitals.js': { file: 'assets/web-vitals.js' },
};

describe("the tenant's viewing page on the build", () => {
  it('counts its one script as served, not what loads after it', () => {
    const dir = fakeBuild(
      [
        { name: 'assets/viewing.js', raw: 115_000, brotli: 35_000 },
        { name: 'assets/web-vitals.js', raw: 6_000, brotli: 2_500 },
      ],
      viewingManifest,
      'manifest-viewing.json',
    );
    expect(checkViewingBudget(dir)).toBe(35_000 + RESPONSE_HEADERS_BYTES);
  });

  it("fails the build when React DOM or the app's libraries come into it", () => {
    const dir = fakeBuild(
      [
        { name: 'assets/viewing.js', raw: 330_000, brotli: 94_000 },
        { name: 'assets/web-vitals.js', raw: 6_000 },
      ],
      viewingManifest,
      'manifest-viewing.json',
    );
    expect(VIEWING_JS_BUDGET_BYTES).toBe(46_080);
    expect(() => checkViewingBudget(dir)).toThrow(
      /The viewing page's JavaScript is 93\.3 KB as served, over its 45 KB budget \(assets\/viewing\.js 93\.3 KB\)/,
    );
  });
});
