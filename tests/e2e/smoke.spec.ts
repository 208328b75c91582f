import { expect, test } from './fixtures.ts';

test('the landing page loads from the production build', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/AI tenant screening/i);
});

test('an unknown route shows the 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/some/client/route');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
