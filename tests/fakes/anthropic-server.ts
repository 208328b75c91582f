import { setTimeout as sleep } from 'node:timers/promises';
import { type FakeScript, pieces, type RecordedRequest } from './openai-server.ts';
import { type ScriptedProvider, startScriptedProvider } from './scripted-provider.ts';

/*
 * A stand-in for Anthropic's Messages API: POST /v1/messages on 127.0.0.1, answering from the same
 * scripts as the OpenAI stand-in (tests/fakes/openai-server.ts). It speaks the protocol as
 * documented: the `x-api-key` and `anthropic-version` headers are required, `system` is a
 * top-level field, tools carry `input_schema`, a tool's result comes back as a `tool_result`
 * block in the next user message naming the `tool_use` id it answers (an unknown id is refused
 * with 400, as Anthropic does), and `stream: true` answers with named server-sent events:
 * message_start, content_block_start / _delta (`text_delta`, `input_json_delta`) / _stop,
 * message_delta (the stop reason) and message_stop, with a ping between.
 *
 * What a script sees is the request put in the OpenAI stand-in's shape (the system prompt as a
 * first `system` message, each tool result as a `tool` message), so that `followInstructions`
 * and `toolResults` work unchanged; `anthropic` holds the request as it was sent.
 */

type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: unknown; is_error?: boolean };

export type AnthropicRequestBody = {
  model?: string;
  max_tokens?: number;
  stream?: boolean;
  system?: string | Array<{ type: 'text'; text: string }>;
  messages?: Array<{ role: 'user' | 'assistant'; content: string | ContentBlock[] }>;
  tools?: Array<{ name: string; description?: string; input_schema?: unknown }>;
  tool_choice?: unknown;
  [key: string]: unknown;
};

export type RecordedAnthropicRequest = RecordedRequest & { anthropic: AnthropicRequestBody };

export type FakeAnthropicServer = ScriptedProvider<FakeScript, RecordedAnthropicRequest>;

const API_VERSION = '2023-06-01';

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((block) => (block as { text?: string }).text ?? '').join('');
  return '';
}

/** The request in the OpenAI stand-in's shape, for the shared scripts. */
function asChatCompletions(body: AnthropicRequestBody): RecordedRequest['body'] {
  const messages: NonNullable<RecordedRequest['body']['messages']> = [];
  if (body.system !== undefined) messages.push({ role: 'system', content: textOf(body.system) });
  for (const message of body.messages ?? []) {
    if (typeof message.content === 'string') {
      messages.push({ role: message.role, content: message.content });
      continue;
    }
    const text = message.content.filter((block) => block.type === 'text');
    const calls = message.content.filter((block) => block.type === 'tool_use');
    const results = message.content.filter((block) => block.type === 'tool_result');
    for (const result of results) {
      messages.push({ role: 'tool', tool_call_id: result.tool_use_id, content: textOf(result.content) });
    }
    if (text.length > 0 || calls.length > 0) {
      messages.push({
        role: message.role,
        content: text.map((block) => block.text).join(''),
        ...(calls.length > 0 ? { tool_calls: calls } : {}),
      });
    }
  }
  return {
    model: body.model,
    stream: body.stream,
    messages,
    tools: body.tools?.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.input_schema },
    })),
  };
}

/** A `tool_result` must answer a `tool_use` of the assistant message just before it. */
function unansweredToolResult(body: AnthropicRequestBody): string | null {
  const messages = body.messages ?? [];
  for (const [i, message] of messages.entries()) {
    if (typeof message.content === 'string') continue;
    for (const block of message.content) {
      if (block.type !== 'tool_result') continue;
      const previous = messages[i - 1];
      const ids =
        previous && typeof previous.content !== 'string'
          ? previous.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []))
          : [];
      if (!ids.includes(block.tool_use_id)) return block.tool_use_id;
    }
  }
  return null;
}

