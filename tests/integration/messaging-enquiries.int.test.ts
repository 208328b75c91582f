import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { enquiries, leads, viewings } from '#server/db/schema.ts';
import { finaliseIdleConversations } from '#server/features/chat/end-conversation.ts';
import { setNow } from '#server/lib/clock.ts';
import { TWILIO, WHATSAPP } from '#tests/fakes/messaging-providers.ts';
import { sendJson } from '#tests/helpers/app.ts';
import { createCompanyUser, insertProperty, unique } from '#tests/helpers/factories.ts';
import { inboundListings } from '#tests/helpers/inbound-listings.ts';
import {
  connectChannel,
  conversationsOf,
  providerUrls,
  setUpProviderStandIns,
  smsSays,
  templateBody,
  whatsappSays,
} from '#tests/helpers/messaging.ts';
import { setUpSmtpReceiver, setUpTestApp } from '#tests/helpers/suite.ts';
import { MONDAY, saveViewingSchedule } from '#tests/helpers/viewing-schedule.ts';

/**
 * A portal enquiry with a UK mobile gets its first reply on the company's channel as well as by
 * email, through the job queue (the WhatsApp `enquiryInvite` template, as the tenant has not
 * written there yet; a text on SMS), and the tenant answers in the thread: the conversation
 * continues from the enquiry (its property and source, what it already told us).
 */

const SECRET = 'inbound-webhook-secret-for-tests-0123456789';
const fixture = (name: string) => readFileSync(path.join('tests/fixtures/inbound', name));
const ASKS_FOR_CONTACT = /\b(your (full )?name|what name|email address|phone number|number to reach)\b/i;

