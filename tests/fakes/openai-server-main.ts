import { followInstructions, startFakeOpenAi } from './openai-server.ts';

/*
 * The OpenAI-protocol stand-in as a process of its own, for browser tests and for trying the LLM
 * path by hand (`npx tsx tests/fakes/openai-server-main.ts`, then start the app with
 * AI_PROVIDER=openai-compatible AI_BASE_URL=http://127.0.0.1:4010/v1 AI_MODEL=stand-in). Every
 * request is answered by a model that follows the engine's instructions, streaming word by word.
 *   FAKE_LLM_PORT        the port (default 4010)
 *   FAKE_LLM_DELAY_MS    between pieces (default 150: slow enough to watch a reply being written)
 *   FAKE_LLM_FAIL_AFTER  pieces before every stream breaks off (unset: never)
 */

const number = (value: string | undefined) => (value ? Number(value) : undefined);
const port = number(process.env.FAKE_LLM_PORT) ?? 4010;
const delayMs = number(process.env.FAKE_LLM_DELAY_MS) ?? 150;
const failAfter = number(process.env.FAKE_LLM_FAIL_AFTER);

const server = await startFakeOpenAi({ port });
server.setDefault((request) => followInstructions(request, { delayMs, failAfter }));
// Unbounded in a long run otherwise: this process only serves, it never reads them back.
setInterval(() => server.requests.splice(0), 60_000).unref();
console.log(`LLM stand-in on ${server.baseUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
