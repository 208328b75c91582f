import { demoTest, expect, logInAsDemo } from './fixtures.ts';

/** The demo agency as a newcomer first meets it: its Enquiries tab shows what arrives there. */
const test = demoTest;

for (const width of [390, 1280]) {
  test(`the demo agency's Enquiries tab has enquiries and speaks plainly at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInAsDemo(page);
    await page.getByRole('tab', { name: 'Enquiries' }).click();
    await expect(page.getByRole('table').getByRole('row', { name: /Hannah Brooks/ })).toContainText(
      'Rightmove',
    );
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(5);
    await expect(page.getByText('Receiving portal enquiries by email is not switched on')).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('INBOUND_DOMAIN');
    await expect(page.getByRole('main')).not.toContainText('add this address');
    await page.screenshot({ path: test.info().outputPath(`enquiries-demo-${width}.png`), fullPage: true });
  });
}
