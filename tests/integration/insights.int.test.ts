import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendWeeklySummaries } from '#server/features/insights/weekly-summary.ts';
import { setNow } from '#server/lib/clock.ts';
import type { InsightsResponse } from '#shared/schemas/insights.ts';
import { browserFetch, browserHeaders, createTestApp } from '#tests/helpers/app.ts';
import {
  type ChatSeed,
  createCompanyUser,
  insertEnquiry,
  insertFunnelChat,
  insertProperty,
  unique,
} from '#tests/helpers/factories.ts';
import { setUpCompanyUser, setUpSmtpReceiver, setUpTestApp } from '#tests/helpers/suite.ts';

type Agent = Awaited<ReturnType<typeof createCompanyUser>>;

const funnel = (
  linkOpens: number,
  chats: number,
  leadCount: number,
  viewingsBooked: number,
  viewingsAttended: number,
  letCount: number,
  enquiryCount = 0,
  medianFirstReplySeconds: number | null = null,
  viewingsConfirmed = 0,
  viewingsNoShow = 0,
) => ({
  linkOpens,
  messageThreads: 0,
  chats,
  leads: leadCount,
  viewingsBooked,
  viewingsAttended,
  viewingsConfirmed,
  viewingsNoShow,
  let: letCount,
  enquiries: enquiryCount,
  medianFirstReplySeconds,
});

