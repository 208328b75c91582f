import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { conversations, leads, viewings } from '#server/db/schema.ts';
import { sendDailyAgendas } from '#server/features/viewings/agent-viewings.ts';
import { bookChatTime } from '#server/features/viewings/chat-booking.ts';
import { setNow } from '#server/lib/clock.ts';
import type { ChatResponse } from '#shared/schemas/chat.ts';
import type { DashboardDto, LeadDetailDto } from '#shared/schemas/leads.ts';
import type {
  AgentViewing,
  AgentViewingList,
  ManagedViewing,
  ViewingTimesResponse,
} from '#shared/schemas/viewings.ts';
import { browserFetch } from '#tests/helpers/app.ts';
import { insertProperty, tenantFields, unique } from '#tests/helpers/factories.ts';
import type { ReceivedEmail } from '#tests/helpers/smtp.ts';
import { setUpCompanyUser, setUpSmtpReceiver, setUpTestApp } from '#tests/helpers/suite.ts';
import { firstOfferedTimes, MONDAY, testSchedule } from '#tests/helpers/viewing-schedule.ts';

const schedule = testSchedule;

const fields = (name: string, email: string) => tenantFields({ name, email });

/** The one event of an invitation, read back with a real iCalendar parser. */
function readInvitation(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
    summary: event.getFirstPropertyValue('summary'),
  };
}

