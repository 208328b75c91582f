import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { channelMessages, companies } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { escapeHtml } from '#server/lib/email-templates.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { DEV_PHONE_SCRIPT } from './dev-phone-script.ts';
import { receiveMessage } from './inbound.ts';
import { toE164 } from './phone.ts';

const channelSchema = z.enum(['whatsapp', 'sms']);

/**
 * The embedded default, never in production: `/dev/messages` lists what was sent to tenants
 * without a provider, and `/dev/phone` is a phone on which a developer plays the tenant. Its
 * messages go through the same inbound code as Twilio's and Meta's (below their signature check).
 */
export async function registerDevPhone(root: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.env.isProduction) return;
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/dev/messages', async (_request, reply) => {
    const rows = await ctx.db
      .select({ message: channelMessages, company: companies.name })
      .from(channelMessages)
      .innerJoin(companies, eq(companies.id, channelMessages.companyId))
      .where(eq(channelMessages.direction, 'out'))
      .orderBy(desc(channelMessages.createdAt))
      .limit(100);
    const items = rows.map(({ message, company }) => {
      const time = message.createdAt.toLocaleString('en-GB', { timeZone: 'Europe/London' });
      const label = message.channel === 'sms' ? 'SMS' : 'WhatsApp';
      return `<article aria-label="${escapeHtml(`${label} to ${message.phone}`)}">
  <p class="meta"><strong>${label}</strong> from ${escapeHtml(company)} to <strong>${escapeHtml(message.phone)}</strong> · ${escapeHtml(time)} · <span class="status">${escapeHtml(message.status)}</span>${message.provider === 'dev' ? '' : ` · ${escapeHtml(message.provider)}`}</p>
  <pre>${escapeHtml(message.body)}</pre>
</article>`;
    });
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Messages outbox',
          `<header><h1>Messages outbox</h1><p>WhatsApp and SMS messages to tenants (newest first). Without a provider connected they are kept here instead of being sent. Play the tenant on <a href="/dev/phone">/dev/phone</a>. This page does not exist in production.</p></header>
<main>${items.length > 0 ? items.join('\n') : '<p>No messages yet.</p>'}</main>`,
        ),
      );
  });

  app.get('/dev/phone', async (_request, reply) => {
    const list = await ctx.db
      .select({ slug: companies.slug, name: companies.name })
      .from(companies)
      .orderBy(asc(companies.name))
      .limit(200);
    const options = list
      .map((c) => `<option value="${escapeHtml(c.slug)}">${escapeHtml(c.name)}</option>`)
      .join('');
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(phonePage(options));
  });

  app.get('/dev/phone.js', async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/javascript; charset=utf-8').send(DEV_PHONE_SCRIPT),
  );

  const threadQuery = z.object({
    company: z.string().min(1).max(255),
    channel: channelSchema,
    phone: z.string().min(6).max(30),
  });

  app.get('/dev/phone/thread', { schema: { querystring: threadQuery } }, async (request) => {
    const { companyId, phone } = await resolve(ctx, request.query.company, request.query.phone);
    const rows = await ctx.db
      .select()
      .from(channelMessages)
      .where(
        and(
          eq(channelMessages.companyId, companyId),
          eq(channelMessages.channel, request.query.channel),
          eq(channelMessages.phone, phone),
        ),
      )
      .orderBy(asc(channelMessages.createdAt))
      .limit(300);
    return {
      phone,
      messages: rows.map((m) => {
        const whatsapp = (m.payload as { whatsapp?: { kind?: string; options?: string[] } } | null)?.whatsapp;
        return {
          id: m.id,
          direction: m.direction,
          body: m.body,
          status: m.status,
          at: m.createdAt.toISOString(),
          buttons: whatsapp?.kind === 'buttons' || whatsapp?.kind === 'list' ? (whatsapp.options ?? []) : [],
          isList: whatsapp?.kind === 'list',
        };
      }),
    };
  });

  app.post(
    '/dev/phone/messages',
    {
      schema: {
        body: threadQuery.extend({
          text: z.string().trim().min(1, 'Type a message').max(1600),
          optionId: z.string().max(200).nullish(),
        }),
      },
    },
    async (request) => {
      const { companyId, phone } = await resolve(ctx, request.body.company, request.body.phone);
      await receiveMessage(ctx, {
        companyId,
        channel: request.body.channel,
        phone,
        text: request.body.text,
        optionId: request.body.optionId ?? null,
        providerId: `dev-${crypto.randomUUID()}`,
      });
      return { ok: true };
    },
  );
}

async function resolve(ctx: AppContext, slug: string, rawPhone: string) {
  const phone = toE164(rawPhone);
  if (!phone) throw new AppError('BAD_REQUEST', 'Type a mobile number, e.g. 07700 900123');
  const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.slug, slug));
  if (!company) throw notFound('No company with that link name');
  return { companyId: company.id, phone };
}

