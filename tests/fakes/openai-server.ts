import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in for an OpenAI-style provider: POST /v1/chat/completions on 127.0.0.1, answering from a
 * script. No real provider is reachable from tests; this speaks just enough of the protocol.
 */

export type FakeBehaviour =
  /** A completion whose message content is this value as JSON (or as is, when a string). */
  | { kind: 'reply'; content: unknown }
  /** An HTTP error with an OpenAI-shaped error body. */
  | { kind: 'error'; status: number; message?: string }
  /** Never answers: the client's timeout has to end the request. */
  | { kind: 'hang' };

export type RecordedRequest = {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model?: string;
    messages?: Array<{ role: string; content: unknown }>;
    response_format?: unknown;
    [key: string]: unknown;
  };
};

export type FakeOpenAiServer = {
  /** Base URL including /v1, as providers expect it. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Queue behaviours for the next requests, in order; then `fallback` answers. */
  enqueue: (...behaviours: FakeBehaviour[]) => void;
  /** What answers when the queue is empty (an error by default, so unscripted calls show up). */
  setDefault: (behaviour: FakeBehaviour) => void;
  close: () => Promise<void>;
};

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeOpenAi(): Promise<FakeOpenAiServer> {
  const queue: FakeBehaviour[] = [];
  let fallback: FakeBehaviour = { kind: 'error', status: 500, message: 'No scripted reply' };
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    let body: RecordedRequest['body'] = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      body = {};
    }
    requests.push({ path: req.url ?? '', headers: req.headers, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      send(404, {
        error: { message: `Unknown route ${req.method} ${req.url}`, type: 'invalid_request_error' },
      });
      return;
    }
    const behaviour = queue.shift() ?? fallback;
    switch (behaviour.kind) {
      case 'reply': {
        const content =
          typeof behaviour.content === 'string' ? behaviour.content : JSON.stringify(behaviour.content);
        send(200, completion(body.model ?? 'fake-model', content));
        return;
      }
      case 'error':
        send(behaviour.status, {
          error: {
            message: behaviour.message ?? 'The server had an error',
            type: 'server_error',
            code: null,
          },
        });
        return;
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...behaviours) => queue.push(...behaviours),
    setDefault: (behaviour) => {
      fallback = behaviour;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