describe('insights', () => {
  const smtp = setUpSmtpReceiver();
  const app = setUpTestApp(() => ({ SMTP_URL: smtp.url }));
  const owner = setUpCompanyUser(app, { name: 'Birchwood Lettings', slug: unique('birchwood') });
  const other = setUpCompanyUser(app, { name: 'Other Lettings' });
  // An agency whose tenants also write by WhatsApp and SMS (threads open no link).
  const texting = setUpCompanyUser(app, { name: 'Textwise Lettings', slug: unique('textwise') });
  let birch: { id: string; slug: string };
  let cedar: { id: string; slug: string };
  let textwiseFlat: { id: string; propertyName: string };

  beforeAll(async () => {
    birch = await insertProperty(app, owner.company.id, owner.company.slug, { propertyName: 'Birch House' });
    cedar = await insertProperty(app, owner.company.id, owner.company.slug, { propertyName: 'Cedar Flat' });
    const otherProperty = await insertProperty(app, other.company.id, other.company.slug);
    const chats: ChatSeed[] = [
      // March 2026: the clocks go forward on Sunday 29 March.
      {
        propertyId: birch.id,
        source: 'rightmove',
        at: '2026-03-02T10:00:00Z',
        turns: 3,
        lead: { status: 'let' },
        viewings: ['attended'],
      },
      {
        propertyId: birch.id,
        source: 'rightmove',
        at: '2026-03-03T10:00:00Z',
        turns: 2,
        lead: { status: 'viewing_booked' },
        viewings: ['booked'],
      },
      {
        propertyId: birch.id,
        source: 'zoopla',
        at: '2026-03-04T10:00:00Z',
        turns: 1,
        lead: { status: 'new', name: 'Nadia Awaiting' },
        viewings: ['cancelled'],
      },
      { propertyId: cedar.id, source: 'zoopla', at: '2026-03-05T10:00:00Z', turns: 0 },
      {
        propertyId: cedar.id,
        source: null,
        at: '2026-03-06T10:00:00Z',
        turns: 4,
        lead: { status: 'viewed' },
        viewings: ['cancelled', 'attended'],
      },
      // The agency link: the tenant chose Cedar Flat in the chat.
      {
        propertyId: null,
        source: 'rightmove',
        at: '2026-03-07T10:00:00Z',
        turns: 2,
        lead: { status: 'contacted', propertyId: cedar.id },
      },
      { propertyId: birch.id, source: 'rightmove', at: '2026-03-08T10:00:00Z', turns: 0 },
      // 23:30 on 31 March in London (BST): inside the period.
      { propertyId: cedar.id, source: 'facebook', at: '2026-03-31T22:30:00Z', turns: 1 },
      // Just outside: 23:30 on 28 February, and 00:30 on 1 April in London.
      {
        propertyId: birch.id,
        source: 'rightmove',
        at: '2026-02-28T23:30:00Z',
        turns: 2,
        lead: { status: 'new' },
      },
      {
        propertyId: birch.id,
        source: 'rightmove',
        at: '2026-03-31T23:30:00Z',
        turns: 2,
        lead: { status: 'new' },
      },
    ];
    for (const chat of chats) await insertFunnelChat(app, owner.company.id, chat);
    // Another agency's chat in the same days is never counted.
    await insertFunnelChat(app, other.company.id, {
      propertyId: otherProperty.id,
      source: 'rightmove',
      at: '2026-03-03T12:00:00Z',
      turns: 2,
      lead: { status: 'let' },
      viewings: ['attended'],
    });
    // The last one got no reply (an auto-reply's, say): counted as an enquiry, not in the median.
    const received = [
      [birch.id, 'rightmove', '2026-03-02T09:00:00Z', 60],
      [birch.id, 'rightmove', '2026-03-03T09:00:00Z', 180],
      [cedar.id, 'zoopla', '2026-03-04T09:00:00Z', 600],
      [birch.id, 'zoopla', '2026-03-05T09:00:00Z', null],
    ] as const;
    for (const [propertyId, source, at, replySeconds] of received) {
      await insertEnquiry(app, owner.company.id, { propertyId, source, at, replySeconds });
    }

    textwiseFlat = await insertProperty(app, texting.company.id, texting.company.slug);
    const threads: Omit<ChatSeed, 'propertyId'>[] = [
      {
        source: 'whatsapp',
        channel: 'whatsapp',
        at: '2026-03-02T10:00:00Z',
        turns: 3,
        lead: { status: 'new' },
      },
      // A thread that carries no source at all still reads as its channel, not "Direct".
      { source: null, channel: 'whatsapp', at: '2026-03-03T10:00:00Z', turns: 1 },
      { source: null, channel: 'sms', at: '2026-03-04T10:00:00Z', turns: 2, lead: { status: 'new' } },
      // A reply by WhatsApp to a Rightmove enquiry keeps the portal's source.
      {
        source: 'rightmove',
        channel: 'whatsapp',
        at: '2026-03-05T10:00:00Z',
        turns: 2,
        lead: { status: 'new' },
      },
      // The web chat: a link opened from Rightmove, and one with no source.
      { source: 'rightmove', at: '2026-03-06T10:00:00Z', turns: 0 },
      { source: null, at: '2026-03-07T10:00:00Z', turns: 1 },
    ];
    for (const thread of threads) {
      await insertFunnelChat(app, texting.company.id, { ...thread, propertyId: textwiseFlat.id });
    }
  });
  afterEach(() => setNow(undefined));

  async function getInsights(query: Record<string, string>, agent: Agent | null = owner) {
    const search = new URLSearchParams(query).toString();
    return fetch(`${app.url}/api/companies/${owner.company.id}/insights?${search}`, {
      headers: browserHeaders(app, agent?.cookie),
    });
  }

  async function readInsights(query: Record<string, string>): Promise<InsightsResponse> {
    const response = await getInsights(query);
    expect(response.status).toBe(200);
    return (await response.json()) as InsightsResponse;
  }

  it('counts the funnel per property over London days, with the median first reply', async () => {
    const body = await readInsights({ from: '2026-03-01', to: '2026-03-31', groupBy: 'property' });
    expect(body.from).toBe('2026-03-01');
    expect(body.to).toBe('2026-03-31');
    expect(body.totals).toEqual(funnel(8, 6, 5, 4, 2, 1, 4, 180));
    expect(body.groups).toEqual([
      { key: birch.id, label: 'Birch House', funnel: funnel(4, 3, 3, 3, 1, 1, 3, 120) },
      { key: cedar.id, label: 'Cedar Flat', funnel: funnel(4, 3, 2, 1, 1, 0, 1, 600) },
    ]);
  });

  it('counts the funnel per source, most leads first', async () => {
    const body = await readInsights({ from: '2026-03-01', to: '2026-03-31', groupBy: 'source' });
    expect(body.totals).toEqual(funnel(8, 6, 5, 4, 2, 1, 4, 180));
    expect(body.groups).toEqual([
      { key: 'rightmove', label: 'Rightmove', funnel: funnel(4, 3, 3, 2, 1, 1, 2, 120) },
      { key: 'zoopla', label: 'Zoopla', funnel: funnel(2, 1, 1, 1, 0, 0, 2, 600) },
      { key: null, label: 'Direct (no source)', funnel: funnel(1, 1, 1, 1, 1, 0) },
      { key: 'facebook', label: 'Facebook', funnel: funnel(1, 1, 0, 0, 0, 0) },
    ]);
  });

  it('counts WhatsApp and SMS threads apart from link opens, named by their channel per source', async () => {
    const read = async (groupBy: string) => {
      const response = await fetch(
        `${app.url}/api/companies/${texting.company.id}/insights?groupBy=${groupBy}&from=2026-03-01&to=2026-03-31`,
        { headers: browserHeaders(app, texting.cookie) },
      );
      expect(response.status).toBe(200);
      return (await response.json()) as InsightsResponse;
    };
    const bySource = await read('source');
    // Two links were opened; four threads started without one. Every one of them is a chat.
    expect(bySource.totals).toEqual({ ...funnel(2, 5, 3, 0, 0, 0), messageThreads: 4 });
    expect(bySource.groups).toEqual([
      { key: 'rightmove', label: 'Rightmove', funnel: { ...funnel(1, 1, 1, 0, 0, 0), messageThreads: 1 } },
      { key: 'whatsapp', label: 'WhatsApp', funnel: { ...funnel(0, 2, 1, 0, 0, 0), messageThreads: 2 } },
      { key: 'sms', label: 'SMS', funnel: { ...funnel(0, 1, 1, 0, 0, 0), messageThreads: 1 } },
      { key: null, label: 'Direct (no source)', funnel: funnel(1, 1, 0, 0, 0, 0) },
    ]);
    const byProperty = await read('property');
    expect(byProperty.groups).toEqual([
      { key: textwiseFlat.id, label: textwiseFlat.propertyName, funnel: bySource.totals },
    ]);
  });

  it('answers an empty funnel for a period with nothing in it', async () => {
    const body = await readInsights({ from: '2025-01-01', to: '2025-01-31' });
    expect(body.totals).toEqual(funnel(0, 0, 0, 0, 0, 0));
    expect(body.groups).toEqual([]);
  });

  it('counts a link opened in the chat page over the last 30 days by default', async () => {
    const fresh = await createCompanyUser(app, { slug: unique('fresh') });
    const property = await insertProperty(app, fresh.company.id, fresh.company.slug);
    const greeting = await fetch(`${app.url}/api/chat/${fresh.company.slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        message: '',
        userSessionKey: null,
        propertySlug: property.slug,
        src: 'facebook',
      }),
    });
    expect(greeting.status).toBe(200);
    const response = await browserFetch(
      app,
      'GET',
      `/api/companies/${fresh.company.id}/insights?groupBy=source`,
      fresh.cookie,
    );
    const body = (await response.json()) as InsightsResponse;
    expect(body.groups).toEqual([{ key: 'facebook', label: 'Facebook', funnel: funnel(1, 0, 0, 0, 0, 0) }]);
    const days = (Date.parse(body.to) - Date.parse(body.from)) / 86_400_000 + 1;
    expect(days).toBe(30);
  });

  it('refuses a bad period with a clear message, and hides another agency’s insights', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-03-31', to: '2026-03-01' }, 'The end date must not be before the start date'],
      [{ from: '2025-01-01', to: '2026-03-01' }, 'A period can be at most 366 days'],
      [{ from: '2026-02-30' }, 'That is not a real date'],
      [{ from: '1 March' }, 'Dates are written as yyyy-mm-dd'],
      [{ groupBy: 'portal' }, 'groupBy must be property or source'],
    ];
    for (const [query, message] of cases) {
      const response = await getInsights(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    expect((await getInsights({}, other)).status).toBe(404);
    expect((await getInsights({}, null)).status).toBe(401);
  });

  it('emails each owner last week’s summary on Monday, once however often the job runs', async () => {
    // Monday 9 March 2026, 08:00 London: last week is 2 to 8 March.
    setNow(new Date('2026-03-09T08:00:00Z'));
    const [first, second] = await Promise.all([sendWeeklySummaries(app.ctx), sendWeeklySummaries(app.ctx)]);
    expect(first + second).toBeGreaterThanOrEqual(2);
    const summary = await smtp.waitForEmail(
      (email) => email.to.includes(owner.email) && email.subject.startsWith('Your week'),
    );
    expect(summary.subject).toBe('Your week at Birchwood Lettings: 5 leads, 4 viewings booked');
    expect(summary.text).toContain('2 Mar 2026 – 8 Mar 2026');
    for (const line of [
      'Link opens: 7',
      'Chats: 5',
      'Leads: 5',
      'Viewings booked: 4',
      'Attended: 2',
      'Let: 1',
      'Median first reply to portal enquiries: 3 min (4 enquiries)',
      'Rightmove: 3 leads from 4 link opens',
      'Zoopla: 1 lead from 2 link opens',
      'Direct (no source): 1 lead from 1 link open',
      'Leads awaiting contact (3)',
      'Nadia Awaiting · 2 Bed Flat, Elm Road · since 4 Mar 2026',
    ]) {
      expect(summary.text).toContain(line);
    }
    expect(summary.html).toContain('Leads awaiting contact (3)');
    // The other agency had a chat last week: its own summary, none of these figures.
    const otherSummary = await smtp.waitForEmail((email) => email.to.includes(other.email));
    expect(otherSummary.text).toContain('Leads: 1');
    // Running it again that morning sends nothing more.
    expect(await sendWeeklySummaries(app.ctx)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.emails.filter((email) => email.to.includes(owner.email))).toHaveLength(1);
  });

  it('names the threads in the Monday summary without calling them link opens', async () => {
    // Monday 9 March 2026, 08:00 London: last week is 2 to 8 March. The summary may have gone
    // already (the test above runs the same morning's job): it is sent once either way.
    setNow(new Date('2026-03-09T08:00:00Z'));
    await sendWeeklySummaries(app.ctx);
    const summary = await smtp.waitForEmail(
      (email) => email.to.includes(texting.email) && email.subject.startsWith('Your week'),
    );
    for (const line of [
      '- Link opens: 2\n- WhatsApp and SMS threads: 4\n- Chats: 5',
      'Rightmove: 1 lead from 1 link open and 1 message thread',
      'WhatsApp: 1 lead from 2 message threads',
      'SMS: 1 lead from 1 message thread',
    ]) {
      expect(summary.text).toContain(line);
    }
    expect(summary.text).not.toContain('Direct (no source)');
  });
});

describe('the morning emails’ schedules', () => {
  it('registers the Monday summary for Mondays at 08:00 and the viewings agenda daily at 08:00, London time', async () => {
    const first = await createTestApp({ JOBS: 'true' });
    try {
      const { rows } = await first.database.execute(
        `select name, cron, timezone from pgboss.schedule
         where name in ('insights.weekly-summary', 'viewings.agenda') order by name`,
      );
      expect(rows).toEqual([
        { name: 'insights.weekly-summary', cron: '0 8 * * 1', timezone: 'Europe/London' },
        { name: 'viewings.agenda', cron: '0 8 * * *', timezone: 'Europe/London' },
      ]);
    } finally {
      await first.close();
    }
  }, 60_000);
});
