import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerMessagesWith } from '#server/features/messaging/index.ts';
import { parseTextPlainAsJson } from '#server/lib/body-parsers.ts';
import type { AppContext } from '#server/lib/context.ts';
import { requireCompanyById } from '#server/lib/session.ts';
import { perMinute } from '#server/plugins/rate-limits.ts';
import {
  chatParamsSchema,
  chatRequestSchema,
  chatResponseSchema,
  companySlugParamsSchema,
  conversationQuerySchema,
  conversationSchema,
  endChatRequestSchema,
  endChatResponseSchema,
  publicCompanyContactSchema,
  publicCompanyQuerySchema,
  publicCompanySchema,
  reprocessResponseSchema,
  usageCheckSchema,
} from '#shared/schemas/chat.ts';
import { boundedIdParamsSchema } from '#shared/schemas/params.ts';
import { handleChatTurn, resumeConversation, startThread } from './conversation.ts';
import { finaliseIdleConversations } from './end-conversation.ts';
import { endChat, getPublicCompany, getPublicContact, getUsageCheck } from './public.ts';
import { reprocessTranscripts } from './reprocess.ts';

export const FINALISE_IDLE_JOB = 'chat.finalise-idle';

export async function registerChat(root: FastifyInstance, ctx: AppContext): Promise<void> {
  answerMessagesWith(ctx, { start: startThread, turn: handleChatTurn, end: endChat });
  ctx.jobs.define(FINALISE_IDLE_JOB, async () => {
    await finaliseIdleConversations(ctx);
  });
  ctx.jobs.schedule(FINALISE_IDLE_JOB, '* * * * *');

  // Its own scope: the text/plain parser below (for the unload beacon) applies to these routes only.
  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const publicRead = perMinute(ctx.env.rateLimits.apiPerMinute);
    const chatWrite = perMinute(ctx.env.rateLimits.chatPerMinute);

    parseTextPlainAsJson(app, 256 * 1024);

    app.get(
      '/api/companies/slug/:slug',
      {
        config: publicRead,
        schema: {
          params: companySlugParamsSchema,
          querystring: publicCompanyQuerySchema,
          response: { 200: publicCompanySchema },
        },
      },
      async (request) => getPublicCompany(ctx, request.params.slug, request.query.propertySlug),
    );

    app.get(
      '/api/companies/slug/:slug/usage-check',
      {
        config: publicRead,
        schema: { params: companySlugParamsSchema, response: { 200: usageCheckSchema } },
      },
      async (request) => getUsageCheck(ctx, request.params.slug),
    );

    app.get(
      '/api/companies/slug/:slug/contact',
      {
        config: publicRead,
        schema: { params: companySlugParamsSchema, response: { 200: publicCompanyContactSchema } },
      },
      async (request) => getPublicContact(ctx, request.params.slug),
    );

    app.post(
      '/api/chat/:companySlug',
      {
        config: chatWrite,
        schema: { params: chatParamsSchema, body: chatRequestSchema, response: { 200: chatResponseSchema } },
      },
      async (request) =>
        handleChatTurn(ctx, { companySlug: request.params.companySlug, request: request.body }),
    );

    app.get(
      '/api/chat/:companySlug/conversation',
      {
        config: publicRead,
        schema: {
          params: chatParamsSchema,
          querystring: conversationQuerySchema,
          response: { 200: conversationSchema },
        },
      },
      async (request) =>
        resumeConversation(ctx, {
          companySlug: request.params.companySlug,
          sessionKey: request.query.sessionKey,
        }),
    );

    app.post(
      '/api/chat/:companySlug/end',
      {
        config: chatWrite,
        schema: {
          params: chatParamsSchema,
          body: endChatRequestSchema,
          response: { 200: endChatResponseSchema },
        },
      },
      async (request) => endChat(ctx, { companySlug: request.params.companySlug, request: request.body }),
    );

    app.post(
      '/api/companies/:id/reprocess-transcripts',
      { schema: { params: boundedIdParamsSchema, response: { 200: reprocessResponseSchema } } },
      async (request) => {
        const { company } = await requireCompanyById(ctx, request, request.params.id, 'settings');
        return reprocessTranscripts(ctx, company);
      },
    );
  });
}
