import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { channelMessages, companies, type MessagingChannel } from '#server/db/schema.ts';
import { threadOf } from '#server/features/conversations/index.ts';
import { ENQUIRY_CHANNEL_INVITE_JOB } from '#server/features/enquiries/index.ts';
import { findOwnLead } from '#server/features/leads/index.ts';
import { readBodiesAsBytes } from '#server/lib/body-parsers.ts';
import { setChannelRelay } from '#server/lib/channel-relay.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { isUuid, requireCompanyById, requireUser } from '#server/lib/session.ts';
import { isValidTwilioSignature } from '#server/lib/twilio-sms.ts';
import { isValidMetaSignature } from '#server/lib/whatsapp-cloud.ts';
import { perMinute } from '#server/plugins/rate-limits.ts';
import {
  channelParamsSchema,
  channelSettingsSchema,
  channelThreadSchema,
  MOBILE_NUMBER_HINT,
  testMessageRequestSchema,
  testMessageResponseSchema,
} from '#shared/schemas/messaging.ts';
import { registerDevPhone } from './dev-phone.ts';
import { inviteEnquirerOnChannel } from './enquiry-invite.ts';
import { receiveMessage, recordStatus } from './inbound.ts';
import { RETRY_FAILED_JOB, retryFailedMessage, sendToTenant } from './outbound.ts';
import { toE164 } from './phone.ts';
import {
  checkMessagingKey,
  connectChannel,
  disconnectChannel,
  loadChannel,
  readChannelSettings,
  registerChannelCache,
} from './settings.ts';

const forbidden = () => new AppError('FORBIDDEN', 'The signature of this request is not valid.');
const companyParams = z.object({ companyId: z.string().max(100) });

