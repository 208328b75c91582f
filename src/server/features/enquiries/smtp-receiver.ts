import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { AppContext } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { findCompanyByRecipients } from './inbound-address.ts';
import { ingestInboundEmail } from './ingest.ts';

/** Portal emails are small; a message this large is refused at the SMTP level (552). */
export const MAX_INBOUND_BYTES = 10 * 1024 * 1024;

export type SmtpReceiver = { port: number; close: () => Promise<void> };

const running = new WeakMap<AppContext, SmtpReceiver>();

/** The built-in receiver's port once it listens (tests start it on port 0). */
export function inboundSmtpPort(ctx: AppContext): number | undefined {
  return running.get(ctx)?.port;
}

/**
 * The built-in SMTP receiver for the inbound addresses (INBOUND_SMTP_PORT). Unknown recipients
 * are refused at RCPT TO (550), so nothing is accepted that would then be lost; a message that
 * cannot be stored is refused with a temporary error (451) so the sending server tries again.
 * STARTTLS is off: smtp-server's built-in certificate is a placeholder. Put TLS in front of it, or
 * use the webhook with an inbound mail service, where mail must not cross the internet in clear.
 */
export async function startSmtpReceiver(ctx: AppContext, port: number, host: string): Promise<SmtpReceiver> {
  const server = new SMTPServer({
    name: ctx.env.inbound.domain ?? 'localhost',
    banner: 'LetLead inbound mail',
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: MAX_INBOUND_BYTES,
    async onRcptTo(address: SMTPServerAddress, _session, callback) {
      try {
        const company = await findCompanyByRecipients(ctx, [address.address]);
        if (company) return callback();
        const refusal = Object.assign(new Error('No such mailbox'), { responseCode: 550 });
        return callback(refusal);
      } catch (error) {
        ctx.log.warn({ err: error }, 'Inbound SMTP: recipient check failed');
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
        }
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        ingestInboundEmail(ctx, { raw: Buffer.concat(chunks), recipients }).then(
          () => callback(),
          (error: unknown) => {
            if (error instanceof AppError && error.status === 404) {
              return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
            }
            ctx.log.error({ err: error }, 'Inbound SMTP: message could not be stored');
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  server.on('error', (error) => ctx.log.warn({ err: error }, 'Inbound SMTP error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const receiver: SmtpReceiver = {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  running.set(ctx, receiver);
  ctx.log.info({ port: receiver.port }, 'Inbound SMTP receiver listening');
  return receiver;
}
