import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '#server/db/client.ts';
import { devEmails } from '#server/db/schema.ts';

export type Email = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A calendar invitation (iCalendar text): sent as the text/calendar part calendars act on. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
  /** Sender name shown instead of MAIL_FROM's (the address stays MAIL_FROM's): "Maple Lettings". */
  fromName?: string;
  replyTo?: string;
};
export type Mailer = { send: (email: Email) => Promise<void>; kind: 'smtp' | 'outbox'; close: () => void };

/**
 * SMTP when SMTP_URL is set; otherwise the development outbox: the email is stored (listed on
 * /dev/mail) and its links are printed to the log so a newcomer can follow them.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, db, log } = options;
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    url.searchParams.set('connectionTimeout', '10000');
    url.searchParams.set('greetingTimeout', '10000');
    url.searchParams.set('socketTimeout', '20000');
    const transport: Transporter = nodemailer.createTransport(url.toString());
    return {
      kind: 'smtp',
      send: async ({ fromName, ...email }) => {
        const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
        await transport.sendMail({ from: fromName ? { name: fromName, address } : from, ...email });
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    send: async ({ icalEvent, ...email }) => {
      const invitation = icalEvent
        ? `\n\n--- ${icalEvent.filename} (${icalEvent.method}) ---\n${icalEvent.content}`
        : '';
      await db
        .insert(devEmails)
        .values({ to: email.to, subject: email.subject, text: email.text + invitation, html: email.html });
      const links = email.text.match(/https?:\/\/\S+/g) ?? [];
      log.info(
        { devMail: { subject: email.subject, links } },
        'Email stored in the development outbox (/dev/mail)',
      );
    },
    close: () => {},
  };
}
