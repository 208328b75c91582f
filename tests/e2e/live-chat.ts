import type { Browser, Page } from '@playwright/test';
import type { DashboardDto } from '#shared/schemas/leads.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertProperty, unique } from '#tests/helpers/factories.ts';
import { addSessionCookie, expect, expectNoSeriousA11yViolations } from './fixtures.ts';

/*
 * Two people in two browsers: the agent at a desk (1280 px) watches a tenant's chat on a phone
 * (390 px) on the Live tab, takes it over, they talk, the agent hands back and the assistant
 * finishes the chat, which makes one lead. `live.spec.ts` plays it on one server,
 * `live-instances.spec.ts` with the agent and the tenant on two servers of one database;
 * `llm-stream.spec.ts` chats with the same agency.
 */

export async function seedLiveAgency(app: TestApp) {
  const { company, ...user } = await createCompanyUser(
    app,
    {
      name: 'Harbour Lettings',
      slug: unique('e2e-live'),
      email: 'lettings@harbour.example',
    },
    { firstName: 'Alex' },
  );
  const elm = await insertProperty(app, company.id, company.slug, { propertyName: '2 Bed Flat, Elm Road' });
  return { cookie: user.cookie, companyId: company.id, companySlug: company.slug, elmSlug: elm.slug };
}

/** Sends as the tenant and waits until the message is in the log. */
export async function tenantSays(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeEnabled();
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText(text);
}

export type LiveAgency = Awaited<ReturnType<typeof seedLiveAgency>>;

/** The whole scene: `agentUrl` and `tenantUrl` are the servers each of them uses. */
export async function watchTakeOverHandBack(
  browser: Browser,
  {
    agentUrl,
    tenantUrl,
    seeded,
    outputPath,
  }: { agentUrl: string; tenantUrl: string; seeded: LiveAgency; outputPath: (name: string) => string },
) {
  const agentContext = await browser.newContext({
    baseURL: agentUrl,
    viewport: { width: 1280, height: 900 },
  });
  await addSessionCookie(agentContext, agentUrl, seeded.cookie);
  const tenantContext = await browser.newContext({
    baseURL: tenantUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const agent = await agentContext.newPage();
  const tenant = await tenantContext.newPage();
  const shoot = (page: Page, name: string) => page.screenshot({ path: outputPath(`${name}.png`) });

  await agent.goto('/');
  await agent.getByRole('tab', { name: /Live/ }).click();
  await expect(agent.getByText('Updating live')).toBeVisible();

  await tenant.goto(`/chatbot/${seeded.companySlug}/${seeded.elmSlug}`);
  const tenantLog = tenant.getByRole('log', { name: 'Conversation' });
  await expect(tenantLog).toContainText('welcome to Harbour Lettings');
  await tenantSays(tenant, "Hi, I'm Kim Lee, kim.lee@example.com");
  await expect(tenantLog).toContainText('When');

  // The new chat appears on the Live tab with its badge, and its transcript streams in.
  const item = agent.getByRole('button', { name: /Kim Lee/ });
  await expect(item).toBeVisible();
  await expect(item.getByText('New')).toBeVisible();
  await expect(agent.getByRole('tab', { name: /Live/ })).toContainText('1');
  await item.click();
  const transcript = agent.getByRole('list', { name: 'Messages' });
  await expect(transcript).toContainText("Hi, I'm Kim Lee");
  await expect(agent.getByLabel('Known details')).toContainText('kim.lee@example.com');
  await shoot(agent, 'agent-watching');

  await agent.getByRole('button', { name: 'Take over' }).click();
  await expect(tenantLog).toContainText('Alex from Harbour Lettings has joined');
  await expect(tenant.getByText("You're chatting with Alex from Harbour Lettings")).toBeVisible();
  await expect(agent.getByRole('button', { name: 'Hand back' })).toBeVisible();

  // Both ways, each under a second, and each sees the other typing.
  await tenant.getByRole('textbox', { name: 'Message' }).fill('Can I');
  await expect(agent.getByText('The tenant is typing…')).toBeVisible({ timeout: 1000 });
  await tenantSays(tenant, 'Can I bring my bike inside?');
  await expect(transcript).toContainText('Can I bring my bike inside?', { timeout: 1000 });
  const messageBox = agent.getByRole('textbox', { name: 'Message to the tenant' });
  await messageBox.fill('Yes, there is a bike store. How many of you would live there?');
  await expect(tenant.getByRole('status').filter({ hasText: 'Alex is typing' })).toBeAttached({
    timeout: 1000,
  });
  await agent.getByRole('button', { name: 'Send' }).click();
  await expect(tenantLog).toContainText('Yes, there is a bike store', { timeout: 1000 });
  await expect(tenantLog).toContainText('Alex said:');
  await tenantSays(tenant, "2 of us, we're both nurses on £58k together");
  await expect(transcript).toContainText('both nurses', { timeout: 1000 });
  await expect(agent.getByLabel('Known details')).toContainText('kim.lee@example.com');
  await shoot(agent, 'agent-taken-over');
  await shoot(tenant, 'tenant-taken-over');
  await expectNoSeriousA11yViolations(agent);
  await expectNoSeriousA11yViolations(tenant);

  // Hand back: the assistant carries on with what is missing, never what was answered.
  await agent.getByRole('button', { name: 'Hand back' }).click();
  await expect(tenantLog).toContainText('Alex has handed the chat back to the AI assistant');
  await expect(tenantLog).toContainText("I'm the AI assistant again");
  await expect(agent.getByLabel('Known details')).toContainText('£58,000 per year');

  // The tenant finishes with the assistant.
  for (let turn = 0; turn < 8; turn += 1) {
    const confirm = tenant.getByRole('button', { name: "Yes, that's right" });
    if (await confirm.isVisible()) {
      await confirm.click();
      break;
    }
    const last = (await tenantLog.locator(':scope > div').last().textContent()) ?? '';
    expect(last).not.toMatch(/how many (of you|people)|your (income|email|name)/i);
    const answer = /move/i.test(last)
      ? 'ASAP'
      : /phone|number/i.test(last)
        ? '07700 900123'
        : 'Weekday evenings';
    const before = await tenantLog.locator(':scope > div').count();
    await tenantSays(tenant, answer);
    // The tenant's message and the assistant's answer.
    await expect(tenantLog.locator(':scope > div')).toHaveCount(before + 2);
  }
  await expect(tenantLog).toContainText('We will be in touch to book the viewing');
  await expect(tenant.getByText('Thank you, your request has been sent')).toBeVisible();
  await shoot(tenant, 'tenant-finished');
  await expect(agent.getByRole('button', { name: /Kim Lee/ })).toContainText('Ended');
  await shoot(agent, 'agent-ended');
  // The Live tab on a phone: the list above the chosen conversation.
  await agent.setViewportSize({ width: 390, height: 844 });
  await agent.getByRole('list', { name: 'Messages' }).scrollIntoViewIfNeeded();
  await shoot(agent, 'agent-phone');
  await expectNoSeriousA11yViolations(agent);

  const leads = async () => {
    const response = await agent.request.get(`/api/companies/${seeded.companyId}/dashboard`);
    return ((await response.json()) as DashboardDto).leads;
  };
  await expect.poll(async () => (await leads()).length).toBe(1);
  expect((await leads())[0]).toMatchObject({
    name: 'Kim Lee',
    email: 'kim.lee@example.com',
    numberOfPeople: 2,
    income: '£58,000 per year',
  });
  await agentContext.close();
  await tenantContext.close();
}
