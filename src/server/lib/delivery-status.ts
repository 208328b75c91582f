import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * better-auth sends its emails through a callback whose result it discards. A caller that wants
 * to know whether an email went at once or was queued for retry runs the better-auth call inside
 * `trackDelivery`, and the mail callback records what happened.
 */
const storage = new AsyncLocalStorage<{ queued: boolean }>();

export async function trackDelivery<T>(run: () => Promise<T>): Promise<{ result: T; wasQueued: boolean }> {
  const tracker = { queued: false };
  const result = await storage.run(tracker, run);
  return { result, wasQueued: tracker.queued };
}

export function recordDelivery(status: 'sent' | 'queued'): void {
  const tracker = storage.getStore();
  if (tracker && status === 'queued') tracker.queued = true;
}
