import type { Page } from '@playwright/test';
import type { DashboardDto } from '#shared/schemas/leads.ts';
import { type FakeOpenAiServer, followInstructions, startFakeOpenAi } from '#tests/fakes/openai-server.ts';
import { addSessionCookie, test as base, expect, type LetLeadServer, startSeededServer } from './fixtures.ts';
import { type LiveAgency, seedLiveAgency } from './live-chat.ts';
import { conversationLog, messageBox, send } from './tenant.ts';

/**
 * A tenant on a phone chats with an agency whose assistant is an LLM (the local OpenAI-protocol
 * stand-in, writing a word at a time): the reply appears as it is written, and when the model
 * breaks off mid-reply, the guided assistant answers instead and finishes the chat.
 */

type World = LiveAgency & { server: LetLeadServer; model: FakeOpenAiServer };

const chatPath = (world: World) => `/chatbot/${world.companySlug}/${world.elmSlug}`;

const test = base.extend<object, { world: World }>({
  world: [
    async ({}, use) => {
      const model = await startFakeOpenAi();
      const { server, seeded, stop } = await startSeededServer(seedLiveAgency, {
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: model.baseUrl,
        AI_MODEL: 'stand-in',
        AI_TIMEOUT_MS: '5000',
      });
      await use({ ...seeded, server, model });
      await stop();
      await model.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  server: [async ({ world }, use) => use(world.server), { scope: 'worker' }],
});

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The assistant's reply while it is being written (hidden from screen readers until it is whole). */
const DRAFT = '[aria-hidden="true"] > div > p';

/**
 * Keeps, in the page, every text the reply being written shows, in order: a browser draws each
 * piece for a moment only, too briefly for a test that looks now and then on a busy machine.
 */
async function recordDrafts(page: Page) {
  await page.evaluate((selector) => {
    const seen: string[] = [];
    Object.assign(window, { drafts: seen });
    new MutationObserver(() => {
      const text = document.querySelector(selector)?.textContent;
      if (text && text !== seen.at(-1)) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, DRAFT);
}

const recordedDrafts = (page: Page) =>
  page.evaluate(() => (window as unknown as { drafts: string[] }).drafts);

async function say(page: Page, text: string) {
  await expect(messageBox(page)).toBeEnabled();
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

async function leadsOf(page: Page, world: World) {
  await addSessionCookie(page.context(), world.server.url, world.cookie);
  const response = await page.request.get(`/api/companies/${world.companyId}/dashboard`);
  return ((await response.json()) as DashboardDto).leads;
}

test('the tenant sees the reply appear word by word as the model writes it', async ({ page, world }) => {
  world.model.reset();
  world.model.setDefault((request) => followInstructions(request, { delayMs: 150 }));
  await page.goto(chatPath(world));
  const log = conversationLog(page);
  await expect(log).toContainText('Harbour Lettings');

  await recordDrafts(page);
  await say(page, "Hi, I'm Kim Lee, kim.lee@example.com");

  // The whole reply lands in the conversation, and the reply being written goes.
  const reply = log.locator(':scope > div').last().getByRole('paragraph').first();
  await expect(reply).toHaveText(/^Thanks for that! Could you tell me your .+\?$/);
  await expect(page.locator(DRAFT)).toHaveCount(0);

  // Before it did, the tenant saw it grow: a beginning, then more and more of the same reply.
  const whole = (await reply.textContent()) ?? '';
  const drafts = await recordedDrafts(page);
  expect(drafts.length).toBeGreaterThanOrEqual(3);
  expect(drafts[0]!.length).toBeLessThan(whole.length / 2);
  for (const [index, text] of drafts.entries()) {
    expect(whole.startsWith(text.trimEnd()), text).toBe(true);
    if (index > 0) expect(text.length).toBeGreaterThan(drafts[index - 1]!.length);
  }
  await page.screenshot({ path: test.info().outputPath('tenant-streamed.png') });
});

test('when the model breaks off mid-reply, the guided assistant finishes the chat and one lead is made', async ({
  page,
  world,
}) => {
  test.setTimeout(120_000);
  world.model.reset();
  world.model.setDefault((request) => followInstructions(request, { delayMs: 60, failAfter: 3 }));
  await page.goto(chatPath(world));
  const log = conversationLog(page);
  await expect(log).toContainText('Harbour Lettings');

  const answers: [RegExp, string][] = [
    [/move/i, 'From 1 March'],
    [/how many|who (will|would) be/i, '2 of us'],
    [/income|earn|occupation|work/i, "We're both nurses on £58k together"],
    [/phone|number/i, '07700 900123'],
    [/email/i, 'kim.lee@example.com'],
    [/name/i, 'Kim Lee'],
  ];
  let reply = await send(page, "Hi, I'm Kim Lee, kim.lee@example.com");
  for (let turn = 0; turn < 10; turn += 1) {
    const confirm = page.getByRole('button', { name: "Yes, that's right" });
    if (await confirm.isVisible()) {
      await confirm.tap();
      break;
    }
    const question = (await reply.getByRole('paragraph').first().textContent()) ?? '';
    // The model's broken-off words are never left as the answer: the guided assistant's are.
    expect(question).not.toContain('Thanks for that! Could');
    reply = await send(page, answers.find(([asks]) => asks.test(question))?.[1] ?? 'Weekday evenings');
  }
  await expect(page.getByText('Thank you, your request has been sent')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('tenant-finished-after-fallback.png') });
  // Every reply was first asked of the model.
  expect(world.model.requests.length).toBeGreaterThanOrEqual(5);

  await expect.poll(async () => (await leadsOf(page, world)).length).toBe(1);
  expect((await leadsOf(page, world))[0]).toMatchObject({
    name: 'Kim Lee',
    email: 'kim.lee@example.com',
    numberOfPeople: 2,
    income: '£58,000 per year',
  });
});