async function until<T>(what: string, read: () => T | undefined | Promise<T | undefined>, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('portal enquiries answered on WhatsApp and SMS', () => {
  const providers = setUpProviderStandIns();
  const outbox = setUpSmtpReceiver();
  const app = setUpTestApp(() => ({
    SMTP_URL: outbox.url,
    INBOUND_DOMAIN: 'in.letlead.test',
    INBOUND_WEBHOOK_SECRET: SECRET,
    JOBS: 'true',
    ...providerUrls(providers),
  }));
  afterEach(() => setNow(undefined));

  async function agencyWith(
    channel: 'whatsapp' | 'sms',
    listing: (typeof inboundListings)['flat2'] & { vacancyDate?: string },
  ) {
    const owner = await createCompanyUser(app, { name: unique('Maple Lettings') });
    const property = await insertProperty(app, owner.company.id, owner.company.slug, listing);
    await connectChannel(app, owner, channel);
    const list = await sendJson(app, 'GET', `/api/companies/${owner.company.id}/enquiries`, owner.cookie);
    return { owner, property, inboundAddress: list.json.inboundAddress as string };
  }

  async function deliverEnquiry(inboundAddress: string, file: string) {
    const response = await fetch(`${app.url}/api/inbound/email`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET}`,
        'content-type': 'message/rfc822',
        'x-original-to': inboundAddress,
      },
      body: new Uint8Array(fixture(file)),
    });
    expect(response.status).toBe(200);
  }

  it('a Rightmove enquiry gets the WhatsApp template and email; the reply continues from the enquiry', async () => {
    const { owner, property, inboundAddress } = await agencyWith('whatsapp', inboundListings.flat2);
    const from = '447700900123';
    const sentAt = Date.now();
    await deliverEnquiry(inboundAddress, 'rightmove-plain.eml');

    // Through the job queue, well within a minute: the approved template (outside the window).
    const invite = await until('the WhatsApp invitation', () =>
      providers.whatsappCalls.find((c) => c.to === from && c.phoneNumberId === WHATSAPP.phoneNumberId),
    );
    expect(Date.now() - sentAt).toBeLessThan(60_000);
    expect(invite.type).toBe('template');
    expect(invite.body).toMatchObject(
      templateBody('enquiry_invite', ['Priya', '2 Bed Flat, Hyde Park', owner.company.name]),
    );
    // The email goes too.
    await outbox.waitForEmail((m) => m.to.includes('priya.shah@example.com'), 20_000);

    // The tenant answers in the thread.
    const say = (text: string) => whatsappSays(app, owner.company.id, from, text);
    const before = providers.whatsappCalls.length;
    await say('Hi, is the flat still available?');
    const replies = () =>
      providers.whatsappCalls
        .slice(before)
        .filter((c) => c.to === from)
        .map((c) => JSON.stringify(c.body));
    expect(replies().length).toBeGreaterThan(0);
    expect(replies().join('\n')).toMatch(/AI assistant/);
    await say('2 of us, both nurses, £58k together, could move in on 01/04/2026');
    for (const said of replies()) expect(said).not.toMatch(ASKS_FOR_CONTACT);

    const [conversation] = await conversationsOf(app, owner.company.id);
    const [enquiry] = await app.ctx.db
      .select()
      .from(enquiries)
      .where(eq(enquiries.companyId, owner.company.id));
    expect(conversation).toMatchObject({
      channel: 'whatsapp',
      contactPhone: '+447700900123',
      source: 'rightmove',
      enquiryId: enquiry!.id,
      propertyId: property.id,
    });
    expect(enquiry!.status).toBe('chatted');

    // Left quiet: the idle finaliser ends it, makes the lead, and says goodbye on WhatsApp.
    const sent = providers.whatsappCalls.filter((c) => c.to === from).length;
    const idle = app.ctx.env.chatIdleMinutes;
    await finaliseIdleConversations(app.ctx, new Date(Date.now() + (idle + 1) * 60_000));
    const closing = providers.whatsappCalls.filter((c) => c.to === from);
    expect(closing).toHaveLength(sent + 1);
    expect(closing.at(-1)!.body).toMatchObject({
      type: 'text',
      text: { body: expect.stringMatching(/We will be in touch to book the viewing\. Have a great day!$/) },
    });
    const [lead] = await app.ctx.db.select().from(leads).where(eq(leads.companyId, owner.company.id));
    expect(lead).toMatchObject({
      source: 'rightmove',
      contactNumber: '+447700900123',
      name: 'Priya Shah',
      email: 'priya.shah@example.com',
      enquiryId: enquiry!.id,
    });
    // Ended once: a second run says nothing more.
    await finaliseIdleConversations(app.ctx, new Date(Date.now() + (idle + 2) * 60_000));
    expect(providers.whatsappCalls.filter((c) => c.to === from)).toHaveLength(sent + 1);
  });

  it('with SMS only, a Zoopla enquiry gets a text, and the reply starts the conversation for that property', async () => {
    const { owner, property, inboundAddress } = await agencyWith('sms', inboundListings.house);
    const from = '+447700900789';
    await deliverEnquiry(inboundAddress, 'zoopla-plain.eml');
    const invite = await until('the text invitation', () =>
      providers.twilioCalls.find((c) => c.to === from && c.accountSid === TWILIO.accountSid),
    );
    expect(invite.body).toMatch(
      /^Hi Hannah, thanks for your enquiry about 3 Bed House, Ecclesall on Zoopla\. I'm .+'s AI assistant, and a person at .+ reviews every enquiry\. Reply here/,
    );
    expect(invite.from).toBe(TWILIO.from);

    await smsSays(app, owner.company.id, from, 'Yes please', `SM${'a'.repeat(32)}`);
    const [conversation] = await conversationsOf(app, owner.company.id);
    expect(conversation).toMatchObject({
      channel: 'sms',
      contactPhone: from,
      source: 'zoopla',
      propertyId: property.id,
    });
    expect(conversation!.enquiryId).not.toBeNull();
  });

  it('a first reply that asks to view at a free time books it, and its date is no move-in date', async () => {
    // Free from 1 March 2026, so that the week of MONDAY has viewing times.
    const { owner, property, inboundAddress } = await agencyWith('sms', {
      ...inboundListings.house,
      vacancyDate: '01/03/2026',
    });
    await saveViewingSchedule(app, owner);
    const from = '+447700900789';
    const textsTo = () => providers.twilioCalls.filter((c) => c.to === from);
    const earlier = textsTo().length;
    await deliverEnquiry(inboundAddress, 'zoopla-plain.eml');
    await until('the text invitation', () => textsTo().length > earlier);

    setNow(MONDAY);
    const text = 'Can I come and view it? Sat 7 Mar, 10:00';
    await smsSays(app, owner.company.id, from, text);
    const [conversation] = await conversationsOf(app, owner.company.id);
    // As it happened: the tenant's text, the greeting, the booking.
    expect(conversation!.messages.map((m) => [m.sender, m.content])).toEqual([
      ['user', text],
      ['ai', expect.stringMatching(/AI assistant/)],
      ['ai', expect.stringMatching(/^Your viewing is booked for Saturday 7 March at 10:00\./)],
    ]);
    expect(conversation!.messages[2]!.content).not.toMatch(/move-in/);
    // The tenant wrote before the greeting asked for the move-in date: the viewing's date is not it.
    const { agent } = conversation!.state as { agent: { fields: { moveIn: unknown } } };
    expect(agent.fields.moveIn).toBeNull();
    expect(conversation!.turnCount).toBe(1);
    const booked = await app.ctx.db
      .select()
      .from(viewings)
      .where(eq(viewings.conversationId, conversation!.id));
    expect(booked).toMatchObject([{ propertyId: property.id, startsAt: new Date('2026-03-07T10:00:00Z') }]);
    const texts = textsTo().slice(earlier + 1);
    expect(texts.map((c) => c.body)).toEqual([
      expect.stringMatching(/AI assistant/),
      expect.stringMatching(/^Your viewing is booked for Saturday 7 March at 10:00\./),
    ]);
  });
});