const STYLE = `
  body { font-family: system-ui, sans-serif; color: #0f172a; margin: 0; line-height: 1.45; background: #f1f5f9; }
  .doc { max-width: 760px; margin: 0 auto; padding: 24px 16px; background: #fff; min-height: 100vh; }
  header p { color: #475569; }
  article { border: 1px solid #e2e8f0; border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
  .meta { color: #475569; margin: 0 0 8px; font-size: .9rem; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0; }
  a { color: #0f766e; }
`;

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} | LetLead</title><style>${STYLE}</style></head>
<body><div class="doc">${content}</div></body></html>`;
}

function phonePage(companyOptions: string): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Test phone | LetLead</title>
<style>
  * { box-sizing: border-box; }
  body { font-family: system-ui, -apple-system, sans-serif; margin: 0; background: #e2e8f0; color: #0f172a; }
  .wrap { display: flex; justify-content: center; padding: 16px 0; min-height: 100vh; }
  .phone { width: 390px; max-width: 100%; height: min(844px, calc(100vh - 32px)); display: flex; flex-direction: column; background: #efeae2; border-radius: 36px; overflow: hidden; box-shadow: 0 10px 40px rgba(15,23,42,.25); border: 10px solid #0f172a; }
  @media (max-width: 430px) { .wrap { padding: 0; } .phone { border: 0; border-radius: 0; height: 100vh; } }
  .bar { background: #075e54; color: #fff; padding: 10px 12px; }
  .bar h1 { font-size: 1rem; margin: 0; }
  .bar .sub { font-size: .8rem; opacity: .85; }
  .sms .bar { background: #f8fafc; color: #0f172a; border-bottom: 1px solid #cbd5e1; }
  .sms .phone { background: #fff; }
  .setup { display: grid; grid-template-columns: 1fr 1fr; gap: 6px; padding: 8px 10px; background: #f8fafc; border-bottom: 1px solid #cbd5e1; font-size: .8rem; }
  .setup label { display: flex; flex-direction: column; gap: 2px; color: #334155; }
  .setup select, .setup input { font: inherit; padding: 6px; border: 1px solid #94a3b8; border-radius: 6px; min-height: 32px; }
  .mode { grid-column: 1 / -1; display: flex; gap: 6px; }
  .mode button { flex: 1; font: inherit; padding: 6px; border-radius: 999px; border: 1px solid #94a3b8; background: #fff; cursor: pointer; min-height: 32px; }
  .mode button[aria-pressed="true"] { background: #075e54; color: #fff; border-color: #075e54; }
  .sms .mode button[aria-pressed="true"] { background: #2563eb; border-color: #2563eb; }
  .thread { flex: 1; overflow-y: auto; padding: 12px 10px; display: flex; flex-direction: column; gap: 6px; }
  .msg { max-width: 82%; padding: 7px 10px 5px; border-radius: 10px; white-space: pre-wrap; word-break: break-word; font-size: .95rem; box-shadow: 0 1px 1px rgba(0,0,0,.08); }
  .in { align-self: flex-start; background: #fff; }
  .out { align-self: flex-end; background: #d9fdd3; }
  .sms .in { background: #e5e7eb; border-radius: 16px; }
  .sms .out { background: #2563eb; color: #fff; border-radius: 16px; }
  .time { display: block; text-align: right; font-size: .7rem; color: #475569; margin-top: 2px; }
  .out .time { color: #3f4f3f; }
  .sms .out .time { color: #dbeafe; }
  .choices { display: flex; flex-direction: column; gap: 4px; margin-top: 6px; }
  .choices button { font: inherit; font-size: .9rem; padding: 8px; border: 0; border-top: 1px solid #e2e8f0; background: #fff; color: #0284c7; cursor: pointer; min-height: 36px; }
  .empty { color: #475569; text-align: center; font-size: .85rem; margin: auto 16px; background: rgba(255,255,255,.8); padding: 10px; border-radius: 8px; }
  form.compose { display: flex; gap: 6px; padding: 8px; background: #f0f2f5; }
  .sms form.compose { background: #fff; border-top: 1px solid #cbd5e1; }
  form.compose input { flex: 1; font: inherit; padding: 10px 14px; border-radius: 999px; border: 1px solid #cbd5e1; min-height: 44px; }
  form.compose button { font: inherit; border: 0; border-radius: 999px; background: #075e54; color: #fff; padding: 0 16px; min-height: 44px; cursor: pointer; }
  .sms form.compose button { background: #2563eb; }
  .error { color: #b91c1c; font-size: .8rem; padding: 0 10px 6px; min-height: 1em; background: #f0f2f5; margin: 0; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
</style></head>
<body>
<div class="wrap" id="app">
  <main class="phone" aria-label="Test phone">
    <div class="bar"><h1 id="title">WhatsApp</h1><div class="sub">Development phone: you are the tenant. Replies also appear on <a href="/dev/messages" style="color:inherit">/dev/messages</a>.</div></div>
    <div class="setup">
      <label>Agency <select id="company">${companyOptions}</select></label>
      <label>Your number <input id="phone" value="07700 900123" inputmode="tel" autocomplete="off"></label>
      <div class="mode" role="group" aria-label="Channel">
        <button type="button" data-channel="whatsapp" aria-pressed="true">WhatsApp</button>
        <button type="button" data-channel="sms" aria-pressed="false">SMS</button>
      </div>
    </div>
    <div class="thread" id="thread" aria-live="polite" aria-label="Messages" tabindex="0"></div>
    <p class="error" id="error" role="alert"></p>
    <form class="compose" id="compose">
      <label class="sr-only" for="text">Message</label>
      <input id="text" placeholder="Message" autocomplete="off" maxlength="1600">
      <button type="submit">Send</button>
    </form>
  </main>
</div>
<script src="/dev/phone.js"></script>
</body></html>`;
}
