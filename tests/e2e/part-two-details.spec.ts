import type { Locator } from '@playwright/test';
import { chatTranscripts } from '#server/db/schema.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import {
  createCompanyUser,
  insertFunnelChat,
  insertLead,
  insertProperty,
  unique,
} from '#tests/helpers/factories.ts';
import { viewingSchedule } from '#tests/helpers/viewing-schedule.ts';
import { editListing } from './dashboard.ts';
import { addSessionCookie, expect, seededTest } from './fixtures.ts';
import { conversationLog, send } from './tenant.ts';

/**
 * The smaller things an agent or a tenant notices in part two: dates that wrap, cut headings, a
 * table that hides that it scrolls, the chat's header during a takeover, the summary's one action,
 * the settings' own place in the navigation, the hours editor's words.
 */

async function seed(app: TestApp) {
  // An address the length of the demo's, which a phone used to break inside the joining date.
  const { company, ...user } = await createCompanyUser(
    app,
    {
      name: 'Harbour Lettings',
      slug: unique('details'),
      viewingSchedule: viewingSchedule(
        [
          { day: 1, start: '17:00', end: '19:00' },
          { day: 6, start: '10:00', end: '12:00' },
        ],
        { minNoticeHours: 12 },
      ),
    },
    { email: `alex@${unique('h').slice(0, 7)}.local` },
  );
  const property = await insertProperty(app, company.id, company.slug, {
    propertyName: 'Flat 2, Towpath Wharf',
    vacancyDate: null,
  });
  // A lead whose chat passed a question on: its name sits beside the questions badge.
  const [transcript] = await app.ctx.db
    .insert(chatTranscripts)
    .values({
      companyId: company.id,
      fileName: 'chat.txt',
      content: '[28/11/2026 10:00] Tenant: Is there parking?',
      processed: true,
      extractedData: { openQuestions: ['Is there parking for two cars?'] },
    })
    .returning();
  await insertLead(app.ctx.db, company.id, {
    name: 'Sarah Jones',
    propertyId: property.id,
    chatTranscriptId: transcript!.id,
  });
  // A chat from yesterday, for the Insights funnel.
  await insertFunnelChat(app, company.id, {
    propertyId: property.id,
    source: 'rightmove',
    at: new Date(Date.now() - 86_400_000).toISOString(),
    turns: 4,
  });
  return { cookie: user.cookie, companySlug: company.slug, propertySlug: property.slug };
}

const test = seededTest(seed);

/** A phone's screen at 390 px, a desk's at 1280. */
const screenOf = (width: number) => ({ width, height: width === 390 ? 844 : 900 });

/** How many lines the words `text` inside `scope` take on screen. */
async function linesOf(scope: Locator, text: string): Promise<number> {
  return scope.evaluate((element, words) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let full = '';
    const nodes: { node: Text; start: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push({ node: node as Text, start: full.length });
      full += node.textContent ?? '';
    }
    const at = full.indexOf(words);
    if (at < 0) throw new Error(`"${words}" not found`);
    const range = document.createRange();
    const place = (offset: number) => {
      const found = [...nodes].reverse().find((entry) => entry.start <= offset)!;
      return [found.node, offset - found.start] as const;
    };
    range.setStart(...place(at));
    range.setEnd(...place(at + words.length));
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  }, text);
}

/** Whether an element shows all of its text (nothing cut with an ellipsis or hidden). */
const isWhole = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);

