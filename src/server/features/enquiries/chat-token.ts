import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long the link in an enquiry reply pre-fills the chat. */
export const CHAT_TOKEN_DAYS = 14;

/**
 * The token in an enquiry reply's chat link: the enquiry's id and an expiry, signed with HMAC
 * (the session secret, under its own purpose so it signs nothing else). It names the enquiry
 * and nothing personal: the name, email and phone are read from the enquiry on the server.
 */
export function signChatToken(secret: string, enquiryId: string, expiresAt: Date): string {
  const payload = Buffer.from(`${enquiryId}.${Math.floor(expiresAt.getTime() / 1000)}`).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The enquiry id of a genuine, unexpired token; null for anything else. */
export function readChatToken(secret: string, token: string, at: Date): string | null {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = Buffer.from(signature(secret, payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const [enquiryId, expires] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  if (!enquiryId || !expires || !/^\d+$/.test(expires)) return null;
  return Number(expires) * 1000 > at.getTime() ? enquiryId : null;
}

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`enquiry-chat:${payload}`).digest('base64url');
}
