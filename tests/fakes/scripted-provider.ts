import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * What every scripted provider stand-in shares (the OpenAI-style and Anthropic ones): an HTTP
 * server on 127.0.0.1 that records each request and answers it from a queue of scripts, then from
 * a default. Each stand-in speaks its own protocol in `handle`.
 */

export type ScriptedProvider<Script, Recorded> = {
  /** Base URL including /v1, as the providers' clients expect it. */
  baseUrl: string;
  requests: Recorded[];
  /** Queue behaviours for the next requests, in order; then the default answers. */
  enqueue: (...scripts: Script[]) => void;
  /** What answers when the queue is empty (an error by default, so unscripted calls show up). */
  setDefault: (script: Script) => void;
  /** Forgets the queue and the recorded requests, between tests. */
  reset: () => void;
  close: () => Promise<void>;
};

export type ScriptedExchange<Script, Recorded> = {
  req: IncomingMessage;
  res: ServerResponse;
  /** The request body as text. */
  raw: string;
  record: (request: Recorded) => void;
  /** The next queued script, or the default. */
  nextScript: () => Script;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startScriptedProvider<Script, Recorded>({
  port,
  fallback: initialFallback,
  handle,
}: {
  port: number;
  fallback: Script;
  handle: (exchange: ScriptedExchange<Script, Recorded>) => Promise<void>;
}): Promise<ScriptedProvider<Script, Recorded>> {
  const queue: Script[] = [];
  let fallback = initialFallback;
  const requests: Recorded[] = [];
  const open = new Set<ServerResponse>();

  const server = createServer(async (req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    const raw = await readBody(req);
    await handle({
      req,
      res,
      raw,
      record: (request) => requests.push(request),
      nextScript: () => queue.shift() ?? fallback,
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const { port: listening } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${listening}/v1`,
    requests,
    enqueue: (...scripts) => queue.push(...scripts),
    setDefault: (script) => {
      fallback = script;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
