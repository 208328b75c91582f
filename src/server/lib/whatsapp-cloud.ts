import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * WhatsApp through Meta's Cloud API (Graph API over HTTP): `POST /{phoneNumberId}/messages` with
 * the access token; inbound posts are signed with the app secret (`X-Hub-Signature-256`).
 */
export type WhatsAppSettings = { phoneNumberId: string; accessToken: string; appSecret: string };

export type WhatsAppOutbound =
  | { kind: 'text'; body: string }
  | { kind: 'buttons'; body: string; options: string[] }
  | { kind: 'list'; body: string; options: string[] }
  | { kind: 'template'; name: string; language: string; parameters: string[] };

const BUTTON_TITLE = 20;
const ROW_TITLE = 24;
const OPTION_ID = 200;

function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/** The Graph API body for one message to `to` (digits of the E.164 number, no plus). */
export function whatsappBody(to: string, message: WhatsAppOutbound): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: to.replace(/^\+/, '') };
  switch (message.kind) {
    case 'text':
      return { ...base, type: 'text', text: { body: message.body, preview_url: true } };
    case 'buttons':
      return {
        ...base,
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: clip(message.body, 1024) },
          action: {
            buttons: message.options.slice(0, 3).map((option) => ({
              type: 'reply',
              reply: { id: clip(option, OPTION_ID), title: clip(option, BUTTON_TITLE) },
            })),
          },
        },
      };
    case 'list':
      return {
        ...base,
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: clip(message.body, 4096) },
          action: {
            button: 'Choose',
            sections: [
              {
                title: 'Options',
                rows: message.options.slice(0, 10).map((option) => ({
                  id: clip(option, OPTION_ID),
                  title: clip(option, ROW_TITLE),
                })),
              },
            ],
          },
        },
      };
    case 'template':
      return {
        ...base,
        type: 'template',
        template: {
          name: message.name,
          language: { code: message.language },
          components:
            message.parameters.length > 0
              ? [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }]
              : [],
        },
      };
  }
}

export class WhatsAppApiError extends Error {}

export async function sendWhatsApp(
  settings: WhatsAppSettings,
  apiUrl: string,
  to: string,
  message: WhatsAppOutbound,
): Promise<{ providerId: string }> {
  const url = `${apiUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(whatsappBody(to, message)),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new WhatsAppApiError('The WhatsApp Cloud API could not be reached');
  }
  const json = (await response.json().catch(() => ({}))) as {
    messages?: { id?: string }[];
    error?: { message?: string; code?: number };
  };
  const id = json.messages?.[0]?.id;
  if (!response.ok || !id) {
    const reason = json.error?.message ?? `status ${response.status}`;
    throw new WhatsAppApiError(`The WhatsApp Cloud API refused the message: ${reason}`);
  }
  return { providerId: id };
}

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`. */
export function isValidMetaSignature(
  appSecret: string,
  header: string | undefined,
  rawBody: Buffer,
): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function metaSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}
