import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '#server/db/schema.ts';
import { sweepEnquiries } from '#server/features/enquiries/replies.ts';
import { inboundSmtpPort } from '#server/features/enquiries/smtp-receiver.ts';
import { setNow } from '#server/lib/clock.ts';
import type { ChatResponse } from '#shared/schemas/chat.ts';
import type { EnquiriesResponse, EnquiryDto } from '#shared/schemas/enquiries.ts';
import { browserFetch, createTestApp, type TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertProperty } from '#tests/helpers/factories.ts';
import { inboundListings } from '#tests/helpers/inbound-listings.ts';
import { postJson } from '#tests/helpers/post-json.ts';
import { type ReceivedEmail, type SmtpReceiver, startSmtpReceiver } from '#tests/helpers/smtp.ts';

/**
 * The acceptance of portal enquiries: Rightmove, Zoopla and OnTheMarket emails, through the
 * built-in SMTP receiver (sent with nodemailer) and through the webhook, each make one enquiry
 * on the right property and one reply whose link opens a chat that never asks for the name,
 * email or phone; the chat's lead is linked to the enquiry. Repeats, auto-replies and bounces
 * get no reply; a wrong webhook secret is refused.
 */

const SECRET = 'inbound-webhook-secret-for-tests-0123456789';
const fixture = (name: string) => readFileSync(path.join('tests/fixtures/inbound', name));
const ASKS_FOR_CONTACT = /\b(your (full )?name|what name|email address|phone number|number to reach)\b/i;

let outbox: SmtpReceiver;
let app: TestApp;
let agent: Awaited<ReturnType<typeof createCompanyUser>>;
let inboundAddress: string;
const slugs: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  outbox = await startSmtpReceiver();
  app = await createTestApp({
    SMTP_URL: outbox.url,
    INBOUND_DOMAIN: 'in.letlead.test',
    INBOUND_SMTP_PORT: '0',
    INBOUND_WEBHOOK_SECRET: SECRET,
    HOST: '127.0.0.1',
    JOBS: 'true',
  });
  agent = await createCompanyUser(app, { name: 'Maple Lettings', email: 'lettings@maple-lettings.co.uk' });
  const listings = {
    flat2: inboundListings.flat2,
    // A neighbour of the Hyde Park flat, in the same building: no email is about it.
    flat5: {
      propertyName: '1 Bed Flat, Hyde Park',
      propertyAddress: 'Flat 5, 14 Hyde Park Road, Leeds LS6 1AB',
      propertyRentalPrice: '£1,050 pcm',
    },
    house: inboundListings.house,
    studio: inboundListings.studio,
  };
  for (const [key, listing] of Object.entries(listings)) {
    const property = await insertProperty(app, agent.company.id, agent.company.slug, listing);
    slugs[key] = property.slug;
    ids[key] = property.id;
  }
  inboundAddress = (await listEnquiries()).inboundAddress!;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await outbox?.close();
});

async function listEnquiries(): Promise<EnquiriesResponse> {
  const response = await browserFetch(
    app,
    'GET',
    `/api/companies/${agent.company.id}/enquiries`,
    agent.cookie,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as EnquiriesResponse;
}

async function sendBySmtp(raw: Buffer, to = inboundAddress) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: inboundSmtpPort(app.ctx)!,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({ envelope: { from: 'sender@example.net', to: [to] }, raw });
  } finally {
    transport.close();
  }
}

async function sendByWebhook(raw: Buffer, secret = SECRET) {
  return fetch(`${app.url}/api/inbound/email`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'message/rfc822',
      'x-original-to': inboundAddress,
    },
    body: new Uint8Array(raw),
  });
}

async function enquiryFrom(email: string): Promise<EnquiryDto> {
  const found = (await listEnquiries()).enquiries.filter((e) => e.email === email);
  expect(found).toHaveLength(1);
  return found[0]!;
}

const repliesTo = (email: string) => outbox.emails.filter((m) => m.to.includes(email));

/** Opens the reply's link as the chat page does and answers everything the assistant asks. */
async function chatFromLink(link: string): Promise<{ sessionKey: string; assistant: string[] }> {
  const url = new URL(link);
  const [, , companySlug, propertySlug] = url.pathname.split('/');
  const post = (body: object) => postJson<ChatResponse>(`${app.url}/api/chat/${companySlug}`, body);
  const first = await post({
    message: '',
    userSessionKey: null,
    propertySlug: propertySlug ?? null,
    src: url.searchParams.get('src'),
    enquiryToken: url.searchParams.get('t'),
  });
  const assistant = [first.response];
  const answers = [
    'I would like to move in on 1 March 2027',
    'Just me',
    'I earn £48,000 a year',
    "I'm a nurse",
    'Weekday evenings after 6',
    "Yes, that's right",
  ];
  let last = first;
  for (const message of answers) {
    if (last.isComplete) break;
    last = await post({ message, userSessionKey: first.sessionKey });
    assistant.push(last.response);
  }
  expect(last.isComplete).toBe(true);
  return { sessionKey: first.sessionKey, assistant };
}

