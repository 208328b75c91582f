import type { APIRequestContext, Page } from '@playwright/test';
import { unique } from '#tests/helpers/factories.ts';
import { expect, linkFromOutbox } from './fixtures.ts';

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

/** A verified account on the free plan made over the API, as a starting point for the screens that follow sign-up. */
export async function createVerifiedAccount(
  request: APIRequestContext,
  password: string,
  companyName: string,
) {
  const email = `${unique('agent')}@example.test`.toLowerCase();
  const response = await request.post('/api/auth/signup', {
    data: {
      companyName,
      firstName: 'Sam',
      lastName: 'Okafor',
      email,
      phone: '0161 496 0000',
      password,
      accountType: 'free',
    },
  });
  expect(response.status()).toBe(201);
  const verify = await request.get(await linkFromOutbox(request, email, '/api/auth/verify-email'), {
    maxRedirects: 0,
  });
  expect(verify.headers().location).toBe('/login?verified=1');
  return { email, password, companyName };
}
