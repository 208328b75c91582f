import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuidedEngine } from '#agent/dialogue.ts';
import { type ConversationEngine, MAX_TURNS } from '#agent/types.ts';
import { conversations, leads } from '#server/db/schema.ts';
import { finaliseIdleConversations } from '#server/features/chat/end-conversation.ts';
import { LIVE_CHANNEL, type LiveNotice, publishLive } from '#server/features/conversations/index.ts';
import type { ChatResponse, EndChatResponse } from '#shared/schemas/chat.ts';
import type { LiveConversation, LiveMessageEvent } from '#shared/schemas/live.ts';
import { browserFetch, browserHeaders, createTestApp, type TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, createSignedInUser } from '#tests/helpers/factories.ts';
import { openSecondInstance, type SecondInstance } from '#tests/helpers/second-instance.ts';
import { openSse, type SseEvent } from '#tests/helpers/sse.ts';
import { setUpTestApp } from '#tests/helpers/suite.ts';

/**
 * Live conversations over real HTTP: the agent's Live tab and the tenant's chat page on two
 * different instances of the app on one database, the news between them through LISTEN/NOTIFY.
 */

type Agent = Awaited<ReturnType<typeof createCompanyUser>>;

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function chat(base: string, slug: string, message: string, sessionKey: string | null) {
  const { status, body } = await post<ChatResponse>(`${base}/api/chat/${slug}`, {
    message,
    userSessionKey: sessionKey,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

const isMessage = (match: (m: LiveMessageEvent) => boolean) => (event: SseEvent) =>
  event.event === 'message' && match(event.data as LiveMessageEvent);

describe('live conversations', () => {
  let first: TestApp;
  let second: SecondInstance;
  let agent: Agent;
  const agentPost = <T>(path: string, body: unknown = {}) =>
    post<T>(`${first.url}${path}`, body, browserHeaders(first, agent.cookie));
  const agentHeaders = () => ({ cookie: agent.cookie });

  beforeAll(async () => {
    first = await createTestApp();
    second = await openSecondInstance(first);
    agent = await createCompanyUser(first, { name: 'Harbour Lettings' });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  async function conversationIdOf(sessionKey: string): Promise<string> {
    const [row] = await first.ctx.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.sessionKey, sessionKey));
    return row!.id;
  }

  it('the agent watches, takes over, they talk both ways across instances, hands back, one lead', async () => {
    const slug = agent.company.slug;
    const live = await openSse(`${first.url}/api/companies/${agent.company.id}/live`, agentHeaders());
    expect(live.status).toBe(200);
    await live.next((e) => e.event === 'snapshot');

    // The tenant is on the second instance.
    const greeting = await chat(second.url, slug, '', null);
    const key = greeting.sessionKey;
    const id = await conversationIdOf(key);
    await live.next((e) => e.event === 'conversation' && (e.data as LiveConversation).id === id);
    await chat(second.url, slug, "I'm Kim Lee, kim.lee@example.com", key);
    const known = await live.next(
      (e) =>
        e.event === 'conversation' &&
        (e.data as LiveConversation).details.some((d) => d.value === 'kim.lee@example.com'),
    );
    expect((known.data as LiveConversation).tenantName).toBe('Kim Lee');

    // The agent, on the first instance, reads the whole transcript so far, then news.
    const watch = await openSse(`${first.url}/api/conversations/${id}/events?after=0`, agentHeaders());
    await watch.next(isMessage((m) => m.seq === 3 && m.sender === 'ai'));
    const tenant = await openSse(`${second.url}/api/chat/${slug}/events?sessionKey=${key}&after=3`);
    await tenant.next((e) => e.event === 'status');

    const takeover = await agentPost<{ conversation: LiveConversation }>(`/api/conversations/${id}/takeover`);
    expect(takeover.status).toBe(200);
    expect(takeover.body.conversation.takenOver?.name).toBe('Alex');
    const joined = await tenant.next(isMessage((m) => m.sender === 'system'));
    expect((joined.data as LiveMessageEvent).content).toBe('Alex from Harbour Lettings has joined');
    await tenant.next(
      (e) => e.event === 'status' && (e.data as { takenOverBy: string }).takenOverBy === 'Alex',
    );
    // Taking over again is harmless; another company cannot.
    expect((await agentPost(`/api/conversations/${id}/takeover`)).status).toBe(200);
    const other = await createCompanyUser(first, { name: 'Meadow Homes' });
    const foreign = await post<{ message: string }>(
      `${first.url}/api/conversations/${id}/takeover`,
      {},
      browserHeaders(first, other.cookie),
    );
    expect(foreign.status).toBe(404);
    expect(
      (await post(`${first.url}/api/conversations/${id}/messages`, { content: 'hi' }, browserHeaders(first)))
        .status,
    ).toBe(401);

    // Typing, both ways: each side sees the other, never itself.
    expect((await agentPost(`/api/conversations/${id}/typing`)).status).toBe(204);
    await tenant.next((e) => e.event === 'typing' && (e.data as { name: string }).name === 'Alex', 1000);
    const typing = await fetch(`${second.url}/api/chat/${slug}/typing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionKey: key }),
    });
    expect(typing.status).toBe(204);
    await watch.next((e) => e.event === 'typing' && (e.data as { name: string }).name === 'tenant', 1000);
    expect(tenant.events.filter((e) => e.event === 'typing')).toHaveLength(1);

    // Tenant → agent: stored, passed on, no answer from the assistant.
    const asked = await chat(second.url, slug, 'Can I ask a person: is there parking?', key);
    expect(asked).toMatchObject({ response: '', takenOver: true });
    await watch.next(isMessage((m) => m.sender === 'user' && m.content.includes('parking')));

    // Agent → tenant, within a second.
    const sentAt = Date.now();
    const reply = await agentPost(`/api/conversations/${id}/messages`, {
      content: 'Yes, one space. How many of you would live there?',
    });
    expect(reply.status).toBe(200);
    const arrived = await tenant.next(
      isMessage((m) => m.sender === 'agent'),
      1000,
    );
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(arrived.data).toMatchObject({
      sender: 'agent',
      name: 'Alex',
      content: 'Yes, one space. How many of you would live there?',
    });
    await chat(second.url, slug, '2', key);
    await chat(second.url, slug, "we're both nurses on £58k together", key);
    await watch.next(isMessage((m) => m.content.includes('£58k')));
    expect((await agentPost(`/api/conversations/${id}/messages`, { content: '   ' })).status).toBe(400);

    // Hand back: the assistant carries on with what is still missing, never what was answered.
    const handback = await agentPost<{ conversation: LiveConversation }>(`/api/conversations/${id}/handback`);
    expect(handback.status).toBe(200);
    expect(handback.body.conversation.takenOver).toBeNull();
    expect(handback.body.conversation.details).toEqual(
      expect.arrayContaining([
        { label: 'People', value: '2' },
        { label: 'Income', value: '£58,000 per year' },
        { label: 'Occupation', value: expect.stringMatching(/nurse/i) },
      ]),
    );
    await tenant.next(isMessage((m) => m.sender === 'system' && m.content.includes('handed the chat back')));
    const resumed = (await tenant.next(isMessage((m) => m.sender === 'ai'))).data as LiveMessageEvent;
    expect(resumed.content).toMatch(/move/i);
    expect(resumed.content).not.toMatch(/how many|income|earn|your name|email|occupation|do you do/i);
    await tenant.next((e) => e.event === 'status' && (e.data as { takenOverBy: null }).takenOverBy === null);

    // The assistant answers again, and the end makes one lead with what the person was told.
    const answer = await chat(second.url, slug, '1st March', key);
    expect(answer.response).not.toBe('');
    expect(answer.takenOver).toBeUndefined();
    const end = await post<EndChatResponse>(`${second.url}/api/chat/${slug}/end`, { userSessionKey: key });
    expect(end.body.leadCreated).toBe(true);
    await tenant.next((e) => e.event === 'ended');
    await tenant.ended;
    await watch.next((e) => e.event === 'ended');
    await live.next(
      (e) =>
        e.event === 'conversation' &&
        (e.data as LiveConversation).status === 'ended' &&
        (e.data as LiveConversation).id === id,
    );
    const [lead] = await first.ctx.db.select().from(leads).where(eq(leads.conversationId, id));
    expect(lead).toMatchObject({ numberOfPeople: 2, annualIncome: 58000, email: 'kim.lee@example.com' });
    // An ended chat's stream answers 204, which stops a browser's EventSource for good.
    expect((await fetch(`${second.url}/api/chat/${slug}/events?sessionKey=${key}`)).status).toBe(204);
    live.close();
    watch.close();
  });

  it('resumes with Last-Event-ID without losing or repeating a message', async () => {
    const slug = agent.company.slug;
    const key = (await chat(first.url, slug, '', null)).sessionKey;
    const id = await conversationIdOf(key);
    await chat(first.url, slug, 'Hello, I am Jo Bloggs', key);
    await agentPost(`/api/conversations/${id}/takeover`);

    const before = await openSse(`${second.url}/api/chat/${slug}/events?sessionKey=${key}&after=3`);
    await agentPost(`/api/conversations/${id}/messages`, { content: 'first' });
    const seen = await before.next(isMessage((m) => m.content === 'first'));
    before.close();
    // While the page is offline: three more from the agent, one from the tenant.
    for (const content of ['second', 'third'])
      await agentPost(`/api/conversations/${id}/messages`, { content });
    await chat(first.url, slug, 'still here', key);
    await agentPost(`/api/conversations/${id}/messages`, { content: 'fourth' });

    const after = await openSse(`${second.url}/api/chat/${slug}/events?sessionKey=${key}&after=0`, {
      'last-event-id': seen.id!,
    });
    await agentPost(`/api/conversations/${id}/messages`, { content: 'fifth' });
    await after.next(isMessage((m) => m.content === 'fifth'));
    const agentWords = after.events
      .filter((e) => e.event === 'message')
      .map((e) => (e.data as LiveMessageEvent).content);
    expect(agentWords).toEqual(['second', 'third', 'fourth', 'fifth']);
    const ids = after.events.filter((e) => e.event === 'message').map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    after.close();
  });

  it('the idle finaliser waits while a person is in the chat; ending then makes exactly one lead', async () => {
    const slug = agent.company.slug;
    const key = (await chat(first.url, slug, '', null)).sessionKey;
    const id = await conversationIdOf(key);
    await agentPost(`/api/conversations/${id}/takeover`);
    await chat(second.url, slug, "I'm Sam Patel, sam.patel@example.com, 3 of us", key);
    await first.ctx.db
      .update(conversations)
      .set({ lastActivityAt: sql`now() - interval '40 minutes'` })
      .where(eq(conversations.id, id));
    await finaliseIdleConversations(first.ctx);
    const [row] = await first.ctx.db.select().from(conversations).where(eq(conversations.id, id));
    expect(row!.status).toBe('active');

    const ends = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post<EndChatResponse>(`${i % 2 ? first.url : second.url}/api/chat/${slug}/end`, {
          userSessionKey: key,
        }),
      ),
    );
    expect(ends.filter((end) => end.body.leadCreated)).toHaveLength(1);
    const made = await first.ctx.db.select().from(leads).where(eq(leads.conversationId, id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ name: 'Sam Patel', numberOfPeople: 3 });
    const late = await agentPost<{ message: string }>(`/api/conversations/${id}/messages`, {
      content: 'hello?',
    });
    expect(late).toMatchObject({ status: 409, body: { message: 'This chat has ended.' } });
  });

  it('one person at a time: while someone else has the chat, others are told who', async () => {
    const slug = agent.company.slug;
    const key = (await chat(first.url, slug, '', null)).sessionKey;
    const id = await conversationIdOf(key);
    const colleague = await createSignedInUser(first, { firstName: 'Priya' });
    await first.ctx.db
      .update(conversations)
      .set({ takenOverBy: colleague.userId })
      .where(eq(conversations.id, id));
    const second = await agentPost<{ message: string }>(`/api/conversations/${id}/takeover`);
    expect(second).toMatchObject({
      status: 409,
      body: { message: 'Priya is already in this chat. Only one person at a time can take it over.' },
    });
    expect((await agentPost(`/api/conversations/${id}/messages`, { content: 'hello' })).status).toBe(409);
    expect((await agentPost(`/api/conversations/${id}/handback`)).status).toBe(409);
  });

  it('a long talk with a person does not use up the turns: the assistant carries on after the hand-back', async () => {
    const slug = agent.company.slug;
    const key = (await chat(first.url, slug, 'Hi, is the flat still available?', null)).sessionKey;
    const id = await conversationIdOf(key);
    expect((await agentPost(`/api/conversations/${id}/takeover`)).status).toBe(200);
    // More messages than the assistant's whole allowance of turns, while the person has the chat.
    for (let i = 0; i < MAX_TURNS + 5; i += 1) {
      const said = await agentPost(`/api/conversations/${id}/messages`, {
        content: `Question ${i + 1} answered.`,
      });
      expect(said.status).toBe(200);
    }
    for (let i = 0; i < 10; i += 1) await chat(second.url, slug, `Thanks, and another thing (${i + 1})`, key);
    expect((await agentPost(`/api/conversations/${id}/handback`)).status).toBe(200);
    const [row] = await first.ctx.db.select().from(conversations).where(eq(conversations.id, id));
    expect(row!.turnCount).toBeGreaterThan(MAX_TURNS);

    // Handed back, the assistant asks its next question instead of saying goodbye.
    const next = await chat(first.url, slug, "I'm Sam Patel", key);
    expect(next.isComplete).toBe(false);
    expect(next.response).not.toMatch(/Have a great day/);
  });

  /**
   * What the live channel says of one company, as another instance would hear it, and its watch
   * rows. Notifications arrive in commit order: once a probe sent now has arrived, so has anything
   * the statements before it announced.
   */
  async function overhear(companyId: string) {
    const heard: LiveNotice[] = [];
    const stopListening = await first.ctx.database.listen(LIVE_CHANNEL, (payload) => {
      const notice = JSON.parse(payload) as LiveNotice;
      if (notice.co === companyId) heard.push(notice);
    });
    let probes = 0;
    const heardSoFar = async () => {
      probes += 1;
      const probe = { k: 't', c: `probe-${probes}`, co: companyId, w: 'probe' } as const;
      await publishLive(first.ctx, probe);
      await expect.poll(() => heard.some((notice) => notice.c === probe.c)).toBe(true);
      return heard.filter((notice) => !notice.c.startsWith('probe-')).map((notice) => notice.k);
    };
    const watchRows = async () =>
      (await first.ctx.database.execute('select 1 from live_watchers where company_id = $1', [companyId]))
        .rows.length;
    return { heardSoFar, watchRows, stopListening };
  }

  it("announces a company's chat turns only while someone of it watches, and the agent's page misses none", async () => {
    const watcher = await createCompanyUser(first, { name: 'Quiet Lettings' });
    const slug = watcher.company.slug;
    const { heardSoFar, watchRows, stopListening } = await overhear(watcher.company.id);

    // Nobody watches: a whole chat, its start, turns and the tenant's own end, announces nothing.
    const unseen = (await chat(second.url, slug, '', null)).sessionKey;
    await chat(second.url, slug, 'Hello, I am Ria Shah', unseen);
    await post(`${second.url}/api/chat/${slug}/end`, { userSessionKey: unseen });
    expect(await heardSoFar()).toEqual([]);

    // The Live tab opens on the first instance: turns served by the second are announced.
    const live = await openSse(`${first.url}/api/companies/${watcher.company.id}/live`, {
      cookie: watcher.cookie,
    });
    await live.next((e) => e.event === 'snapshot');
    expect(await watchRows()).toBe(1);
    const key = (await chat(second.url, slug, '', null)).sessionKey;
    const id = await conversationIdOf(key);
    await live.next((e) => e.event === 'conversation' && (e.data as LiveConversation).id === id);
    await chat(second.url, slug, 'Is there parking?', key);
    expect(await heardSoFar()).toEqual(['m', 'm']);

    // A turn that committed unannounced (just before the company was watched) is not lost on
    // the agent's page: the next news brings it too, every message once and in order.
    const page = await openSse(`${first.url}/api/conversations/${id}/events?after=0`, {
      cookie: watcher.cookie,
    });
    await page.next(isMessage((m) => m.seq === 3));
    await first.ctx.database.execute(
      `update conversations set messages = messages || $2::jsonb, turn_count = turn_count + 1 where id = $1`,
      [
        id,
        JSON.stringify([
          {
            id: randomUUID(),
            sender: 'user',
            content: 'unannounced question',
            timestamp: new Date().toISOString(),
          },
          {
            id: randomUUID(),
            sender: 'ai',
            content: 'unannounced answer',
            timestamp: new Date().toISOString(),
          },
        ]),
      ],
    );
    await chat(second.url, slug, 'There are 2 of us', key);
    await page.next(isMessage((m) => m.seq === 7));
    const seqs = page.events
      .filter((e) => e.event === 'message')
      .map((e) => (e.data as LiveMessageEvent).seq);
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // Everyone closes: the watch goes, and the company's turns are quiet again.
    live.close();
    page.close();
    await expect.poll(watchRows).toBe(0);
    const announced = (await heardSoFar()).length;
    await chat(second.url, slug, 'Ria Shah, ria@example.com', key);
    expect(await heardSoFar()).toHaveLength(announced);

    // The idle finaliser's end is announced all the same: the tenant's page may be open.
    const tenant = await openSse(`${second.url}/api/chat/${slug}/events?sessionKey=${key}&after=9`);
    await first.ctx.db
      .update(conversations)
      .set({ lastActivityAt: sql`now() - interval '40 minutes'` })
      .where(eq(conversations.id, id));
    await finaliseIdleConversations(first.ctx);
    await tenant.next((e) => e.event === 'ended');
    await stopListening();
  });

  it('a watch lasts while its instance does: one that stops removes it, one that vanished expires', async () => {
    const watcher = await createCompanyUser(first, { name: 'Passing Lettings' });
    const slug = watcher.company.slug;
    const { heardSoFar, watchRows, stopListening } = await overhear(watcher.company.id);
    const third = await openSecondInstance(first);
    const live = await openSse(`${third.url}/api/companies/${watcher.company.id}/live`, {
      cookie: watcher.cookie,
    });
    await live.next((e) => e.event === 'snapshot');
    expect(await watchRows()).toBe(1);
    await third.close();
    await live.ended;
    expect(await watchRows()).toBe(0);

    // An instance that vanished without a word (a crash) left its row: once its time is up, it
    // counts for nothing.
    await first.ctx.database.execute(
      `insert into live_watchers (company_id, instance_id, until) values ($1, 'vanished', now() - interval '1 second')`,
      [watcher.company.id],
    );
    const key = (await chat(second.url, slug, '', null)).sessionKey;
    await chat(second.url, slug, 'Is it still available?', key);
    expect(await heardSoFar()).toEqual([]);
    await stopListening();
  });

  it('closes the Live tab stream when the agent logs out', async () => {
    const other = await createCompanyUser(first, { name: 'Closing Lettings' });
    const live = await openSse(`${second.url}/api/companies/${other.company.id}/live`, {
      cookie: other.cookie,
    });
    await live.next((e) => e.event === 'snapshot');
    const logout = await browserFetch(first, 'POST', '/api/auth/logout', other.cookie);
    expect(logout.status).toBe(200);
    await live.ended;
    expect(
      (
        await fetch(`${second.url}/api/companies/${other.company.id}/live`, {
          headers: { cookie: other.cookie },
        })
      ).status,
    ).toBe(401);
  }, 20_000);
});

describe('a streaming engine', () => {
  const guided = createGuidedEngine();
  // A stand-in for an LLM that writes its reply in pieces, slowly.
  const engine: ConversationEngine = {
    ...guided,
    reply: async (context, state, message, turn) => {
      const result = await guided.reply(context, state, message);
      const words = result.reply.split(/(?<= )/);
      for (const word of words) {
        turn?.onDelta?.(word);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
      return result;
    },
  };
  const app = setUpTestApp({}, { engine });

  it("sends the reply to the tenant's page piece by piece before the answer is complete", async () => {
    const { company } = await createCompanyUser(app);
    const key = (await chat(app.url, company.slug, '', null)).sessionKey;
    const tenant = await openSse(`${app.url}/api/chat/${company.slug}/events?sessionKey=${key}&after=1`);
    await tenant.next((e) => e.event === 'status');
    let isAnswered = false;
    const answer = chat(app.url, company.slug, 'Hi, I am Jo Bloggs', key).then((body) => {
      isAnswered = true;
      return body;
    });
    await tenant.next((e) => e.event === 'delta');
    expect(isAnswered).toBe(false);
    const { response } = await answer;
    const deltas = tenant.events
      .filter((e) => e.event === 'delta')
      .map((e) => (e.data as { delta: string }).delta);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(response);
    expect(tenant.events.find((e) => e.event === 'delta')?.data).toMatchObject({ sender: 'assistant' });
    tenant.close();
  });
});
