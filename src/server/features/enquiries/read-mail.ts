import { convert } from 'html-to-text';
import { type AddressObject, type HeaderValue, simpleParser } from 'mailparser';
import type { InboundMail, Mailbox } from './classify-mail.ts';

export type ReadMail = InboundMail & {
  messageId: string | null;
  /** Every address the message was sent to (To, Cc, Delivered-To, X-Original-To). */
  recipients: string[];
};

/**
 * Parses a raw RFC 822 message with mailparser. An HTML-only message (most portal emails) is
 * turned into text with each table cell, heading and paragraph on its own line, so that a
 * label and its value stay apart ("Name" / "Jane Smith") instead of running together.
 */
export async function readMail(raw: Buffer | string): Promise<ReadMail> {
  const parsed = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  const header = (name: string) => headerText(parsed.headers.get(name));
  const text =
    parsed.text && parsed.text.trim() !== ''
      ? parsed.text
      : typeof parsed.html === 'string'
        ? htmlToText(parsed.html)
        : '';
  return {
    from: firstMailbox(parsed.from),
    replyTo: firstMailbox(parsed.replyTo),
    subject: parsed.subject ?? '',
    text,
    headers: {
      autoSubmitted: header('auto-submitted'),
      precedence: header('precedence'),
      contentType: header('content-type') ?? 'text/plain',
      hasAutoReplyHeader: ['x-autoreply', 'x-autorespond', 'x-auto-response-suppress'].some((name) =>
        parsed.headers.has(name),
      ),
    },
    messageId: parsed.messageId ?? null,
    recipients: [
      ...addresses(parsed.to),
      ...addresses(parsed.cc),
      ...[header('delivered-to'), header('x-original-to')].filter((v): v is string => Boolean(v)),
    ].map((address) => address.toLowerCase()),
  };
}

export function htmlToText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'table', format: 'block' },
      { selector: 'tr', format: 'block' },
      { selector: 'td', format: 'block' },
      { selector: 'th', format: 'block' },
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
    ],
  });
}

function headerText(value: HeaderValue | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object' && 'value' in value) {
    const inner = (value as { value: unknown }).value;
    if (typeof inner === 'string') return inner;
    if (Array.isArray(inner))
      return inner
        .map((entry) => (entry as { address?: string }).address)
        .filter(Boolean)
        .join(', ');
  }
  return String(value);
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const objects = Array.isArray(value) ? value : value ? [value] : [];
  return objects.flatMap((object) =>
    object.value.flatMap((entry) => [
      ...(entry.address ? [entry.address] : []),
      ...(entry.group ?? []).map((member) => member.address ?? '').filter(Boolean),
    ]),
  );
}

function firstMailbox(value: AddressObject | AddressObject[] | undefined): Mailbox | null {
  const object = Array.isArray(value) ? value[0] : value;
  const entry = object?.value[0];
  return entry?.address ? { address: entry.address.toLowerCase(), name: entry.name ?? '' } : null;
}
