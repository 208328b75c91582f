import type { Locator, Page } from '@playwright/test';
import type { TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertLead, unique } from '#tests/helpers/factories.ts';
import { addSessionCookie, expect, expectNoSeriousA11yViolations, seededTest } from './fixtures.ts';

/**
 * The pipeline on the agent's desk: the status in the table (filter, bulk change), the board
 * (drag, keyboard, the "Move to" menu) and the lead's side panel (status, notes, timeline). The
 * tests share one agency, in this file's order; each moves leads of its own.
 */

const leadsByStatus = {
  new: ['Amira Khan', 'Tom Brown', 'Chloe Evans', 'Dan Wright', 'Grace Wilson', 'Jack Taylor', 'Ella Smith'],
  contacted: ['Priya Patel', 'Oliver Ahmed'],
  viewed: ['Ben Hughes'],
} as const;

type Seeded = { cookie: string; leadIds: Record<string, string> };

async function seed(app: TestApp): Promise<Seeded> {
  const { company, ...user } = await createCompanyUser(
    app,
    { name: 'Pipeline Lettings', slug: unique('pipeline') },
    { firstName: 'Nina', lastName: 'Negotiator' },
  );
  const leadIds: Record<string, string> = {};
  // A week ago, a minute apart (a fixed day would age past the 12 months the nightly purge keeps).
  const weekAgo = Date.now() - 7 * 24 * 3_600_000;
  let minute = 0;
  for (const [status, names] of Object.entries(leadsByStatus)) {
    for (const name of names) {
      const lead = await insertLead(app.ctx.db, company.id, {
        name,
        status: status as keyof typeof leadsByStatus,
        rating: String(3 + (minute % 7)),
        createdAt: new Date(weekAgo + minute++ * 60_000),
      });
      leadIds[name] = lead.id;
    }
  }
  return { cookie: user.cookie, leadIds };
}

const test = seededTest(seed);

test.beforeEach(async ({ context, baseURL, seeded }) => {
  await addSessionCookie(context, baseURL!, seeded.cookie);
});

function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });
}

const column = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Pipeline board' }).locator('h3', { hasText: label }).locator('xpath=..');
const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });

/** A column's count as its heading shows it ("Viewed 2 leads"). */
async function expectCount(page: Page, label: string, count: number) {
  await expect(column(page, label).locator('h3')).toHaveText(
    new RegExp(`^${label}${count}\\s${count === 1 ? 'lead' : 'leads'}$`),
  );
}

async function openBoard(page: Page) {
  await page.goto('/');
  const boardButton = page.getByRole('button', { name: 'Board', exact: true });
  if ((await boardButton.getAttribute('aria-pressed')) !== 'true') await boardButton.click();
  await expect(page.getByRole('region', { name: 'Pipeline board' })).toBeVisible();
}

async function screenshots(page: Page, name: string, widths: number[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** Drags with the mouse in small steps, as a hand does (the library waits for 6 px of travel). */
async function drag(page: Page, from: Locator, to: Locator) {
  await from.scrollIntoViewIfNeeded();
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('Nothing to drag, or nowhere to drop it');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 + 20);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2 + 20, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + 80, { steps: 15 });
  await page.mouse.up();
}