for (const width of [390, 1280]) {
  test(`the team's joining dates stay on one line at ${width} px`, async ({ page, openAs, seeded }) => {
    await openAs(seeded.cookie, { path: '/team', viewport: screenOf(width) });
    const line = page.getByText(/joined \d{1,2} [A-Z][a-z]{2} \d{4}/);
    await expect(line).toBeVisible();
    const joined = /joined \d{1,2} [A-Z][a-z]{2} \d{4}/.exec(await line.innerText())![0];
    expect(await linesOf(line, joined)).toBe(1);
    await page.screenshot({ path: test.info().outputPath(`team-${width}.png`), fullPage: true });
  });

  test(`settings have their own place in the navigation at ${width} px`, async ({ page, openAs, seeded }) => {
    await openAs(seeded.cookie, { viewport: screenOf(width) });
    await page.getByRole('button', { name: 'Settings' }).click();
    const menu = page.getByRole('menu');
    for (const name of ['Team', 'Integrations', 'Calendar feed', 'My Account'])
      await expect(menu.getByRole('menuitem', { name })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`settings-menu-${width}.png`) });
    await menu.getByRole('menuitem', { name: 'Calendar feed' }).click();
    await expect(page).toHaveURL(/\/calendar-feed$/);
    await expect(page.getByRole('heading', { name: 'Calendar feed', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Calendar address' })).toHaveValue(
      /\/api\/calendar\/.+\.ics$/,
    );
    // The settings pages link to one another; the current one is marked.
    const nav = page.getByRole('navigation', { name: 'Settings' });
    await expect(nav.getByRole('link', { name: 'Calendar feed' })).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: test.info().outputPath(`calendar-feed-${width}.png`), fullPage: true });
    await nav.getByRole('link', { name: 'Team' }).click();
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Integrations' }).click();
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  });

  test(`the Insights table says that it scrolls sideways at ${width} px`, async ({
    page,
    openAs,
    seeded,
  }) => {
    await openAs(seeded.cookie, { viewport: screenOf(width), tab: 'Insights' });
    const table = page.getByRole('region', { name: 'Funnel by property' });
    await expect(table.getByRole('row', { name: /Flat 2, Towpath Wharf/ })).toBeVisible();
    const hint = page.getByText('Scroll sideways to see every column');
    const fade = page.getByTestId('scroll-fade');
    // The table is wider than its card on a phone and beside the funnel on a desk.
    await expect(hint).toBeVisible();
    await expect(fade).toHaveCSS('opacity', '1');
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`insights-${width}.png`), fullPage: true });
    await table.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    await expect(fade).toHaveCSS('opacity', '0');
    // The property stays in view beside the figures.
    await expect(table.getByRole('cell', { name: 'Flat 2, Towpath Wharf' })).toBeInViewport({ ratio: 0.9 });
  });

  test(`the hours editor says Closed and leaves Parties per viewing empty at ${width} px`, async ({
    page,
    openAs,
    seeded,
  }) => {
    await openAs(seeded.cookie, { viewport: screenOf(width), tab: 'Viewings' });
    await expect(page.getByRole('heading', { name: 'Viewing hours' })).toBeVisible();
    const editor = page.getByRole('form', { name: 'Viewing hours' });
    await expect(editor.getByText('Closed', { exact: true })).toHaveCount(5);
    await expect(editor.getByText('No viewings', { exact: true })).toHaveCount(0);
    const dialog = await editListing(page, 'Flat 2, Towpath Wharf');
    const parties = dialog.getByLabel('Parties per viewing');
    await expect(parties).toHaveValue('');
    await expect(parties).not.toHaveAttribute('placeholder', /./);
    await parties.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`property-viewings-${width}.png`) });
  });
}

test('the leads table shows the whole Rating heading and the name beside the questions badge at 1280 px', async ({
  page,
  openAs,
  seeded,
}) => {
  await openAs(seeded.cookie, { viewport: screenOf(1280) });
  const rating = page.getByRole('columnheader', { name: /Rating/ });
  await expect(rating).toBeVisible();
  expect(await isWhole(rating.getByText('Rating'))).toBe(true);
  const row = page.getByRole('row', { name: /Sarah Jones/ });
  await expect(row.getByRole('img', { name: /question/ })).toBeVisible();
  expect(await isWhole(row.getByText('Sarah Jones', { exact: true }))).toBe(true);
  // Every default column in view, without scrolling sideways.
  const table = page.getByRole('table');
  const box = await table.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280 - 24 + 1);
  await page.screenshot({ path: test.info().outputPath(`leads-table-1280.png`) });
});

for (const width of [390, 1280]) {
  test(`the chat's summary has one way on, and a person taking over is named at ${width} px`, async ({
    page,
    browser,
    seeded,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(screenOf(width));
    await page.goto(`/chatbot/${seeded.companySlug}/${seeded.propertySlug}`);
    const log = conversationLog(page);
    await expect(log).toContainText('welcome to Harbour Lettings');
    const header = page.getByRole('banner');
    await expect(header).toContainText('AI Assistant');
    const move = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-GB', {
      timeZone: 'Europe/London',
    });
    await send(page, `2 of us, moving in on ${move}`);
    const submit = page.getByRole('button', { name: 'Submit Request' });
    await expect(submit).toBeVisible();
    await send(page, '£58,000 a year between us');
    await send(page, "I'm a nurse");
    const tenant = width === 390 ? 'Lucy Green' : 'Lucy Brown';
    await send(page, tenant);
    await send(page, `${unique('lucy')}@example.com`);
    const summary = await send(page, '07700 900123');
    await expect(summary).toContainText(
      /Is that all correct\?|Does that all look right\?|Is everything there correct\?/,
    );
    await expect(page.getByRole('button', { name: "Yes, that's right" })).toBeVisible();
    await expect(submit).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`chat-summary-${width}.png`) });

    // The agent takes the chat over: the header names them, not the assistant.
    const agentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await addSessionCookie(agentContext, seeded.server.url, seeded.cookie);
    const agent = await agentContext.newPage();
    await agent.goto(`${seeded.server.url}/`);
    await agent.getByRole('tab', { name: /Live/ }).click();
    await agent.getByRole('button', { name: new RegExp(tenant) }).click();
    await agent.getByRole('button', { name: 'Take over' }).click();
    await expect(header).toContainText('Alex from Harbour Lettings');
    await expect(header).not.toContainText('AI Assistant');
    await page.screenshot({ path: test.info().outputPath(`chat-takeover-${width}.png`) });
    await agent.getByRole('button', { name: /Hand back/ }).click();
    await expect(header).toContainText('AI Assistant');
    await agentContext.close();
  });
}
