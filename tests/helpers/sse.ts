/** One server-sent event as a browser's EventSource would see it. */
export type SseEvent = { id: string | undefined; event: string; data: unknown };

export type SseReader = {
  status: number;
  /** Every event so far, oldest first. */
  events: SseEvent[];
  /** The first event (already received or still to come) that matches, or a timeout error. */
  next: (match: (event: SseEvent) => boolean, timeoutMs?: number) => Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/** Reads a server-sent events response with fetch, as the tests' stand-in for EventSource. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let isEnded = false;
  const ended = (async () => {
    if (!response.body || response.status !== 200) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          let id: string | undefined;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length === 0) continue;
          events.push({ id, event, data: JSON.parse(data.join('\n')) });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      isEnded = true;
      for (const wake of waiters) wake();
    }
  })();

  const next = (match: (event: SseEvent) => boolean, timeoutMs = 5000) =>
    new Promise<SseEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (found) {
          cleanup();
          resolve(found);
        } else if (isEnded) {
          cleanup();
          reject(new Error(`The stream ended without the event; it had: ${JSON.stringify(events)}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`No matching event within ${timeoutMs} ms; had: ${JSON.stringify(events)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return { status: response.status, events, next, ended, close: () => controller.abort() };
}
