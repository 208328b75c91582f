/**
 * What a visitor's browser actually receives: every script a page requests until the network is
 * idle, weighed as transferred (compressed body and headers), with Chromium driven by Playwright.
 */
import type { Browser } from '@playwright/test';

export type ServedScripts = {
  /** Bytes on the wire: encoded bodies plus response headers. */
  transferred: number;
  /** Bytes once decoded. */
  decoded: number;
  files: { url: string; encoding: string; transferred: number; decoded: number }[];
};

export async function measureServedScripts(browser: Browser, url: string): Promise<ServedScripts> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const pending: Promise<ServedScripts['files'][number] | undefined>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return undefined;
        const sizes = await request.sizes();
        const decoded = (await response.body()).length;
        return {
          url: new URL(request.url()).pathname,
          encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          transferred: sizes.responseBodySize + sizes.responseHeadersSize,
          decoded,
        };
      })(),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = (await Promise.all(pending)).filter((file) => file !== undefined);
    return {
      transferred: files.reduce((sum, file) => sum + file.transferred, 0),
      decoded: files.reduce((sum, file) => sum + file.decoded, 0),
      files,
    };
  } finally {
    await context.close();
  }
}
