import { isAPIError } from 'better-auth/api';

/** better-auth's error code (`INVALID_TOKEN`, `EMAIL_NOT_VERIFIED`, …), or undefined for any other error. */
export function betterAuthErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : 'UNKNOWN';
}

/** Answers no sooner than `ms`, so that response time does not tell which branch ran. */
export async function withMinimumDuration<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const remaining = ms - (Date.now() - started);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  }
}
