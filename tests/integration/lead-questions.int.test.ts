import { describe, expect, it } from 'vitest';
import {
  type DashboardDto,
  type LeadDetailDto,
  type LeadQuestionsResponse,
  leadQuestionsResponseSchema,
} from '#shared/schemas/leads.ts';
import { browserFetch } from '#tests/helpers/app.ts';
import { insertChat, insertLead, unique } from '#tests/helpers/factories.ts';
import { setUpCompanyUser, setUpTestApp } from '#tests/helpers/suite.ts';

const QUESTIONS = ['Is there parking?', 'Are pets allowed?', 'Is the rent negotiable?'];

describe('passed-on questions and availability dates on a lead', () => {
  const app = setUpTestApp();
  const owner = setUpCompanyUser(app, { name: 'Elm Lettings', slug: unique('elm-lettings') });
  const other = setUpCompanyUser(app);

  /** A finished chat as the chat feature stores it, with the questions the assistant passed on. */
  async function insertChatLead(
    companyId: string,
    options: { questions?: unknown; startedAt?: Date; availability?: string } = {},
  ) {
    const { lead } = await insertChat(app.ctx.db, companyId, {
      conversation: {
        messages: [
          { id: 'm1', sender: 'user', content: 'Is there parking?', timestamp: '2026-06-05T23:31:00.000Z' },
        ],
        ...(options.startedAt ? { createdAt: options.startedAt } : {}),
      },
      transcript: {
        content: 'User: Is there parking?',
        extractedData: { openQuestions: options.questions ?? QUESTIONS },
      },
      lead: options.availability ? { availability: options.availability } : {},
    });
    return lead!;
  }

  function patch(leadId: string, index: number | string, body: unknown, cookie: string | undefined) {
    return browserFetch(app, 'PATCH', `/api/leads/${leadId}/questions/${index}`, cookie, body);
  }

  async function dashboardLead(leadId: string) {
    const response = await browserFetch(
      app,
      'GET',
      `/api/companies/${owner.company.id}/dashboard`,
      owner.cookie,
    );
    const dashboard = (await response.json()) as DashboardDto;
    return dashboard.leads.find((lead) => lead.id === leadId)!;
  }

  it('lists the questions on the dashboard and the lead, and keeps a tick', async () => {
    const lead = await insertChatLead(owner.company.id);
    expect((await dashboardLead(lead.id)).passedOnQuestions).toEqual(
      QUESTIONS.map((text) => ({ text, answered: false })),
    );

    const ticked = await patch(lead.id, 1, { answered: true }, owner.cookie);
    expect(ticked.status).toBe(200);
    const body = leadQuestionsResponseSchema.parse(await ticked.json());
    expect(body.passedOnQuestions.map((q) => q.answered)).toEqual([false, true, false]);

    expect((await dashboardLead(lead.id)).passedOnQuestions.map((q) => q.answered)).toEqual([
      false,
      true,
      false,
    ]);
    const detail = (await (
      await browserFetch(app, 'GET', `/api/leads/${lead.id}`, owner.cookie)
    ).json()) as LeadDetailDto;
    expect(detail.passedOnQuestions[1]).toEqual({ text: 'Are pets allowed?', answered: true });

    // Ticking twice changes nothing; unticking takes it back.
    await patch(lead.id, 1, { answered: true }, owner.cookie);
    const unticked = await patch(lead.id, 1, { answered: false }, owner.cookie);
    expect(
      ((await unticked.json()) as LeadQuestionsResponse).passedOnQuestions.every((q) => !q.answered),
    ).toBe(true);
  });

  it('keeps both ticks when two questions are ticked at once', async () => {
    const lead = await insertChatLead(owner.company.id);
    const answers = await Promise.all(
      [0, 2].map((index) => patch(lead.id, index, { answered: true }, owner.cookie)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await dashboardLead(lead.id)).passedOnQuestions.map((q) => q.answered)).toEqual([
      true,
      false,
      true,
    ]);
  });

  it("answers 404 for another company's lead and leaves it unticked", async () => {
    const lead = await insertChatLead(owner.company.id);
    const response = await patch(lead.id, 0, { answered: true }, other.cookie);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Lead not found' });
    expect((await dashboardLead(lead.id)).passedOnQuestions[0]!.answered).toBe(false);
  });

  it('answers 401 signed out, 404 for a question the lead does not have, 400 for a bad body', async () => {
    const lead = await insertChatLead(owner.company.id);
    expect((await patch(lead.id, 0, { answered: true }, undefined)).status).toBe(401);
    const missing = await patch(lead.id, 3, { answered: true }, owner.cookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: 'Question not found' });
    expect((await patch(lead.id, 0, { answered: 'yes' }, owner.cookie)).status).toBe(400);
    expect((await patch(lead.id, 0, {}, owner.cookie)).status).toBe(400);
    expect((await patch(lead.id, -1, { answered: true }, owner.cookie)).status).toBe(400);
    expect((await patch(lead.id, 'first', { answered: true }, owner.cookie)).status).toBe(400);
    expect((await patch('not-a-lead', 0, { answered: true }, owner.cookie)).status).toBe(404);

    const noQuestions = await insertLead(app.ctx.db, owner.company.id);
    expect((await patch(noQuestions.id, 0, { answered: true }, owner.cookie)).status).toBe(404);
    expect((await dashboardLead(noQuestions.id)).passedOnQuestions).toEqual([]);
  });

  it('shows no question for a transcript whose stored list is not a list of text', async () => {
    const lead = await insertChatLead(owner.company.id, { questions: { not: 'a list' } });
    expect((await dashboardLead(lead.id)).passedOnQuestions).toEqual([]);
  });

  it("reads the availability's days from the day the conversation began in London", async () => {
    // 23:30 UTC on Friday 5 June 2026 is 00:30 on Saturday 6 June in London (BST).
    const lead = await insertChatLead(owner.company.id, {
      startedAt: new Date('2026-06-05T23:30:00Z'),
      availability: 'Tomorrow after 5',
    });
    const row = await dashboardLead(lead.id);
    expect(row.availability).toBe('Tomorrow after 5');
    expect(row.availabilityDates).toEqual([{ date: '2026-06-07', part: 'evening' }]);

    const detail = (await (
      await browserFetch(app, 'GET', `/api/leads/${lead.id}`, owner.cookie)
    ).json()) as LeadDetailDto;
    expect(detail.availabilityDates).toEqual([{ date: '2026-06-07', part: 'evening' }]);

    const weekly = await insertChatLead(owner.company.id, { availability: 'Weekday evenings' });
    expect((await dashboardLead(weekly.id)).availabilityDates).toEqual([]);
  });
});
