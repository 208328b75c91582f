import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { metaSignature } from '#server/lib/whatsapp-cloud.ts';

/**
 * Small stand-ins for the two messaging providers on 127.0.0.1: Twilio's Messages API
 * (`POST /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded, Basic auth) and the WhatsApp
 * Cloud API (`POST /{phoneNumberId}/messages`, JSON, Bearer token). They record every outbound
 * call, can be told to refuse the next ones, and sign inbound posts and status callbacks the way
 * the providers do (Twilio with its own package's helper, Meta with HMAC-SHA256 of the body).
 */

export type TwilioCall = {
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  sid: string;
};
export type WhatsAppCall = {
  phoneNumberId: string;
  to: string;
  type: string;
  body: Record<string, unknown>;
  id: string;
};

/** An agency's Twilio account, as the stand-in knows it and the SMS channel form takes it. */
export const TWILIO = {
  accountSid: `AC${'1'.repeat(32)}`,
  authToken: 'twilio-auth-token-0123456789abcdef',
  from: '+447700900000',
};
/** An agency's WhatsApp Cloud number, as the stand-in knows it and the WhatsApp channel form takes it. */
export const WHATSAPP = {
  phoneNumberId: '1234567890',
  accessToken: 'EAAG-whatsapp-access-token-0123456789',
  appSecret: 'meta-app-secret-0123456789',
};

export type FakeProviders = {
  twilioUrl: string;
  whatsappUrl: string;
  twilioCalls: TwilioCall[];
  whatsappCalls: WhatsAppCall[];
  /** The next `count` outbound messages are refused (as the provider would a bad number). */
  failNext: (provider: 'twilio' | 'whatsapp', count?: number) => void;
  close: () => Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeProviders(
  credentials: {
    twilio?: { accountSid: string; authToken: string };
    whatsapp?: { phoneNumberId: string; accessToken: string };
  } = {},
): Promise<FakeProviders> {
  const twilioCalls: TwilioCall[] = [];
  const whatsappCalls: WhatsAppCall[] = [];
  const failing = { twilio: 0, whatsapp: 0 };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const raw = await readBody(request);
    const twilioPath = /^\/twilio\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/i.exec(
      url.pathname,
    );
    if (request.method === 'POST' && twilioPath) {
      const accountSid = twilioPath[1]!;
      const auth = Buffer.from(
        (request.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      ).toString();
      const expected = credentials.twilio;
      if (expected && auth !== `${expected.accountSid}:${expected.authToken}`) {
        return json(response, 401, { code: 20003, message: 'Authenticate', status: 401 });
      }
      if (failing.twilio > 0) {
        failing.twilio -= 1;
        return json(response, 400, {
          code: 21610,
          message: 'Attempt to send to unsubscribed recipient',
          status: 400,
        });
      }
      const form = new URLSearchParams(raw);
      const sid = `SM${randomBytes(16).toString('hex')}`;
      twilioCalls.push({
        accountSid,
        to: form.get('To') ?? '',
        from: form.get('From'),
        messagingServiceSid: form.get('MessagingServiceSid'),
        body: form.get('Body') ?? '',
        statusCallback: form.get('StatusCallback'),
        sid,
      });
      return json(response, 201, {
        sid,
        status: 'queued',
        account_sid: accountSid,
        to: form.get('To'),
        body: form.get('Body'),
      });
    }
    const whatsappPath = /^\/whatsapp\/([^/]+)\/messages$/.exec(url.pathname);
    if (request.method === 'POST' && whatsappPath) {
      const expected = credentials.whatsapp;
      if (expected && request.headers.authorization !== `Bearer ${expected.accessToken}`) {
        return json(response, 401, { error: { message: 'Invalid OAuth access token', code: 190 } });
      }
      if (failing.whatsapp > 0) {
        failing.whatsapp -= 1;
        return json(response, 400, {
          error: { message: 'Recipient phone number not in allowed list', code: 131030 },
        });
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      const id = `wamid.${randomBytes(12).toString('hex')}`;
      whatsappCalls.push({
        phoneNumberId: whatsappPath[1]!,
        to: String(body.to),
        type: String(body.type),
        body,
        id,
      });
      return json(response, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id }],
      });
    }
    json(response, 404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    twilioUrl: `http://127.0.0.1:${port}/twilio`,
    whatsappUrl: `http://127.0.0.1:${port}/whatsapp`,
    twilioCalls,
    whatsappCalls,
    failNext: (provider, count = 1) => {
      failing[provider] += count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Posts a form to the app as Twilio does, signed with the auth token (`X-Twilio-Signature`). */
export async function postAsTwilio(
  appUrl: string,
  publicUrl: string,
  path: string,
  authToken: string,
  params: Record<string, string>,
  options: { signature?: string } = {},
): Promise<Response> {
  const signature =
    options.signature ?? twilio.getExpectedTwilioSignature(authToken, `${publicUrl}${path}`, params);
  return fetch(`${appUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(params).toString(),
  });
}

/** Posts a WhatsApp Cloud API webhook as Meta does, signed with the app secret. */
export async function postAsMeta(
  appUrl: string,
  path: string,
  appSecret: string,
  payload: unknown,
  options: { signature?: string } = {},
): Promise<Response> {
  const body = JSON.stringify(payload);
  return fetch(`${appUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': options.signature ?? metaSignature(appSecret, body),
    },
    body,
  });
}

/** A WhatsApp webhook body carrying one text (or button/list reply) from `from`. */
export function whatsappInbound(
  phoneNumberId: string,
  from: string,
  message: { id: string; text?: string; reply?: { id: string; title: string; kind: 'button' | 'list' } },
) {
  const content = message.reply
    ? {
        type: 'interactive',
        interactive:
          message.reply.kind === 'button'
            ? { type: 'button_reply', button_reply: { id: message.reply.id, title: message.reply.title } }
            : { type: 'list_reply', list_reply: { id: message.reply.id, title: message.reply.title } },
      }
    : { type: 'text', text: { body: message.text ?? '' } };
  return metaWebhook({
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '447700900000', phone_number_id: phoneNumberId },
    contacts: [{ profile: { name: 'Tenant' }, wa_id: from }],
    messages: [{ from, id: message.id, timestamp: unixSeconds(), ...content }],
  });
}

/** A WhatsApp status callback for an outbound message. */
export function whatsappStatus(phoneNumberId: string, id: string, status: string, recipient: string) {
  return metaWebhook({
    messaging_product: 'whatsapp',
    metadata: { phone_number_id: phoneNumberId },
    statuses: [
      {
        id,
        status,
        recipient_id: recipient,
        timestamp: unixSeconds(),
        ...(status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable' }] } : {}),
      },
    ],
  });
}

/** Meta's webhook envelope around one `messages` change of a WhatsApp Business account. */
function metaWebhook(value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: 'WABA', changes: [{ field: 'messages', value }] }],
  };
}

const unixSeconds = () => String(Math.floor(Date.now() / 1000));
