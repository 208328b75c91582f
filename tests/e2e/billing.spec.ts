import type { Page } from '@playwright/test';
import { type FakeStripe, startFakeStripe } from '#tests/fakes/stripe-server.ts';
import { unique } from '#tests/helpers/factories.ts';
import { expect, expectNoSeriousA11yViolations, type LetLeadServer, startServer, test } from './fixtures.ts';
import { createVerifiedAccount, signUpForPaidPlan } from './sign-up.ts';

const PASSWORD = 'Sunny-Flat-42!';
const shots = process.env.BILLING_SCREENSHOTS === '1';

async function screenshot(page: Page, name: string) {
  if (!shots) return;
  for (const [label, width] of [
    ['desktop', 1280],
    ['phone', 390],
  ] as const) {
    await page.setViewportSize({ width, height: label === 'desktop' ? 800 : 844 });
    await page.screenshot({ path: test.info().outputPath(`billing-${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Signs Harbour Lettings up on the plan already chosen, on to the payment. */
async function signUp(page: Page, email: string) {
  await signUpForPaidPlan(page, {
    companyName: 'Harbour Lettings',
    phone: '020 7946 0123',
    firstName: 'Priya',
    lastName: 'Shah',
    email,
    password: PASSWORD,
  });
}

/** Follows the verification link from the development outbox, then signs in. */
async function verifyAndLogIn(page: Page, server: LetLeadServer, email: string) {
  const outbox = await (await page.request.get(`${server.url}/dev/mail`)).text();
  const block = outbox.split('<article').find((article) => article.includes(email)) ?? '';
  const link = /href="([^"]*verify-email\?token=[^"]+)"/.exec(block)?.[1]?.replaceAll('&amp;', '&');
  expect(link, 'a verification email in the dev outbox').toBeTruthy();
  await page.goto(link!.replace(/^https?:\/\/[^/]+/, server.url));
  await expect(page).toHaveURL(/\/login\?verified=1/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function expectMediumCredits(page: Page) {
  const credits = page
    .getByRole('heading', { name: 'Credits' })
    .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  await expect(credits).toContainText('1,500 of 1,500 remaining');
  await expect(credits).toContainText('Medium plan');
  await expect(credits).toContainText('Resets on billing cycle');
}

test('pricing page: plan cards, Most Popular on Medium, comparison and billing FAQ', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Simple monthly plans that grow with your agency',
  );
  const plans = page
    .getByRole('region', { name: 'Plans' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(plans).toHaveCount(4);
  const medium = plans.filter({ hasText: 'Medium' });
  await expect(medium).toContainText('Most Popular');
  await expect(medium).toContainText('£70/month');
  await expect(medium).toContainText('1,500 enquiry credits a month');
  await expect(page.getByRole('table')).toContainText('5,000');

  // The page is prerendered: a click before React has hydrated it does nothing, so try again.
  await expect(async () => {
    await page.getByRole('button', { name: 'Can I upgrade or downgrade?' }).click();
    await expect(page.getByText('Upgrades apply immediately')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'pricing');

  await medium.getByRole('link', { name: /Get Started/ }).click();
  await expect(page).toHaveURL(/\/signup\?plan=medium$/);
  await expect(page.getByRole('radio', { name: /Medium/ })).toBeChecked();
});

test('a new user signs up on Medium, pays on the test checkout, verifies, and sees Medium 1,500 of 1,500, active', async ({
  page,
  server,
}) => {
  const email = `${unique('priya')}@example.test`.toLowerCase();
  await page.goto('/signup?plan=medium');
  await signUp(page, email);

  await expect(page).toHaveURL(/\/checkout\/test\?session=cs_local_/);
  await expect(page.getByText('Test mode: no real payment')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await expect(page.getByText('LetLead Medium')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'test-checkout');
  await page.getByRole('button', { name: 'Pay £70 (test)' }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { name: 'Welcome to LetLead, Priya!' })).toBeVisible();
  await expect(page.getByText('Your payment was successful and your Medium plan is active.')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Your plan' });
  await expect(summary).toContainText('Medium');
  await expect(summary).toContainText('£70');
  await expect(summary).toContainText('1,500 a month');
  await expect(
    page.getByText('You need to verify your email before you can log in.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'success');
  expect(await page.evaluate(() => localStorage.getItem('letlead.pendingSignup'))).toBeNull();

  await verifyAndLogIn(page, server, email);
  await expect(page.getByRole('button', { name: 'Generate AI Agent' })).toBeVisible();
  await expectMediumCredits(page);

  await page
    .getByRole('link', { name: 'My Account' })
    .or(page.getByRole('button', { name: 'My Account' }))
    .first()
    .click();
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(subscription).toContainText('Medium');
  await expect(subscription.getByText('Active', { exact: true })).toBeVisible();
  await screenshot(page, 'my-account');

  await subscription.getByRole('button', { name: /Manage Subscription/ }).click();
  await expect(page.getByRole('heading', { name: 'Test subscription portal' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'portal');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('Cancellation scheduled')).toBeVisible();
  await page.getByRole('link', { name: 'Return to LetLead' }).click();

  await expect(subscription).toContainText(
    /Your subscription ends on \d{1,2} \w{3} \d{4}\. Your account will then drop to the free plan/,
  );
  await expect(subscription).toContainText('Medium');
  await screenshot(page, 'my-account-cancelling');
});

test('an agency on the free plan upgrades to Medium: the success page reads as a plan change, not a welcome', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, PASSWORD, 'Birchwood Lettings');
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Total Leads' })).toBeVisible();

  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Upgrade to Medium' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\?session=cs_local_/);
  await page.getByRole('button', { name: 'Pay £70 (test)' }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { name: "You're now on the Medium plan" })).toBeVisible();
  await expect(page).toHaveTitle(/Plan updated/);
  await expect(
    page.getByText(
      'Your payment was successful and your Medium plan is active, with 1,500 enquiry credits a month.',
    ),
  ).toBeVisible();
  await expect(
    page.getByText('Your properties, AI agent links and leads are just as they were.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Account' }).first()).toBeVisible();
  // Nothing of a new account's onboarding.
  for (const words of ['Welcome to LetLead', 'Add your properties', 'Verify your email', 'Next steps']) {
    await expect(page.getByText(words)).toHaveCount(0);
  }
  await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('1,500 a month');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'success-upgrade');

  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expectMediumCredits(page);
});

test('a paid checkout with an invalid pending sign-up shows the spec message', async ({ page }) => {
  await page.goto('/pricing');
  await page.evaluate(() =>
    localStorage.setItem('letlead.pendingSignup', JSON.stringify({ accountType: 'gold' })),
  );
  await page.goto('/checkout/success?session_id=cs_local_whatever');
  await expect(page.getByText('Invalid signup data found. Please try signing up again.')).toBeVisible();
});

test('an unknown session on the success page is a Checkout Error', async ({ page }) => {
  await page.goto('/checkout/success?session_id=cs_local_unknown');
  await expect(page.getByText('Checkout Error')).toBeVisible();
  await expect(page.getByText(/Failed to retrieve checkout session details/)).toBeVisible();
});

test('cancel page: retry payment, back to signup, contact support, start free, common issues', async ({
  page,
}) => {
  await page.goto('/checkout/cancel');
  await expect(page.getByRole('heading', { name: 'Checkout cancelled' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retry payment' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to signup' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('link', { name: 'Start free account' })).toHaveAttribute(
    'href',
    '/signup?plan=free',
  );
  await expect(page.getByRole('heading', { name: 'Common issues' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'cancel');
});

test.describe('with Stripe keys, against a Stripe-compatible local server', () => {
  let stripe: FakeStripe;
  let stripeServer: { server: LetLeadServer; stop: () => Promise<void> };

  test.beforeAll(async () => {
    stripe = await startFakeStripe({ webhookSecret: 'whsec_e2e_billing' });
    // Stripe needs absolute return URLs: startServer fixes the port, and APP_URL with it, up front.
    stripeServer = await startServer({
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_billing',
      STRIPE_PRICE_SMALL: 'price_small',
      STRIPE_PRICE_MEDIUM: 'price_medium',
      STRIPE_PRICE_LARGE: 'price_large',
      STRIPE_API_URL: stripe.apiUrl,
    });
    stripe.setWebhookUrl(`${stripeServer.server.url}/api/stripe/webhook`);
  });
  test.afterAll(async () => {
    await stripeServer?.stop();
    await stripe?.close();
  });

  test('sign up on Medium, pay on hosted checkout, webhooks upgrade the account', async ({ page }) => {
    const { server } = stripeServer;
    const email = `${unique('stripe')}@example.test`.toLowerCase();
    await page.goto(`${server.url}/signup?plan=medium`);
    await signUp(page, email);

    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Subscribe' }).click();

    await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_test_/);
    await expect(page.getByRole('heading', { name: 'Welcome to LetLead, Priya!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('1,500 a month');

    await verifyAndLogIn(page, server, email);
    await expectMediumCredits(page);
  });
});
