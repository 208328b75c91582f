import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatTranscripts, leads } from '#server/db/schema.ts';
import type { ChatResponse, EndChatResponse } from '#shared/schemas/chat.ts';
import { createTestApp, type TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser } from '#tests/helpers/factories.ts';
import { postJson } from '#tests/helpers/post-json.ts';
import { creditsOf } from '#tests/helpers/reads.ts';
import { openSecondInstance, type SecondInstance } from '#tests/helpers/second-instance.ts';

describe('ending one conversation from two instances at once', () => {
  let first: TestApp;
  let second: SecondInstance;

  beforeAll(async () => {
    first = await createTestApp();
    second = await openSecondInstance(first);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('gives exactly one lead, one transcript and one credit spent', async () => {
    const { company } = await createCompanyUser(first);
    const before = company.currentCount;
    const runs = 5;
    for (let run = 0; run < runs; run += 1) {
      const started = await postJson<ChatResponse>(`${first.url}/api/chat/${company.slug}`, { message: '' });
      // The conversation continues on the other instance: the record is in the database.
      await postJson<ChatResponse>(`${second.url}/api/chat/${company.slug}`, {
        message: `I'm Kim Lee number ${run}, kim${run}@example.com`,
        userSessionKey: started.sessionKey,
      });
      const ends = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          postJson<EndChatResponse>(`${i % 2 ? first.url : second.url}/api/chat/${company.slug}/end`, {
            userSessionKey: started.sessionKey,
          }),
        ),
      );
      expect(ends.filter((end) => end.leadCreated)).toHaveLength(1);
    }
    const leadRows = await first.ctx.db.select().from(leads).where(eq(leads.companyId, company.id));
    expect(leadRows).toHaveLength(runs);
    const transcripts = await first.ctx.db
      .select()
      .from(chatTranscripts)
      .where(eq(chatTranscripts.companyId, company.id));
    expect(transcripts).toHaveLength(runs);
    expect(await creditsOf(first.ctx.db, company.id)).toBe(before - runs);
  });
});
