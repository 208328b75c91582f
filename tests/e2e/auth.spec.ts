import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, holdRequests, linkFromOutbox, test } from './fixtures.ts';
import { createVerifiedAccount, signUpForPaidPlan } from './sign-up.ts';

const PASSWORD = 'Harbour-View-2025!';

let counter = 0;
function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

/** On "Choose a new password": types the password, and its confirmation, and submits. */
async function choosePassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(confirmation);
  await page.getByRole('button', { name: 'Update password' }).click();
}

/** The new password took: the login page says so. */
async function expectPasswordChanged(page: Page) {
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(
    page.getByText('Your password has been changed. Sign in with your new password.'),
  ).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('sign up on the free plan, verify by email, log in to see the company, log out', async ({ page }) => {
  const email = uniqueEmail('priya');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Free/ })).toBeChecked();
  await expect(page.getByText(/Special characters:/)).toBeVisible();
  await expect(page.getByText('! @ # $ % ^ & *', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Create free account' }).click();
  for (const message of [
    'Company name is required',
    'Phone number is required',
    'First name is required',
    'Last name is required',
    'Valid email is required',
    'Password must be at least 8 characters',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  const password = page.getByLabel('Password', { exact: true });
  await password.fill('abc');
  await expect(page.getByText('Strength: Weak')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'An uppercase letter (A-Z)' })).toBeVisible();
  await password.fill('Abcdefg1');
  await expect(page.getByText('Strength: Medium')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'A special character' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'An uppercase letter' })).toHaveCount(0);
  await password.fill('longenough');
  await expect(
    page.getByText('Password must contain uppercase, lowercase, number, and special character'),
  ).toBeVisible();
  await password.fill(PASSWORD);
  await expect(page.getByText('Strength: Strong')).toBeVisible();
  await page.getByLabel('Confirm password').fill('Something-Else-1!');
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Company name').fill('Riverside Lettings');
  await page.getByLabel('Phone number').fill('020 7946 0321');
  await page.getByLabel('First name').fill('Priya');
  await page.getByLabel('Last name').fill('Shah');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await expect(page.getByText("Passwords don't match")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Create free account' }).click();

  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // On a phone the address goes to a line of its own rather than breaking inside a word.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.getByText(email).evaluate((el) => el.getClientRects().length)).toBe(1);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Signing in before verifying explains why not, and offers a new link.
  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Email not verified yet')).toBeVisible();
  await expect(page.getByText(/Please verify your email address before signing in/)).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email sent')).toBeVisible();

  await page.goto(await linkFromOutbox(page.request, email, '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page.getByText('Your email address is verified. You can now sign in.')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Riverside Lettings' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Riverside Lettings' })).toHaveCount(0);
});

test('the login and reset forms say what they need', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/reset-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Valid email is required')).toBeVisible();

  await page.goto('/update-password');
  await expect(page.getByText('Invalid Request')).toBeVisible();
  await expect(page.getByText('Please ensure you are using a valid link.')).toBeVisible();

  await page.goto('/login?verifyError=expired');
  await expect(page.getByText('Verification link expired')).toBeVisible();
});

