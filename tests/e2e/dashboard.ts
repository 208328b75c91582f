import type { Page } from '@playwright/test';

/** Steps on the agency's dashboard that several specs take, as an agent takes them. */

/** Opens the listing's form from the Property List: the Edit Property dialog. */
export async function editListing(page: Page, propertyName: string) {
  await page.getByRole('tab', { name: 'Property List' }).click();
  await page
    .getByRole('button', { name: `Edit ${propertyName}` })
    .first()
    .click();
  return page.getByRole('dialog', { name: 'Edit Property' });
}
