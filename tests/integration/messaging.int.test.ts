import { and, desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  channelMessages,
  conversations,
  leads,
  messagingChannels,
  properties,
  viewings,
} from '#server/db/schema.ts';
import { CONVERSATION_MESSAGES_PER_MINUTE } from '#server/features/chat/conversation.ts';
import { finaliseIdleConversations } from '#server/features/chat/end-conversation.ts';
import { listLive } from '#server/features/live/summary.ts';
import {
  DAILY_CAP_ERROR,
  DAILY_CAP_PER_NUMBER,
  retryFailedMessage,
} from '#server/features/messaging/outbound.ts';
import { CHANNEL_SETTINGS_TTL_MS } from '#server/features/messaging/settings.ts';
import { setNow } from '#server/lib/clock.ts';
import {
  postAsMeta,
  postAsTwilio,
  TWILIO,
  WHATSAPP,
  whatsappInbound,
  whatsappStatus,
} from '#tests/fakes/messaging-providers.ts';
import { sendJson } from '#tests/helpers/app.ts';
import { addMember, createCompanyUser, insertProperty } from '#tests/helpers/factories.ts';
import {
  connectChannel,
  conversationsOf,
  PUBLIC_URL,
  providerUrls,
  setUpProviderStandIns,
  smsSays,
  whatsappSays,
} from '#tests/helpers/messaging.ts';
import { creditsOf } from '#tests/helpers/reads.ts';
import { openSecondInstance } from '#tests/helpers/second-instance.ts';
import { setUpTestApp } from '#tests/helpers/suite.ts';
import { MONDAY, saveViewingSchedule } from '#tests/helpers/viewing-schedule.ts';

