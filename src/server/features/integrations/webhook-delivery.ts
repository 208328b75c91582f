import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, max, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import {
  companies,
  users,
  type WebhookEndpoint,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
} from '#server/db/schema.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { escapeHtml } from '#server/lib/email-templates.ts';
import type { WebhookDeliveryDto, WebhookEventType } from '#shared/schemas/integrations.ts';
import { findApiLead } from './api-leads.ts';
import { DELIVERY_TIMEOUT_MS, postWebhook } from './webhook-target.ts';

export const WEBHOOK_EMIT_JOB = 'webhooks.emit';
export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';
export const WEBHOOK_PURGE_JOB = 'webhooks.purge';

/** An endpoint failing for this long, with no success in between, is switched off. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/** Sent events (and their log) are kept this long: the payloads carry a lead's details. */
export const MESSAGE_RETENTION_DAYS = 30;
/** After a rotation, the old secret keeps signing for this long. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

/**
 * What each event's emitter passes. Lead events name the lead: the payload carries the lead as
 * the public API returns it, read when the event is sent. The others carry their data as given.
 */
export type WebhookEventData = {
  'lead.created': { leadId: string };
  'lead.updated': { leadId: string };
  'viewing.booked': Record<string, unknown>;
  'viewing.rescheduled': Record<string, unknown>;
  'viewing.cancelled': Record<string, unknown>;
  'viewing.confirmed': Record<string, unknown>;
  'enquiry.received': Record<string, unknown>;
};

type EmitJob = { companyId: string; type: WebhookEventType; data: Record<string, unknown> };
type DeliverJob = { endpointId: string; messageId: string; attempt: number };

/** Whether any of the company's live endpoints takes this event. */
async function hasSubscriber(ctx: AppContext, companyId: string, type: WebhookEventType): Promise<boolean> {
  const [subscribed] = await ctx.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(subscribedTo(companyId, type))
    .limit(1);
  return subscribed !== undefined;
}

/**
 * Whether the company has an endpoint for `type`, as an SQL expression: for a statement that
 * already writes what the event is about, so that `emitWebhookEvent` need not read it again.
 */
export function hasSubscriberSql(companyId: string | Placeholder, type: WebhookEventType): SQL {
  return sql`exists (select 1 from ${webhookEndpoints} where ${subscribedTo(companyId, type)!})`;
}

/**
 * Tells the company's webhook endpoints that something happened. Call it after the change is
 * saved: it costs one indexed read when the company has no endpoint for this event (none when the
 * caller knows, `subscribed`), else it queues a job, and it never throws (a webhook must never
 * break what emitted it).
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  ctx: AppContext,
  companyId: string,
  type: T,
  data: WebhookEventData[T],
  { subscribed }: { subscribed?: boolean } = {},
): Promise<void> {
  try {
    if (!(subscribed ?? (await hasSubscriber(ctx, companyId, type)))) return;
    await ctx.jobs.send<EmitJob>(WEBHOOK_EMIT_JOB, { companyId, type, data });
  } catch (error) {
    ctx.log.error({ err: error, companyId, type }, 'Webhook event not queued');
  }
}

/**
 * One lead event for each of many leads (a bulk status change): the same guarantees as
 * `emitWebhookEvent`, with one read for all of them.
 */
export async function emitLeadEvents(
  ctx: AppContext,
  companyId: string,
  type: 'lead.created' | 'lead.updated',
  leadIds: string[],
): Promise<void> {
  if (leadIds.length === 0) return;
  try {
    if (!(await hasSubscriber(ctx, companyId, type))) return;
    for (const leadId of leadIds) {
      await ctx.jobs.send<EmitJob>(WEBHOOK_EMIT_JOB, { companyId, type, data: { leadId } });
    }
  } catch (error) {
    ctx.log.error({ err: error, companyId, type }, 'Webhook events not queued');
  }
}

function subscribedTo(companyId: string | Placeholder, type: string) {
  return and(
    eq(webhookEndpoints.companyId, companyId),
    eq(webhookEndpoints.enabled, true),
    sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
  );
}

/** A new `webhook-id`: `msg_` and 24 random bytes, as the Standard Webhooks examples use. */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/** A new signing secret: `whsec_` and 32 random bytes in base64, as the specification defines. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The emit job: writes the event once (its id comes from the job, so a repeated job finds its
 * own message) and queues the first try for every endpoint subscribed to it.
 */
