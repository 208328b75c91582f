import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findConversation } from '#server/features/chat/index.ts';
import { publishLive } from '#server/features/conversations/index.ts';
import { requireDirectory } from '#server/features/directory/index.ts';
import { getSessionId } from '#server/lib/auth.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { requireCompanyById, requireUser } from '#server/lib/session.ts';
import { type EventStream, lastEventId, openEventStream } from '#server/lib/sse.ts';
import { perMinute } from '#server/plugins/rate-limits.ts';
import { chatParamsSchema, conversationQuerySchema } from '#shared/schemas/chat.ts';
import {
  agentEventsQuerySchema,
  agentMessageSchema,
  conversationIdParamsSchema,
  takeoverResponseSchema,
  tenantEventsQuerySchema,
} from '#shared/schemas/live.ts';
import { boundedIdParamsSchema } from '#shared/schemas/params.ts';
import { type LiveListener, liveHub } from './hub.ts';
import { type LiveRead, listLive, readLive } from './summary.ts';
import {
  announcePersonTyping,
  handBack,
  requireOwnConversation,
  sendAgentMessage,
  takeOver,
} from './takeover.ts';

/**
 * The live routes (DESIGN section 12, docs/live.md): the Live tab's streams, the takeover steps,
 * and the tenant's events. Every check happens before a stream opens: once it is open, the
 * response is the stream's and can no longer be an error.
 */
