import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatTranscripts, conversations, leads } from '#server/db/schema.ts';
import { type DashboardDto, dashboardSchema, type LeadDetailDto } from '#shared/schemas/leads.ts';
import { browserFetch } from '#tests/helpers/app.ts';
import {
  createCompanyUser,
  insertChat,
  insertLead,
  insertProperty,
  scoreBreakdown,
  unique,
} from '#tests/helpers/factories.ts';
import { sampleLead } from '#tests/helpers/sample-lead.ts';
import { setUpCompanyUser, setUpTestApp } from '#tests/helpers/suite.ts';

/** The conversation of the chat every lead here comes from. */
const messages = [
  {
    id: 'm1',
    sender: 'ai' as const,
    content: 'Hello! I am the AI assistant for Elm Lettings.',
    timestamp: '2025-01-05T15:00:00.000Z',
  },
  {
    id: 'm2',
    sender: 'user' as const,
    content: 'Hi, 2 of us, both nurses, £42k together',
    timestamp: '2025-01-05T15:01:00.000Z',
  },
];

describe('leads API', () => {
  const app = setUpTestApp();
  const owner = setUpCompanyUser(app, { name: 'Elm Lettings', slug: unique('elm-lettings') });
  const other = setUpCompanyUser(app);

  const request = (method: string, path: string, cookie: string | undefined) =>
    browserFetch(app, method, path, cookie);

  /** A finished chat as the chat feature stores it: conversation, transcript and lead. */
  async function insertChatLead(companyId: string, overrides: Parameters<typeof insertLead>[2] = {}) {
    const chat = await insertChat(app.ctx.db, companyId, {
      conversation: {
        messages,
      },
      transcript: { content: 'AI: Hello!\nUser: Hi, 2 of us' },
      lead: { scoreBreakdown, ...overrides },
    });
    return { ...chat, lead: chat.lead! };
  }

  describe('GET /api/companies/{id}/dashboard', () => {
    it('returns the company, its counts and only its own leads, newest first', async () => {
      const company = await createCompanyUser(app, { accountType: 'small', currentCount: 80 });
      await insertProperty(app, company.company.id, company.company.slug);
      await insertProperty(app, company.company.id, company.company.slug);
      const older = await insertLead(app.ctx.db, company.company.id, {
        name: 'Older Lead',
        createdAt: new Date('2025-01-05T15:07:00.123Z'),
      });
      const newer = await insertLead(app.ctx.db, company.company.id, {
        name: 'Newer Lead',
        propertyName: 'any',
        propertyLocation: null,
        rating: null,
        score: null,
        createdAt: new Date('2025-02-05T15:07:00Z'),
      });
      await insertLead(app.ctx.db, other.company.id, { name: 'Not mine' });

      const response = await request('GET', `/api/companies/${company.company.id}/dashboard`, company.cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = dashboardSchema.parse(await response.json());
      expect(body.company).toMatchObject({
        id: company.company.id,
        name: company.company.name,
        accountType: 'small',
        currentCount: 80,
        accountLimit: 500,
      });
      expect(body.stats).toEqual({ totalLeads: 2, totalProperties: 2 });
      expect(body.leads.map((lead) => lead.id)).toEqual([newer.id, older.id]);
      expect(body.leads[1]).toEqual({
        id: older.id,
        createdAt: '2025-01-05T15:07:00.123Z',
        propertyId: null,
        ...sampleLead,
        name: 'Older Lead',
        email: older.email,
        availabilityDates: [],
        status: 'new',
        lostReason: null,
        assigneeId: null,
        passedOnQuestions: [],
        personRequested: false,
        source: null,
        enquiryId: null,
        viewingAt: null,
        viewingStatus: null,
        channel: 'web',
        deliveryFailed: false,
      });
      expect(body.leads[0]).toMatchObject({ propertyName: 'any', propertyLocation: null, rating: null });
    });

    it('compresses the list for a browser that accepts gzip', async () => {
      const company = await createCompanyUser(app);
      for (let i = 0; i < 20; i += 1) await insertLead(app.ctx.db, company.company.id);
      const response = await fetch(`${app.url}/api/companies/${company.company.id}/dashboard`, {
        headers: { cookie: company.cookie, 'accept-encoding': 'br, gzip' },
      });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(dashboardSchema.parse(await response.json()).leads).toHaveLength(20);
    });

    it('answers a company with nothing yet with zeros', async () => {
      const company = await createCompanyUser(app);
      const body = (await (
        await request('GET', `/api/companies/${company.company.id}/dashboard`, company.cookie)
      ).json()) as DashboardDto;
      expect(body.stats).toEqual({ totalLeads: 0, totalProperties: 0 });
      expect(body.leads).toEqual([]);
    });

    it("answers another company's id with 404 and signed out with 401", async () => {
      expect(
        (await request('GET', `/api/companies/${other.company.id}/dashboard`, owner.cookie)).status,
      ).toBe(404);
      expect((await request('GET', '/api/companies/not-a-uuid/dashboard', owner.cookie)).status).toBe(404);
      expect((await request('GET', `/api/companies/${owner.company.id}/dashboard`, undefined)).status).toBe(
        401,
      );
    });
  });

  describe('GET /api/leads/{id}', () => {
    it('returns the lead with its score breakdown and the whole conversation', async () => {
      const { lead, transcript } = await insertChatLead(owner.company.id);
      const response = await request('GET', `/api/leads/${lead.id}`, owner.cookie);
      expect(response.status).toBe(200);
      const body = (await response.json()) as LeadDetailDto;
      expect(body).toMatchObject({
        id: lead.id,
        name: 'Sarah Jones',
        income: '£42,000 per year',
        annualIncome: 42000,
        rating: '8',
        score: 8,
        scoreBreakdown,
      });
      expect(body.transcript).toEqual({
        id: transcript.id,
        createdAt: transcript.createdAt.toISOString(),
        content: 'AI: Hello!\nUser: Hi, 2 of us',
        messages,
      });
    });

    it('copes with a lead that has no transcript and an unreadable breakdown', async () => {
      const lead = await insertLead(app.ctx.db, owner.company.id, { scoreBreakdown: { something: 'else' } });
      const body = (await (
        await request('GET', `/api/leads/${lead.id}`, owner.cookie)
      ).json()) as LeadDetailDto;
      expect(body.scoreBreakdown).toBeNull();
      expect(body.transcript).toBeNull();
    });

    it("answers another company's lead, an unknown id and signed out with 404/404/401", async () => {
      const { lead } = await insertChatLead(other.company.id);
      expect((await request('GET', `/api/leads/${lead.id}`, owner.cookie)).status).toBe(404);
      expect(
        (await request('GET', '/api/leads/00000000-0000-4000-8000-000000000000', owner.cookie)).status,
      ).toBe(404);
      expect((await request('GET', '/api/leads/nope', owner.cookie)).status).toBe(404);
      expect((await request('GET', `/api/leads/${lead.id}`, undefined)).status).toBe(401);
    });
  });

  describe('DELETE /api/leads/{id}', () => {
    it('erases the lead, its transcript and its conversation', async () => {
      const { lead, conversation, transcript } = await insertChatLead(owner.company.id);
      const keep = await insertChatLead(owner.company.id);
      const response = await request('DELETE', `/api/leads/${lead.id}`, owner.cookie);
      expect(response.status).toBe(204);

      const db = app.ctx.db;
      expect(await db.select().from(leads).where(eq(leads.id, lead.id))).toEqual([]);
      expect(await db.select().from(chatTranscripts).where(eq(chatTranscripts.id, transcript.id))).toEqual(
        [],
      );
      expect(await db.select().from(conversations).where(eq(conversations.id, conversation.id))).toEqual([]);
      // The company's other leads are untouched.
      expect(await db.select().from(leads).where(eq(leads.id, keep.lead.id))).toHaveLength(1);
      expect(
        await db.select().from(chatTranscripts).where(eq(chatTranscripts.id, keep.transcript.id)),
      ).toHaveLength(1);

      const dashboard = (await (
        await request('GET', `/api/companies/${owner.company.id}/dashboard`, owner.cookie)
      ).json()) as DashboardDto;
      expect(dashboard.leads.map((l) => l.id)).not.toContain(lead.id);
      expect((await request('DELETE', `/api/leads/${lead.id}`, owner.cookie)).status).toBe(404);
    });

    it('deletes a lead that has no transcript', async () => {
      const lead = await insertLead(app.ctx.db, owner.company.id);
      expect((await request('DELETE', `/api/leads/${lead.id}`, owner.cookie)).status).toBe(204);
    });

    it("answers another company's lead with 404 and keeps it", async () => {
      const { lead, transcript } = await insertChatLead(other.company.id);
      expect((await request('DELETE', `/api/leads/${lead.id}`, owner.cookie)).status).toBe(404);
      expect((await request('DELETE', '/api/leads/nope', owner.cookie)).status).toBe(404);
      expect((await request('DELETE', `/api/leads/${lead.id}`, undefined)).status).toBe(401);
      expect(await app.ctx.db.select().from(leads).where(eq(leads.id, lead.id))).toHaveLength(1);
      expect(
        await app.ctx.db.select().from(chatTranscripts).where(eq(chatTranscripts.id, transcript.id)),
      ).toHaveLength(1);
    });
  });

  describe('GET /api/companies/{id}/leads.csv', () => {
    it('downloads every lead with every column, formulas neutralised', async () => {
      const company = await createCompanyUser(app, { slug: unique('csv-lettings') });
      await insertLead(app.ctx.db, company.company.id, {
        name: '=HYPERLINK("http://evil.example")',
        createdAt: new Date('2025-01-05T15:07:00Z'),
        scoreBreakdown,
      });
      await insertLead(app.ctx.db, company.company.id, {
        name: 'Plain Name',
        createdAt: new Date('2025-01-04T09:00:00Z'),
      });
      const response = await request('GET', `/api/companies/${company.company.id}/leads.csv`, company.cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="leads-${company.company.slug}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      // The byte order mark tells Excel the file is UTF-8 (the £ signs).
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      const lines = text.slice(1).trimEnd().split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[0]).toBe(
        'Date/Time,Property,Location,Price,Beds,Name,Email,Contact,Income,Profession,People,Move In,Availability,Rating,Score breakdown,Person requested,Status,Lost reason,Viewing,Viewing status,Assignee,Source',
      );
      expect(lines[1]).toContain(`2025-01-05 15:07,"2 Bed Flat, Elm Road"`);
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      expect(lines[1]).toContain('07700 900123');
      expect(lines[1]).toContain('Affordability 4/4; Move-in fit 1/2');
      expect(lines[2]).toContain('Plain Name');
    });

    it('names each lead’s source, WhatsApp and SMS among them', async () => {
      const company = await createCompanyUser(app, { slug: unique('csv-sources') });
      const sources = ['whatsapp', 'sms', 'rightmove', null];
      for (const [index, source] of sources.entries()) {
        await insertLead(app.ctx.db, company.company.id, {
          name: `Tenant ${index}`,
          source,
          createdAt: new Date(Date.UTC(2025, 0, 10 - index)),
        });
      }
      const response = await request('GET', `/api/companies/${company.company.id}/leads.csv`, company.cookie);
      const lines = (await response.text()).slice(1).trimEnd().split('\r\n');
      expect(lines[0]!.split(',').at(-1)).toBe('Source');
      expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual([
        'WhatsApp',
        'SMS',
        'Rightmove',
        'Direct (no source)',
      ]);

      // The dashboard's source filter finds the WhatsApp and SMS leads.
      for (const [source, name] of [
        ['whatsapp', 'Tenant 0'],
        ['sms', 'Tenant 1'],
      ] as const) {
        const dashboard = await request(
          'GET',
          `/api/companies/${company.company.id}/dashboard?source=${source}`,
          company.cookie,
        );
        expect(dashboard.status).toBe(200);
        const body = (await dashboard.json()) as { leads: { name: string | null; source: string | null }[] };
        expect(body.leads.map((lead) => [lead.name, lead.source])).toEqual([[name, source]]);
      }
    });

    it("answers another company's id with 404 and signed out with 401", async () => {
      expect(
        (await request('GET', `/api/companies/${other.company.id}/leads.csv`, owner.cookie)).status,
      ).toBe(404);
      expect((await request('GET', `/api/companies/${owner.company.id}/leads.csv`, undefined)).status).toBe(
        401,
      );
    });
  });
});
