import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { channelMessages, conversations, enquiries, viewingMessages, viewings } from '#server/db/schema.ts';
import { finaliseIdleConversations } from '#server/features/chat/end-conversation.ts';
import { signChatToken } from '#server/features/enquiries/index.ts';
import { inviteEnquirerOnChannel } from '#server/features/messaging/enquiry-invite.ts';
import { bookChatTime } from '#server/features/viewings/chat-booking.ts';
import { runViewingMessages } from '#server/features/viewings/confirmations.ts';
import { setNow } from '#server/lib/clock.ts';
import type { AgentViewingList, ManagedViewing, ViewingTimesResponse } from '#shared/schemas/viewings.ts';
import { WHATSAPP } from '#tests/fakes/messaging-providers.ts';
import { browserFetch, sendJson } from '#tests/helpers/app.ts';
import {
  type CompanyUser,
  createCompanyUser,
  insertProperty,
  tenantFields,
  unique,
} from '#tests/helpers/factories.ts';
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
import { testSchedule } from '#tests/helpers/viewing-schedule.ts';

/** Wednesday 4 March 2026, 09:00 London: three days before Saturday 7 March. */
const WEDNESDAY = new Date('2026-03-04T09:00:00Z');
const SATURDAY_10 = '2026-03-07T10:00:00+00:00';

