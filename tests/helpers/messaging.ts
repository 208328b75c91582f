import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { conversations } from '#server/db/schema.ts';
import {
  type FakeProviders,
  postAsMeta,
  postAsTwilio,
  startFakeProviders,
  TWILIO,
  WHATSAPP,
  whatsappInbound,
} from '#tests/fakes/messaging-providers.ts';
import { sendJson, type TestApp } from './app.ts';
import { type CompanyUser, unique } from './factories.ts';
import { madeBeforeAll } from './suite.ts';

/** The address Twilio signs its posts for: the app's APP_URL in the tests. */
export const PUBLIC_URL = 'http://localhost:3000';

/** The Twilio and WhatsApp stand-ins for a describe block, stopped after its tests. */
export function setUpProviderStandIns(): FakeProviders {
  return madeBeforeAll(
    'the provider stand-ins',
    () => startFakeProviders({ twilio: TWILIO, whatsapp: WHATSAPP }),
    (fake) => fake.close(),
  );
}

/** The settings that send the app's messages to the stand-ins. */
export function providerUrls(providers: FakeProviders) {
  return { TWILIO_API_URL: providers.twilioUrl, WHATSAPP_API_URL: providers.whatsappUrl };
}

/** A tenant's WhatsApp message (or tap on a button or list `reply`) to the company, as Meta posts it. */
export async function whatsappSays(
  app: TestApp,
  companyId: string,
  from: string,
  text: string,
  reply?: { id: string; title: string; kind: 'button' | 'list' },
) {
  const response = await postAsMeta(
    app.url,
    `/api/channels/whatsapp/${companyId}`,
    WHATSAPP.appSecret,
    whatsappInbound(WHATSAPP.phoneNumberId, from, { id: `wamid.${unique('in')}`, text, reply }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A tenant's text to the company's number, as Twilio posts it; the app answers with empty TwiML. */
export async function smsSays(
  app: TestApp,
  companyId: string,
  from: string,
  text: string,
  sid = `SM${unique('x').replace(/[^0-9a-z]/gi, '')}`,
) {
  const response = await postAsTwilio(
    app.url,
    PUBLIC_URL,
    `/api/channels/sms/${companyId}`,
    TWILIO.authToken,
    {
      AccountSid: TWILIO.accountSid,
      MessageSid: sid,
      From: from,
      To: TWILIO.from,
      Body: text,
    },
  );
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await response.text()).toContain('<Response/>');
}

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

/** What Meta receives for an approved template whose body takes these parameters, in order. */
export function templateBody(name: string, parameters: string[]) {
  return {
    template: {
      name,
      components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }],
    },
  };
}