const portals = [
  {
    source: 'rightmove',
    property: 'flat2',
    smtp: ['rightmove-plain.eml', 'priya.shah@example.com', 'Priya Shah', '+447700900123'],
    webhook: ['rightmove-html.eml', 'dan.okoro@example.net', 'Daniel Okoro', '+447700900456'],
  },
  {
    source: 'zoopla',
    property: 'house',
    smtp: ['zoopla-plain.eml', 'hannah.clarke@example.org', 'Hannah Clarke', '+447700900789'],
    webhook: ['zoopla-html.eml', 'marek.nowak@example.com', 'Marek Nowak', '+447700900321'],
  },
  {
    source: 'onthemarket',
    property: 'studio',
    smtp: ['onthemarket-plain.eml', 'sofia.rossi@example.com', 'Sofia Rossi', '+447700900555'],
    webhook: ['onthemarket-html.eml', 'oliver.bennett@example.co.uk', 'Oliver Bennett', '+441614960123'],
  },
] as const;

describe('portal enquiry emails become enquiries, replies and linked leads', () => {
  for (const portal of portals) {
    for (const way of ['smtp', 'webhook'] as const) {
      const [file, email, name, phone] = portal[way];
      it(`${portal.source} through the ${way === 'smtp' ? 'built-in SMTP receiver' : 'webhook'}`, async () => {
        if (way === 'smtp') await sendBySmtp(fixture(file));
        else expect((await sendByWebhook(fixture(file))).status).toBe(200);

        const enquiry = await enquiryFrom(email);
        expect(enquiry).toMatchObject({
          source: portal.source,
          status: 'invited',
          name,
          phone,
          propertyId: ids[portal.property],
          leadId: null,
        });

        const reply: ReceivedEmail = await outbox.waitForEmail((m) => m.to.includes(email), 20_000);
        expect(reply.from).toContain('Maple Lettings');
        const link = reply.links.find((l) => l.includes('/chatbot/'))!;
        expect(link).toContain(
          `/chatbot/${agent.company.slug}/${slugs[portal.property]}?src=${portal.source}&t=`,
        );

        const chat = await chatFromLink(link);
        for (const said of chat.assistant.slice(0, -1)) expect(said).not.toMatch(ASKS_FOR_CONTACT);

        const ended = await fetch(`${app.url}/api/chat/${agent.company.slug}/end`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userSessionKey: chat.sessionKey, reason: 'submit' }),
        });
        expect(await ended.json()).toMatchObject({ leadCreated: true });

        const [lead] = await app.ctx.db.select().from(leads).where(eq(leads.enquiryId, enquiry.id));
        expect(lead).toMatchObject({
          source: portal.source,
          name,
          email,
          contactNumber: phone,
          propertyId: ids[portal.property],
        });
        expect(await enquiryFrom(email)).toMatchObject({ status: 'chatted', leadId: lead!.id });
        expect(repliesTo(email)).toHaveLength(1);
      }, 60_000);
    }
  }
});

describe('no second reply', () => {
  it('the same emails again, the same enquirer with a new message, an auto-reply and a bounce', async () => {
    const before = outbox.emails.length;
    await sendBySmtp(fixture('rightmove-plain.eml'));
    expect(await (await sendByWebhook(fixture('zoopla-html.eml'))).json()).toMatchObject({
      isDuplicate: true,
    });
    // Same enquirer and property, another message id: a new enquiry, no second invitation.
    const again = fixture('onthemarket-plain.eml').toString().replace('otm.lead.3f9a71c2', 'otm.lead.second');
    await sendBySmtp(Buffer.from(again));
    await sendBySmtp(fixture('auto-reply.eml'));
    const bounce = await sendByWebhook(fixture('bounce.eml'));
    expect(await bounce.json()).toMatchObject({ kind: 'bounce', enquiryId: null });

    const { enquiries, otherMessages } = await listEnquiries();
    const sofia = enquiries.filter((e) => e.email === 'sofia.rossi@example.com');
    expect(sofia).toHaveLength(2);
    expect(sofia[0]!.replySkippedReason).toBe('Already invited about this property in the last 24 hours');
    expect(enquiries.filter((e) => e.email === 'priya.shah@example.com')).toHaveLength(1);
    expect(otherMessages.map((m) => m.kind).sort()).toEqual(['auto_reply', 'bounce']);

    // Long enough for a queued reply to have gone out (the queue polls every 2 seconds).
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(outbox.emails.length).toBe(before);
  }, 60_000);

  it('a forwarded generic enquiry to an unknown listing is agency-wide, and kept', async () => {
    expect((await sendByWebhook(fixture('generic-forwarded.eml'))).status).toBe(200);
    const tom = await enquiryFrom('tom.baker@example.com');
    expect(tom).toMatchObject({ source: 'email', propertyId: ids.house, phone: '+447700900987' });
  });

  it('unrecognised mail is kept for the agent', async () => {
    expect(await (await sendByWebhook(fixture('unrecognised.eml'))).json()).toMatchObject({
      kind: 'unrecognised',
    });
    const { otherMessages } = await listEnquiries();
    expect(otherMessages.find((m) => m.kind === 'unrecognised')?.subject).toBe(
      '20% off inventory reports this month',
    );
  });
});