export async function fanOutEvent(ctx: AppContext, job: EmitJob, jobId: string): Promise<void> {
  const messageId = `msg_${jobId.replaceAll('-', '')}`;
  let data: Record<string, unknown> | null = job.data;
  let leadId: string | null = null;
  if (job.type === 'lead.created' || job.type === 'lead.updated') {
    leadId = String(job.data.leadId);
    data = await findApiLead(ctx, job.companyId, leadId);
    // Deleted in the meantime: nothing is sent about a lead that no longer exists.
    if (!data) return;
  }
  await ctx.db
    .insert(webhookMessages)
    .values({
      id: messageId,
      companyId: job.companyId,
      type: job.type,
      leadId,
      payload: { type: job.type, timestamp: now().toISOString(), data },
    })
    .onConflictDoNothing();
  const endpoints = await ctx.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(subscribedTo(job.companyId, job.type));
  for (const endpoint of endpoints) {
    await ctx.jobs.send<DeliverJob>(
      WEBHOOK_DELIVER_JOB,
      { endpointId: endpoint.id, messageId, attempt: 1 },
      { singletonKey: `${endpoint.id}:${messageId}:1` },
    );
  }
}

/**
 * The delivery job: one try, then the next one queued after its delay while tries remain. A
 * failed try is logged and rescheduled here rather than thrown to the queue, so the queue's own
 * retries only ever repeat a try that never reached the point of sending.
 */
export async function deliverMessage(ctx: AppContext, job: DeliverJob): Promise<void> {
  const target = await loadTarget(ctx, job.endpointId, job.messageId);
  if (!target?.endpoint.enabled) return;
  const outcome = await attempt(ctx, { ...target, attempt: job.attempt, trigger: 'automatic' });
  if (outcome === 'succeeded' || outcome === 'disabled' || outcome === 'taken') return;
  const delays = ctx.env.webhookRetryDelaysSeconds;
  if (job.attempt > delays.length) return;
  const next = job.attempt + 1;
  await ctx.jobs.send<DeliverJob>(
    WEBHOOK_DELIVER_JOB,
    { endpointId: job.endpointId, messageId: job.messageId, attempt: next },
    {
      startAfterSeconds: delays[job.attempt - 1]!,
      singletonKey: `${job.endpointId}:${job.messageId}:${next}`,
    },
  );
}

/** One more try of a logged event, now, outside the automatic schedule (the log's Resend). */
export async function resendMessage(
  ctx: AppContext,
  endpoint: WebhookEndpoint,
  messageId: string,
): Promise<WebhookDeliveryDto> {
  const target = await loadTarget(ctx, endpoint.id, messageId);
  if (!target) throw new Error('The event is no longer kept');
  for (let tries = 0; tries < 5; tries += 1) {
    const [last] = await ctx.db
      .select({ attempt: max(webhookDeliveries.attempt) })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.messageId, messageId)));
    const number = (last?.attempt ?? 0) + 1;
    const delivery = await attemptAndRead(ctx, { ...target, attempt: number, trigger: 'resend' });
    if (delivery) return delivery;
  }
  throw new Error('Could not claim a resend attempt');
}

/** The test event: a `webhook.test` message sent once, now, so the person sees the answer. */
export async function sendTestEvent(ctx: AppContext, endpoint: WebhookEndpoint): Promise<WebhookDeliveryDto> {
  const [message] = await ctx.db
    .insert(webhookMessages)
    .values({
      id: newMessageId(),
      companyId: endpoint.companyId,
      type: 'webhook.test',
      payload: {
        type: 'webhook.test',
        timestamp: now().toISOString(),
        data: { message: 'A test event from LetLead: this endpoint is set up.', endpointId: endpoint.id },
      },
    })
    .returning();
  const delivery = await attemptAndRead(ctx, { endpoint, message: message!, attempt: 1, trigger: 'test' });
  return delivery!;
}

type Target = { endpoint: WebhookEndpoint; message: typeof webhookMessages.$inferSelect };
type Attempt = Target & { attempt: number; trigger: 'automatic' | 'resend' | 'test' };

async function loadTarget(ctx: AppContext, endpointId: string, messageId: string): Promise<Target | null> {
  const [row] = await ctx.db
    .select({ endpoint: webhookEndpoints, message: webhookMessages })
    .from(webhookEndpoints)
    .innerJoin(webhookMessages, eq(webhookMessages.companyId, webhookEndpoints.companyId))
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookMessages.id, messageId)))
    .limit(1);
  return row ?? null;
}

async function attemptAndRead(ctx: AppContext, input: Attempt): Promise<WebhookDeliveryDto | null> {
  const outcome = await attempt(ctx, input);
  if (outcome === 'taken') return null;
  const [row] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, input.endpoint.id),
        eq(webhookDeliveries.messageId, input.message.id),
        eq(webhookDeliveries.attempt, input.attempt),
      ),
    );
  return toDeliveryDto({ ...row!, eventType: input.message.type });
}