test('reset the password by email, then sign in with the new one', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, PASSWORD, 'Quayside Homes');

  await page.goto('/reset-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expect(page.getByText(/we've sent it a link to choose a new password/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const resetLink = await linkFromOutbox(page.request, account.email, '/update-password');
  expect(resetLink).toMatch(/^\/update-password#token=/);
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

  const newPassword = page.getByLabel('New password', { exact: true });
  await newPassword.fill('quay');
  await page.getByRole('button', { name: 'Update password' }).click();
  for (const message of [
    'Password must be at least 8 characters',
    'Password must contain an uppercase letter',
    'Password must contain a number',
    'Password must contain a special character',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('Password must contain a lowercase letter')).toHaveCount(0);

  await choosePassword(page, 'Quayside-Loft-77?', 'Quayside-Loft-78?');
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await choosePassword(page, 'Quayside-Loft-77?');
  await expectPasswordChanged(page);

  // The link works once.
  await page.goto('/');
  await page.goto(resetLink);
  await choosePassword(page, 'Another-Pass-88!');
  await expect(page.getByText('Failed to update password')).toBeVisible();
  await expect(page.getByText(/invalid, has expired or has already been used/)).toBeVisible();

  await logIn(page, account.email, account.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await logIn(page, account.email, 'Quayside-Loft-77?');
  await expect(page.getByRole('heading', { name: 'Quayside Homes' })).toBeVisible();
});

test('My Account edits the company profile, and says when it cannot load', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, PASSWORD, 'Elm Street Agents');
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Elm Street Agents' })).toBeVisible();

  await page.getByRole('link', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByText('enquiry credits a month · change it under Subscription')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const name = page.getByLabel('Company name');
  await name.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('nope');
  await expect(page.getByText('Valid email is required')).toBeVisible();
  await page.getByLabel('Phone number').fill('');
  await expect(page.getByText('Phone number is required')).toBeVisible();

  await name.fill('Elm Street Lettings');
  await page.getByLabel('Email', { exact: true }).fill('lettings@elmstreet.example');
  await page.getByLabel('Phone number').fill('0113 496 0101');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Elm Street Lettings' })).toBeVisible();

  await page.route('**/api/companies', (route) => route.fulfill({ status: 500, json: { message: 'Boom' } }));
  await page.goto('/my-account');
  await expect(page.getByRole('heading', { name: 'Unable to load account data' })).toBeVisible();
  await page.unroute('**/api/companies');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
});

test('the registration dialog opens for a user without a company and reports a refusal', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, PASSWORD, 'Dialog Lettings');
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);

  // Seen as a user whose company is missing: the dialog opens by itself and cannot be dismissed.
  await page.route('**/api/auth/user', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), company: null } });
  });
  await page.goto('/my-account');
  const dialog = page.getByRole('dialog', { name: 'Register your company' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Register company' }).click();
  await expect(dialog.getByText('Company name is required')).toBeVisible();
  await expect(dialog.getByText('Phone number is required')).toBeVisible();
  await dialog.getByLabel('Company email').fill('bad');
  await expect(dialog.getByText('Valid email is required')).toBeVisible();

  await dialog.getByLabel('Company name').fill('Second Company');
  await dialog.getByLabel('Company email').fill(account.email);
  await dialog.getByLabel('Phone number').fill('0161 496 0999');
  await dialog.getByRole('button', { name: 'Register company' }).click();
  await expect(page.getByText('Failed to register company')).toBeVisible();
  await expect(page.getByText('A company is already registered for this account')).toBeVisible();
});

test('a session that ended elsewhere says so on My Account and goes home', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, PASSWORD, 'Expiring Homes');
  await logIn(page, account.email, account.password);
  await page.getByRole('link', { name: 'My Account' }).click();
  await expect(page.getByLabel('Company name')).toHaveValue('Expiring Homes');

  // Another tab logs out (the browser's cookie goes with it) while this page still shows the account.
  await page.request.post('/api/auth/logout', { headers: { origin: new URL(page.url()).origin } });
  await page.getByLabel('Company name').fill('Expiring Homes Ltd');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Unauthorized')).toBeVisible();
  await expect(page.getByText('You are logged out. Logging in again...')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
});