export async function startFakeAnthropic({ port = 0 }: { port?: number } = {}): Promise<FakeAnthropicServer> {
  let messageCount = 0;
  return startScriptedProvider<FakeScript, RecordedAnthropicRequest>({
    port,
    fallback: { kind: 'error', status: 500, message: 'No scripted reply' },
    handle: async ({ req, res, raw, record, nextScript }) => {
      const error = (status: number, type: string, message: string) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', error: { type, message } }));
      };
      let body: AnthropicRequestBody;
      try {
        body = raw ? (JSON.parse(raw) as AnthropicRequestBody) : {};
      } catch {
        error(400, 'invalid_request_error', 'The request body is not valid JSON');
        return;
      }
      const request: RecordedAnthropicRequest = {
        path: req.url ?? '',
        headers: req.headers,
        body: asChatCompletions(body),
        anthropic: body,
      };
      record(request);

      if (req.method !== 'POST' || req.url !== '/v1/messages') {
        error(404, 'not_found_error', `Unknown route ${req.method} ${req.url}`);
        return;
      }
      if (!req.headers['x-api-key']) {
        error(401, 'authentication_error', 'x-api-key header is required');
        return;
      }
      if (req.headers['anthropic-version'] !== API_VERSION) {
        error(400, 'invalid_request_error', `anthropic-version must be ${API_VERSION}`);
        return;
      }
      if (!body.model || typeof body.max_tokens !== 'number' || !Array.isArray(body.messages)) {
        error(400, 'invalid_request_error', 'model, max_tokens and messages are required');
        return;
      }
      const orphan = unansweredToolResult(body);
      if (orphan) {
        error(
          400,
          'invalid_request_error',
          `tool_result ${orphan} does not answer a tool_use just before it`,
        );
        return;
      }

      const script = nextScript();
      const behaviour = typeof script === 'function' ? script(request) : script;
      const model = body.model;
      messageCount += 1;
      const id = `msg_fake_${messageCount}`;
      const usage = { input_tokens: 10, output_tokens: 10 };
      const message = (content: ContentBlock[], stopReason: string) => ({
        id,
        type: 'message',
        role: 'assistant',
        model,
        content,
        stop_reason: stopReason,
        stop_sequence: null,
        usage,
      });

      /** Named events `delayMs` apart; `failAfter` pieces in, the socket is dropped. */
      const stream = async (
        blocks: Array<{ start: ContentBlock; deltas: Record<string, unknown>[] }>,
        stopReason: string,
        { delayMs = 0, failAfter }: { delayMs?: number; failAfter?: number } = {},
      ) => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const event = (name: string, data: unknown) =>
          res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
        event('message_start', {
          type: 'message_start',
          message: { ...message([], stopReason), stop_reason: null, usage: { ...usage, output_tokens: 1 } },
        });
        event('ping', { type: 'ping' });
        let sentPieces = 0;
        for (const [index, block] of blocks.entries()) {
          event('content_block_start', { type: 'content_block_start', index, content_block: block.start });
          for (const delta of block.deltas) {
            if (failAfter !== undefined && sentPieces >= failAfter) {
              res.destroy();
              return;
            }
            if (sentPieces > 0 && delayMs > 0) await sleep(delayMs);
            if (res.destroyed) return;
            event('content_block_delta', { type: 'content_block_delta', index, delta });
            sentPieces += 1;
          }
          event('content_block_stop', { type: 'content_block_stop', index });
        }
        if (failAfter !== undefined && sentPieces >= failAfter) {
          res.destroy();
          return;
        }
        event('message_delta', {
          type: 'message_delta',
          delta: { stop_reason: stopReason, stop_sequence: null },
          usage: { output_tokens: 10 },
        });
        event('message_stop', { type: 'message_stop' });
        res.end();
      };
      const textBlock = (chunks: string[]) => ({
        start: { type: 'text' as const, text: '' },
        deltas: chunks.map((text) => ({ type: 'text_delta', text })),
      });
      const send = (payload: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };

      switch (behaviour.kind) {
        case 'reply': {
          const content =
            typeof behaviour.content === 'string' ? behaviour.content : JSON.stringify(behaviour.content);
          if (body.stream) await stream([textBlock(pieces(content))], 'end_turn');
          else send(message([{ type: 'text', text: content }], 'end_turn'));
          return;
        }
        case 'stream': {
          if (body.stream) {
            await stream([textBlock(behaviour.chunks)], 'end_turn', {
              delayMs: behaviour.delayMs,
              failAfter: behaviour.failAfter,
            });
          } else {
            send(message([{ type: 'text', text: behaviour.chunks.join('') }], 'end_turn'));
          }
          return;
        }
        case 'tool-calls': {
          const calls = behaviour.calls.map((call, index) => ({
            type: 'tool_use' as const,
            id: `toolu_fake_${messageCount}_${index}`,
            name: call.name,
            input: call.arguments,
          }));
          if (!body.stream) {
            send(message(calls, 'tool_use'));
            return;
          }
          // The input arrives as JSON in pieces, the block starting with an empty input.
          const blocks = calls.map((call) => {
            const json = JSON.stringify(call.input);
            const half = Math.ceil(json.length / 2);
            return {
              start: { ...call, input: {} },
              deltas: [json.slice(0, half), json.slice(half)].map((partial_json) => ({
                type: 'input_json_delta',
                partial_json,
              })),
            };
          });
          await stream(blocks, 'tool_use', { delayMs: behaviour.delayMs });
          return;
        }
        case 'error': {
          const type =
            behaviour.status === 529
              ? 'overloaded_error'
              : behaviour.status === 429
                ? 'rate_limit_error'
                : behaviour.status >= 500
                  ? 'api_error'
                  : 'invalid_request_error';
          error(behaviour.status, type, behaviour.message ?? 'The server had an error');
          return;
        }
        case 'hang':
          return;
      }
    },
  });
}
