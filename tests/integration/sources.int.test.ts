import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations } from '#server/db/schema.ts';
import type { ChatResponse, EndChatResponse } from '#shared/schemas/chat.ts';
import type { DashboardDto } from '#shared/schemas/leads.ts';
import { browserFetch } from '#tests/helpers/app.ts';
import { postJson } from '#tests/helpers/post-json.ts';
import { setUpCompanyUser, setUpTestApp } from '#tests/helpers/suite.ts';

/** `?src=` on a chat link is kept on the conversation and the lead, shown and filterable. */

const app = setUpTestApp();
const agent = setUpCompanyUser(app);

async function chatFrom(src: string | undefined): Promise<string> {
  const chat = `${app.url}/api/chat/${agent.company.slug}`;
  const { sessionKey } = await postJson<ChatResponse>(chat, {
    message: '',
    userSessionKey: null,
    ...(src ? { src } : {}),
  });
  await postJson(chat, { message: 'Hi, I am Sam Patel, 2 of us, both nurses', userSessionKey: sessionKey });
  const ended = await postJson<EndChatResponse>(`${chat}/end`, {
    userSessionKey: sessionKey,
    reason: 'submit',
  });
  expect(ended).toMatchObject({ leadCreated: true });
  return sessionKey;
}

const dashboard = async (query = '') => {
  const response = await browserFetch(
    app,
    'GET',
    `/api/companies/${agent.company.id}/dashboard${query}`,
    agent.cookie,
  );
  return { status: response.status, body: (await response.json()) as DashboardDto };
};

describe('lead sources', () => {
  it('keeps ?src= on the conversation and the lead, and filters the dashboard by it', async () => {
    const sessionKey = await chatFrom('facebook');
    await chatFrom(undefined);
    const [conversation] = await app.ctx.db
      .select({ source: conversations.source })
      .from(conversations)
      .where(eq(conversations.sessionKey, sessionKey));
    expect(conversation?.source).toBe('facebook');

    const all = await dashboard();
    expect(all.body.leads.map((lead) => lead.source).sort()).toEqual(['facebook', null]);
    const facebook = await dashboard('?source=facebook');
    expect(facebook.body.leads).toHaveLength(1);
    expect(facebook.body.leads[0]).toMatchObject({ source: 'facebook', name: 'Sam Patel', enquiryId: null });
    expect((await dashboard('?source=zoopla')).body.leads).toHaveLength(0);
  });

  it('refuses a source that is not a lower-case slug', async () => {
    expect((await dashboard('?source=Not%20A%20Slug')).status).toBe(400);
    const response = await fetch(`${app.url}/api/chat/${agent.company.slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: '', userSessionKey: null, src: 'x'.repeat(31) }),
    });
    expect(response.status).toBe(400);
  });
});
