import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** What a tenant does in the public chat, and what lands in the development outbox. */

export function messageBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

export function conversationLog(page: Page) {
  return page.getByRole('log', { name: 'Conversation' });
}

/** Types like a tenant and waits for the assistant's answer, which it returns. */
export async function send(page: Page, text: string) {
  const log = conversationLog(page);
  const before = await log.locator(':scope > div').count();
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
  await expect(log.locator(':scope > div')).toHaveCount(before + 2);
  return log.locator(':scope > div').last();
}

/** Taps a quick reply and waits for the assistant's answer, which it returns. */
export async function tap(page: Page, name: string) {
  const log = conversationLog(page);
  const before = await log.locator(':scope > div').count();
  await page.getByRole('button', { name, exact: true }).tap();
  await expect(log.locator(':scope > div')).toHaveCount(before + 2);
  return log.locator(':scope > div').last();
}

export type OutboxEmail = { to: string; subject: string; text: string };

/** Every email in the development outbox (/dev/mail), newest first, as plain text. */
export async function outboxEmails(request: APIRequestContext): Promise<OutboxEmail[]> {
  const html = await (await request.get('/dev/mail')).text();
  return html
    .split('<article')
    .slice(1)
    .map((article) => ({
      to: plain(/<strong>([\s\S]*?)<\/strong>/.exec(article)?.[1] ?? ''),
      subject: plain(/<h2>([\s\S]*?)<\/h2>/.exec(article)?.[1] ?? ''),
      text: plain(/<pre>([\s\S]*?)<\/pre>/.exec(article)?.[1] ?? ''),
    }));
}

/** Waits for the email to `to` whose subject starts with `subject`. */
export async function waitForEmail(
  request: APIRequestContext,
  to: string,
  subject: string,
): Promise<OutboxEmail> {
  const find = async () =>
    (await outboxEmails(request)).find((email) => email.to === to && email.subject.startsWith(subject));
  await expect.poll(find, { timeout: 15_000, message: `an email "${subject}…" to ${to}` }).toBeDefined();
  return (await find())!;
}

function plain(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}