describe('viewings', () => {
  const smtp = setUpSmtpReceiver();
  const app = setUpTestApp(() => ({ SMTP_URL: smtp.url }));
  const owner = setUpCompanyUser(app, { name: 'Elm Lettings', slug: unique('elm') });
  const other = setUpCompanyUser(app);
  afterEach(() => setNow(undefined));

  const call = (method: string, path: string, cookie?: string, body?: unknown) =>
    browserFetch(app, method, path, cookie, body);

  /** It is Monday 2 March 2026, and the owner has a listing free from 1 March. */
  async function listingOnMonday(propertyName?: string) {
    setNow(MONDAY);
    return insertProperty(app, owner.company.id, owner.company.slug, {
      ...(propertyName ? { propertyName } : {}),
      vacancyDate: '01/03/2026',
    });
  }

  /** A chat opened on the listing's link: its session key and its conversation's id. */
  async function openChat(propertySlug: string) {
    const response = await call('POST', `/api/chat/${owner.company.slug}`, undefined, {
      message: '',
      userSessionKey: null,
      propertySlug,
    });
    const { sessionKey } = (await response.json()) as { sessionKey: string };
    const [row] = await app.ctx.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.sessionKey, sessionKey));
    return { sessionKey, conversationId: row!.id };
  }

  const emailsTo = (to: string) => smtp.emails.filter((email) => email.to.includes(to));
  const lastEmail = (to: string): ReceivedEmail => emailsTo(to).at(-1)!;

  it('validates the schedule with messages a negotiator understands', async () => {
    const response = await call('PUT', `/api/companies/${owner.company.id}/viewing-schedule`, owner.cookie, {
      ...schedule,
      windows: [
        { day: 1, start: '17:00', end: '16:00' },
        { day: 2, start: '17:00', end: '19:00' },
        { day: 2, start: '18:00', end: '20:00' },
      ],
      slotMinutes: 0,
    });
    expect(response.status).toBe(400);
    const text = JSON.stringify(await response.json());
    expect(text).toContain('Monday: the end time must be after the start time');
    expect(text).toContain('Tuesday: 18:00–20:00 overlaps 17:00–19:00');
    expect(text).toContain('Viewing length must be between 5 and 240 minutes');

    const saved = await call(
      'PUT',
      `/api/companies/${owner.company.id}/viewing-schedule`,
      owner.cookie,
      schedule,
    );
    expect(saved.status).toBe(200);
    const read = await call('GET', `/api/companies/${owner.company.id}/viewing-schedule`, owner.cookie);
    expect(await read.json()).toEqual(schedule);
    // Another company's schedule is not found, as if it did not exist.
    const foreign = await call('GET', `/api/companies/${owner.company.id}/viewing-schedule`, other.cookie);
    expect(foreign.status).toBe(404);
  });

  it('books, never twice, and emails an invitation at the right London time; the manage link moves then cancels it', async () => {
    const property = await listingOnMonday('Flat 3, Oak Court');
    const slotsResponse = await call(
      'GET',
      `/api/chat/${owner.company.slug}/slots?propertySlug=${property.slug}`,
    );
    const { slots } = (await slotsResponse.json()) as ViewingTimesResponse;
    expect(slots.slice(0, 3)).toEqual([
      { startsAt: '2026-03-02T17:00:00+00:00', label: 'Mon 2 Mar, 17:00' },
      { startsAt: '2026-03-02T17:30:00+00:00', label: 'Mon 2 Mar, 17:30' },
      { startsAt: '2026-03-07T10:00:00+00:00', label: 'Sat 7 Mar, 10:00' },
    ]);

    const tenant = `${unique('sarah')}@example.test`;
    const saturday = slots[2]!;
    const first = await bookChatTime(app.ctx, {
      conversationId: (await openChat(property.slug)).conversationId,
      propertyId: property.id,
      time: saturday,
      fields: fields('Sarah Jones', tenant),
    });
    expect(first.kind).toBe('booked');
    const viewing = first.kind === 'booked' ? first.viewing : null;

    // Someone else picks the same single-party slot: taken, and offered the others.
    const second = await bookChatTime(app.ctx, {
      conversationId: (await openChat(property.slug)).conversationId,
      propertyId: property.id,
      time: saturday,
      fields: fields('Tom Brown', `${unique('tom')}@example.test`),
    });
    expect(second.kind).toBe('taken');
    if (second.kind === 'taken') expect(second.times.map((s) => s.startsAt)).not.toContain(saturday.startsAt);
    const after = (await (
      await call('GET', `/api/chat/${owner.company.slug}/slots?propertySlug=${property.slug}`)
    ).json()) as ViewingTimesResponse;
    expect(after.slots.map((s) => s.startsAt)).not.toContain(saturday.startsAt);

    const confirmation = await smtp.waitForEmail((email) => email.to.includes(tenant));
    expect(confirmation.subject).toBe('Your viewing is booked: Saturday 7 March at 10:00');
    const invite = readInvitation(confirmation.calendar!);
    expect(invite).toMatchObject({ method: 'REQUEST', sequence: 0, summary: 'Viewing: Flat 3, Oak Court' });
    expect(invite.start.toISOString()).toBe('2026-03-07T10:00:00.000Z');
    const agentNotice = await smtp.waitForEmail((email) => email.subject.startsWith('New viewing: Flat 3'));
    expect(agentNotice.text).toContain('Sarah Jones booked a viewing');

    const token = viewing!.manageToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(confirmation.links).toContain(`${app.ctx.env.appUrl}/viewings/${token}`);
    const managed = (await (await call('GET', `/api/viewings/manage/${token}`)).json()) as ManagedViewing;
    expect(managed).toMatchObject({ status: 'booked', label: 'Sat 7 Mar, 10:00', isPast: false });
    expect(managed.slots.map((s) => s.startsAt)).not.toContain(saturday.startsAt);

    // Reschedule to Saturday 10:30: the same UID, SEQUENCE 1, the agent told.
    const moved = await call('POST', `/api/viewings/manage/${token}/reschedule`, undefined, {
      startsAt: '2026-03-07T10:30:00+00:00',
    });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as ManagedViewing).label).toBe('Sat 7 Mar, 10:30');
    const movedEmail = await smtp.waitForEmail((email) => email.subject.startsWith('Your viewing has moved'));
    const movedInvite = readInvitation(movedEmail.calendar!);
    expect(movedInvite).toMatchObject({ method: 'REQUEST', sequence: 1, uid: invite.uid });
    expect(movedInvite.start.toISOString()).toBe('2026-03-07T10:30:00.000Z');
    await smtp.waitForEmail((email) => email.subject.startsWith('Viewing moved: Flat 3'));

    // A slot that is not free is refused with a clear message.
    const taken = await call('POST', `/api/viewings/manage/${token}/reschedule`, undefined, {
      startsAt: '2026-03-07T11:30:00+00:00',
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      message: 'Sorry, that time is no longer free. Please choose another.',
    });

    // Cancel: METHOD:CANCEL with a newer SEQUENCE; the agent told; the page shows the state.
    const cancelled = await call('POST', `/api/viewings/manage/${token}/cancel`);
    expect(((await cancelled.json()) as ManagedViewing).status).toBe('cancelled');
    const cancelEmail = await smtp.waitForEmail((email) =>
      email.subject.startsWith('Viewing cancelled: Sat'),
    );
    expect(readInvitation(cancelEmail.calendar!)).toMatchObject({
      method: 'CANCEL',
      sequence: 2,
      uid: invite.uid,
    });
    await smtp.waitForEmail((email) => email.subject.startsWith('Viewing cancelled: Flat 3'));
    const again = await call('POST', `/api/viewings/manage/${token}/reschedule`, undefined, {
      startsAt: '2026-03-07T10:00:00+00:00',
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'This viewing has been cancelled.' });

    const unknown = await call('GET', `/api/viewings/manage/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    // A link cut short (a mail app wrapped it) reads as a bad link too, not as a validation error.
    const cutShort = await call('GET', `/api/viewings/manage/${token.slice(0, 12)}`);
    expect(cutShort.status).toBe(400);
    expect(((await cutShort.json()) as { message: string }).message).toBe(
      'This viewing link is not valid. Please check the link in your email.',
    );
  });

  it('a tenant on a property link qualifies, is offered slots, types "the second one" and is booked', async () => {
    const property = await listingOnMonday('Flat 7, Mill Yard');
    const chat = `/api/chat/${owner.company.slug}`;
    const say = async (body: Record<string, unknown>) => {
      const response = await call('POST', chat, undefined, body);
      expect(response.status).toBe(200);
      return (await response.json()) as ChatResponse;
    };
    const { sessionKey } = await say({ message: '', userSessionKey: null, propertySlug: property.slug });
    const tenant = `${unique('lucy')}@example.test`;
    const answers = [
      '2 of us, both nurses, £58k together, could move in on 01/04/2026',
      'Lucy Green',
      `${tenant} and 07700 900123`,
    ];
    let last: ChatResponse | undefined;
    for (const message of answers) last = await say({ message, userSessionKey: sessionKey });
    expect(last!.response).toMatch(/is that all correct/i);
    const offer = await say({ message: 'yes', userSessionKey: sessionKey });
    expect(offer.quickReplies).toEqual(firstOfferedTimes);
    const booked = await say({ message: 'the second one', userSessionKey: sessionKey });
    expect(booked.response).toBe(
      'Thank you for confirming the information. Your viewing is booked for Saturday 7 March at 10:00. Have a great day!',
    );
    expect(booked.isComplete).toBe(true);
    expect(booked.viewing).toMatchObject({
      startsAt: '2026-03-07T10:00:00+00:00',
      label: 'Sat 7 Mar, 10:00',
    });
    expect(booked.viewing!.manageUrl).toMatch(
      new RegExp(`^${app.ctx.env.appUrl}/viewings/[A-Za-z0-9_-]{43}$`),
    );

    const confirmation = await smtp.waitForEmail((email) => email.to.includes(tenant));
    expect(confirmation.subject).toBe('Your viewing is booked: Saturday 7 March at 10:00');
    expect(readInvitation(confirmation.calendar!).start.toISOString()).toBe('2026-03-07T10:00:00.000Z');
    expect(confirmation.links).toContain(booked.viewing!.manageUrl);

    // Someone else now picks the same Saturday 10:00 from an older offer: an apology, other times.
    const second = await say({ message: '', userSessionKey: null, propertySlug: property.slug });
    for (const message of [
      '1 of us, teacher, £40k, could move in on 01/04/2026',
      'Tom Reed',
      `${unique('tom')}@example.test`,
    ])
      await say({ message, userSessionKey: second.sessionKey });
    const secondOffer = await say({ message: 'yes', userSessionKey: second.sessionKey });
    expect(secondOffer.quickReplies).not.toContain('Sat 7 Mar, 10:00');
  });

  it('shows the agent the week, marks attended, keeps other companies out, and feeds a calendar', async () => {
    const property = await listingOnMonday('Flat 9, Birch House');
    const { id } = await bookInChat(
      (await openChat(property.slug)).conversationId,
      property.id,
      { startsAt: '2026-03-02T17:00:00+00:00', label: 'Mon 2 Mar, 17:00' },
      'Priya Shah',
    );

    const list = (await (
      await call(
        'GET',
        `/api/companies/${owner.company.id}/viewings?from=2026-03-02&to=2026-03-08`,
        owner.cookie,
      )
    ).json()) as AgentViewingList;
    expect(list.viewings.find((v) => v.id === id)).toMatchObject({
      tenantName: 'Priya Shah',
      propertyName: 'Flat 9, Birch House',
      label: 'Mon 2 Mar, 17:00',
      status: 'booked',
    });
    const foreignList = await call('GET', `/api/companies/${owner.company.id}/viewings`, other.cookie);
    expect(foreignList.status).toBe(404);
    const foreignPatch = await call('PATCH', `/api/viewings/${id}`, other.cookie, { status: 'cancelled' });
    expect(foreignPatch.status).toBe(404);

    const early = await call('PATCH', `/api/viewings/${id}`, owner.cookie, { status: 'attended' });
    expect(early.status).toBe(409);
    setNow(new Date('2026-03-02T17:40:00Z'));
    const attended = await call('PATCH', `/api/viewings/${id}`, owner.cookie, { status: 'attended' });
    expect(attended.status).toBe(200);
    expect(((await attended.json()) as AgentViewing).status).toBe('attended');

    const feed = (await (
      await call('GET', `/api/companies/${owner.company.id}/calendar-feed`, owner.cookie)
    ).json()) as {
      url: string;
    };
    const feedPath = new URL(feed.url).pathname;
    const ics = await fetch(`${app.url}${feedPath}`);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(await ics.text()));
    const events = calendar.getAllSubcomponents('vevent');
    const event = events.find((e) => String(e.getFirstPropertyValue('summary')).includes('Birch House'));
    expect((event!.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(
      '2026-03-02T17:00:00.000Z',
    );
    // The tenant's number as the dashboard shows it, ready to tap.
    expect(String(event!.getFirstPropertyValue('description'))).toContain('Phone: 07700 900123');
    // Replacing the token retires the old address.
    const replaced = await call('POST', `/api/companies/${owner.company.id}/calendar-feed`, owner.cookie);
    expect(replaced.status).toBe(200);
    expect((await fetch(`${app.url}${feedPath}`)).status).toBe(404);
  });

  it('sends the day’s agenda, and cancels future viewings when their property is deleted', async () => {
    const property = await listingOnMonday('Flat 2, Ash Lane');
    const tenant = `${unique('joe')}@example.test`;
    const booking = await bookChatTime(app.ctx, {
      conversationId: (await openChat(property.slug)).conversationId,
      propertyId: property.id,
      time: { startsAt: '2026-03-02T17:30:00+00:00', label: 'Mon 2 Mar, 17:30' },
      fields: fields('Joe Bloggs', tenant),
    });
    expect(booking.kind).toBe('booked');
    setNow(new Date('2026-03-02T08:00:00Z'));
    expect(await sendDailyAgendas(app.ctx)).toBeGreaterThanOrEqual(1);
    const agenda = await smtp.waitForEmail((email) => email.subject.startsWith("Today's viewings"));
    expect(agenda.text).toContain('17:30 · Flat 2, Ash Lane · Joe Bloggs');

    setNow(MONDAY);
    const deleted = await call('DELETE', `/api/properties/${property.id}`, owner.cookie);
    expect(deleted.status).toBeLessThan(300);
    const cancel = await smtp.waitForEmail(
      (email) => email.to.includes(tenant) && email.subject.startsWith('Viewing cancelled'),
    );
    expect(cancel.text).toContain('Flat 2, Ash Lane is no longer available');
    expect(readInvitation(cancel.calendar!).method).toBe('CANCEL');
    const [row] = await app.ctx.db.select().from(viewings).where(eq(viewings.tenantEmail, tenant));
    expect(row!.status).toBe('cancelled');
    expect(lastEmail(tenant).subject).toContain('Viewing cancelled');
  });

  /** A chat in which the tenant answered something (so that ending it makes a lead). */
  async function answeredChat(propertySlug: string) {
    const chat = await openChat(propertySlug);
    const said = await call('POST', `/api/chat/${owner.company.slug}`, undefined, {
      message: '2 of us, both nurses, £58k together',
      userSessionKey: chat.sessionKey,
      conversationHistory: [],
    });
    expect(said.status).toBe(200);
    return chat;
  }

  /** Books `startsAt` in the chat `conversationId` as the chat does, for `tenant`; the viewing it made. */
  async function bookInChat(
    conversationId: string,
    propertyId: string,
    slot: { startsAt: string; label: string },
    tenant: string,
  ) {
    const email = `${unique(tenant.split(' ')[0]!.toLowerCase())}@example.test`;
    const booking = await bookChatTime(app.ctx, {
      conversationId,
      propertyId,
      time: slot,
      fields: fields(tenant, email),
    });
    if (booking.kind !== 'booked') throw new Error('not booked');
    return booking.viewing;
  }

  /** A listing on Monday and an ended chat about it that booked `slot` for `tenant`, so its lead has the viewing. */
  async function chatThatBooked(
    propertyName: string,
    slot: { startsAt: string; label: string },
    tenant: string,
  ) {
    const property = await listingOnMonday(propertyName);
    const chat = await answeredChat(property.slug);
    const viewing = await bookInChat(chat.conversationId, property.id, slot, tenant);
    await endChat(chat.sessionKey);
    return { property, chat, viewing };
  }

  async function endChat(sessionKey: string) {
    const ended = await call('POST', `/api/chat/${owner.company.slug}/end`, undefined, {
      userSessionKey: sessionKey,
    });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ leadCreated: true });
  }

  async function leadOf(conversationId: string) {
    const [lead] = await app.ctx.db
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.conversationId, conversationId));
    const detail = await call('GET', `/api/leads/${lead!.id}`, owner.cookie);
    expect(detail.status).toBe(200);
    return (await detail.json()) as LeadDetailDto;
  }

  it('gives the lead of a chat that booked a viewing its viewing, and follows the viewing', async () => {
    const { chat, viewing } = await chatThatBooked(
      'Flat 5, Rowan Mews',
      { startsAt: '2026-03-07T10:30:00+00:00', label: 'Sat 7 Mar, 10:30' },
      'Nia Evans',
    );

    const lead = await leadOf(chat.conversationId);
    expect(lead).toMatchObject({
      status: 'viewing_booked',
      viewingAt: '2026-03-07T10:30:00.000Z',
      viewingStatus: 'booked',
    });
    expect(lead.activity.map((entry) => entry.kind).sort()).toEqual(['created', 'viewing_booked']);
    expect(lead.activity.find((entry) => entry.kind === 'viewing_booked')?.detail).toMatchObject({
      viewingId: viewing.id,
    });
    const dashboard = (await (
      await call('GET', `/api/companies/${owner.company.id}/dashboard`, owner.cookie)
    ).json()) as DashboardDto;
    expect(dashboard.leads.find((row) => row.id === lead.id)).toMatchObject({
      status: 'viewing_booked',
      viewingAt: '2026-03-07T10:30:00.000Z',
      viewingStatus: 'booked',
    });

    // The viewing attended: the lead moves on to viewed, and shows the viewing attended.
    setNow(new Date('2026-03-07T11:10:00Z'));
    const attended = await call('PATCH', `/api/viewings/${viewing.id}`, owner.cookie, {
      status: 'attended',
    });
    expect(attended.status).toBe(200);
    expect(await leadOf(chat.conversationId)).toMatchObject({
      status: 'viewed',
      viewingAt: '2026-03-07T10:30:00.000Z',
      viewingStatus: 'attended',
    });

    const csv = await (
      await call('GET', `/api/companies/${owner.company.id}/leads.csv`, owner.cookie)
    ).text();
    const [header, ...rows] = csv.replace('\uFEFF', '').split('\r\n');
    expect(header!.endsWith(',Status,Lost reason,Viewing,Viewing status,Assignee,Source')).toBe(true);
    expect(rows.some((row) => row.includes(',Viewed,,2026-03-07 10:30,Attended,,'))).toBe(true);
  });

  it('moves a lead that already exists when its conversation books a viewing', async () => {
    const property = await listingOnMonday('Flat 6, Rowan Mews');
    const chat = await answeredChat(property.slug);
    await endChat(chat.sessionKey);
    expect(await leadOf(chat.conversationId)).toMatchObject({
      status: 'new',
      viewingAt: null,
      viewingStatus: null,
    });

    const booking = await bookChatTime(app.ctx, {
      conversationId: chat.conversationId,
      propertyId: property.id,
      time: { startsAt: '2026-03-02T17:30:00+00:00', label: 'Mon 2 Mar, 17:30' },
      fields: fields('Owen Price', `${unique('owen')}@example.test`),
    });
    expect(booking.kind).toBe('booked');
    const lead = await leadOf(chat.conversationId);
    expect(lead).toMatchObject({
      status: 'viewing_booked',
      viewingAt: '2026-03-02T17:30:00.000Z',
      viewingStatus: 'booked',
    });
    expect(lead.activity.map((entry) => entry.kind)).toContain('viewing_booked');
  });

  it('records each move and cancellation on the lead: by the tenant, by the agent, by a deleted property', async () => {
    const property = await listingOnMonday('Flat 7, Rowan Mews');
    const chat = await answeredChat(property.slug);
    await endChat(chat.sessionKey);
    const book = (startsAt: string, label: string) =>
      bookInChat(chat.conversationId, property.id, { startsAt, label }, 'Ffion Hughes');
    const activity = async (kind: string) =>
      (await leadOf(chat.conversationId)).activity
        .filter((entry) => entry.kind === kind)
        .map(({ actor, detail }) => ({ actor: actor?.id ?? null, detail }));

    // The tenant moves it on the manage page, then the agent moves it and cancels it.
    const first = await book('2026-03-07T10:00:00+00:00', 'Sat 7 Mar, 10:00');
    const byTenant = await call('POST', `/api/viewings/manage/${first.manageToken}/reschedule`, undefined, {
      startsAt: '2026-03-07T10:30:00+00:00',
    });
    expect(byTenant.status).toBe(200);
    const byAgent = await call('PATCH', `/api/viewings/${first.id}`, owner.cookie, {
      status: 'booked',
      startsAt: '2026-03-02T17:00:00+00:00',
    });
    expect(byAgent.status).toBe(200);
    expect(
      (await call('PATCH', `/api/viewings/${first.id}`, owner.cookie, { status: 'cancelled' })).status,
    ).toBe(200);
    // Booked again, cancelled by the tenant; booked once more, gone with its property.
    const second = await book('2026-03-02T17:30:00+00:00', 'Mon 2 Mar, 17:30');
    expect((await call('POST', `/api/viewings/manage/${second.manageToken}/cancel`)).status).toBe(200);
    const third = await book('2026-03-07T10:00:00+00:00', 'Sat 7 Mar, 10:00');
    expect((await call('DELETE', `/api/properties/${property.id}`, owner.cookie)).status).toBeLessThan(300);

    // Newest first.
    expect(await activity('viewing_moved')).toEqual([
      {
        actor: owner.userId,
        detail: {
          viewingId: first.id,
          from: '2026-03-07T10:30:00.000Z',
          startsAt: '2026-03-02T17:00:00.000Z',
          by: 'agent',
        },
      },
      {
        actor: null,
        detail: {
          viewingId: first.id,
          from: '2026-03-07T10:00:00.000Z',
          startsAt: '2026-03-07T10:30:00.000Z',
          by: 'tenant',
        },
      },
    ]);
    expect(await activity('viewing_cancelled')).toEqual([
      { actor: null, detail: { viewingId: third.id, startsAt: '2026-03-07T10:00:00.000Z', by: 'property' } },
      { actor: null, detail: { viewingId: second.id, startsAt: '2026-03-02T17:30:00.000Z', by: 'tenant' } },
      {
        actor: owner.userId,
        detail: { viewingId: first.id, startsAt: '2026-03-02T17:00:00.000Z', by: 'agent' },
      },
    ]);
    expect((await activity('viewing_booked')).map(({ detail }) => detail.viewingId)).toEqual([
      third.id,
      second.id,
      first.id,
    ]);
  });

  it('takes a cancelled viewing off the lead: back to its status before the booking, unless a person moved it', async () => {
    const property = await listingOnMonday('Flat 8, Rowan Mews');
    const bookIn = (conversationId: string, startsAt: string, label: string) =>
      bookInChat(conversationId, property.id, { startsAt, label }, 'Cerys Lloyd');
    const patchLead = async (id: string, status: string) =>
      expect((await call('PATCH', `/api/leads/${id}`, owner.cookie, { status })).status).toBe(200);

    // Booked in the chat, then the lead made: the tenant's cancellation leaves it new.
    const booked = await answeredChat(property.slug);
    const first = await bookIn(booked.conversationId, '2026-03-07T10:00:00+00:00', 'Sat 7 Mar, 10:00');
    await endChat(booked.sessionKey);
    expect((await call('POST', `/api/viewings/manage/${first.manageToken}/cancel`)).status).toBe(200);
    const reverted = await leadOf(booked.conversationId);
    expect(reverted).toMatchObject({ status: 'new', viewingStatus: 'cancelled' });
    // The two newest entries, written by the same cancellation (on the embedded database they can
    // carry the same instant, so either may be listed first).
    expect(reverted.activity.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'status_changed',
          actor: null,
          detail: { from: 'viewing_booked', to: 'new' },
        }),
        expect.objectContaining({
          kind: 'viewing_cancelled',
          detail: expect.objectContaining({ by: 'tenant' }),
        }),
      ]),
    );

    // Contacted by the agent, then booked: the agent's cancellation takes it back to contacted.
    const contacted = await answeredChat(property.slug);
    await endChat(contacted.sessionKey);
    await patchLead((await leadOf(contacted.conversationId)).id, 'contacted');
    const second = await bookIn(contacted.conversationId, '2026-03-07T10:30:00+00:00', 'Sat 7 Mar, 10:30');
    expect((await leadOf(contacted.conversationId)).status).toBe('viewing_booked');
    expect(
      (await call('PATCH', `/api/viewings/${second.id}`, owner.cookie, { status: 'cancelled' })).status,
    ).toBe(200);
    expect((await leadOf(contacted.conversationId)).status).toBe('contacted');

    // Moved on by a person after the booking (applied), or set booked by a person: left as they set it.
    for (const status of ['applied', 'viewing_booked']) {
      const chat = await answeredChat(property.slug);
      const viewing = await bookIn(chat.conversationId, '2026-03-02T17:00:00+00:00', 'Mon 2 Mar, 17:00');
      await endChat(chat.sessionKey);
      const lead = await leadOf(chat.conversationId);
      if (status === 'viewing_booked') await patchLead(lead.id, 'contacted');
      await patchLead(lead.id, status);
      expect((await call('POST', `/api/viewings/manage/${viewing.manageToken}/cancel`)).status).toBe(200);
      expect((await leadOf(chat.conversationId)).status).toBe(status);
    }
  });

  it('moves the availability that named the booked time when the viewing moves', async () => {
    const { chat, viewing } = await chatThatBooked(
      'Flat 9, Rowan Mews',
      { startsAt: '2026-03-07T10:00:00+00:00', label: 'Sat 7 Mar, 10:00' },
      'Rhys Owen',
    );
    // As the chat stores a booked time for the tenant's availability (dialogue.ts, confirmViewing).
    await app.ctx.db
      .update(leads)
      .set({ availability: 'Saturday 7 March at 10:00' })
      .where(eq(leads.conversationId, chat.conversationId));
    expect((await leadOf(chat.conversationId)).availability).toBe('Saturday 7 March at 10:00');
    const moved = await call('POST', `/api/viewings/manage/${viewing.manageToken}/reschedule`, undefined, {
      startsAt: '2026-03-02T17:30:00+00:00',
    });
    expect(moved.status).toBe(200);
    const lead = await leadOf(chat.conversationId);
    expect(lead).toMatchObject({
      availability: 'Monday 2 March at 17:30',
      viewingAt: '2026-03-02T17:30:00.000Z',
      viewingStatus: 'booked',
      status: 'viewing_booked',
    });
  });
});