export async function registerMessaging(root: FastifyInstance, ctx: AppContext): Promise<void> {
  await checkMessagingKey(ctx);
  registerChannelCache(ctx);
  ctx.jobs.define<{ enquiryId: string }>(
    ENQUIRY_CHANNEL_INVITE_JOB,
    async ({ enquiryId }) => {
      await inviteEnquirerOnChannel(ctx, enquiryId);
    },
    { retryLimit: 3, retryDelaySeconds: 30 },
  );
  ctx.jobs.define<{ messageId: string }>(
    RETRY_FAILED_JOB,
    async ({ messageId }) => {
      await retryFailedMessage(ctx, messageId);
    },
    { retryLimit: 0 },
  );

  // A person's messages in a taken-over conversation go out on the tenant's channel. A person's
  // message is a reply: the daily cap and opt-out hold, and outside WhatsApp's window it is not sent.
  setChannelRelay(ctx, async (context, { conversationId, text }) => {
    const row = await threadOf(context, conversationId);
    if (!row || row.channel === 'web' || !row.phone) return;
    await sendToTenant(context, {
      companyId: row.companyId,
      channel: row.channel,
      phone: row.phone,
      conversationId,
      text,
    });
  });

  const app = root.withTypeProvider<ZodTypeProvider>();
  const settingsLimit = perMinute(ctx.env.rateLimits.apiPerMinute);

  // ---- The Messaging card (owner or admin) ----
  // A channel's settings: read and replaced at one address, answered alike.
  const channelSettings = {
    config: settingsLimit,
    schema: { params: channelParamsSchema, response: { 200: channelSettingsSchema } },
  };
  app.get('/api/companies/:id/channels/:channel', channelSettings, async (request) => {
    const { company } = await requireCompanyById(ctx, request, request.params.id, 'settings');
    return readChannelSettings(ctx, company.id, request.params.channel);
  });
  app.put('/api/companies/:id/channels/:channel', channelSettings, async (request) => {
    const { company } = await requireCompanyById(ctx, request, request.params.id, 'settings');
    return connectChannel(ctx, company.id, request.params.channel, request.body);
  });
  app.delete(
    '/api/companies/:id/channels/:channel',
    { config: settingsLimit, schema: { params: channelParamsSchema } },
    async (request, reply) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id, 'settings');
      await disconnectChannel(ctx, company.id, request.params.channel);
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/companies/:id/channels/:channel/test',
    {
      // A real message to a real phone, paid for: limited like the other costly account actions.
      config: perMinute(ctx.env.rateLimits.authPerMinute),
      schema: {
        params: channelParamsSchema,
        body: testMessageRequestSchema,
        response: { 200: testMessageResponseSchema },
      },
    },
    async (request) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id, 'settings');
      const to = toE164(request.body.to);
      if (!to) throw new AppError('BAD_REQUEST', MOBILE_NUMBER_HINT);
      const outcome = await sendToTenant(ctx, {
        companyId: company.id,
        channel: request.params.channel,
        phone: to,
        conversationId: null,
        text: `This is a test message from ${company.name} on LetLead. Messaging is connected.`,
        // Outside WhatsApp's 24-hour window only a template goes out: Meta's own test template.
        template: { name: 'hello_world', parameters: [] },
      });
      if (outcome.kind === 'skipped') {
        const reasons = {
          opted_out: 'This number has opted out of your messages (they can reply START).',
          daily_cap: 'This number has had 40 messages from you today.',
          outside_window: 'WhatsApp only allows a template outside 24 hours of their last message.',
          no_provider: 'Connect a provider first.',
        };
        throw new AppError('CONFLICT', reasons[outcome.reason]);
      }
      if (outcome.kind === 'failed') {
        throw new AppError(
          'CONFLICT',
          `The provider did not accept the message: ${outcome.message.error ?? 'unknown error'}`,
        );
      }
      return { status: outcome.message.status, to };
    },
  );

  // ---- The thread on a lead (the lead panel) ----
  app.get(
    '/api/leads/:id/channel-messages',
    {
      config: settingsLimit,
      schema: { params: z.object({ id: z.string().max(100) }), response: { 200: channelThreadSchema } },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const lead = await findOwnLead(ctx, user.id, request.params.id);
      if (!lead.conversationId) return { messages: [] };
      const rows = await ctx.db
        .select()
        .from(channelMessages)
        .where(
          and(
            eq(channelMessages.conversationId, lead.conversationId),
            eq(channelMessages.companyId, lead.companyId),
          ),
        )
        .orderBy(asc(channelMessages.createdAt));
      return {
        messages: rows.map((m) => ({
          id: m.id,
          direction: m.direction,
          channel: m.channel,
          body: m.body,
          status: m.status,
          error: m.error,
          at: m.createdAt.toISOString(),
        })),
      };
    },
  );

  // ---- Inbound from the providers ----
  // Twilio and Meta post every tenant's message from a few shared addresses, so the allowance is
  // each company's, not each address's: one agency's flood never refuses another's tenants.
  const inboundLimit = {
    rateLimit: {
      max: ctx.env.rateLimits.inboundPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) =>
        `inbound:${(request.params as { companyId?: string }).companyId ?? ''}`,
    },
  };

  // Twilio posts a form; its signature covers APP_URL + the path and every posted field.
  const twilioCheck = async (request: FastifyRequest) => {
    const { companyId } = request.params as { companyId: string };
    if (!isUuid(companyId)) throw notFound('Not found');
    const channel = await loadChannel(ctx, companyId, 'sms');
    if (channel?.channel !== 'sms') throw forbidden();
    const params = (request.body ?? {}) as Record<string, string>;
    const signature = request.headers['x-twilio-signature'];
    const url = `${ctx.env.appUrl}${request.url}`;
    if (
      !isValidTwilioSignature(
        channel.sms.authToken,
        typeof signature === 'string' ? signature : undefined,
        url,
        params,
      )
    ) {
      throw forbidden();
    }
    if (params.AccountSid && params.AccountSid !== channel.sms.accountSid) throw forbidden();
    return { companyId, params };
  };

  app.post(
    '/api/channels/sms/:companyId',
    { config: inboundLimit, schema: { params: companyParams } },
    async (request, reply) => {
      const { companyId, params } = await twilioCheck(request);
      const phone = toE164(params.From);
      if (phone && params.MessageSid) {
        await receiveMessage(ctx, {
          companyId,
          channel: 'sms',
          phone,
          text: String(params.Body ?? '').slice(0, 4000),
          providerId: params.MessageSid,
        });
      }
      return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    },
  );

  app.post(
    '/api/channels/sms/:companyId/status',
    { config: inboundLimit, schema: { params: companyParams } },
    async (request, reply) => {
      const { companyId, params } = await twilioCheck(request);
      if (params.MessageSid && params.MessageStatus) {
        await recordStatus(ctx, {
          companyId,
          channel: 'sms',
          providerId: params.MessageSid,
          status: params.MessageStatus,
          error: params.ErrorCode
            ? `Twilio error ${params.ErrorCode}${params.ErrorMessage ? `: ${params.ErrorMessage}` : ''}`
            : null,
        });
      }
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/channels/whatsapp/:companyId',
    {
      config: inboundLimit,
      schema: { params: companyParams, querystring: z.record(z.string(), z.string()) },
    },
    async (request, reply) => {
      const { companyId } = request.params;
      if (!isUuid(companyId)) throw notFound('Not found');
      const channel = await loadChannel(ctx, companyId, 'whatsapp');
      const query = request.query;
      if (
        channel?.channel !== 'whatsapp' ||
        query['hub.mode'] !== 'subscribe' ||
        query['hub.verify_token'] !== channel.verifyToken
      ) {
        throw new AppError('FORBIDDEN', 'The verify token does not match.');
      }
      return reply.type('text/plain').send(query['hub.challenge'] ?? '');
    },
  );

  // Meta signs the exact bytes it sent: this route keeps the body as a Buffer.
  await root.register(async (scope) => {
    readBodiesAsBytes(scope, 1024 * 1024);
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/channels/whatsapp/:companyId',
        { config: inboundLimit, schema: { params: companyParams } },
        async (request, reply) => {
          const { companyId } = request.params;
          if (!isUuid(companyId)) throw notFound('Not found');
          const channel = await loadChannel(ctx, companyId, 'whatsapp');
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const header = request.headers['x-hub-signature-256'];
          if (
            channel?.channel !== 'whatsapp' ||
            !isValidMetaSignature(
              channel.whatsapp.appSecret,
              typeof header === 'string' ? header : undefined,
              raw,
            )
          ) {
            throw forbidden();
          }
          let payload: WhatsAppWebhook;
          try {
            payload = JSON.parse(raw.toString('utf8')) as WhatsAppWebhook;
          } catch {
            throw new AppError('BAD_REQUEST', 'The body is not JSON');
          }
          for (const entry of payload.entry ?? []) {
            for (const change of entry.changes ?? []) {
              const value = change.value ?? {};
              // Another number's events (the same Meta app serves several): not this company's.
              if (
                value.metadata?.phone_number_id &&
                value.metadata.phone_number_id !== channel.whatsapp.phoneNumberId
              ) {
                continue;
              }
              for (const message of value.messages ?? []) {
                const phone = toE164(message.from);
                const text =
                  message.text?.body ??
                  message.interactive?.button_reply?.title ??
                  message.interactive?.list_reply?.title ??
                  message.button?.text ??
                  '';
                const optionId =
                  message.interactive?.button_reply?.id ?? message.interactive?.list_reply?.id ?? null;
                if (!phone || !message.id || !text) continue;
                await receiveMessage(ctx, {
                  companyId,
                  channel: 'whatsapp',
                  phone,
                  text: text.slice(0, 4000),
                  providerId: message.id,
                  optionId,
                });
              }
              for (const status of value.statuses ?? []) {
                if (!status.id || !status.status) continue;
                await recordStatus(ctx, {
                  companyId,
                  channel: 'whatsapp',
                  providerId: status.id,
                  status: status.status,
                  error: status.errors?.[0]?.title ?? status.errors?.[0]?.message ?? null,
                });
              }
            }
          }
          return reply.status(200).send({ received: true });
        },
      );
  });

  await registerDevPhone(root, ctx);
}

type WhatsAppWebhook = {
  entry?: {
    changes?: {
      value?: {
        metadata?: { phone_number_id?: string };
        messages?: {
          from?: string;
          id?: string;
          type?: string;
          text?: { body?: string };
          interactive?: {
            button_reply?: { id?: string; title?: string };
            list_reply?: { id?: string; title?: string };
          };
          button?: { text?: string };
        }[];
        statuses?: { id?: string; status?: string; errors?: { title?: string; message?: string }[] }[];
      };
    }[];
  }[];
};

/** The company ids with a channel connected, for the development pages. */
export async function companySlugs(ctx: AppContext, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: companies.id, slug: companies.slug })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r.slug]));
}

export type { MessagingChannel };
export const devProviderId = () => `dev-${randomUUID()}`;
