import { addSessionCookie, expect, seededTest } from './fixtures.ts';
import { seedLiveAgency, tenantSays } from './live-chat.ts';

const test = seededTest(seedLiveAgency);

test('the Live transcript follows new messages, marks those that arrive while reading back, and the message box is in view after Take over', async ({
  browser,
  seeded,
}) => {
  test.setTimeout(120_000);
  const agentContext = await browser.newContext({
    baseURL: seeded.server.url,
    viewport: { width: 1280, height: 800 },
  });
  await addSessionCookie(agentContext, seeded.server.url, seeded.cookie);
  const tenantContext = await browser.newContext({
    baseURL: seeded.server.url,
    viewport: { width: 390, height: 844 },
  });
  const agent = await agentContext.newPage();
  const tenant = await tenantContext.newPage();

  await agent.goto('/');
  await agent.getByRole('tab', { name: /Live/ }).click();
  await expect(agent.getByText('Updating live')).toBeVisible();
  await tenant.goto(`/chatbot/${seeded.companySlug}/${seeded.elmSlug}`);
  await tenantSays(tenant, "Hi, I'm Kim Lee, kim.lee@example.com");
  await agent.getByRole('button', { name: /Kim Lee/ }).click();
  const transcript = agent.getByRole('region', { name: 'Transcript' });
  const messages = transcript.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(messages.last()).toBeVisible();

  await agent.getByRole('button', { name: 'Take over' }).click();
  const box = agent.getByRole('textbox', { name: 'Message to the tenant' });
  await expect(box).toBeInViewport();
  await expect(box).toBeFocused();

  // Eight messages arrive: the newest is always in view.
  for (let index = 1; index <= 8; index += 1) {
    await tenantSays(tenant, `Question number ${index}: is the flat near a bus stop?`);
    await expect(transcript).toContainText(`Question number ${index}:`);
    await expect(messages.last()).toContainText(`Question number ${index}:`);
    await expect(messages.last()).toBeInViewport();
  }
  await agent.screenshot({ path: test.info().outputPath('live-1280.png') });

  // Reading back: a new message does not pull the reader down, a marker says it is there.
  await transcript.evaluate((element) => {
    element.scrollTop = 0;
  });
  await tenantSays(tenant, 'One more thing: is there parking?');
  const marker = agent.getByRole('button', { name: '1 new message' });
  await expect(marker).toBeVisible();
  await expect(messages.last()).not.toBeInViewport();
  await marker.click();
  await expect(messages.last()).toContainText('is there parking?');
  await expect(messages.last()).toBeInViewport();
  await expect(marker).toHaveCount(0);

  await agent.setViewportSize({ width: 390, height: 844 });
  await box.scrollIntoViewIfNeeded();
  await agent.screenshot({ path: test.info().outputPath('live-390.png'), fullPage: true });
  await agentContext.close();
  await tenantContext.close();
});
