import type { Locator, Page } from '@playwright/test';
import { addMember, createCompanyUser, unique } from '#tests/helpers/factories.ts';
import { expect, seededTest } from './fixtures.ts';

/**
 * On a phone every control of the sign-in and settings pages that stands on its own is at least
 * 40 px tall, so a thumb hits it and not its neighbour (links inside a sentence excepted).
 */

const phone = { width: 390, height: 844 };

const test = seededTest(async (app) => {
  const { company, ...owner } = await createCompanyUser(
    app,
    { name: 'Harbour Lettings', slug: unique('harbour') },
    { firstName: 'Olive', lastName: 'Owner' },
  );
  await addMember(app, company.id, 'negotiator');
  return { owner: owner.cookie };
});

async function expectTappable(control: Locator) {
  await expect(control).toBeVisible();
  const box = (await control.boundingBox())!;
  expect(box.height, `${await control.textContent()} is ${box.height} px tall`).toBeGreaterThanOrEqual(40);
}

async function expectAllTappable(controls: Locator) {
  for (const control of await controls.all()) await expectTappable(control);
}

async function openSignedOut(page: Page, path: string) {
  await page.setViewportSize(phone);
  await page.goto(path);
}

test('the sign-in, sign-up and reset pages’ own links are big enough to tap on a phone', async ({ page }) => {
  await openSignedOut(page, '/login');
  await expectTappable(page.getByRole('banner').getByRole('link', { name: 'Create an account' }));
  await expectTappable(page.getByRole('link', { name: 'Forgot your password?' }));
  await expectTappable(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }));

  await openSignedOut(page, '/signup');
  await expectTappable(page.getByRole('banner').getByRole('link', { name: 'Sign in' }));

  await openSignedOut(page, '/reset-password');
  await expectTappable(page.getByRole('link', { name: 'Back to sign in' }));
});

test('the Team and Integrations pages’ buttons are big enough to tap on a phone', async ({
  page,
  openAs,
  seeded,
}) => {
  await openAs(seeded.owner, { path: '/team', viewport: phone });
  await expectTappable(page.getByRole('button', { name: 'Remove' }));

  await page.goto('/integrations');
  await page.getByLabel('Endpoint URL').fill('https://crm.example.com/letlead');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByRole('dialog', { name: 'Endpoint added' })).toBeVisible();
  await page.keyboard.press('Escape');
  const endpoint = page.getByRole('article', { name: 'Endpoint https://crm.example.com/letlead' });
  await endpoint.getByRole('button', { name: 'Delivery log' }).click();
  await expect(endpoint.getByRole('button', { name: 'Refresh the delivery log' })).toBeVisible();
  await expectAllTappable(endpoint.getByRole('button'));

  await page.getByLabel('Key name').fill('Zapier');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByRole('dialog', { name: 'API key created' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectTappable(page.getByRole('list', { name: 'API keys' }).getByRole('button', { name: 'Revoke' }));
});