test.describe('the pipeline', () => {
  test('table: the status column, its filter and a bulk change, lost with a reason', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const table = page.getByRole('table', { name: /Property leads/ });
    await expect(table.getByRole('row', { name: /Priya Patel/ })).toContainText('Contacted');
    await expect(table.getByRole('row', { name: /Ben Hughes/ })).toContainText('Viewed');

    // The filter counts each status and shows only the one chosen.
    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Contacted (2)' }).click();
    await expect(page.getByText('Showing 2 of 10 results')).toBeVisible();
    await expect(table.locator('tbody tr[data-index]')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'All statuses (10)' }).click();
    await expect(page.getByText('Showing 10 of 10 results')).toBeVisible();

    // Sorting by status follows the pipeline: new first, then contacted, then viewed.
    await table.getByRole('button', { name: 'Status' }).click();
    const statuses = table.locator('tbody tr[data-index] td:nth-child(5)');
    await expect(statuses.first()).toHaveText('New');
    await expect(statuses.last()).toHaveText('Viewed');

    // Two leads ticked move together; the ticks clear and the change survives a reload.
    await table.getByRole('checkbox', { name: 'Select Chloe Evans' }).check();
    await table.getByRole('checkbox', { name: 'Select Dan Wright' }).check();
    await expect(page.getByText('2 leads selected')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'table-selected', [1280]);
    await page.getByRole('combobox', { name: 'Change the status of 2 leads' }).click();
    await page.getByRole('option', { name: 'Applied' }).click();
    await expect(toast(page, '2 leads moved to Applied')).toBeVisible();
    await expect(page.getByText('2 leads selected')).toHaveCount(0);
    await expect(table.getByRole('row', { name: /Chloe Evans/ })).toContainText('Applied');
    await page.reload();
    await expect(table.getByRole('row', { name: /Chloe Evans/ })).toContainText('Applied');
    await expect(table.getByRole('row', { name: /Dan Wright/ })).toContainText('Applied');

    // Lost needs a reason: none given, the dialog says so and nothing moves.
    await table.getByRole('checkbox', { name: 'Select Grace Wilson' }).check();
    await page.getByRole('combobox', { name: 'Change the status of 1 lead' }).click();
    await page.getByRole('option', { name: 'Lost' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as lost' });
    await dialog.getByRole('button', { name: 'Mark as lost' }).click();
    await expect(dialog.getByText('Say why the lead was lost.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Found a flat elsewhere');
    await dialog.getByRole('button', { name: 'Mark as lost' }).click();
    await expect(toast(page, '1 lead moved to Lost')).toBeVisible();
    await expect(table.getByRole('row', { name: /Grace Wilson/ })).toContainText('Lost');
    await expect(table.getByRole('row', { name: /Grace Wilson/ }).getByText('Lost')).toHaveAttribute(
      'title',
      'Lost: Found a flat elsewhere',
    );

    // On a phone the cards carry the status.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Property leads' });
    await expect(cards.getByRole('listitem').filter({ hasText: 'Grace Wilson' })).toContainText('Lost');
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'table', [390, 1280]);
  });

  test('board: drag with the mouse, move by keyboard and by menu; remembered and saved', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openBoard(page);
    await expectCount(page, 'Contacted', 2);
    await expectCount(page, 'Viewed', 1);
    await expect(column(page, 'Viewed').getByRole('listitem')).toHaveText(/Ben Hughes/);
    await expectNoSeriousA11yViolations(page);

    // Mouse: Amira Khan dragged from New to Viewed.
    await drag(page, card(page, 'Amira Khan'), column(page, 'Viewed'));
    await expectCount(page, 'Viewed', 2);
    await expect(card(page, 'Amira Khan')).toHaveCount(1);
    await expect(
      column(page, 'Viewed').getByRole('button', { name: 'Amira Khan', exact: true }),
    ).toBeVisible();

    // Keyboard: Tom Brown picked up from his handle, two columns right, dropped.
    // Each step is announced; the test waits for it as a screen reader user would.
    await page.getByRole('button', { name: 'Move Tom Brown', exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('status').getByText('Tom Brown is over the New column.')).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(
      page.getByRole('status').getByText('Tom Brown is over the Contacted column.'),
    ).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(
      page.getByRole('status').getByText('Tom Brown is over the Viewing booked column.'),
    ).toBeAttached();
    await page.keyboard.press('Space');
    await expect(
      column(page, 'Viewing booked').getByRole('button', { name: 'Tom Brown', exact: true }),
    ).toBeVisible();

    // The menu, for phones and screen readers: Jack Taylor to Lost, with the reason asked.
    await page.getByRole('button', { name: 'Move Jack Taylor to…' }).click();
    await page.getByRole('menuitem', { name: 'Lost…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as lost' });
    await dialog.getByLabel('Reason').fill('No longer looking');
    await dialog.getByRole('button', { name: 'Mark as lost' }).click();
    await expect(column(page, 'Lost')).toContainText('No longer looking');
    await screenshots(page, 'board', [1280]);

    // After a reload the board is still the view, and every move was saved.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Pipeline board' })).toBeVisible();
    await expect(
      column(page, 'Viewed').getByRole('button', { name: 'Amira Khan', exact: true }),
    ).toBeVisible();
    await expect(
      column(page, 'Viewing booked').getByRole('button', { name: 'Tom Brown', exact: true }),
    ).toBeVisible();
    await expect(
      column(page, 'Lost').getByRole('button', { name: 'Jack Taylor', exact: true }),
    ).toBeVisible();

    // On a phone one column shows at a time, chosen above it; the menu still moves cards.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /^Viewed/ }).click();
    await expect(
      column(page, 'Viewed').getByRole('button', { name: 'Amira Khan', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pipeline board' }).locator('h3')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'board-phone', [390]);
  });

  test('board on a phone: opens on the first column that has leads', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const tableButton = page.getByRole('button', { name: 'Table', exact: true });
    if ((await tableButton.getAttribute('aria-pressed')) !== 'true') await tableButton.click();
    // Only Ben Hughes, who is in Viewed: New, Contacted and Viewing booked are empty.
    await page.getByRole('searchbox', { name: 'Search leads' }).fill('Ben Hughes');
    await expect(page.getByText('Showing 1 of')).toBeVisible();
    await page.getByRole('button', { name: 'Board', exact: true }).click();
    await expect(page.getByRole('button', { name: /^Viewed/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(
      column(page, 'Viewed').getByRole('button', { name: 'Ben Hughes', exact: true }),
    ).toBeVisible();
  });

  test('board: a move the server refuses goes back, with a toast', async ({ page, seeded, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openBoard(page);
    await expect(column(page, 'New').getByRole('button', { name: 'Ella Smith', exact: true })).toBeVisible();
    // Someone else deletes the lead meanwhile: the server answers 404 to the move.
    const deleted = await page.request.delete(`/api/leads/${seeded.leadIds['Ella Smith']}`, {
      headers: { origin: baseURL! },
    });
    expect(deleted.ok()).toBe(true);
    await page.getByRole('button', { name: 'Move Ella Smith to…' }).click();
    await page.getByRole('menuitem', { name: 'Applied' }).click();
    await expect(toast(page, 'The lead could not be moved')).toBeVisible();
    await expect(column(page, 'New').getByRole('button', { name: 'Ella Smith', exact: true })).toBeVisible();
    await expect(
      column(page, 'Applied').getByRole('button', { name: 'Ella Smith', exact: true }),
    ).toHaveCount(0);
  });

  test('side panel: status, a note, and the timeline newest first with who and when', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const table = page.getByRole('table', { name: /Property leads/ });
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await table.getByRole('row', { name: /Oliver Ahmed/ }).click();
    const panel = page.getByRole('dialog', { name: 'Oliver Ahmed' });
    const timeline = panel.getByRole('list', { name: 'Timeline' });

    await panel.getByRole('combobox', { name: 'Status of Oliver Ahmed' }).click();
    await page.getByRole('option', { name: 'Viewing booked' }).click();
    await expect(timeline.getByRole('listitem').first()).toContainText(
      'Moved from Contacted to Viewing booked',
    );
    await expect(timeline.getByRole('listitem').first()).toContainText('Nina Negotiator');

    // An empty note is refused in place; a real one goes to the top of the timeline.
    await panel.getByRole('button', { name: 'Add note' }).click();
    await expect(panel.getByText('Write a note.')).toBeVisible();
    await panel.getByLabel('Add a note').fill('Called: can view on Friday after 5.');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await expect(timeline.getByRole('listitem').first()).toContainText('Called: can view on Friday after 5.');
    await expect(timeline.getByRole('listitem').first()).toContainText('Nina Negotiator');
    await expect(panel.getByLabel('Add a note')).toHaveValue('');
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'lead-panel', [1280, 390]);

    // Saved: the note and the change are there after a reload.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await table.getByRole('row', { name: /Oliver Ahmed/ }).click();
    const items = page.getByRole('dialog', { name: 'Oliver Ahmed' }).getByRole('list', { name: 'Timeline' });
    await expect(items.getByRole('listitem')).toHaveCount(3);
    await expect(items.getByRole('listitem').nth(0)).toContainText('Note');
    await expect(items.getByRole('listitem').nth(1)).toContainText('Moved from Contacted to Viewing booked');
    await expect(items.getByRole('listitem').nth(2)).toContainText('Enquired through the chat');
    await page.keyboard.press('Escape');
    await expect(table.getByRole('row', { name: /Oliver Ahmed/ })).toContainText('Viewing booked');
  });
});
