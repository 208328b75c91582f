// The chat's JavaScript budget, checked on the build itself (scripts/build-web.ts fails when it is
// exceeded; bench/web.ts measures the same from a browser, and tests/e2e/chat.spec.ts as served).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The chat page's JavaScript as served, at most (docs/performance.md): issue 33's 60 KB. */
export const CHAT_JS_BUDGET_BYTES = 60 * 1024;
/**
 * What a script's response headers add on the wire, at most: about 1 KB here, most of it the
 * security headers (bench/results/web.json lists each file's transferred bytes).
 */
export const RESPONSE_HEADERS_BYTES = 1536;

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The scripts the chat page loads as it opens (its entry and what the entry imports statically; the
 * holding page, sonner and web-vitals load later, when needed) and what each weighs as a browser
 * receives it: the brotli copy the server sends (vite.config.ts writes them), and its headers.
 */
export function chatScripts(webDir: string): { file: string; servedBytes: number }[] {
  const manifest = JSON.parse(
    readFileSync(path.join(webDir, '.vite/manifest-chat.json'), 'utf8'),
  ) as Manifest;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in manifest-chat.json`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('chat/index.html');
  return [...files].map((file) => {
    const full = path.join(webDir, file);
    const body = existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
    return { file, servedBytes: body + RESPONSE_HEADERS_BYTES };
  });
}

/** Throws, naming each file and its weight, when the chat's scripts are over the budget. */
export function checkChatBudget(webDir: string): number {
  const scripts = chatScripts(webDir);
  const total = scripts.reduce((sum, script) => sum + script.servedBytes, 0);
  if (total > CHAT_JS_BUDGET_BYTES) {
    const list = scripts.map((script) => `${script.file} ${(script.servedBytes / 1024).toFixed(1)} KB`);
    throw new Error(
      `The chat's JavaScript is ${(total / 1024).toFixed(1)} KB as served, over its ${CHAT_JS_BUDGET_BYTES / 1024} KB budget (${list.join(', ')}). See docs/performance.md.`,
    );
  }
  return total;
}
