import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findProperty, requireDirectory } from '#server/features/directory/index.ts';
import { handleInboundReplies } from '#server/features/messaging/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { requireCompanyById, requireOwnCompany } from '#server/lib/session.ts';
import { perMinute } from '#server/plugins/rate-limits.ts';
import { chatParamsSchema } from '#shared/schemas/chat.ts';
import { boundedIdParamsSchema, idParamsSchema } from '#shared/schemas/params.ts';
import {
  agentViewingListSchema,
  agentViewingSchema,
  calendarFeedParamsSchema,
  calendarFeedSchema,
  managedViewingSchema,
  manageTokenParamsSchema,
  rescheduleRequestSchema,
  updateViewingSchema,
  viewingMessageSettingsPatchSchema,
  viewingMessageSettingsSchema,
  viewingScheduleSchema,
  viewingsQuerySchema,
  viewingTimesQuerySchema,
  viewingTimesResponseSchema,
} from '#shared/schemas/viewings.ts';
import {
  calendarFeed,
  getCalendarFeed,
  getViewingSchedule,
  listViewings,
  replaceCalendarFeed,
  saveViewingSchedule,
  sendDailyAgendas,
  updateViewing,
  VIEWING_AGENDA_JOB,
} from './agent-viewings.ts';
import { freeTimesFor, loadBookingRules } from './booking.ts';
import {
  answerViewingReply,
  runViewingMessages,
  saveViewingMessageSettings,
  VIEWING_MESSAGES_JOB,
  viewingMessageSettings,
} from './confirmations.ts';
import {
  cancelByToken,
  confirmByToken,
  getManagedViewing,
  managedViewingCalendar,
  rescheduleByToken,
} from './manage.ts';

export async function registerViewings(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const publicRead = perMinute(ctx.env.rateLimits.apiPerMinute);
  const publicWrite = perMinute(ctx.env.rateLimits.chatPerMinute);

  // The confirmation requests, releases and "see you soon" (one pass a minute, on one instance;
  // each message is claimed by its row, so an overlapping pass sends nothing twice).
  ctx.jobs.define(VIEWING_MESSAGES_JOB, async () => {
    await runViewingMessages(ctx);
  });
  ctx.jobs.schedule(VIEWING_MESSAGES_JOB, '* * * * *');
  // The tenant's answers to the request in their WhatsApp or SMS thread.
  handleInboundReplies(ctx, answerViewingReply);
  ctx.jobs.define(VIEWING_AGENDA_JOB, async () => {
    await sendDailyAgendas(ctx);
  });
  ctx.jobs.schedule(VIEWING_AGENDA_JOB, '0 8 * * *');

  // ---- Public: the chat's free times and the tenant's manage page ----

  app.get(
    '/api/chat/:companySlug/slots',
    {
      config: publicRead,
      schema: {
        params: chatParamsSchema,
        querystring: viewingTimesQuerySchema,
        response: { 200: viewingTimesResponseSchema },
      },
    },
    async (request) => {
      const directory = await requireDirectory(ctx, request.params.companySlug, request.query.propertySlug);
      const property = findProperty(directory, { slug: request.query.propertySlug });
      if (!property) throw notFound('The requested chatbot could not be found.');
      const rules = await loadBookingRules(ctx.db, property.id);
      return { slots: rules ? await freeTimesFor(ctx.db, rules) : [] };
    },
  );

  app.get(
    '/api/viewings/manage/:token',
    {
      config: publicRead,
      schema: { params: manageTokenParamsSchema, response: { 200: managedViewingSchema } },
    },
    async (request) => getManagedViewing(ctx, request.params.token),
  );

  app.get(
    '/api/viewings/manage/:token/calendar.ics',
    { config: publicRead, schema: { params: manageTokenParamsSchema } },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="viewing.ics"')
        .header('cache-control', 'no-store')
        .send(await managedViewingCalendar(ctx, request.params.token)),
  );

  app.post(
    '/api/viewings/manage/:token/reschedule',
    {
      config: publicWrite,
      schema: {
        params: manageTokenParamsSchema,
        body: rescheduleRequestSchema,
        response: { 200: managedViewingSchema },
      },
    },
    async (request) => rescheduleByToken(ctx, request.params.token, request.body.startsAt),
  );

  for (const [action, run] of [
    ['confirm', confirmByToken],
    ['cancel', cancelByToken],
  ] as const) {
    app.post(
      `/api/viewings/manage/:token/${action}`,
      {
        config: publicWrite,
        schema: { params: manageTokenParamsSchema, response: { 200: managedViewingSchema } },
      },
      async (request) => run(ctx, request.params.token),
    );
  }

  // The calendar app holds the secret address; it sends no cookie and no origin.
  app.get(
    '/api/calendar/:feedToken',
    { config: publicRead, schema: { params: calendarFeedParamsSchema } },
    async (request, reply) => {
      const token = request.params.feedToken.replace(/\.ics$/, '');
      const body = await calendarFeed(ctx, token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(body);
    },
  );

  // ---- The agent's ----

  app.get(
    '/api/companies/:id/viewing-schedule',
    { schema: { params: idParamsSchema, response: { 200: viewingScheduleSchema } } },
    async (request) =>
      getViewingSchedule((await requireCompanyById(ctx, request, request.params.id)).company),
  );

  app.put(
    '/api/companies/:id/viewing-schedule',
    {
      schema: {
        params: idParamsSchema,
        body: viewingScheduleSchema,
        response: { 200: viewingScheduleSchema },
      },
    },
    async (request) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id, 'settings');
      return saveViewingSchedule(ctx, company, request.body);
    },
  );

  app.get(
    '/api/companies/:id/viewing-settings',
    { schema: { params: idParamsSchema, response: { 200: viewingMessageSettingsSchema } } },
    async (request) =>
      viewingMessageSettings((await requireCompanyById(ctx, request, request.params.id)).company),
  );

  app.patch(
    '/api/companies/:id/viewing-settings',
    {
      schema: {
        params: idParamsSchema,
        body: viewingMessageSettingsPatchSchema,
        response: { 200: viewingMessageSettingsSchema },
      },
    },
    async (request) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id, 'settings');
      return saveViewingMessageSettings(ctx, company, request.body);
    },
  );

  app.get(
    '/api/companies/:id/viewings',
    {
      schema: {
        params: idParamsSchema,
        querystring: viewingsQuerySchema,
        response: { 200: agentViewingListSchema },
      },
    },
    async (request) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id);
      return listViewings(ctx, company, request.query);
    },
  );

  app.patch(
    '/api/viewings/:id',
    {
      schema: {
        params: boundedIdParamsSchema,
        body: updateViewingSchema,
        response: { 200: agentViewingSchema },
      },
    },
    async (request) => {
      const { user, company } = await requireOwnCompany(ctx, request);
      return updateViewing(ctx, company, request.params.id, request.body, user.id);
    },
  );

  app.get(
    '/api/companies/:id/calendar-feed',
    { schema: { params: idParamsSchema, response: { 200: calendarFeedSchema } } },
    async (request) =>
      getCalendarFeed(ctx, (await requireCompanyById(ctx, request, request.params.id)).company),
  );

  app.post(
    '/api/companies/:id/calendar-feed',
    { schema: { params: idParamsSchema, response: { 200: calendarFeedSchema } } },
    async (request) =>
      replaceCalendarFeed(
        ctx,
        (await requireCompanyById(ctx, request, request.params.id, 'settings')).company,
      ),
  );
}