describe('viewings that happen: confirm, remind, release', () => {
  const smtp = setUpSmtpReceiver();
  const app = setUpTestApp(() => ({ SMTP_URL: smtp.url }));
  afterEach(() => setNow(undefined));

  const call = (method: string, path: string, cookie?: string, body?: unknown) =>
    browserFetch(app, method, path, cookie, body);
  const at = (iso: string) => setNow(new Date(iso));
  const emailsTo = (to: string) => smtp.emails.filter((email) => email.to.includes(to));

  /** The agent's list of the viewings on Saturday 7 March, as the Viewings tab asks for it. */
  async function saturdayViewings(owner: CompanyUser): Promise<AgentViewingList> {
    const path = `/api/companies/${owner.company.id}/viewings?from=2026-03-07&to=2026-03-07`;
    return (await (await call('GET', path, owner.cookie)).json()) as AgentViewingList;
  }

  /** A company with Monday evening and Saturday morning hours (and Saturday 21:00), one listing. */
  async function agency(extraWindows: { day: number; start: string; end: string }[] = []) {
    setNow(WEDNESDAY);
    const owner = await createCompanyUser(app, { name: unique('Elm Lettings') });
    const saved = await call('PUT', `/api/companies/${owner.company.id}/viewing-schedule`, owner.cookie, {
      ...testSchedule,
      windows: [...testSchedule.windows, ...extraWindows],
    });
    expect(saved.status).toBe(200);
    const property = await insertProperty(app, owner.company.id, owner.company.slug, {
      propertyName: 'Flat 3, Oak Court',
      propertyAddress: '3 Oak Court, London SE1 2AB',
      vacancyDate: '01/03/2026',
    });
    return { owner, property };
  }

  /** A tenant's chat (on the web, or an SMS thread from `phone`) that books `startsAt`. */
  async function booked(
    setup: Awaited<ReturnType<typeof agency>>,
    startsAt: string,
    options: { phone?: string; email?: string | null } = {},
  ) {
    const response = await call('POST', `/api/chat/${setup.owner.company.slug}`, undefined, {
      message: '',
      userSessionKey: null,
      propertySlug: setup.property.slug,
    });
    const { sessionKey } = (await response.json()) as { sessionKey: string };
    // A thread on SMS is a conversation with the channel and the tenant's number.
    const [conversation] = await app.ctx.db
      .update(conversations)
      .set(options.phone ? { channel: 'sms', contactPhone: options.phone } : { channel: 'web' })
      .where(eq(conversations.sessionKey, sessionKey))
      .returning({ id: conversations.id });
    const email = options.email === undefined ? `${unique('amy')}@example.test` : options.email;
    const result = await bookChatTime(app.ctx, {
      conversationId: conversation!.id,
      propertyId: setup.property.id,
      time: { startsAt, label: '' },
      fields: tenantFields({ name: 'Amy Khan', email, phone: options.phone ?? null }),
    });
    if (result.kind !== 'booked') throw new Error('not booked');
    return { viewing: result.viewing, email, conversationId: conversation!.id };
  }

  const reload = async (id: string) =>
    (await app.ctx.db.select().from(viewings).where(eq(viewings.id, id)))[0]!;

  const sentTo = async (phone: string) =>
    app.ctx.db
      .select()
      .from(channelMessages)
      .where(and(eq(channelMessages.phone, phone), eq(channelMessages.direction, 'out')))
      .orderBy(asc(channelMessages.createdAt));

  /** The tenant texts the company, through the same inbound code as Twilio's posts. */
  async function texts(slug: string, phone: string, text: string) {
    const response = await call('POST', '/dev/phone/messages', undefined, {
      company: slug,
      channel: 'sms',
      phone,
      text,
    });
    expect(response.status).toBe(200);
  }

  const newPhone = () => `+4477009${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;

  it('asks an email-only tenant exactly once, 24 hours before, and the email confirms in one tap', async () => {
    const setup = await agency();
    const { viewing, email } = await booked(setup, SATURDAY_10);
    expect(viewing.confirmedAt).toBeNull();
    const requests = () => emailsTo(email!).filter((e) => e.subject.startsWith('Please confirm'));

    at('2026-03-06T09:58:00Z');
    await runViewingMessages(app.ctx);
    expect(requests()).toHaveLength(0);
    // The 24-hour mark: due now; the passes after it, and a second instance's, send nothing more.
    at('2026-03-06T10:00:00Z');
    await Promise.all([runViewingMessages(app.ctx), runViewingMessages(app.ctx)]);
    at('2026-03-06T10:01:00Z');
    await runViewingMessages(app.ctx);
    const request = await smtp.waitForEmail(
      (e) => e.to.includes(email!) && e.subject.startsWith('Please confirm'),
    );
    expect(request.subject).toBe('Please confirm your viewing: Saturday 7 March at 10:00');
    expect(requests()).toHaveLength(1);
    const rows = await app.ctx.db
      .select()
      .from(viewingMessages)
      .where(eq(viewingMessages.viewingId, viewing.id));
    expect(rows.map((row) => [row.kind, row.channel, row.outcome])).toEqual([['request', 'email', 'sent']]);

    // The button: the manage page with ?confirm=1, which confirms as it opens.
    const confirmLink = request.links.find((link) => link.endsWith('?confirm=1'))!;
    expect(confirmLink).toBe(`${app.ctx.env.appUrl}/viewings/${viewing.manageToken}?confirm=1`);
    expect(request.html).toContain('Confirm I’m coming');
    const confirmed = await call('POST', `/api/viewings/manage/${viewing.manageToken}/confirm`);
    expect(confirmed.status).toBe(200);
    const page = (await confirmed.json()) as ManagedViewing;
    expect(page.confirmedAt).toBe('2026-03-06T10:01:00.000Z');
    expect((await reload(viewing.id)).confirmedAt?.toISOString()).toBe('2026-03-06T10:01:00.000Z');
    // Tapping again changes nothing.
    at('2026-03-06T11:00:00Z');
    const again = (await (
      await call('POST', `/api/viewings/manage/${viewing.manageToken}/confirm`)
    ).json()) as ManagedViewing;
    expect(again.confirmedAt).toBe('2026-03-06T10:01:00.000Z');

    // The agent's list shows it confirmed.
    const list = await saturdayViewings(setup.owner);
    expect(list.viewings[0]).toMatchObject({ id: viewing.id, confirmedAt: '2026-03-06T10:01:00.000Z' });
  });

  it('an instance that stopped after claiming a request leaves it to a later pass, which sends it once', async () => {
    const setup = await agency();
    const { viewing, email } = await booked(setup, SATURDAY_10);
    const requests = () => emailsTo(email!).filter((e) => e.subject.startsWith('Please confirm'));
    // What an instance leaves when it stops between claiming the request and sending it.
    await app.ctx.db.insert(viewingMessages).values({
      viewingId: viewing.id,
      companyId: viewing.companyId,
      kind: 'request',
      startsAt: viewing.startsAt,
      channel: 'email',
      outcome: 'claimed',
      createdAt: new Date('2026-03-06T10:00:00Z'),
    });

    // A claim a few minutes old may still be sending: left alone.
    at('2026-03-06T10:09:00Z');
    await runViewingMessages(app.ctx);
    // Ten minutes on it was abandoned: one of two instances takes it over and sends it.
    at('2026-03-06T10:10:00Z');
    await Promise.all([runViewingMessages(app.ctx), runViewingMessages(app.ctx)]);
    at('2026-03-06T10:30:00Z');
    await runViewingMessages(app.ctx);
    await smtp.waitForEmail((e) => e.to.includes(email!) && e.subject.startsWith('Please confirm'));
    expect(requests()).toHaveLength(1);
    const rows = await app.ctx.db
      .select()
      .from(viewingMessages)
      .where(eq(viewingMessages.viewingId, viewing.id));
    expect(rows.map((row) => [row.kind, row.outcome, row.createdAt.toISOString()])).toEqual([
      ['request', 'sent', '2026-03-06T10:10:00.000Z'],
    ]);
  });

  it('a viewing booked less than 24 hours ahead is confirmed at booking and never asked', async () => {
    const setup = await agency();
    at('2026-03-06T12:00:00Z');
    const { viewing, email } = await booked(setup, SATURDAY_10);
    expect(viewing.confirmedAt?.toISOString()).toBe('2026-03-06T12:00:00.000Z');
    at('2026-03-06T12:05:00Z');
    await runViewingMessages(app.ctx);
    expect(emailsTo(email!).filter((e) => e.subject.startsWith('Please confirm'))).toHaveLength(0);
  });

  it('on SMS: YES confirms; "can\'t make it" offers other times and "2" moves it in the thread', async () => {
    const setup = await agency();
    const phone = newPhone();
    const { viewing, email } = await booked(setup, SATURDAY_10, { phone });
    at('2026-03-06T10:00:00Z');
    await runViewingMessages(app.ctx);
    const [request] = await sentTo(phone);
    expect(request!.body).toBe(
      'Hi Amy, your viewing of Flat 3, Oak Court with ' +
        `${setup.owner.company.name} is tomorrow, Saturday 7 March at 10:00. Reply YES to confirm or CHANGE to pick another time.`,
    );
    // On the tenant's channel, so no email request.
    expect(emailsTo(email!).filter((e) => e.subject.startsWith('Please confirm'))).toHaveLength(0);

    at('2026-03-06T10:05:00Z');
    await texts(setup.owner.company.slug, phone, 'yes see you then');
    expect((await reload(viewing.id)).confirmedAt?.toISOString()).toBe('2026-03-06T10:05:00.000Z');
    expect((await sentTo(phone)).at(-1)!.body).toContain('is confirmed. See you then.');

    at('2026-03-06T10:10:00Z');
    await texts(setup.owner.company.slug, phone, "sorry something came up, can't make it");
    const offer = (await sentTo(phone)).at(-1)!;
    expect(offer.body).toContain('Which of these times suits you better?');
    expect(offer.body).toContain('1) Sat 7 Mar, 10:30');
    expect(offer.body).toContain('2) Mon 9 Mar, 17:00');
    await texts(setup.owner.company.slug, phone, '2');
    const moved = await reload(viewing.id);
    expect(moved.startsAt.toISOString()).toBe('2026-03-09T17:00:00.000Z');
    expect(moved.status).toBe('booked');
    // A time more than a day ahead: asked again the day before, on its own schedule.
    expect(moved.confirmedAt).toBeNull();
    expect((await sentTo(phone)).at(-1)!.body).toBe(
      "Done: your viewing of Flat 3, Oak Court is now on Monday 9 March at 17:00. We'll check with you the day before.",
    );
    const movedEmail = await smtp.waitForEmail(
      (e) => e.to.includes(email!) && e.subject.startsWith('Your viewing has moved'),
    );
    expect(movedEmail.subject).toBe('Your viewing has moved: Monday 9 March at 17:00');
    // The old Saturday time is free for others again.
    const slots = (await (
      await call('GET', `/api/chat/${setup.owner.company.slug}/slots?propertySlug=${setup.property.slug}`)
    ).json()) as ViewingTimesResponse;
    expect(slots.slots.map((slot) => slot.startsAt)).toContain(SATURDAY_10);

    at('2026-03-08T17:00:00Z');
    await runViewingMessages(app.ctx);
    expect((await sentTo(phone)).at(-1)!.body).toContain('is tomorrow, Monday 9 March at 17:00. Reply YES');
    // A question it cannot place goes to the agency.
    await texts(setup.owner.company.slug, phone, 'is there parking nearby?');
    expect((await sentTo(phone)).at(-1)!.body).toContain("I've passed your message on to");
    await smtp.waitForEmail(
      (e) => e.subject.startsWith('Message about a viewing') && e.text.includes('is there parking nearby?'),
    );
    await texts(setup.owner.company.slug, phone, 'please cancel the viewing');
    expect((await reload(viewing.id)).status).toBe('cancelled');
  });

  it('after a confirm or a move in the thread, "thanks!" is answered there and the thread stays about the viewing', async () => {
    const setup = await agency();
    const phone = newPhone();
    const { viewing } = await booked(setup, SATURDAY_10, { phone });
    // The chat ended on Wednesday, as a thread does: two days later a text is no note on it.
    at('2026-03-04T12:00:00Z');
    await finaliseIdleConversations(app.ctx);
    at('2026-03-06T10:00:00Z');
    await runViewingMessages(app.ctx);
    const slug = setup.owner.company.slug;
    const lastSent = async () => (await sentTo(phone)).at(-1)!.body;

    at('2026-03-06T10:05:00Z');
    await texts(slug, phone, 'Yes');
    await texts(slug, phone, 'thanks 👍');
    expect(await lastSent()).toBe("You're welcome! See you on Saturday 7 March at 10:00.");

    await texts(slug, phone, 'actually sorry cant make it now can we do another day');
    await texts(slug, phone, 'the 2nd one');
    expect((await reload(viewing.id)).startsAt.toISOString()).toBe('2026-03-09T17:00:00.000Z');
    // The moved viewing has not been asked about yet, but the thread that moved it still holds it:
    // no new enquiry, no second greeting.
    await texts(slug, phone, 'cool cheers');
    expect(await lastSent()).toBe("You're welcome! Your viewing is on Monday 9 March at 17:00.");
    await texts(slug, phone, 'is there parking?');
    expect(await lastSent()).toBe(
      `Thank you, I've passed your message on to ${setup.owner.company.name}. Someone will reply to you here.`,
    );
    expect(await conversationsOf(app, setup.owner.company.id)).toHaveLength(1);
    await smtp.waitForEmail(
      (e) => e.subject.startsWith('Message about a viewing') && e.text.includes('is there parking?'),
    );
    // A thank-you is nothing for the agency to answer: no email about it.
    const aboutViewing = smtp.emails.filter((e) => e.subject.startsWith('Message about a viewing'));
    expect(aboutViewing.map((e) => e.text).join('\n')).not.toMatch(/thanks|cheers/);
  });

  it('releases an unconfirmed viewing at the company’s hour, frees the time, tells agent and tenant', async () => {
    const setup = await agency();
    const patched = await call(
      'PATCH',
      `/api/companies/${setup.owner.company.id}/viewing-settings`,
      setup.owner.cookie,
      {
        releaseUnconfirmedHours: 12,
      },
    );
    expect(await patched.json()).toEqual({
      quietHours: { from: '20:00', to: '08:00' },
      releaseUnconfirmedHours: 12,
    });
    const bad = await call(
      'PATCH',
      `/api/companies/${setup.owner.company.id}/viewing-settings`,
      setup.owner.cookie,
      {
        releaseUnconfirmedHours: 30,
      },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Release must be between 1 and 23 hours');

    const { viewing, email } = await booked(setup, SATURDAY_10);
    at('2026-03-06T10:00:00Z');
    await runViewingMessages(app.ctx);
    at('2026-03-06T21:59:00Z');
    await runViewingMessages(app.ctx);
    expect((await reload(viewing.id)).status).toBe('booked');
    // Saturday 10:00 less 12 hours: Friday 22:00.
    at('2026-03-06T22:00:00Z');
    await runViewingMessages(app.ctx);
    expect((await reload(viewing.id)).status).toBe('released');
    const slots = (await (
      await call('GET', `/api/chat/${setup.owner.company.slug}/slots?propertySlug=${setup.property.slug}`)
    ).json()) as ViewingTimesResponse;
    expect(slots.slots.map((slot) => slot.startsAt)).toContain(SATURDAY_10);
    await smtp.waitForEmail(
      (e) => e.subject === 'Viewing released: Flat 3, Oak Court, Saturday 7 March at 10:00',
    );
    // 22:00 is within quiet hours: the tenant hears at 08:00.
    expect(emailsTo(email!).filter((e) => e.subject.startsWith('Viewing released'))).toHaveLength(0);
    at('2026-03-07T08:00:00Z');
    await runViewingMessages(app.ctx);
    const notice = await smtp.waitForEmail(
      (e) => e.to.includes(email!) && e.subject.startsWith('Viewing released'),
    );
    expect(notice.calendar).toContain('METHOD:CANCEL');
    const list = await saturdayViewings(setup.owner);
    expect(list.viewings.find((v) => v.id === viewing.id)?.status).toBe('released');
  });

  it('holds a request falling at 21:00 until 08:00, and says "see you soon" 2 hours before a confirmed one', async () => {
    const setup = await agency([{ day: 6, start: '21:00', end: '21:30' }]);
    const phone = newPhone();
    const { viewing } = await booked(setup, '2026-03-07T21:00:00+00:00', { phone });
    at('2026-03-06T21:00:00Z');
    await runViewingMessages(app.ctx);
    at('2026-03-07T07:59:00Z');
    await runViewingMessages(app.ctx);
    expect(await sentTo(phone)).toHaveLength(0);
    at('2026-03-07T08:00:00Z');
    await runViewingMessages(app.ctx);
    const [request] = await sentTo(phone);
    expect(request!.body).toContain('is today, Saturday 7 March at 21:00. Reply YES');
    at('2026-03-07T08:01:00Z');
    await texts(setup.owner.company.slug, phone, '👍');
    expect((await reload(viewing.id)).confirmedAt).not.toBeNull();

    // "See you soon" falls at 19:00, before quiet hours.
    at('2026-03-07T18:59:00Z');
    await runViewingMessages(app.ctx);
    expect((await sentTo(phone)).some((m) => m.body.startsWith('See you soon'))).toBe(false);
    at('2026-03-07T19:00:00Z');
    await Promise.all([runViewingMessages(app.ctx), runViewingMessages(app.ctx)]);
    const soon = (await sentTo(phone)).filter((m) => m.body.startsWith('See you soon'));
    expect(soon).toHaveLength(1);
    expect(soon[0]!.body).toContain('Address: 3 Oak Court, London SE1 2AB');
    expect(soon[0]!.body).toContain('https://www.google.com/maps/search/?api=1&query=3%20Oak%20Court');
    expect(soon[0]!.body).toContain(`Your agent: ${setup.owner.company.name}, 020 7946 0000`);
  });

  it('sends nothing for a cancelled viewing', async () => {
    const setup = await agency();
    const { viewing, email } = await booked(setup, SATURDAY_10);
    const cancelled = await call('POST', `/api/viewings/manage/${viewing.manageToken}/cancel`);
    expect(cancelled.status).toBe(200);
    at('2026-03-06T10:00:00Z');
    await runViewingMessages(app.ctx);
    expect(emailsTo(email!).filter((e) => e.subject.startsWith('Please confirm'))).toHaveLength(0);
  });
});