type Outcome = 'succeeded' | 'failed' | 'disabled' | 'taken';

/**
 * One try. Its log row is inserted first, as a claim: the unique (endpoint, message, attempt)
 * lets exactly one instance make each try. A claim left without an answer (its process died while
 * sending) counts as a failed try once it is older than any send could take.
 */
async function attempt(ctx: AppContext, input: Attempt): Promise<Outcome> {
  const { endpoint, message } = input;
  const [claim] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      messageId: message.id,
      attempt: input.attempt,
      trigger: input.trigger,
    })
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  if (!claim) {
    const [abandoned] = await ctx.db
      .update(webhookDeliveries)
      .set({ error: 'Interrupted: the sending process stopped', completedAt: now() })
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.messageId, message.id),
          eq(webhookDeliveries.attempt, input.attempt),
          isNull(webhookDeliveries.completedAt),
          lt(webhookDeliveries.createdAt, new Date(now().getTime() - 3 * DELIVERY_TIMEOUT_MS)),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return abandoned ? 'failed' : 'taken';
  }

  const body = JSON.stringify(message.payload);
  const sentAt = now();
  const result = await postWebhook({
    url: endpoint.url,
    headers: signatureHeaders(endpoint, message.id, sentAt, body),
    body,
    isProduction: ctx.env.isProduction,
  });
  await ctx.db
    .update(webhookDeliveries)
    .set({ ...result, completedAt: now() })
    .where(eq(webhookDeliveries.id, claim.id));

  const isSuccess = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  if (isSuccess) {
    await ctx.db
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(and(eq(webhookEndpoints.id, endpoint.id), sql`${webhookEndpoints.failingSince} is not null`));
    return 'succeeded';
  }
  if (input.trigger === 'test') return 'failed';
  return (await recordFailure(ctx, endpoint)) ? 'disabled' : 'failed';
}

/** The Standard Webhooks headers; during a rotation, signed with the new and the old secret. */
export function signatureHeaders(
  endpoint: Pick<WebhookEndpoint, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > at) {
    secrets.push(endpoint.previousSecret);
  }
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}

/**
 * Notes a failure; after three days of nothing but failures the endpoint is switched off and the
 * owner emailed, once (the switch is a conditional UPDATE only one instance wins). True when this
 * failure switched it off.
 */
async function recordFailure(ctx: AppContext, endpoint: WebhookEndpoint): Promise<boolean> {
  const at = now();
  const [marked] = await ctx.db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning({ failingSince: webhookEndpoints.failingSince });
  if (!marked?.failingSince || at.getTime() - marked.failingSince.getTime() < DISABLE_AFTER_MS) return false;
  const [disabled] = await ctx.db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: at })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
    .returning();
  if (!disabled) return false;
  await emailOwnerAboutDisabling(ctx, disabled);
  return true;
}

async function emailOwnerAboutDisabling(ctx: AppContext, endpoint: WebhookEndpoint): Promise<void> {
  const [owner] = await ctx.db
    .select({ email: users.email, companyName: companies.name })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, endpoint.companyId));
  if (!owner) return;
  const link = `${ctx.env.appUrl}/integrations`;
  const text = [
    `LetLead could not deliver events to your webhook endpoint for three days, so it has been switched off:`,
    '',
    endpoint.url,
    '',
    `Events for ${owner.companyName} are no longer sent to it. Once the receiver answers again, switch it back on in Integrations: ${link}`,
  ].join('\n');
  try {
    await ctx.sendEmail({
      to: owner.email,
      subject: 'Your LetLead webhook endpoint has been switched off',
      text,
      html: `<p>LetLead could not deliver events to your webhook endpoint for three days, so it has been switched off:</p><p><code>${escapeHtml(endpoint.url)}</code></p><p>Events for ${escapeHtml(owner.companyName)} are no longer sent to it. Once the receiver answers again, switch it back on in <a href="${escapeHtml(link)}">Integrations</a>.</p>`,
    });
  } catch (error) {
    ctx.log.error({ err: error, endpointId: endpoint.id }, 'Webhook disabled email not sent');
  }
}

/** The daily purge: events older than the retention period go, with their log. */
export async function purgeWebhookMessages(ctx: AppContext): Promise<void> {
  await ctx.db
    .delete(webhookMessages)
    .where(lt(webhookMessages.createdAt, new Date(now().getTime() - MESSAGE_RETENTION_DAYS * 86_400_000)));
}

export function toDeliveryDto(
  row: typeof webhookDeliveries.$inferSelect & { eventType: string },
): WebhookDeliveryDto {
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: row.eventType,
    attempt: row.attempt,
    trigger: row.trigger,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    error: row.error,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
