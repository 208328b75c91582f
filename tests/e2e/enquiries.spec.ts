import { readFileSync } from 'node:fs';
import { storeInboundMail } from '#server/features/enquiries/ingest.ts';
import { readMail } from '#server/features/enquiries/read-mail.ts';
import type { TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertProperty, unique } from '#tests/helpers/factories.ts';
import { inboundListings } from '#tests/helpers/inbound-listings.ts';
import { expect, expectNoSeriousA11yViolations, seededTest } from './fixtures.ts';

/** The Enquiries tab: portal enquiries as they arrived, the other mail kept, the widget snippet. */

async function seed(app: TestApp) {
  const { company, ...user } = await createCompanyUser(app, {
    name: 'Maple Lettings',
    slug: unique('maple'),
  });
  await insertProperty(app, company.id, company.slug, inboundListings.flat2);
  await insertProperty(app, company.id, company.slug, inboundListings.house);
  for (const file of ['rightmove-plain.eml', 'zoopla-html.eml', 'onthemarket-plain.eml', 'auto-reply.eml']) {
    const mail = await readMail(readFileSync(`tests/fixtures/inbound/${file}`));
    await storeInboundMail(app.ctx, company, mail);
  }
  return { cookie: user.cookie };
}

const test = seededTest(seed);

for (const width of [390, 1280]) {
  test(`the Enquiries tab lists portal enquiries at ${width} px`, async ({ page, openAs, seeded }) => {
    await page.setViewportSize({ width, height: 900 });
    await openAs(seeded.cookie, { tab: 'Enquiries' });
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(4);
    // On a phone the table is wider than the screen, and says that it scrolls.
    const region = page.getByRole('region', { name: 'Enquiries' });
    if (width === 390)
      await expect(region).toHaveAccessibleDescription('Scroll sideways to see every column');
    else await expect(region).not.toHaveAccessibleDescription(/Scroll sideways/);
    await expect(table.getByRole('row', { name: /Priya Shah/ })).toContainText('Rightmove');
    await expect(table.getByRole('row', { name: /Priya Shah/ })).toContainText('2 Bed Flat, Hyde Park');
    await expect(table.getByRole('row', { name: /Marek Nowak/ })).toContainText('3 Bed House, Ecclesall');
    // Canal Street is not one of this agency's listings: agency-wide.
    await expect(table.getByRole('row', { name: /Sofia Rossi/ })).toContainText('Agency-wide');
    await expect(page.getByText('Auto-reply')).toBeVisible();
    const snippet = page.getByLabel('Widget snippet');
    await expect(snippet).toHaveValue(/\/widget\.js" data-company="maple-/);
    // The whole snippet shows, on a phone too: none of it hidden below the box's edge.
    expect(await snippet.evaluate((box) => box.scrollHeight - box.clientHeight)).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Copy snippet' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`enquiries-${width}.png`), fullPage: true });
  });
}
