import type { Page } from '@playwright/test';

export type SignUpDetails = {
  companyName: string;
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
};

/** Fills the sign-up form on the paid plan already chosen and submits it, on to the payment. */
export async function signUpForPaidPlan(page: Page, details: SignUpDetails) {
  await page.getByLabel('Company name').fill(details.companyName);
  await page.getByLabel('Phone number').fill(details.phone);
  await page.getByLabel('First name').fill(details.firstName);
  await page.getByLabel('Last name').fill(details.lastName);
  await page.getByLabel('Work email').fill(details.email);
  await page.getByLabel('Password', { exact: true }).fill(details.password);
  await page.getByLabel('Confirm password').fill(details.password);
  await page.getByRole('button', { name: 'Create account and continue to payment' }).click();
}
