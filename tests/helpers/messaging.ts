import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { conversations } from '#server/db/schema.ts';
import { TWILIO, WHATSAPP } from '#tests/fakes/messaging-providers.ts';
import { sendJson, type TestApp } from './app.ts';
import type { CompanyUser } from './factories.ts';

/**
 * Connects the company's SMS or WhatsApp channel through the settings API, with the accounts the
 * provider stand-ins know (WhatsApp with its approved enquiry template), as the owner would.
 */
export async function connectChannel(app: TestApp, owner: CompanyUser, channel: 'sms' | 'whatsapp') {
  const body = channel === 'whatsapp' ? { ...WHATSAPP, enquiryInvite: 'enquiry_invite' } : TWILIO;
  const connected = await sendJson(
    app,
    'PUT',
    `/api/companies/${owner.company.id}/channels/${channel}`,
    owner.cookie,
    body,
  );
  expect(connected.status, JSON.stringify(connected.json)).toBe(200);
}

/** The company's conversations, as stored (on every channel), in no particular order. */
export function conversationsOf(app: TestApp, companyId: string) {
  return app.ctx.db.select().from(conversations).where(eq(conversations.companyId, companyId));
}
