import { existsSync } from 'node:fs';

/**
 * No browser can be downloaded at test time. Use CHROMIUM_PATH, else Debian's chromium, else the
 * Chromium that ships inside the @sparticuz/chromium npm package (unpacked to /tmp on first use).
 */
export async function resolveChromium(): Promise<string> {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

/** Flags that keep Chromium off the network it cannot reach here. */
export const chromiumArgs = [
  '--no-sandbox',
  '--no-zygote',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
