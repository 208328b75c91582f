import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { companies, conversations, leads, users } from '#server/db/schema.ts';
import type { ChatResponse, EndChatResponse } from '#shared/schemas/chat.ts';
import { postJson } from '#tests/helpers/post-json.ts';
import { type SpawnedServer, spawnServer, stopServer } from '#tests/helpers/server-process.ts';

type Server = SpawnedServer & { url: string };

/** The real server process (`src/server/main.ts`, as `npm run dev` runs it) on an embedded database. */
async function startServer(dataDir: string): Promise<Server> {
  const server = await spawnServer({
    args: ['--import', 'tsx', 'src/server/main.ts'],
    env: {
      DATA_DIR: dataDir,
      SESSION_SECRET: 'fault-secret-that-is-long-enough-for-better-auth',
      LOG_LEVEL: 'info',
      JOBS: 'false',
    },
    timeoutMs: 60_000,
  });
  return { ...server, url: `http://127.0.0.1:${server.port}` };
}

const stop = (server: Server, signal: NodeJS.Signals) => stopServer(server.process, signal);

function say(server: Server, slug: string, message: string, sessionKey: string | null) {
  return postJson<ChatResponse>(`${server.url}/api/chat/${slug}`, { message, userSessionKey: sessionKey });
}

/**
 * Fault: the server process dies (kill -9) in the middle of a tenant's chat. Every turn was
 * stored as it happened, so on restart the chat carries on with the same session key, and when
 * it ends its lead is there.
 */
describe('fault: the server is killed mid-conversation', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'letlead-kill-'));
  const servers: Server[] = [];
  afterAll(async () => {
    for (const server of servers) await stop(server, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes the conversation after a restart on the same data, and its lead is saved', async () => {
    // A company to chat with, put in the embedded database before the server owns it.
    const slug = `kill-test-${randomUUID().slice(0, 8)}`;
    const seed = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const userId = randomUUID();
    await seed.db.insert(users).values({ id: userId, name: 'Kim Agent', email: `${slug}@example.test` });
    const [company] = await seed.db
      .insert(companies)
      .values({ name: 'Kill Test Lettings', slug, ownerId: userId, accountLimit: 30, currentCount: 30 })
      .returning();
    await seed.close();

    const first = await startServer(dataDir);
    servers.push(first);
    const greeting = await say(first, slug, '', null);
    const sessionKey = greeting.sessionKey;
    await say(first, slug, 'Hi, I would like to rent a flat from you', sessionKey);
    await say(
      first,
      slug,
      'There are 2 of us, both nurses, £58k together, we could move 1 March',
      sessionKey,
    );
    const before = await fetch(
      `${first.url}/api/chat/${slug}/conversation?sessionKey=${encodeURIComponent(sessionKey)}`,
    );
    const storedBefore = (await before.json()) as { messages: { content: string }[] };

    await stop(first, 'SIGKILL');

    // The same data folder: the dead process's lock must not keep the new one out.
    const restartedAt = Date.now();
    const second = await startServer(dataDir);
    servers.push(second);
    const restartMs = Date.now() - restartedAt;
    expect(second.output()).not.toMatch(/in use by another LetLead process/);

    const resumed = await fetch(
      `${second.url}/api/chat/${slug}/conversation?sessionKey=${encodeURIComponent(sessionKey)}`,
    );
    expect(resumed.status).toBe(200);
    const stored = (await resumed.json()) as { messages: { content: string }[]; isEnded: boolean };
    expect(stored.isEnded).toBe(false);
    expect(stored.messages.map((m) => m.content)).toEqual(storedBefore.messages.map((m) => m.content));
    expect(stored.messages.some((m) => m.content.includes('both nurses'))).toBe(true);

    await say(second, slug, 'My name is Priya Shah, priya.shah@example.test, 07700 900321', sessionKey);
    const end = await postJson<EndChatResponse>(`${second.url}/api/chat/${slug}/end`, {
      userSessionKey: sessionKey,
      reason: 'submit',
    });
    expect(end).toMatchObject({ leadCreated: true });
    await stop(second, 'SIGTERM');

    const check = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const [conversation] = await check.db
      .select()
      .from(conversations)
      .where(eq(conversations.sessionKey, sessionKey));
    const saved = await check.db.select().from(leads).where(eq(leads.companyId, company!.id));
    await check.close();
    expect(conversation?.status).toBe('ended');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ conversationId: conversation!.id, email: 'priya.shah@example.test' });
    // A restart after a crash takes seconds (start-up itself), not the lock's stale period on top.
    expect(restartMs).toBeLessThan(30_000);
  }, 180_000);
});
