import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';

/**
 * SMS through Twilio with its official package: outbound through the Messages API, inbound
 * signatures through the package's own `validateRequest`. `apiUrl` (TWILIO_API_URL) points the
 * client at a local stand-in instead of https://api.twilio.com.
 */
export type TwilioSettings = { accountSid: string; authToken: string; from: string };

const TWILIO_API = 'https://api.twilio.com';

/** A messaging service SID (MG…) is sent as `messagingServiceSid`, a number as `from`. */
export function isMessagingServiceSid(from: string): boolean {
  return /^MG[0-9a-f]{32}$/i.test(from);
}

class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: 10_000 });
  }
  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    return super.request<TData>({
      ...opts,
      uri: opts.uri.replace(/^https:\/\/[a-z.-]*api\.twilio\.com/, this.base),
    });
  }
}

export type TwilioSend = {
  to: string;
  body: string;
  statusCallback: string;
};

export async function sendTwilioSms(
  settings: TwilioSettings,
  apiUrl: string | undefined,
  message: TwilioSend,
): Promise<{ providerId: string; status: string }> {
  const client = twilio(settings.accountSid, settings.authToken, {
    ...(apiUrl && apiUrl !== TWILIO_API ? { httpClient: new RebasedRequestClient(apiUrl) } : {}),
    timeout: 10_000,
  });
  const created = await client.messages.create({
    to: message.to,
    body: message.body,
    statusCallback: message.statusCallback,
    ...(isMessagingServiceSid(settings.from)
      ? { messagingServiceSid: settings.from }
      : { from: settings.from }),
  });
  return { providerId: created.sid, status: created.status };
}

/** Twilio's `X-Twilio-Signature` over the full public URL and the posted form fields. */
export function isValidTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  return twilio.validateRequest(authToken, signature, url, params);
}

/** What the Twilio API said went wrong, in one line (no secrets: the SDK's error carries none). */
export function twilioErrorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'status' in error && 'message' in error) {
    return `Twilio answered ${String((error as { status: unknown }).status)}: ${String((error as { message: unknown }).message)}`;
  }
  return error instanceof Error ? error.message : 'Twilio could not be reached';
}
