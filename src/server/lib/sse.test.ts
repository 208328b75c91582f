import type { ServerResponse } from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type EventStream, MAX_UNSENT_BYTES, openEventStream } from './sse.ts';

/**
 * The 64 KB cap on what one event stream may hold unsent (docs/live.md), against real readers
 * over real TCP: a reader that stops reading (a phone that went into a tunnel) is dropped once its
 * backlog passes the cap, and the server never holds much more than that for it; a reader that
 * keeps up gets every event, however much is sent.
 */

type Opened = { stream: EventStream; raw: ServerResponse };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A server with one event stream route; resolves the stream once a client opens it. */
async function serveStream(): Promise<{ port: number; opened: Promise<Opened> }> {
  app = Fastify();
  let resolveOpened: (opened: Opened) => void = () => {};
  const opened = new Promise<Opened>((resolve) => {
    resolveOpened = resolve;
  });
  app.get('/events', (request, reply) => {
    resolveOpened({ stream: openEventStream(request, reply), raw: reply.raw });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, opened };
}

/** About 16 KB of JSON: a long conversation's worth of messages in one event. */
const bigEvent = (n: number) => ({ id: n, event: 'message', data: { n, content: 'x'.repeat(16_000) } });
const EVENT_BYTES = JSON.stringify(bigEvent(0).data).length + 40;

describe('an event stream and a slow reader', () => {
  it('drops a reader that stopped reading once 64 KB wait unsent, holding no more than that', async () => {
    const { port, opened } = await serveStream();
    const socket = net.connect(port, '127.0.0.1');
    socket.write('GET /events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n');
    // Read nothing: the kernel's buffers fill, then the stream's own.
    socket.pause();
    const closedByServer = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const { stream, raw } = await opened;

    let sent = 0;
    let mostUnsent = 0;
    // Far more than the kernel's buffers on both sides hold (a few MB on loopback).
    const total = 2_000;
    while (!stream.isClosed && sent < total) {
      stream.send(bigEvent(sent));
      sent += 1;
      mostUnsent = Math.max(mostUnsent, raw.writableLength);
      if (sent % 20 === 0) await sleep(1);
    }

    expect(stream.isClosed).toBe(true);
    expect(sent).toBeLessThan(total);
    // The cap, plus at most the one event that crossed it.
    expect(mostUnsent).toBeLessThanOrEqual(MAX_UNSENT_BYTES + EVENT_BYTES);
    expect(mostUnsent).toBeGreaterThan(MAX_UNSENT_BYTES - EVENT_BYTES);

    // The reader, reading again, gets what had reached it, then the end: never the rest.
    let received = 0;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    socket.resume();
    await closedByServer;
    expect(received).toBeLessThan(sent * EVENT_BYTES);
  });

  it('keeps a reader that keeps up, and gives it every event', async () => {
    const { port, opened } = await serveStream();
    const response = fetch(`http://127.0.0.1:${port}/events`, { headers: { accept: 'text/event-stream' } });
    const { stream, raw } = await opened;
    const body = (await response).body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await body.read();
        if (done) return;
        text += value;
      }
    })();

    // 6 MB in all, more than a slow reader may leave waiting, sent as a busy chat would.
    const total = 400;
    for (let n = 0; n < total; n += 1) {
      stream.send(bigEvent(n));
      // A busy live stream, not a flood: the next event once the last has left the process.
      while (raw.writableLength > EVENT_BYTES) await sleep(1);
    }
    expect(stream.isClosed).toBe(false);
    stream.close();
    await reading;
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
    expect(ids).toEqual(Array.from({ length: total }, (_, n) => n));
  });
});
