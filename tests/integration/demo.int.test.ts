import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatTranscripts, companies, conversations, leads, properties } from '#server/db/schema.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from '#server/features/demo/seed-demo.ts';
import { browserFetch } from '#tests/helpers/app.ts';
import { setUpTestApp } from '#tests/helpers/suite.ts';

describe('demo data', () => {
  const app = setUpTestApp();

  it('creates a demo agency whose leads come from real conversations, once', async () => {
    expect(await seedDemoData(app.ctx)).toBe(true);
    const [company] = await app.ctx.db.select().from(companies);
    const rows = await app.ctx.db.select().from(leads).where(eq(leads.companyId, company!.id));
    const listings = await app.ctx.db.select().from(properties).where(eq(properties.companyId, company!.id));
    expect(listings).toHaveLength(3);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    // Every lead was scored and has its transcript; each spent one credit.
    for (const lead of rows) {
      expect(lead.score).not.toBeNull();
      expect(lead.chatTranscriptId).not.toBeNull();
    }
    expect(company!.currentCount).toBe(30 - rows.length);
    const sarah = rows.find((lead) => lead.email === 'sarah.jones@example.com');
    expect(sarah).toMatchObject({ numberOfPeople: 2, annualIncome: 58_000, contactNumber: '+447700900321' });

    // Each chat happened when its lead came: its messages, its transcript and its start.
    for (const lead of rows) {
      const [chat] = await app.ctx.db
        .select()
        .from(conversations)
        .where(eq(conversations.id, lead.conversationId!));
      const [transcript] = await app.ctx.db
        .select()
        .from(chatTranscripts)
        .where(eq(chatTranscripts.id, lead.chatTranscriptId!));
      const stamps = chat!.messages.map((message) => Date.parse(message.timestamp));
      expect(Math.max(...stamps)).toBe(lead.createdAt.getTime());
      expect(lead.createdAt.getTime() - Math.min(...stamps)).toBeLessThan(3_600_000);
      expect(Math.abs(chat!.createdAt.getTime() - Math.min(...stamps))).toBeLessThan(1000);
      const day = lead.createdAt.toLocaleDateString('en-GB', { timeZone: 'Europe/London' });
      expect(transcript!.content).toContain(`[${day} `);
    }
    // Every listing says whether it is furnished, so the assistant can answer.
    expect(listings.every((listing) => listing.furnishing !== null)).toBe(true);

    expect(await seedDemoData(app.ctx)).toBe(false);
  });

  it('lets a newcomer sign in with the printed demo credentials', async () => {
    const response = await browserFetch(app, 'POST', '/api/auth/login', undefined, {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    expect(response.status).toBe(200);
  });
});