describe('messaging: WhatsApp and SMS through the provider stand-ins', () => {
  const providers = setUpProviderStandIns();
  const app = setUpTestApp(() => providerUrls(providers));
  afterEach(() => setNow(undefined));

  async function connectedAgency(name = 'Harbour Lettings') {
    setNow(MONDAY);
    const owner = await createCompanyUser(app, { name });
    await insertProperty(app, owner.company.id, owner.company.slug, { vacancyDate: '01/03/2026' });
    await saveViewingSchedule(app, owner);
    await connectChannel(app, owner, 'sms');
    await connectChannel(app, owner, 'whatsapp');
    return owner;
  }

  const waPath = (companyId: string) => `/api/channels/whatsapp/${companyId}`;
  const smsPath = (companyId: string) => `/api/channels/sms/${companyId}`;

  /** A tenant's "Hi" posted to an instance at `baseUrl` as Meta posts it, signed with `secret`. */
  function helloSignedWith(baseUrl: string, companyId: string, secret: string, id: string) {
    return postAsMeta(
      baseUrl,
      waPath(companyId),
      secret,
      whatsappInbound(WHATSAPP.phoneNumberId, '447700900654', { id, text: 'Hi' }),
    );
  }

  function whatsappTo(digits: string) {
    return providers.whatsappCalls.filter((call) => call.to === digits);
  }
  function lastWhatsAppText(digits: string): string {
    const call = whatsappTo(digits).at(-1)!;
    const body = call.body as { text?: { body: string }; interactive?: { body: { text: string } } };
    return body.text?.body ?? body.interactive?.body.text ?? '';
  }

  it('keeps the secrets encrypted, masks them, and lets only an owner or admin connect', async () => {
    const owner = await connectedAgency();
    const settings = (channel: 'sms' | 'whatsapp') =>
      `/api/companies/${owner.company.id}/channels/${channel}`;
    const read = await sendJson(app, 'GET', settings('whatsapp'), owner.cookie);
    expect(read.status).toBe(200);
    const text = JSON.stringify(read.json);
    expect(text).not.toContain(WHATSAPP.accessToken);
    expect(text).not.toContain(WHATSAPP.appSecret);
    expect(read.json).toMatchObject({
      connected: true,
      phoneNumberId: WHATSAPP.phoneNumberId,
      accessToken: '••••6789',
      webhookUrl: `${PUBLIC_URL}/api/channels/whatsapp/${owner.company.id}`,
      enquiryInvite: 'enquiry_invite',
    });
    expect(read.json.verifyToken).toMatch(/^[\w-]{20,}$/);
    const [row] = await app.ctx.db
      .select()
      .from(messagingChannels)
      .where(eq(messagingChannels.companyId, owner.company.id));
    expect(JSON.stringify(row)).not.toContain(WHATSAPP.accessToken);

    const sms = await sendJson(app, 'GET', settings('sms'), owner.cookie);
    expect(sms.json).toMatchObject({
      connected: true,
      accountSid: TWILIO.accountSid,
      from: TWILIO.from,
      authToken: '••••cdef',
    });
    expect(JSON.stringify(sms.json)).not.toContain(TWILIO.authToken);

    const bad = await sendJson(app, 'PUT', settings('sms'), owner.cookie, {
      ...TWILIO,
      from: 'hello',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/international form/);
    expect(bad.json.errors).toEqual({
      from: 'From is a number in international form (+447700900123) or a messaging service SID (MG…)',
    });

    const negotiator = await addMember(app, owner.company.id, 'negotiator');
    const denied = await sendJson(app, 'PUT', settings('sms'), negotiator.cookie, TWILIO);
    expect(denied.status).toBe(403);
    const stranger = await createCompanyUser(app);
    const foreign = await sendJson(app, 'GET', settings('sms'), stranger.cookie);
    expect(foreign.status).toBe(404);

    // Meta's webhook set-up: the challenge comes back only with the right verify token.
    const ok = await fetch(
      `${app.url}${waPath(owner.company.id)}?hub.mode=subscribe&hub.verify_token=${read.json.verifyToken}&hub.challenge=4242`,
    );
    expect(await ok.text()).toBe('4242');
    const wrong = await fetch(
      `${app.url}${waPath(owner.company.id)}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=4242`,
    );
    expect(wrong.status).toBe(403);
  });

  it('a WhatsApp conversation qualifies, books a viewing by replying "2", and makes one lead for one credit', async () => {
    const owner = await connectedAgency();
    const from = '447700900123';
    const say = (text: string, reply?: Parameters<typeof whatsappSays>[4]) =>
      whatsappSays(app, owner.company.id, from, text, reply);
    const before = await creditsOf(app.ctx.db, owner.company.id);
    await say('Hi');
    const greeting = whatsappTo(from).at(-1)!;
    expect(lastWhatsAppText(from)).toMatch(/AI assistant/);
    expect(greeting.type).toBe('interactive');
    const buttons = (
      greeting.body as { interactive: { action: { buttons: { reply: { id: string; title: string } }[] } } }
    ).interactive.action.buttons;
    await say('', { ...buttons[0]!.reply, kind: 'button' });
    await say('2 of us, both nurses, £58k together, could move in on 01/04/2026');
    await say('Sarah Jones');
    await say('sarah.jones@example.com');
    const all = whatsappTo(from)
      .map((c) => JSON.stringify(c.body))
      .join('\n');
    expect(all).not.toMatch(/phone number|mobile number/i);
    expect(lastWhatsAppText(from)).toMatch(
      /is that all correct|does that all look right|is everything there correct/i,
    );
    expect(lastWhatsAppText(from)).toContain('07700 900123');
    await say('yes');
    // The slots offered as a list; "2" picks the second.
    const offer = whatsappTo(from).at(-1)!;
    expect(offer.body).toMatchObject({ type: 'interactive', interactive: { type: 'list' } });
    expect(JSON.stringify(offer.body)).toContain('Sat 7 Mar, 10:00');
    await say('2');
    expect(lastWhatsAppText(from)).toBe(
      'Thank you for confirming the information. Your viewing is booked for Saturday 7 March at 10:00. Have a great day!',
    );

    const made = await app.ctx.db.select().from(leads).where(eq(leads.companyId, owner.company.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      source: 'whatsapp',
      contactNumber: '+447700900123',
      name: 'Sarah Jones',
    });
    expect(await creditsOf(app.ctx.db, owner.company.id)).toBe(before - 1);
    const detail = await sendJson(app, 'GET', `/api/leads/${made[0]!.id}`, owner.cookie);
    expect(detail.json).toMatchObject({
      channel: 'whatsapp',
      deliveryFailed: false,
      viewingStatus: 'booked',
    });
    const thread = await sendJson(app, 'GET', `/api/leads/${made[0]!.id}/channel-messages`, owner.cookie);
    expect((thread.json.messages as unknown[]).length).toBeGreaterThan(10);

    // A message after the end is a note on the lead; still one lead, one credit.
    await say('Is there a garden?');
    expect(lastWhatsAppText(from)).toMatch(/passed your message on to Harbour Lettings/);
    // Texts in a row are acknowledged once, and a thank-you is not told that someone will reply;
    // the agency reads every one on the lead.
    const sentBefore = whatsappTo(from).length;
    await say('and is it furnished?');
    await say('thanks!');
    expect(whatsappTo(from)).toHaveLength(sentBefore);
    const after = await sendJson(app, 'GET', `/api/leads/${made[0]!.id}`, owner.cookie);
    expect(JSON.stringify(after.json.activity)).toContain('Is there a garden?');
    expect(JSON.stringify(after.json.activity)).toContain('and is it furnished?');
    expect(await app.ctx.db.select().from(leads).where(eq(leads.companyId, owner.company.id))).toHaveLength(
      1,
    );
    expect(await creditsOf(app.ctx.db, owner.company.id)).toBe(before - 1);
  });

  it('an SMS conversation numbers the options, takes "2", and makes one lead for one credit', async () => {
    const owner = await connectedAgency();
    const from = '+447700900456';
    const say = (text: string) => smsSays(app, owner.company.id, from, text);
    const before = await creditsOf(app.ctx.db, owner.company.id);
    const texts = () => providers.twilioCalls.filter((c) => c.to === from);
    await say('Hello');
    expect(texts().at(-1)!.body).toMatch(/AI assistant[\s\S]*1\) .+\n2\) Not sure yet\nReply 1 or 2$/);
    expect(texts().at(-1)!.statusCallback).toBe(`${PUBLIC_URL}/api/channels/sms/${owner.company.id}/status`);
    await say('1');
    await say('2 of us, both teachers, £64k together, could move in on 01/04/2026');
    await say('Tom Hughes');
    await say('tom@example.com');
    expect(texts().at(-1)!.body).toMatch(
      /is that all correct|does that all look right|is everything there correct/i,
    );
    await say('yes');
    expect(texts().at(-1)!.body).toMatch(
      /1\) Mon 2 Mar, 17:00\n2\) Sat 7 Mar, 10:00[\s\S]*5\) Other times\nReply 1, 2, 3, 4 or 5$/,
    );
    await say('2');
    expect(texts().at(-1)!.body).toMatch(/Your viewing is booked for Saturday 7 March at 10:00/);
    for (const call of texts()) expect(call.from).toBe(TWILIO.from);

    const made = await app.ctx.db.select().from(leads).where(eq(leads.companyId, owner.company.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ source: 'sms', contactNumber: from });
    expect(await creditsOf(app.ctx.db, owner.company.id)).toBe(before - 1);

    // Twilio's delivery callback is stored on the message.
    const last = texts().at(-1)!;
    const status = await postAsTwilio(
      app.url,
      PUBLIC_URL,
      `${smsPath(owner.company.id)}/status`,
      TWILIO.authToken,
      {
        AccountSid: TWILIO.accountSid,
        MessageSid: last.sid,
        MessageStatus: 'delivered',
      },
    );
    expect(status.status).toBe(204);
    const [stored] = await app.ctx.db
      .select()
      .from(channelMessages)
      .where(eq(channelMessages.providerId, last.sid));
    expect(stored!.status).toBe('delivered');
  });

  it('stores a new thread in the order the tenant saw it: their first text, the greeting, the answer', async () => {
    const owner = await connectedAgency();
    const byWhatsApp = '447700900611';
    const bySms = '+447700900612';
    await whatsappSays(app, owner.company.id, byWhatsApp, 'Is the flat still available?');
    await smsSays(app, owner.company.id, bySms, 'Hi');
    const stored = await conversationsOf(app, owner.company.id);
    const threadOf = (phone: string) => stored.find((c) => c.contactPhone === phone)!;

    // A first text with something to answer: the greeting, then the answer, as two messages.
    const whatsapp = threadOf(`+${byWhatsApp}`);
    expect(whatsapp.messages.map((m) => m.sender)).toEqual(['user', 'ai', 'ai']);
    expect(whatsapp.messages[0]!.content).toBe('Is the flat still available?');
    expect(whatsapp.messages[1]!.content).toMatch(/AI assistant/);
    const sent = whatsappTo(byWhatsApp).map((call) => {
      const body = call.body as { text?: { body: string }; interactive?: { body: { text: string } } };
      return body.text?.body ?? body.interactive?.body.text;
    });
    expect(sent).toEqual([whatsapp.messages[1]!.content, whatsapp.messages[2]!.content]);
    expect(whatsapp.turnCount).toBe(1);

    // A first text that only greets is kept, and answered by the greeting alone.
    const sms = threadOf(bySms);
    expect(sms.messages.map((m) => [m.sender, m.content])).toEqual([
      ['user', 'Hi'],
      ['ai', expect.stringMatching(/AI assistant/)],
    ]);
    const texts = providers.twilioCalls.filter((c) => c.to === bySms);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(/AI assistant[\s\S]*1\) .+\n2\) Not sure yet\nReply 1 or 2$/);
    expect(sms.turnCount).toBe(1);
  });

  it('on the agency-wide number, a first text naming a listing chooses it: the greeting asks nothing, the answer says no second hello, and a time in it books', async () => {
    const owner = await connectedAgency();
    const maple = await insertProperty(app, owner.company.id, owner.company.slug, {
      propertyName: 'Maple Court',
      propertyAddress: '5 Maple Court, Chapel Allerton, Leeds LS7 3AA',
      vacancyDate: '01/03/2026',
    });
    const texts = (to: string) => providers.twilioCalls.filter((c) => c.to === to).map((c) => c.body);

    const asking = '+447700900631';
    await smsSays(app, owner.company.id, asking, 'Hi, is the flat on Elm Road still available?');
    const [greeting, answer] = texts(asking);
    expect(greeting).toMatch(/^Hi, welcome to Harbour Lettings! I'm their AI assistant/);
    // The answer asks the first question, with its options; the greeting asks none of its own.
    expect(greeting).not.toMatch(/\?|which of our properties|below|\n1\)/i);
    expect(answer).toMatch(/^(?:Great choice: |Lovely, that's )2 Bed Flat, Elm Road/);
    expect(answer).not.toMatch(/\b(?:hi|hello)\b/i);
    expect(answer).toMatch(/move in\?\n\n1\) ASAP\n2\) Within a month\n3\) Pick a date\nReply 1, 2 or 3$/);
    for (const text of texts(asking)) expect(text).not.toMatch(/\btap\b/i);
    const stored = await conversationsOf(app, owner.company.id);
    const [elm] = await app.ctx.db
      .select()
      .from(properties)
      .where(
        and(eq(properties.companyId, owner.company.id), eq(properties.propertyName, '2 Bed Flat, Elm Road')),
      );
    expect(stored.find((c) => c.contactPhone === asking)!.propertyId).toBe(elm!.id);

    // A free time of the listing named: booked at once, as later in the chat.
    const viewing = '+447700900632';
    await smsSays(app, owner.company.id, viewing, 'Can I view Maple Court? Sat 7 Mar, 10:00');
    expect(texts(viewing).at(-1)).toMatch(/^Your viewing is booked for Saturday 7 March at 10:00\./);
    const [booked] = await app.ctx.db.select().from(viewings).where(eq(viewings.propertyId, maple.id));
    expect(booked).toMatchObject({ status: 'booked' });
    expect(booked!.startsAt.toISOString()).toBe('2026-03-07T10:00:00.000Z');
  });

  it('a thread that only said hello and went quiet makes no lead and spends no credit; one that answered does', async () => {
    const owner = await connectedAgency();
    const before = await creditsOf(app.ctx.db, owner.company.id);
    await smsSays(app, owner.company.id, '+447700900621', 'Hi');
    await whatsappSays(app, owner.company.id, '447700900622', 'Hello');
    await whatsappSays(app, owner.company.id, '447700900622', 'Are pets allowed?');
    await smsSays(app, owner.company.id, '+447700900623', 'Hi');
    await smsSays(app, owner.company.id, '+447700900623', '2 of us, moving 1st March');

    await finaliseIdleConversations(app.ctx, new Date(Date.now() + 24 * 60 * 60_000));
    const made = await app.ctx.db.select().from(leads).where(eq(leads.companyId, owner.company.id));
    expect(made.map((lead) => lead.contactNumber)).toEqual(['+447700900623']);
    expect(await creditsOf(app.ctx.db, owner.company.id)).toBe(before - 1);
    // The quiet ones are kept as transcripts, ended.
    const ended = await conversationsOf(app, owner.company.id);
    expect(ended.map((c) => c.status)).toEqual(['ended', 'ended', 'ended']);
  });

  it("refuses a bad signature with 403 and stores nothing, and refuses another company's credentials", async () => {
    const owner = await connectedAgency();
    const other = await connectedAgency('Other Lets');
    await app.ctx.db
      .update(messagingChannels)
      .set({ settings: { accountSid: `AC${'2'.repeat(32)}`, from: '+447700900999' } })
      .where(and(eq(messagingChannels.companyId, other.company.id), eq(messagingChannels.channel, 'sms')));
    const count = async () =>
      (await app.ctx.db.select().from(channelMessages).where(eq(channelMessages.companyId, owner.company.id)))
        .length;

    const forged = await postAsMeta(
      app.url,
      waPath(owner.company.id),
      'not-the-app-secret-000000',
      whatsappInbound(WHATSAPP.phoneNumberId, '447700900777', { id: 'wamid.forged', text: 'Hi' }),
    );
    expect(forged.status).toBe(403);
    const unsigned = await fetch(`${app.url}${waPath(owner.company.id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(403);
    const badSms = await postAsTwilio(
      app.url,
      PUBLIC_URL,
      smsPath(owner.company.id),
      'wrong-token-0000000000000000',
      { AccountSid: TWILIO.accountSid, MessageSid: 'SMbad', From: '+447700900777', Body: 'Hi' },
    );
    expect(badSms.status).toBe(403);
    expect(await count()).toBe(0);
    // Company A's URL, company B's account (B's own SID signed with the same token): refused.
    const crossed = await postAsTwilio(app.url, PUBLIC_URL, smsPath(owner.company.id), TWILIO.authToken, {
      AccountSid: `AC${'2'.repeat(32)}`,
      MessageSid: 'SMcross',
      From: '+447700900777',
      Body: 'Hi',
    });
    expect(crossed.status).toBe(403);
    expect(await count()).toBe(0);
  });

  it('answers every text of a tenant who sends many in a minute: a thread is not held to the web chat’s limit', async () => {
    const owner = await connectedAgency();
    const from = '+447700900654';
    // More than the web chat's 20 a minute, all at the same instant.
    const texts = Array.from(
      { length: CONVERSATION_MESSAGES_PER_MINUTE + 5 },
      (_, i) => `Quick question ${i + 1}`,
    );
    for (const text of texts) await smsSays(app, owner.company.id, from, text);
    const [thread] = await conversationsOf(app, owner.company.id);
    const said = thread!.messages.filter((m) => m.sender === 'user').map((m) => m.content);
    expect(said).toEqual(texts);
  });

  it('stops accepting a channel the moment it is disconnected, and takes a new secret at once', async () => {
    const owner = await connectedAgency();
    const settings = `/api/companies/${owner.company.id}/channels/whatsapp`;
    const post = (secret: string, id: string) => helloSignedWith(app.url, owner.company.id, secret, id);
    expect((await post(WHATSAPP.appSecret, 'wamid.before')).status).toBe(200);

    expect((await sendJson(app, 'DELETE', settings, owner.cookie)).status).toBe(204);
    expect((await post(WHATSAPP.appSecret, 'wamid.disconnected')).status).toBe(403);

    const newSecret = 'meta-app-secret-replaced-9876543210';
    const reconnected = await sendJson(app, 'PUT', settings, owner.cookie, {
      ...WHATSAPP,
      appSecret: newSecret,
    });
    expect(reconnected.status).toBe(200);
    expect((await post(WHATSAPP.appSecret, 'wamid.old-secret')).status).toBe(403);
    expect((await post(newSecret, 'wamid.new-secret')).status).toBe(200);
  });

  it('another instance takes a replaced secret, and refuses the old one, within ten seconds', async () => {
    const owner = await connectedAgency();
    const other = await openSecondInstance(app);
    try {
      const postToOther = (secret: string, id: string) =>
        helloSignedWith(other.url, owner.company.id, secret, id);
      // The other instance has opened the channel's settings and keeps them for a few seconds.
      expect((await postToOther(WHATSAPP.appSecret, 'wamid.other-before')).status).toBe(200);
      const newSecret = 'meta-app-secret-rotated-1234567890';
      const replaced = await sendJson(
        app,
        'PUT',
        `/api/companies/${owner.company.id}/channels/whatsapp`,
        owner.cookie,
        {
          ...WHATSAPP,
          appSecret: newSecret,
        },
      );
      expect(replaced.status).toBe(200);

      await new Promise((resolve) => setTimeout(resolve, CHANNEL_SETTINGS_TTL_MS + 500));
      expect((await postToOther(WHATSAPP.appSecret, 'wamid.other-old')).status).toBe(403);
      expect((await postToOther(newSecret, 'wamid.other-new')).status).toBe(200);
    } finally {
      await other.close();
    }
  }, 30_000);

  it('processes a replayed message once', async () => {
    const owner = await connectedAgency();
    const from = '447700900321';
    const payload = whatsappInbound(WHATSAPP.phoneNumberId, from, { id: 'wamid.same-one', text: 'Hi' });
    const [a, b] = await Promise.all([
      postAsMeta(app.url, waPath(owner.company.id), WHATSAPP.appSecret, payload),
      postAsMeta(app.url, waPath(owner.company.id), WHATSAPP.appSecret, payload),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await postAsMeta(app.url, waPath(owner.company.id), WHATSAPP.appSecret, payload);
    expect(again.status).toBe(200);
    expect(whatsappTo(from)).toHaveLength(1);
    const started = await conversationsOf(app, owner.company.id);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ channel: 'whatsapp', contactPhone: '+447700900321' });
  });

  it('after STOP sends nothing more there, until START', async () => {
    const owner = await connectedAgency();
    const from = '+447700900654';
    const texts = () => providers.twilioCalls.filter((c) => c.to === from);
    await smsSays(app, owner.company.id, from, 'Hi');
    await smsSays(app, owner.company.id, from, 'stop');
    expect(texts().at(-1)!.body).toMatch(/won't get any more messages from Harbour Lettings/);
    const sent = texts().length;
    await smsSays(app, owner.company.id, from, '1');
    await smsSays(app, owner.company.id, from, 'STOP');
    expect(texts()).toHaveLength(sent);
    await smsSays(app, owner.company.id, from, 'START');
    expect(texts()).toHaveLength(sent + 1);
    expect(texts().at(-1)!.body).toMatch(/subscribed/);
  });

  it('retries a failed message once and shows the failure on the lead', async () => {
    const owner = await connectedAgency();
    const from = '447700900888';
    await whatsappSays(app, owner.company.id, from, 'Hi');
    const [conversation] = await conversationsOf(app, owner.company.id);
    providers.failNext('whatsapp', 2);
    // An answer (the number of people), so that the quiet thread ends as a lead.
    await whatsappSays(app, owner.company.id, from, 'I am interested in the flat, there are 2 of us');
    const [failed] = await app.ctx.db
      .select()
      .from(channelMessages)
      .where(and(eq(channelMessages.conversationId, conversation!.id), eq(channelMessages.status, 'failed')));
    expect(failed).toMatchObject({ attempts: 1, direction: 'out' });
    expect(failed!.error).toMatch(/not in allowed list/);
    // The job queue's retry (its handler, run here at once) fails too: final.
    await retryFailedMessage(app.ctx, failed!.id);
    const [final] = await app.ctx.db.select().from(channelMessages).where(eq(channelMessages.id, failed!.id));
    expect(final).toMatchObject({ status: 'failed', attempts: 2 });
    await retryFailedMessage(app.ctx, failed!.id);
    expect(providers.whatsappCalls.filter((c) => c.to === from)).toHaveLength(1);

    // A status callback that says a delivered message failed counts too (and is retried once).
    const firstId = providers.whatsappCalls.filter((c) => c.to === from)[0]!.id;
    const callback = await postAsMeta(
      app.url,
      waPath(owner.company.id),
      WHATSAPP.appSecret,
      whatsappStatus(WHATSAPP.phoneNumberId, firstId, 'failed', from),
    );
    expect(callback.status).toBe(200);
    const [byCallback] = await app.ctx.db
      .select()
      .from(channelMessages)
      .where(eq(channelMessages.providerId, firstId));
    expect(byCallback!.status).toBe('failed');

    await app.ctx.db
      .update(conversations)
      .set({ lastActivityAt: new Date(MONDAY.getTime() - 3_600_000) })
      .where(eq(conversations.id, conversation!.id));
    const { finaliseIdleConversations } = await import('#server/features/chat/end-conversation.ts');
    await finaliseIdleConversations(app.ctx);
    const [lead] = await app.ctx.db.select().from(leads).where(eq(leads.conversationId, conversation!.id));
    const detail = await sendJson(app, 'GET', `/api/leads/${lead!.id}`, owner.cookie);
    expect(detail.json).toMatchObject({ channel: 'whatsapp', deliveryFailed: true, source: 'whatsapp' });
  });

  it('keeps the latest delivery status: a late one never undoes it, a failure keeps its reason and is final', async () => {
    const owner = await connectedAgency();
    const other = await connectedAgency('Other Lets');
    const deliveryOf = async (providerId: string) => {
      const [row] = await app.ctx.db
        .select()
        .from(channelMessages)
        .where(and(eq(channelMessages.providerId, providerId), eq(channelMessages.direction, 'out')));
      return { status: row!.status, error: row!.error };
    };

    // SMS: Twilio's callbacks, in and out of order.
    const bySms = '+447700900515';
    await smsSays(app, owner.company.id, bySms, 'Hello');
    const sid = providers.twilioCalls.filter((c) => c.to === bySms).at(-1)!.sid;
    expect(await deliveryOf(sid)).toEqual({ status: 'queued', error: null });
    const twilioSays = (
      status: string,
      extra: Record<string, string> = {},
      { companyId = owner.company.id, messageSid = sid, token = TWILIO.authToken } = {},
    ) =>
      postAsTwilio(app.url, PUBLIC_URL, `${smsPath(companyId)}/status`, token, {
        AccountSid: TWILIO.accountSid,
        MessageSid: messageSid,
        MessageStatus: status,
        ...extra,
      });
    expect((await twilioSays('failed', {}, { token: 'wrong-token-0000000000000000' })).status).toBe(403);
    expect((await twilioSays('delivered')).status).toBe(204);
    expect(await deliveryOf(sid)).toEqual({ status: 'delivered', error: null });
    expect((await twilioSays('sent')).status).toBe(204);
    expect((await twilioSays('sending')).status).toBe(204);
    expect((await twilioSays('receiving')).status).toBe(204);
    expect(await deliveryOf(sid)).toEqual({ status: 'delivered', error: null });
    // The same id on another company's channel, or an id that is none of ours: nothing changes.
    expect((await twilioSays('undelivered', {}, { companyId: other.company.id })).status).toBe(204);
    expect((await twilioSays('undelivered', {}, { messageSid: 'SMnot-one-of-ours' })).status).toBe(204);
    expect(await deliveryOf(sid)).toEqual({ status: 'delivered', error: null });
    // A delivered text can still fail (a carrier's late report): the reason is kept, and it is final.
    await twilioSays('undelivered', {
      ErrorCode: '30003',
      ErrorMessage: 'Unreachable destination handset',
    });
    const failed = { status: 'failed', error: 'Twilio error 30003: Unreachable destination handset' };
    expect(await deliveryOf(sid)).toEqual(failed);
    await twilioSays('delivered');
    await twilioSays('failed', { ErrorCode: '30008' });
    expect(await deliveryOf(sid)).toEqual(failed);

    // WhatsApp: statuses in Meta's webhook.
    const byWhatsApp = '447700900516';
    await whatsappSays(app, owner.company.id, byWhatsApp, 'Hi');
    const wamid = whatsappTo(byWhatsApp).at(-1)!.id;
    expect(await deliveryOf(wamid)).toEqual({ status: 'sent', error: null });
    const metaSays = (status: string, phoneNumberId = WHATSAPP.phoneNumberId) =>
      postAsMeta(
        app.url,
        waPath(owner.company.id),
        WHATSAPP.appSecret,
        whatsappStatus(phoneNumberId, wamid, status, byWhatsApp),
      );
    expect((await metaSays('read')).status).toBe(200);
    expect((await metaSays('delivered')).status).toBe(200);
    expect((await metaSays('sent')).status).toBe(200);
    expect(await deliveryOf(wamid)).toEqual({ status: 'read', error: null });
    // Another number's status on the same Meta app is not this company's.
    expect((await metaSays('failed', '9999999999')).status).toBe(200);
    expect(await deliveryOf(wamid)).toEqual({ status: 'read', error: null });
    expect((await metaSays('failed')).status).toBe(200);
    expect(await deliveryOf(wamid)).toEqual({ status: 'failed', error: 'Message undeliverable' });
  });

  it('a person who takes over a WhatsApp conversation writes to the tenant on WhatsApp, and hands back', async () => {
    const owner = await connectedAgency();
    const from = '447700900222';
    await whatsappSays(app, owner.company.id, from, 'Hi');
    const [conversation] = await conversationsOf(app, owner.company.id);
    const path = `/api/conversations/${conversation!.id}`;
    // The Live tab says the tenant writes on WhatsApp, in the list and in the taken-over chat.
    expect((await listLive(app.ctx, owner.company.id)).map((live) => live.channel)).toEqual(['whatsapp']);
    const takeover = await sendJson(app, 'POST', `${path}/takeover`, owner.cookie);
    expect(takeover.status).toBe(200);
    expect(takeover.json).toMatchObject({ conversation: { channel: 'whatsapp', source: 'whatsapp' } });
    expect(lastWhatsAppText(from)).toMatch(/has joined/);
    expect(
      (
        await sendJson(app, 'POST', `${path}/messages`, owner.cookie, {
          content: 'Hello, I can help with that.',
        })
      ).status,
    ).toBe(200);
    expect(lastWhatsAppText(from)).toBe('Hello, I can help with that.');
    const sent = whatsappTo(from).length;
    // While taken over the assistant says nothing; the tenant's message reaches the person.
    await whatsappSays(app, owner.company.id, from, 'Great, is it still available?');
    expect(whatsappTo(from)).toHaveLength(sent);
    const [stored] = await app.ctx.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversation!.id));
    expect(JSON.stringify(stored!.messages)).toContain('is it still available?');
    expect((await sendJson(app, 'POST', `${path}/handback`, owner.cookie)).status).toBe(200);
    expect(whatsappTo(from).length).toBeGreaterThan(sent);
  });

  it('sends at most 40 messages a day to one number; the lead shows what was held back', async () => {
    const owner = await connectedAgency();
    const from = '447700900432';
    for (let i = 0; whatsappTo(from).length < DAILY_CAP_PER_NUMBER; i += 1) {
      expect(i).toBeLessThan(DAILY_CAP_PER_NUMBER);
      // A tenant typing over some minutes (a conversation takes only so many messages a minute).
      setNow(new Date(MONDAY.getTime() + i * 20_000));
      const text =
        i === 0
          ? '2 of us, both nurses, £58k together, could move in on 01/04/2026'
          : i % 2 === 0
            ? 'Is there parking?'
            : 'Are pets allowed?';
      await whatsappSays(app, owner.company.id, from, text);
    }
    expect(whatsappTo(from)).toHaveLength(DAILY_CAP_PER_NUMBER);
    // Beyond the cap nothing more goes out, though the tenant's messages still arrive.
    setNow(new Date(MONDAY.getTime() + 15 * 60_000));
    await whatsappSays(app, owner.company.id, from, 'Hello? Is there a garden?');
    setNow(new Date(MONDAY.getTime() + 16 * 60_000));
    await whatsappSays(app, owner.company.id, from, 'Anyone there?');
    expect(whatsappTo(from)).toHaveLength(DAILY_CAP_PER_NUMBER);
    const [conversation] = await app.ctx.db
      .select()
      .from(conversations)
      .where(eq(conversations.companyId, owner.company.id))
      .orderBy(desc(conversations.createdAt));
    expect(JSON.stringify(conversation!.messages)).toContain('Anyone there?');
    // The agency sees it: one held-back message on the thread, and the lead as not delivered.
    const [lastIn] = await app.ctx.db
      .select()
      .from(channelMessages)
      .where(and(eq(channelMessages.companyId, owner.company.id), eq(channelMessages.direction, 'in')))
      .orderBy(desc(channelMessages.createdAt))
      .limit(1);
    const heldBack = await app.ctx.db
      .select()
      .from(channelMessages)
      .where(
        and(eq(channelMessages.companyId, owner.company.id), eq(channelMessages.error, DAILY_CAP_ERROR)),
      );
    expect(heldBack).toHaveLength(1);
    expect(heldBack[0]).toMatchObject({ status: 'failed', conversationId: lastIn!.conversationId });
    await app.ctx.db
      .update(conversations)
      .set({ lastActivityAt: new Date(MONDAY.getTime() - 3_600_000) })
      .where(eq(conversations.id, lastIn!.conversationId!));
    setNow(new Date(MONDAY.getTime() + 17 * 60_000));
    const { finaliseIdleConversations } = await import('#server/features/chat/end-conversation.ts');
    await finaliseIdleConversations(app.ctx);
    expect(whatsappTo(from)).toHaveLength(DAILY_CAP_PER_NUMBER);
    const [lead] = await app.ctx.db
      .select()
      .from(leads)
      .where(eq(leads.conversationId, lastIn!.conversationId!));
    const detail = await sendJson(app, 'GET', `/api/leads/${lead!.id}`, owner.cookie);
    expect(detail.json).toMatchObject({ deliveryFailed: true, channel: 'whatsapp' });
    const thread = await sendJson(app, 'GET', `/api/leads/${lead!.id}/channel-messages`, owner.cookie);
    expect(JSON.stringify(thread.json)).toContain('the daily limit');
    // A day later the number hears from the company again.
    setNow(new Date(MONDAY.getTime() + 25 * 3_600_000));
    await whatsappSays(app, owner.company.id, from, 'Hi again');
    expect(whatsappTo(from).length).toBeGreaterThan(DAILY_CAP_PER_NUMBER);
  });

  it('outside the 24-hour window sends only a template', async () => {
    const owner = await connectedAgency();
    const from = '447700900999';
    await whatsappSays(app, owner.company.id, from, 'Hi');
    const test = () =>
      sendJson(app, 'POST', `/api/companies/${owner.company.id}/channels/whatsapp/test`, owner.cookie, {
        to: `+${from}`,
      });
    const inside = await test();
    expect(inside.status).toBe(200);
    expect(whatsappTo(from).at(-1)!.type).toBe('text');
    setNow(new Date(MONDAY.getTime() + 25 * 3_600_000));
    const outside = await test();
    expect(outside.status).toBe(200);
    const last = whatsappTo(from).at(-1)!;
    expect(last.type).toBe('template');
    expect(last.body).toMatchObject({ template: { name: 'hello_world' } });
  });

  it('Send a test says what a mobile number looks like when the one typed cannot be one', async () => {
    const owner = await connectedAgency();
    const hint = 'Type a mobile number, e.g. 07700 900123 or +447700900123';
    for (const [to, message] of [
      ['', 'Type the mobile number to send the test to'],
      ['  ', 'Type the mobile number to send the test to'],
      ['07700', hint],
      ['12345', hint],
      ['hello there', hint],
      ['0'.repeat(31), hint],
    ]) {
      const answer = await sendJson(
        app,
        'POST',
        `/api/companies/${owner.company.id}/channels/whatsapp/test`,
        owner.cookie,
        { to },
      );
      expect(answer.status, JSON.stringify(to)).toBe(400);
      expect(answer.json.message, JSON.stringify(to)).toBe(message);
    }
  });
});

describe('messaging: the providers share a few addresses, so the webhook allowance is per company', () => {
  const providers = setUpProviderStandIns();
  const app = setUpTestApp(() => ({ ...providerUrls(providers), RATE_LIMIT_INBOUND_PER_MINUTE: '3' }));

  async function smsAgency(name: string) {
    const owner = await createCompanyUser(app, { name });
    await connectChannel(app, owner, 'sms');
    return owner;
  }
  const statusUpdate = (companyId: string, sid: string) =>
    postAsTwilio(app.url, PUBLIC_URL, `/api/channels/sms/${companyId}/status`, TWILIO.authToken, {
      AccountSid: TWILIO.accountSid,
      MessageSid: sid,
      MessageStatus: 'delivered',
    });

  it("one agency's burst is refused with Retry-After, while another agency's messages from the same address go through", async () => {
    const busy = await smsAgency('Busy Lets');
    const quiet = await smsAgency('Quiet Lets');
    const statuses = [];
    for (const sid of ['SM1', 'SM2', 'SM3', 'SM4'])
      statuses.push((await statusUpdate(busy.company.id, sid)).status);
    expect(statuses).toEqual([204, 204, 204, 429]);
    const refused = await statusUpdate(busy.company.id, 'SM5');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

    const other = await statusUpdate(quiet.company.id, 'SM6');
    expect(other.status).toBe(204);
  });
});
