import type { FastifyReply, FastifyRequest } from 'fastify';

/** A server-sent events response, written by hand: the protocol is a few lines of text. */
export type EventStream = {
  send: (event: { id?: number; event?: string; data: unknown }) => void;
  close: () => void;
  readonly isClosed: boolean;
  onClose: (listener: () => void) => void;
};

/**
 * What one stream may hold unsent before it is dropped: a phone on a slow network that stops
 * reading must not make the server keep every message for it. The browser reconnects with
 * `Last-Event-ID` and catches up from the database.
 */
export const MAX_UNSENT_BYTES = 64 * 1024;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;

export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'x-request-id': request.id,
  });
  raw.write('retry: 2000\n\n');
  const listeners: (() => void)[] = [];
  let isClosed = false;
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();

  const finish = () => {
    if (isClosed) return;
    isClosed = true;
    clearInterval(heartbeat);
    for (const listener of listeners) listener();
  };
  request.raw.on('close', finish);
  raw.on('close', finish);
  raw.on('error', finish);

  function write(text: string) {
    if (isClosed) return;
    if (raw.writableLength > MAX_UNSENT_BYTES) {
      raw.destroy();
      finish();
      return;
    }
    raw.write(text);
  }

  return {
    send({ id, event, data }) {
      const lines = [
        ...(id !== undefined ? [`id: ${id}`] : []),
        ...(event ? [`event: ${event}`] : []),
        // JSON has no raw line breaks, so one data line carries it.
        `data: ${JSON.stringify(data)}`,
      ];
      write(`${lines.join('\n')}\n\n`);
    },
    close() {
      if (isClosed) return;
      raw.end();
      finish();
    },
    get isClosed() {
      return isClosed;
    },
    onClose(listener) {
      if (isClosed) listener();
      else listeners.push(listener);
    },
  };
}

/** The `Last-Event-ID` a reconnecting browser sends, as a message count; else the fallback. */
export function lastEventId(request: FastifyRequest, fallback: number | undefined): number {
  const header = request.headers['last-event-id'];
  const value = Number(Array.isArray(header) ? header[0] : header);
  if (Number.isInteger(value) && value >= 0) return value;
  return fallback ?? -1;
}
