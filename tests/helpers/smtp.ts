import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the plain-text part, in order. */
  links: string[];
  /** The calendar invitation (text/calendar part), when the email carries one. */
  calendar: string | null;
};

export type SmtpReceiver = {
  /** The SMTP_URL to give the app. */
  url: string;
  emails: ReceivedEmail[];
  /** Resolves with the first email (already received or still to come) that matches. */
  waitForEmail: (match: (email: ReceivedEmail) => boolean, timeoutMs?: number) => Promise<ReceivedEmail>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on a free local port that keeps every message it receives. STARTTLS is
 * off because smtp-server's built-in certificate has expired, and nodemailer would try it.
 */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const emails: ReceivedEmail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const email = parseMessage(Buffer.concat(chunks).toString('utf8'));
        email.to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        emails.push(email);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const waitForEmail: SmtpReceiver['waitForEmail'] = (match, timeoutMs = 10_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = emails.find(match);
        if (!found) return false;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `No matching email within ${timeoutMs} ms (received: ${emails.map((e) => `${e.subject} → ${e.to}`).join('; ') || 'none'})`,
          ),
        );
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    emails,
    waitForEmail,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Part = { headers: Map<string, string>; body: string };

/** Enough MIME for nodemailer's output: headers, multipart/alternative, quoted-printable and base64. */
function parseMessage(raw: string): ReceivedEmail {
  const message = parsePart(raw);
  const leaves = flatten(message);
  const text = leaves.find((part) => contentType(part).startsWith('text/plain'));
  const html = leaves.find((part) => contentType(part).startsWith('text/html'));
  const calendar = leaves.find((part) => contentType(part).startsWith('text/calendar'));
  const textBody = text ? decodeBody(text) : '';
  return {
    from: decodeWords(message.headers.get('from') ?? ''),
    to: [],
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text: textBody,
    html: html ? decodeBody(html) : '',
    links: textBody.match(/https?:\/\/[^\s<>"]+/g) ?? [],
    calendar: calendar ? decodeBody(calendar) : null,
  };
}

function parsePart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const head = split === -1 ? normalised : normalised.slice(0, split);
  const body = split === -1 ? '' : normalised.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function contentType(part: Part): string {
  return (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
}

function flatten(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => flatten(parsePart(chunk.replace(/^\n/, ''))));
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).trimEnd();
  return part.body.trimEnd();
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\n/g, '')
    .replace(/%/g, '%25')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(bytes);
  } catch {
    return bytes;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in headers. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}