export async function registerLive(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const hub = liveHub(ctx);
  // Open streams would hold the server open: they end first, and browsers reconnect elsewhere.
  app.addHook('preClose', async () => {
    await hub.closeAll();
  });
  const publicRead = perMinute(ctx.env.rateLimits.apiPerMinute);
  const publicWrite = perMinute(ctx.env.rateLimits.chatPerMinute);

  app.get(
    '/api/companies/:id/live',
    { schema: { params: boundedIdParamsSchema } },
    async (request, reply) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id);
      const sessionId = (await getSessionId(ctx.auth, request)) ?? undefined;
      await openStream(request, reply, async (stream, listen) => {
        await listen(
          { companyId: company.id },
          {
            onRead: (read) => stream.send({ event: 'conversation', data: read.conversation }),
            sessionId,
          },
          { watches: company.id },
        );
        stream.send({ event: 'snapshot', data: { conversations: await listLive(ctx, company.id) } });
      });
    },
  );

  app.get(
    '/api/conversations/:id/events',
    { schema: { params: conversationIdParamsSchema, querystring: agentEventsQuerySchema } },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      // An ended conversation's stream sends its transcript and ends, for the Live tab's last 24 h.
      const conversation = await requireOwnConversation(ctx, user, request.params.id);
      const sessionId = (await getSessionId(ctx.auth, request)) ?? undefined;
      await followConversation(request, reply, {
        conversationId: conversation.id,
        after: lastEventId(request, request.query.after),
        sessionId,
        view: 'agent',
        watches: conversation.company_id,
      });
    },
  );

  app.get(
    '/api/chat/:companySlug/events',
    { config: publicRead, schema: { params: chatParamsSchema, querystring: tenantEventsQuerySchema } },
    async (request, reply) => {
      const conversation = await tenantConversation(request.params.companySlug, request.query.sessionKey);
      if (conversation.status !== 'active') return noMoreEvents(reply);
      await followConversation(request, reply, {
        conversationId: conversation.id,
        after: lastEventId(request, request.query.after),
        view: 'tenant',
      });
    },
  );

  for (const [step, run] of [
    ['takeover', takeOver],
    ['handback', handBack],
  ] as const) {
    app.post(
      `/api/conversations/:id/${step}`,
      { schema: { params: conversationIdParamsSchema, response: { 200: takeoverResponseSchema } } },
      async (request) => {
        const person = await requireUser(ctx, request);
        return { conversation: await run(ctx, { person, conversationId: request.params.id }) };
      },
    );
  }

  app.post(
    '/api/conversations/:id/messages',
    {
      schema: {
        params: conversationIdParamsSchema,
        body: agentMessageSchema,
        response: { 200: takeoverResponseSchema },
      },
    },
    async (request) => {
      const person = await requireUser(ctx, request);
      const conversation = await sendAgentMessage(ctx, {
        person,
        conversationId: request.params.id,
        content: request.body.content,
      });
      return { conversation };
    },
  );

  // Someone typing, both ways: nothing stored, one NOTIFY. The pages send it at most every few
  // seconds, and only while a person has the chat.
  app.post(
    '/api/conversations/:id/typing',
    { schema: { params: conversationIdParamsSchema } },
    async (request, reply) => {
      const person = await requireUser(ctx, request);
      await announcePersonTyping(ctx, { person, conversationId: request.params.id });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/chat/:companySlug/typing',
    { config: publicWrite, schema: { params: chatParamsSchema, body: conversationQuerySchema } },
    async (request, reply) => {
      const conversation = await tenantConversation(request.params.companySlug, request.body.sessionKey);
      if (conversation.status === 'active' && conversation.takenOverBy) {
        await publishLive(ctx, { k: 't', c: conversation.id, co: conversation.companyId, w: 'tenant' });
      }
      return reply.status(204).send();
    },
  );

  /** The tenant's own conversation, by the link's company and the page's session key. */
  async function tenantConversation(companySlug: string, sessionKey: string) {
    const directory = await requireDirectory(ctx, companySlug);
    const conversation = await findConversation(ctx, directory.company.id, sessionKey);
    if (!conversation) throw notFound('This conversation could not be found. Please start a new chat.');
    return conversation;
  }

  type Listen = (
    target: { conversationId: string } | { companyId: string },
    listener: Omit<LiveListener, 'close'>,
    options?: { watches?: string },
  ) => Promise<void>;

  /** Opens the stream, subscribes it, and unsubscribes it when it closes, whichever side closes it. */
  async function openStream(
    request: FastifyRequest,
    reply: FastifyReply,
    start: (stream: EventStream, listen: Listen) => Promise<void>,
  ): Promise<void> {
    const stream = openEventStream(request, reply);
    const listen: Listen = async (target, listener, options) => {
      const unsubscribe = await hub.subscribe(target, { ...listener, close: () => stream.close() }, options);
      stream.onClose(unsubscribe);
    };
    try {
      await start(stream, listen);
    } catch (error) {
      ctx.log.error({ err: error }, 'A live stream could not start');
      stream.close();
    }
  }

  /**
   * One conversation's events from position `after` on (-1: from now): what the database holds
   * after it first, then what happens, each message once. News that arrives while the stored
   * messages are read waits, and what was already sent is skipped.
   */
  async function followConversation(
    request: FastifyRequest,
    reply: FastifyReply,
    input: {
      conversationId: string;
      after: number;
      sessionId?: string;
      view: 'tenant' | 'agent';
      /** The company an agent's stream watches (see `Hub.subscribe`). */
      watches?: string;
    },
  ): Promise<void> {
    await openStream(request, reply, async (stream, listen) => {
      let sent = input.after;
      let waiting: LiveRead[] | null = [];
      const deliver = (read: LiveRead, isFirst: boolean) => {
        if (stream.isClosed) return;
        if (sent < 0) sent = read.conversation.messageCount;
        let hasNotice = isFirst;
        read.messages.forEach((message, index) => {
          if (message.seq <= sent) return;
          const previous = read.messages[index - 1];
          hasNotice ||= message.sender === 'system';
          if (input.view === 'agent' || isForTenant(message.sender, previous?.sender)) {
            stream.send({ id: message.seq, data: message });
          }
          sent = message.seq;
        });
        if (input.view === 'agent') {
          stream.send({ id: sent, event: 'conversation', data: read.conversation });
        } else if (hasNotice) {
          const takenOverBy = read.conversation.takenOver?.name ?? null;
          stream.send({
            id: sent,
            event: 'status',
            data: { takenOverBy, quickReplies: takenOverBy ? [] : read.quickReplies },
          });
        }
        if (read.conversation.status === 'ended') {
          stream.send({ event: 'ended', data: { status: 'ended' } });
          stream.close();
        }
      };
      // The agent's page shows every message. News that skips some (turns that committed just
      // before the company was watched went unannounced) brings them too, read from the last one
      // sent. The tenant's page skips the turns by design: its own answers brought them.
      const withoutGap = async (read: LiveRead) => {
        const first = read.messages[0]?.seq;
        if (input.view !== 'agent' || first === undefined || sent < 0 || first <= sent + 1) return read;
        return (await readLive(ctx, input.conversationId, sent)) ?? read;
      };
      let delivered: Promise<void> = Promise.resolve();
      const deliverInTurn = (read: LiveRead) => {
        delivered = delivered
          .then(async () => deliver(await withoutGap(read), false))
          .catch((error: unknown) => {
            ctx.log.error({ err: error }, 'Live news could not be read');
            stream.close();
          });
      };
      await listen(
        { conversationId: input.conversationId },
        {
          onRead: (read) => (waiting ? waiting.push(read) : deliverInTurn(read)),
          onDelta: (delta) => stream.send({ event: 'delta', data: { sender: 'assistant', delta } }),
          // Each side hears the other typing, never itself.
          onTyping: (who) => {
            if ((who === 'tenant') === (input.view === 'agent'))
              stream.send({ event: 'typing', data: { name: who } });
          },
          sessionId: input.sessionId,
        },
        { watches: input.watches },
      );
      const stored = await readLive(ctx, input.conversationId, Math.max(input.after, 0));
      if (!stored) return stream.close();
      if (input.after < 0) stored.messages = [];
      deliver(stored, true);
      const queued = waiting;
      waiting = null;
      for (const read of queued) deliverInTurn(read);
    });
  }
}

/**
 * The tenant's page shows what its own requests did not bring: the person's messages, the notices
 * of joining and leaving, and the assistant's first words after a hand-back (the message right
 * after a notice). The tenant's own messages and the assistant's answers to them came back with
 * each POST.
 */
function isForTenant(sender: string, previous: string | undefined): boolean {
  return sender === 'agent' || sender === 'system' || (sender === 'ai' && previous === 'system');
}

/** 204 ends an EventSource for good: an ended conversation has nothing more to say. */
function noMoreEvents(reply: FastifyReply) {
  return reply.status(204).send();
}
