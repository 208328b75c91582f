import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ScriptedProvider, startScriptedProvider } from './scripted-provider.ts';

/*
 * A stand-in for an OpenAI-style provider: POST /v1/chat/completions on 127.0.0.1, answering from a
 * script. No real provider is reachable from tests; this speaks just enough of the protocol: plain
 * completions, and for `stream: true` requests server-sent events (`data: {chunk}` lines with
 * `choices[0].delta`, then `data: [DONE]`), text and tool calls alike.
 */

export type FakeToolCall = { name: string; arguments: unknown };

export type FakeBehaviour =
  /** A completion whose message content is this value as JSON (or as is, when a string); streamed word by word when asked to stream. */
  | { kind: 'reply'; content: unknown }
  /**
   * Streamed text, one chunk per piece, `delayMs` apart. `failAfter`: the socket is closed after
   * that many pieces, without a finish or `[DONE]`, as a provider that drops mid-stream.
   */
  | { kind: 'stream'; chunks: string[]; delayMs?: number; failAfter?: number }
  /** The model calls these tools (finish_reason `tool_calls`); streamed as `tool_calls` deltas whose arguments arrive in pieces. */
  | { kind: 'tool-calls'; calls: FakeToolCall[]; delayMs?: number }
  /** An HTTP error with an OpenAI-shaped error body. */
  | { kind: 'error'; status: number; message?: string }
  /** Never answers: the client's timeout has to end the request. */
  | { kind: 'hang' };

export type RecordedRequest = {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model?: string;
    stream?: boolean;
    messages?: Array<{ role: string; content: unknown; tool_call_id?: string; tool_calls?: unknown[] }>;
    tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
    response_format?: unknown;
    [key: string]: unknown;
  };
};

/** A behaviour, or a function choosing one from the request (e.g. answering with a tool's result). */
export type FakeScript = FakeBehaviour | ((request: RecordedRequest) => FakeBehaviour);

export type FakeOpenAiServer = ScriptedProvider<FakeScript, RecordedRequest>;

/** The results of the tools the client ran, in the order sent, parsed from JSON where they are JSON. */
export function toolResults(request: RecordedRequest): unknown[] {
  return (request.body.messages ?? [])
    .filter((m) => m.role === 'tool')
    .map((m) => {
      try {
        return JSON.parse(String(m.content));
      } catch {
        return m.content;
      }
    });
}

function completion(model: string, message: Record<string, unknown>, finishReason: string) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finishReason }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function chunk(model: string, delta: Record<string, unknown>, finishReason: string | null = null) {
  return {
    id: 'chatcmpl-fake-stream',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** Splits text into word-sized pieces, keeping the spaces, as a model's tokens arrive. */
export function pieces(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

/**
 * A model that follows the LLM engine's instructions as a real one would, a word at a time
 * `delayMs` apart: it asks for what the instructions' "Next step" names, shows the summary when
 * told to, offers the slots, and otherwise thanks the tenant. `failAfter`: the stream breaks off
 * after that many pieces.
 */
export function followInstructions(
  request: RecordedRequest,
  { delayMs = 2, failAfter }: { delayMs?: number; failAfter?: number } = {},
): FakeBehaviour {
  const system = String(request.body.messages?.find((m) => m.role === 'system')?.content ?? '');
  const step = system.match(/- Next step: (.*)/)?.[1] ?? '';
  const reply = step.startsWith('Ask next for:')
    ? `Thanks for that! Could you tell me your ${step.replace('Ask next for: ', '').replace(/\.$/, '')}?`
    : step.startsWith('Everything has been collected')
      ? 'Here is everything you have told me. Is that all correct?'
      : step.startsWith('Offer these free viewing times')
        ? 'Lovely! Which of these viewing times suits you best?'
        : 'Wonderful, thank you.';
  return { kind: 'stream', chunks: pieces(reply), delayMs, failAfter };
}

export async function startFakeOpenAi({ port = 0 }: { port?: number } = {}): Promise<FakeOpenAiServer> {
  let requestCount = 0;
  return startScriptedProvider<FakeScript, RecordedRequest>({
    port,
    fallback: { kind: 'error', status: 500, message: 'No scripted reply' },
    handle: async ({ req, res, raw, record, nextScript }) => {
      let body: RecordedRequest['body'] = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        body = {};
      }
      const request: RecordedRequest = { path: req.url ?? '', headers: req.headers, body };
      record(request);
      requestCount += 1;
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
      const script = nextScript();
      const behaviour = typeof script === 'function' ? script(request) : script;
      const model = body.model ?? 'fake-model';

      /** Writes SSE chunks `delayMs` apart; false when the client went away meanwhile. */
      const stream = async (chunks: unknown[], delayMs: number, failAfter?: number) => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        for (const [i, payload] of chunks.entries()) {
          if (failAfter !== undefined && i >= failAfter) {
            res.destroy();
            return;
          }
          if (i > 0 && delayMs > 0) await sleep(delayMs);
          if (res.destroyed) return;
          res.write(`data: ${JSON.stringify(payload)}\n\n`);
        }
        res.end('data: [DONE]\n\n');
      };

      switch (behaviour.kind) {
        case 'reply': {
          const content =
            typeof behaviour.content === 'string' ? behaviour.content : JSON.stringify(behaviour.content);
          if (body.stream) {
            await stream(textChunks(model, pieces(content)), 0);
            return;
          }
          send(200, completion(model, { content }, 'stop'));
          return;
        }
        case 'stream': {
          if (!body.stream) {
            send(200, completion(model, { content: behaviour.chunks.join('') }, 'stop'));
            return;
          }
          // The finish chunk counts as a piece too: failAfter = chunks.length drops just before it.
          await stream(textChunks(model, behaviour.chunks), behaviour.delayMs ?? 0, behaviour.failAfter);
          return;
        }
        case 'tool-calls': {
          const calls = behaviour.calls.map((call, index) => ({
            index,
            id: `call_fake_${requestCount}_${index}`,
            name: call.name,
            arguments: JSON.stringify(call.arguments),
          }));
          if (!body.stream) {
            send(
              200,
              completion(
                model,
                {
                  content: null,
                  tool_calls: calls.map((c) => ({
                    id: c.id,
                    type: 'function',
                    function: { name: c.name, arguments: c.arguments },
                  })),
                },
                'tool_calls',
              ),
            );
            return;
          }
          const chunks = calls.flatMap((c) => {
            const half = Math.ceil(c.arguments.length / 2);
            return [
              chunk(model, {
                role: 'assistant',
                tool_calls: [
                  { index: c.index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } },
                ],
              }),
              chunk(model, {
                tool_calls: [{ index: c.index, function: { arguments: c.arguments.slice(0, half) } }],
              }),
              chunk(model, {
                tool_calls: [{ index: c.index, function: { arguments: c.arguments.slice(half) } }],
              }),
            ];
          });
          await stream([...chunks, chunk(model, {}, 'tool_calls')], behaviour.delayMs ?? 0);
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
          return;
      }
    },
  });
}

function textChunks(model: string, texts: string[]) {
  return [
    ...texts.map((content, i) => chunk(model, i === 0 ? { role: 'assistant', content } : { content })),
    chunk(model, {}, 'stop'),
  ];
}