describe('mail with characters the database cannot hold', () => {
  it('keeps a message with NUL characters in its subject and body, without them', async () => {
    // Found by fuzzing: a NUL anywhere in a message failed the insert, a 500 the mail service
    // would retry for ever.
    const raw = fixture('unrecognised.eml')
      .toString()
      .replace(/^Subject: (.*)$/m, 'Subject: Boiler\u0000 service $1')
      .replace(/^Message-ID: <(.*)>$/m, 'Message-ID: <nul-\u0000-$1>')
      .replace(/\r?\n\r?\n/, '\r\n\r\n\u0000Hello\u0000 there\r\n');
    const response = await sendByWebhook(Buffer.from(raw));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ kind: 'unrecognised' });
    const { otherMessages } = await listEnquiries();
    expect(otherMessages.map((m) => m.subject)).toContain(
      'Boiler service 20% off inventory reports this month',
    );

    const autoReply = fixture('auto-reply.eml')
      .toString()
      .replace(/\r?\n\r?\n/, '\r\n\r\n\u0000');
    const answered = await sendByWebhook(Buffer.from(autoReply));
    expect(answered.status, await answered.clone().text()).toBe(200);
  });
});

describe('the inbound webhook is authenticated', () => {
  it('refuses a wrong secret (403) and a missing one (401), and stores nothing', async () => {
    const count = (await listEnquiries()).enquiries.length;
    expect((await sendByWebhook(fixture('rightmove-plain.eml'), `${SECRET}x`)).status).toBe(403);
    expect((await sendByWebhook(fixture('rightmove-plain.eml'), 'wrong')).status).toBe(403);
    const missing = await fetch(`${app.url}/api/inbound/email`, {
      method: 'POST',
      body: fixture('rightmove-plain.eml'),
    });
    expect(missing.status).toBe(401);
    expect((await listEnquiries()).enquiries.length).toBe(count);
  });

  it('answers 404 for an address no agency has', async () => {
    const response = await fetch(`${app.url}/api/inbound/email?to=nobody-123@in.letlead.test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
      body: fixture('unrecognised.eml')
        .toString()
        .replace(/^To: .*$/m, 'To: nobody-123@in.letlead.test'),
    });
    expect(response.status).toBe(404);
  });

  it('the SMTP receiver refuses an unknown mailbox', async () => {
    await expect(sendBySmtp(fixture('rightmove-plain.eml'), 'nobody-123@in.letlead.test')).rejects.toThrow(
      /550/,
    );
  });
});

describe('follow-up and no response', () => {
  it('one follow-up 48 hours after the reply to those who have not chatted, then no_response after 7 days', async () => {
    await outbox.waitForEmail((m) => m.to.includes('tom.baker@example.com'), 20_000);
    const start = Date.now();
    try {
      setNow(new Date(start + 47 * 3_600_000));
      expect(await sweepEnquiries(app.ctx)).toEqual({ followedUp: 0, closed: 0 });

      setNow(new Date(start + 49 * 3_600_000));
      const first = await sweepEnquiries(app.ctx);
      expect(first.followedUp).toBe(1);
      const followUp = await outbox.waitForEmail(
        (m) => m.to.includes('tom.baker@example.com') && m.subject.startsWith('Still interested'),
      );
      expect(followUp.links.some((l) => l.includes('src=email&t='))).toBe(true);
      expect(await sweepEnquiries(app.ctx)).toEqual({ followedUp: 0, closed: 0 });

      setNow(new Date(start + 8 * 86_400_000));
      const closing = await sweepEnquiries(app.ctx);
      const { enquiries } = await listEnquiries();
      expect(closing.closed).toBe(enquiries.filter((e) => e.status === 'no_response').length);
      expect((await enquiryFrom('tom.baker@example.com')).status).toBe('no_response');
      // Those who chatted stay chatted.
      expect((await enquiryFrom('priya.shah@example.com')).status).toBe('chatted');
      expect(repliesTo('priya.shah@example.com')).toHaveLength(1);
    } finally {
      setNow(undefined);
    }
  }, 60_000);
});