describe('a web chat that came from a portal enquiry: asked on the phone the enquiry gave', () => {
  const providers = setUpProviderStandIns();
  const app = setUpTestApp(() => providerUrls(providers));
  afterEach(() => setNow(undefined));

  /** An agency with the tests' viewing hours and no quiet hours, and Flat 3, Oak Court. */
  async function agency() {
    setNow(WEDNESDAY);
    const owner = await createCompanyUser(app, {
      name: unique('Elm Lettings'),
      viewingSchedule: testSchedule,
      quietHours: null,
    });
    const property = await insertProperty(app, owner.company.id, owner.company.slug, {
      propertyName: 'Flat 3, Oak Court',
      vacancyDate: '01/03/2026',
    });
    return { owner, property };
  }

  it('on WhatsApp, a day after the tenant last wrote, the request is the approved template and YES still confirms', async () => {
    const { owner, property } = await agency();
    const connected = await sendJson(
      app,
      'PUT',
      `/api/companies/${owner.company.id}/channels/whatsapp`,
      owner.cookie,
      { ...WHATSAPP, viewingReminder: 'viewing_reminder' },
    );
    expect(connected.status).toBe(200);
    const number = '447700900556';
    await whatsappSays(app, owner.company.id, number, 'Hi, is Flat 3 still available?');
    const [thread] = await conversationsOf(app, owner.company.id);
    expect(thread).toMatchObject({ channel: 'whatsapp', contactPhone: `+${number}` });
    const booking = await bookChatTime(app.ctx, {
      conversationId: thread!.id,
      propertyId: property.id,
      time: { startsAt: SATURDAY_10, label: '' },
      fields: tenantFields({ name: 'Amy Khan', phone: `+${number}` }),
    });
    if (booking.kind !== 'booked') throw new Error('not booked');

    // Friday 10:00: two days since the tenant wrote, so WhatsApp takes only an approved template.
    setNow(new Date('2026-03-06T10:00:00Z'));
    await runViewingMessages(app.ctx);
    const request = providers.whatsappCalls.filter((call) => call.to === number).at(-1)!;
    expect(request.type).toBe('template');
    expect(request.body).toMatchObject(
      templateBody('viewing_reminder', ['Amy', 'Flat 3, Oak Court', 'Saturday 7 March at 10:00']),
    );

    setNow(new Date('2026-03-06T10:05:00Z'));
    await whatsappSays(app, owner.company.id, number, 'yes');
    const [confirmed] = await app.ctx.db.select().from(viewings).where(eq(viewings.id, booking.viewing.id));
    expect(confirmed!.confirmedAt?.toISOString()).toBe('2026-03-06T10:05:00.000Z');
  });

  it('the request goes by SMS to the number its invitation went to, and YES there confirms', async () => {
    const { owner, property } = await agency();
    await connectChannel(app, owner, 'sms');
    const mobile = '+447700900555';
    const [enquiry] = await app.ctx.db
      .insert(enquiries)
      .values({
        companyId: owner.company.id,
        propertyId: property.id,
        source: 'rightmove',
        name: 'Amy Khan',
        email: `${unique('amy')}@example.test`,
        phone: '07700 900555',
        listing: { address: null, postcode: null, price: null, reference: null },
      })
      .returning();
    // The enquiry's invitation went by text; the tenant chose the link in the email instead.
    expect(await inviteEnquirerOnChannel(app.ctx, enquiry!.id)).toEqual({ kind: 'sent', channel: 'sms' });
    const token = signChatToken(app.ctx.env.sessionSecret, enquiry!.id, new Date(Date.now() + 86_400_000));
    const started = await browserFetch(app, 'POST', `/api/chat/${owner.company.slug}`, undefined, {
      message: '',
      userSessionKey: null,
      propertySlug: property.slug,
      enquiryToken: token,
    });
    const { sessionKey } = (await started.json()) as { sessionKey: string };
    const [conversation] = await conversationsOf(app, owner.company.id);
    expect(conversation).toMatchObject({ sessionKey, channel: 'web', enquiryId: enquiry!.id });
    const booking = await bookChatTime(app.ctx, {
      conversationId: conversation!.id,
      propertyId: property.id,
      time: { startsAt: SATURDAY_10, label: '' },
      fields: tenantFields({ name: 'Amy Khan', email: enquiry!.email, phone: mobile }),
    });
    if (booking.kind !== 'booked') throw new Error('not booked');

    setNow(new Date('2026-03-06T10:00:00Z'));
    await runViewingMessages(app.ctx);
    const texts = () => providers.twilioCalls.filter((call) => call.to === mobile).map((call) => call.body);
    expect(texts().at(-1)).toBe(
      `Hi Amy, your viewing of Flat 3, Oak Court with ${owner.company.name} is tomorrow, Saturday 7 March at 10:00. Reply YES to confirm or CHANGE to pick another time.`,
    );

    setNow(new Date('2026-03-06T10:05:00Z'));
    await smsSays(app, owner.company.id, mobile, 'YES');
    const [confirmed] = await app.ctx.db.select().from(viewings).where(eq(viewings.id, booking.viewing.id));
    expect(confirmed!.confirmedAt?.toISOString()).toBe('2026-03-06T10:05:00.000Z');
    expect(texts().at(-1)).toContain('is confirmed. See you then.');
    // The reply was about the viewing: no new conversation started on the thread.
    expect(await conversationsOf(app, owner.company.id)).toHaveLength(1);
  });
});
