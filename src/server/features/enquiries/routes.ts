import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readBodiesAsBytes } from '#server/lib/body-parsers.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { rootDir } from '#server/lib/paths.ts';
import { requireCompanyById } from '#server/lib/session.ts';
import { enquiriesResponseSchema, inboundEmailResponseSchema } from '#shared/schemas/enquiries.ts';
import { boundedIdParamsSchema } from '#shared/schemas/params.ts';
import { listEnquiries } from './enquiries-list.ts';
import { ingestInboundEmail } from './ingest.ts';
import { ENQUIRY_REPLY_JOB, ENQUIRY_SWEEP_JOB, sendEnquiryReply, sweepEnquiries } from './replies.ts';
import { MAX_INBOUND_BYTES, type SmtpReceiver, startSmtpReceiver } from './smtp-receiver.ts';

export async function registerEnquiries(root: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.jobs.define<{ enquiryId: string }>(
    ENQUIRY_REPLY_JOB,
    async ({ enquiryId }) => {
      await sendEnquiryReply(ctx, enquiryId);
    },
    { retryLimit: 8, retryDelaySeconds: 60 },
  );
  ctx.jobs.define(ENQUIRY_SWEEP_JOB, async () => {
    await sweepEnquiries(ctx);
  });
  ctx.jobs.schedule(ENQUIRY_SWEEP_JOB, '*/10 * * * *');

  const { smtpPort } = ctx.env.inbound;
  if (smtpPort !== undefined) {
    let receiver: SmtpReceiver | undefined;
    // With the HTTP server: started by listen (the start path), stopped before the app closes.
    root.addHook('onListen', async () => {
      receiver = await startSmtpReceiver(ctx, smtpPort, ctx.env.host);
    });
    root.addHook('preClose', async () => {
      await receiver?.close();
    });
  }

  // The website widget, loaded by agencies' own sites: another origin may use it.
  root.get('/widget.js', async (_request, reply) => {
    const script = await readWidget();
    if (!script) return reply.status(404).send({ message: 'Not found' });
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(script);
  });

  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/companies/:id/enquiries',
      { schema: { params: boundedIdParamsSchema, response: { 200: enquiriesResponseSchema } } },
      async (request, reply) => {
        const { company } = await requireCompanyById(ctx, request, request.params.id);
        reply.header('cache-control', 'private, no-store');
        return listEnquiries(ctx, company);
      },
    );

    // The raw message, whatever type the inbound mail service labels it with.
    readBodiesAsBytes(app, MAX_INBOUND_BYTES);

    app.post(
      '/api/inbound/email',
      { schema: { response: { 200: inboundEmailResponseSchema } } },
      async (request) => {
        checkWebhookSecret(ctx, request);
        const raw = request.body;
        if (!Buffer.isBuffer(raw) || raw.length === 0) {
          throw new AppError('BAD_REQUEST', 'The request body must be the raw email message (RFC 822)');
        }
        const to = request.headers['x-original-to'] ?? (request.query as { to?: unknown }).to;
        const recipients = (Array.isArray(to) ? to : [to]).filter((v): v is string => typeof v === 'string');
        return ingestInboundEmail(ctx, { raw, recipients });
      },
    );
  });
}

let widget: Promise<string | null> | undefined;

/** The widget's one source, served as it is (the migrations are read from src/ too). */
function readWidget(): Promise<string | null> {
  widget ??= readFile(path.join(rootDir, 'src/web/widget/widget.js'), 'utf8').catch(() => null);
  return widget;
}

/**
 * `Authorization: Bearer <INBOUND_WEBHOOK_SECRET>` (or `X-Inbound-Secret`), compared in constant
 * time. While the secret is unset the route does not exist.
 */
function checkWebhookSecret(ctx: AppContext, request: FastifyRequest): void {
  const secret = ctx.env.inbound.webhookSecret;
  if (!secret) throw notFound('Not found');
  const header = request.headers.authorization;
  const given =
    (typeof header === 'string' && /^Bearer\s+(.+)$/i.exec(header)?.[1]) ||
    (typeof request.headers['x-inbound-secret'] === 'string' ? request.headers['x-inbound-secret'] : '');
  if (!given) throw new AppError('UNAUTHORIZED', 'The inbound webhook secret is missing');
  const expected = Buffer.from(secret);
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new AppError('FORBIDDEN', 'The inbound webhook secret is wrong');
  }
}