test('the sign-up form shows before any script or API answers, and keeps what was typed meanwhile', async ({
  page,
}) => {
  // Scripts and API calls wait until the test lets them through.
  const { release, held } = await holdRequests(page, '**/assets/*.js', '**/api/**');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/signup?plan=medium', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Medium/ })).toBeChecked();
  const submit = page.getByRole('button', { name: 'Create account and continue to payment' });
  await expect(submit).toBeVisible();
  // Until the page can send it, the form cannot be submitted (no native GET with the password).
  await expect(submit).toBeDisabled();
  expect(held.some((path) => path.endsWith('.js'))).toBe(true);
  await page.getByLabel('Company name').fill('Early Bird Lettings');
  await page.getByRole('radio', { name: /Large/ }).check();
  await page.getByLabel('Phone number').press('Enter');
  expect(new URL(page.url()).search).toBe('?plan=medium');

  release();
  await expect(submit).toBeEnabled();
  // What was typed before the script arrived is still there, and is what gets sent.
  await expect(page.getByLabel('Company name')).toHaveValue('Early Bird Lettings');
  await expect(page.getByRole('radio', { name: /Large/ })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Selected plan' })).toContainText('Large');
  await page.getByLabel('Phone number').fill('0161 496 0000');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Brook');
  const email = uniqueEmail('early');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  const signup = page.waitForRequest('**/api/auth/signup');
  await submit.click();
  expect((await signup).postDataJSON()).toMatchObject({
    companyName: 'Early Bird Lettings',
    accountType: 'large',
    email,
  });
  await expect(page).toHaveURL(/\/checkout\//);
  expect(errors).toEqual([]);
});

test('a paid plan creates the account, keeps no password in the browser and goes to checkout', async ({
  page,
}) => {
  const email = uniqueEmail('paid');
  await page.goto('/signup?plan=medium');
  await expect(page.getByRole('radio', { name: /Medium/ })).toBeChecked();
  await expect(page.getByText('Selected plan')).toBeVisible();
  await expect(page.getByText('£70', { exact: true }).last()).toBeVisible();

  await signUpForPaidPlan(page, {
    companyName: 'Canal Side Lettings',
    phone: '0121 496 0000',
    firstName: 'Ola',
    lastName: 'Nowak',
    email,
    password: PASSWORD,
  });

  await expect(page).toHaveURL(/\/checkout\//);
  const pending = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('letlead.pendingSignup'))) ?? '{}',
  );
  expect(pending).toMatchObject({
    accountType: 'medium',
    email,
    firstName: 'Ola',
    lastName: 'Nowak',
    companyName: 'Canal Side Lettings',
  });
  expect(JSON.stringify(pending)).not.toContain(PASSWORD);
  // The account exists already, waiting for its email to be verified.
  expect(await linkFromOutbox(page.request, email, '/api/auth/verify-email')).toContain('token=');
});

test('a checkout that cannot start shows the Checkout Error with the reason', async ({ page }) => {
  await page.route('**/api/stripe/create-checkout-session', (route) =>
    route.fulfill({ status: 503, json: { message: 'Payments are unavailable right now' } }),
  );
  await page.goto('/signup?plan=small');
  await signUpForPaidPlan(page, {
    companyName: 'Harbour Lets',
    phone: '0117 496 0000',
    firstName: 'Tom',
    lastName: 'Reid',
    email: uniqueEmail('checkout'),
    password: PASSWORD,
  });

  await expect(page.getByText('Checkout Error')).toBeVisible();
  await expect(
    page.getByText('Failed to create checkout session: Payments are unavailable right now'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.unroute('**/api/stripe/create-checkout-session');
  await page.getByRole('button', { name: 'Try the payment again' }).click();
  await expect(page).toHaveURL(/\/checkout\//);
});

test('a signed-in user changes the password from My Account by email, and every session ends', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, PASSWORD, 'Parkside Estates');
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Parkside Estates' })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('link', { name: 'My Account' }).click();
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('We have emailed you a link to choose a new password.')).toBeVisible();

  await page.goto(await linkFromOutbox(page.request, account.email, '/update-password'));
  await choosePassword(page, 'Parkside-Gate-31!');
  await expectPasswordChanged(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Parkside Estates' })).toHaveCount(0);
  await logIn(page, account.email, 'Parkside-Gate-31!');
  await expect(page.getByRole('heading', { name: 'Parkside Estates' })).toBeVisible();
});
