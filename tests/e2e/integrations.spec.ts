import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSignedInUser, insertCompany, unique } from '#tests/helpers/factories.ts';
import { expect, expectNoSeriousA11yViolations, seededTest } from './fixtures.ts';

/** An agency on a phone connects a webhook receiver and an API key from the Integrations page. */

const test = seededTest(async (app) => {
  const user = await createSignedInUser(app);
  await insertCompany(app.ctx.db, user.userId, { name: 'Harbour Lettings', slug: unique('harbour') });
  return { cookie: user.cookie };
});

test.describe('Integrations page on a phone', () => {
  let receiver: Server;
  let receiverUrl: string;
  const received: string[] = [];

  test.beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        received.push(body);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/letlead`;
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  });

  test('adds an endpoint, sends a test event, creates and revokes an API key', async ({
    page,
    context,
    openAs,
    seeded,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openAs(seeded.cookie, { path: '/my-account', viewport: { width: 390, height: 844 } });
    await page.getByRole('link', { name: 'Open Integrations' }).click();
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // An empty URL is refused with the field's own message.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('Webhook URL is required')).toBeVisible();

    await page.getByLabel('Endpoint URL').fill(receiverUrl);
    await page.getByRole('checkbox', { name: /A viewing booked/ }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Endpoint added' });
    await expect(secretDialog).toBeVisible();
    await expect(secretDialog.getByText(/^whsec_/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await secretDialog.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^whsec_/);
    await page.keyboard.press('Escape');

    const endpoint = page.getByRole('article', { name: `Endpoint ${receiverUrl}` });
    await expect(endpoint.getByText('Active')).toBeVisible();
    await expect(endpoint.getByText('A new lead · A viewing booked')).toBeVisible();
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event delivered')).toBeVisible();
    await expect(
      endpoint.getByRole('region', { name: 'Delivery log' }).getByText('Delivered: HTTP 200'),
    ).toBeVisible();
    expect(received.some((body) => body.includes('"type":"webhook.test"'))).toBe(true);

    // The same address again is refused under its field; the events are changed in place instead,
    // keeping the secret the receiver already has.
    await page.getByLabel('Endpoint URL').fill(receiverUrl);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByLabel('Endpoint URL')).toHaveAccessibleDescription(
      /This URL already has an endpoint: change its events instead of adding another/,
    );
    await endpoint.getByRole('button', { name: 'Change events' }).click();
    const change = endpoint.getByRole('form', { name: 'Change events' });
    await expect(change.getByRole('checkbox', { name: /A viewing booked/ })).toBeChecked();
    await change.getByRole('checkbox', { name: /A new lead/ }).uncheck();
    await change.getByRole('checkbox', { name: /A viewing booked/ }).uncheck();
    await change.getByRole('button', { name: 'Save events' }).click();
    await expect(change.getByText('Choose at least one event')).toBeVisible();
    await change.getByRole('checkbox', { name: /A viewing confirmed by the tenant/ }).check();
    await change.getByRole('checkbox', { name: /A lead changed/ }).check();
    await change.getByRole('button', { name: 'Save events' }).click();
    await expect(page.getByText('Events saved')).toBeVisible();
    await expect(endpoint.getByText('A lead changed · A viewing confirmed by the tenant')).toBeVisible();
    await page.reload();
    await expect(endpoint.getByText('A lead changed · A viewing confirmed by the tenant')).toBeVisible();
    await expect(page.getByRole('article', { name: /^Endpoint / })).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('integrations-390.png'), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Key name').fill('Zapier');
    await page.getByRole('checkbox', { name: /Write/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'API key created' });
    const key = (await keyDialog.getByText(/^ll_/).textContent())!;
    expect(key).toMatch(/^ll_/);
    await page.keyboard.press('Escape');

    const api = await page.request.get('/api/v1/leads', { headers: { authorization: `Bearer ${key}` } });
    expect(api.status()).toBe(200);
    await page.reload();
    const keys = page.getByRole('list', { name: 'API keys' });
    await expect(keys.getByText('Zapier')).toBeVisible();
    await expect(keys.getByText(/last used/)).toBeVisible();

    await keys.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect(keys.getByText('Revoked', { exact: true })).toBeVisible();
    const refused = await page.request.get('/api/v1/leads', { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);

    // Nothing is wider than the phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Toasts fade as they leave, and axe reads a fading one's contrast: check once they are gone.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);

    // And at a desk.
    await page.setViewportSize({ width: 1280, height: 900 });
    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    await expect(endpoint.getByText('Delivered: HTTP 200')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('integrations-1280.png'), fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
