import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devEmails } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { escapeHtml } from '#server/lib/email-templates.ts';

/**
 * The development outbox: without SMTP_URL every email is stored, and this
 * page lists the newest ones with their links, so a newcomer can verify an account and reset a
 * password on a laptop. Never registered with SMTP or in production.
 */
export async function registerDevMail(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.mailer.kind !== 'outbox' || ctx.env.isProduction) return;

  app.get('/dev/mail', async (_request, reply) => {
    const emails = await ctx.db.select().from(devEmails).orderBy(desc(devEmails.createdAt)).limit(50);
    const items = emails.map((email) => {
      const body = linkify(escapeHtml(email.text));
      const time = email.createdAt.toLocaleString('en-GB', { timeZone: 'Europe/London' });
      return `<article aria-label="${escapeHtml(`${email.subject} to ${email.to}`)}">
  <h2>${escapeHtml(email.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(email.to)}</strong> · ${escapeHtml(time)}</p>
  <pre>${body}</pre>
</article>`;
    });
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(items.length > 0 ? items.join('\n') : '<p>No emails yet.</p>'));
  });
}

function linkify(escapedText: string): string {
  return escapedText.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function page(content: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development outbox | LetLead</title>
<style>
  body { font-family: system-ui, sans-serif; color: #0f172a; max-width: 760px; margin: 0 auto; padding: 24px 16px; line-height: 1.5; }
  header p { color: #475569; }
  article { border: 1px solid #e2e8f0; border-radius: 8px; padding: 16px; margin: 16px 0; }
  h2 { font-size: 1.05rem; margin: 0; }
  .meta { color: #475569; margin: 4px 0 12px; font-size: .9rem; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0; }
  a { color: #0f766e; }
</style>
</head>
<body>
<header>
  <h1>Development outbox</h1>
  <p>SMTP_URL is not set, so emails are kept here instead of being sent (newest first). This page does not exist in production.</p>
</header>
<main>
${content}
</main>
</body>
</html>`;
}
