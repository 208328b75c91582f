import type { TestApp } from '#tests/helpers/app.ts';
import { createCompanyUser, insertProperty, unique } from '#tests/helpers/factories.ts';
import { everyDay, viewingSchedule } from '#tests/helpers/viewing-schedule.ts';
import {
  addSessionCookie,
  expect,
  expectFingerReaches,
  expectNoSeriousA11yViolations,
  seededTest,
} from './fixtures.ts';

/**
 * A newcomer plays a tenant on /dev/phone (no provider account): a WhatsApp conversation that
 * qualifies, books a viewing by replying "2" and ends with the closing sentence; the lead is on
 * the dashboard with source whatsapp and the phone the message came from.
 */
async function seed(app: TestApp) {
  const { company, ...user } = await createCompanyUser(app, {
    name: 'Canal Walk Lettings',
    slug: unique('canal-walk'),
    viewingSchedule: viewingSchedule(everyDay('09:00', '18:00')),
  });
  await insertProperty(app, company.id, company.slug, { propertyName: 'Flat 2, Towpath', vacancyDate: null });
  return { cookie: user.cookie, companyId: company.id, companySlug: company.slug };
}

const test = seededTest(seed);

function moveInDate(): string {
  return new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-GB', { timeZone: 'Europe/London' });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a WhatsApp conversation on /dev/phone books a viewing by replying "2"', async ({
    page,
    seeded,
    context,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.goto(`/dev/phone?company=${seeded.companySlug}&phone=07700900555`);
    const thread = page.getByRole('log').or(page.getByLabel('Messages'));
    const send = async (text: string) => {
      const before = await page.locator('.msg').count();
      await page.getByLabel('Message', { exact: true }).fill(text);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.locator('.msg')).not.toHaveCount(before);
      await expect.poll(async () => page.locator('.msg').count()).toBeGreaterThan(before + 1);
    };
    await send('Hi');
    await expect(thread).toContainText("I'm their AI assistant");
    await page.getByRole('button', { name: 'Flat 2, Towpath' }).click();
    await expect(thread).toContainText(/move in/i);
    await send(`2 of us, both nurses, £58k together, could move in on ${moveInDate()}`);
    await send('Sarah Jones');
    await send('sarah.jones@example.com');
    await expect(thread).toContainText(/07700 900555/);
    await page.screenshot({ path: testInfo.outputPath('phone-summary-390.png') });
    await page.getByRole('button', { name: "Yes, that's right" }).click();
    await expect(page.locator('.msg').last()).toContainText(/Other times/);
    const second = (await page
      .locator('.msg')
      .last()
      .locator('.choices button')
      .nth(1)
      .textContent())!.trim();
    await send('2');
    await expect(page.locator('.msg').last()).toContainText(
      /Your viewing is booked for .+ Have a great day!/,
    );
    await page.screenshot({ path: testInfo.outputPath('phone-booked-390.png') });
    await expectNoSeriousA11yViolations(page);
    expect(second).toMatch(/, \d{2}:\d{2}$/);

    await page.getByRole('button', { name: 'SMS' }).click();
    await page.screenshot({ path: testInfo.outputPath('phone-sms-390.png') });

    await addSessionCookie(context, baseURL!, seeded.cookie);
    const leads = await page.request.get(`/api/companies/${seeded.companyId}/dashboard`);
    const body = (await leads.json()) as {
      leads: { source: string; contactNumber: string; channel: string; name: string }[];
    };
    expect(body.leads).toHaveLength(1);
    expect(body.leads[0]).toMatchObject({
      source: 'whatsapp',
      contactNumber: '+447700900555',
      channel: 'whatsapp',
      name: 'Sarah Jones',
    });
    await page.goto('/');
    await expect(page.getByText('Sarah Jones').first()).toBeVisible();
    await page
      .getByRole('button', { name: /Details/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'WhatsApp messages' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Enquired on WhatsApp');
    await page.screenshot({ path: testInfo.outputPath('lead-390.png'), fullPage: false });

    // The Live tab says the chat came in on WhatsApp, in the list and in the transcript's header.
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /Live/ }).click();
    const item = page.getByRole('button', { name: /Sarah Jones/ }).first();
    await expect(item.getByText('WhatsApp', { exact: true })).toBeVisible();
    await item.click();
    await expect(page.getByText('WhatsApp', { exact: true })).toHaveCount(2);
    // On a phone the chosen chat opens under the list, and the page brings it into view.
    await expect(page.getByLabel('Known details')).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: testInfo.outputPath('live-390.png'), fullPage: true });

    // The viewing it booked says where the tenant came from, as people write it.
    await page.getByRole('tab', { name: 'Viewings' }).click();
    await expect(
      page
        .getByRole('list', { name: 'Upcoming viewings' })
        .getByRole('listitem')
        .filter({ hasText: 'Sarah Jones' }),
    ).toContainText('· WhatsApp');

    await page.goto('/integrations');
    await expect(page.getByRole('heading', { name: 'WhatsApp (Meta WhatsApp Cloud API)' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('settings-390.png'), fullPage: true });
  });
});

test.describe('on a phone, by keyboard', () => {
  test('"Send a test message" keeps the focus, and its toast closes with a thumb', async ({
    openAs,
    page,
    seeded,
  }) => {
    await openAs(seeded.cookie, { path: '/integrations', viewport: { width: 390, height: 844 } });
    const whatsapp = page.getByRole('region', { name: 'WhatsApp (Meta WhatsApp Cloud API)' });
    await whatsapp.getByLabel('Send a test message to').fill('07700 900123');
    const send = whatsapp.getByRole('button', { name: 'Send a test message' });
    await send.focus();
    await page.keyboard.press('Enter');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: /^Test message .* to / });
    await expect(toast).toBeVisible();
    // The keyboard's place is still the button, for a second test or Tab onwards.
    await expect(send).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('test-message-sent-390.png') });
    // The toast's × is drawn 20 px, but a thumb just beside it still closes it.
    const close = toast.getByRole('button', { name: /close/i });
    await expectFingerReaches(close);
    const box = (await close.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 18, box.y + box.height / 2);
    await expect(toast).toBeHidden();
  });
});

test.describe('at a desk', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('the Messaging card shows the set-up steps and the webhook URL to paste', async ({
    openAs,
    page,
    seeded,
    baseURL,
  }, testInfo) => {
    await openAs(seeded.cookie, { path: '/integrations' });
    await expect(page.getByRole('textbox', { name: 'WhatsApp webhook URL' })).toHaveValue(
      `${baseURL}/api/channels/whatsapp/${seeded.companyId}`,
    );
    await expect(page.getByText('Development outbox').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('settings-1280.png'), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // Connect with nothing typed: each field says what it wants, under itself, and the first takes the focus.
    const whatsapp = page.getByRole('form', { name: /WhatsApp .* settings/ });
    await whatsapp.getByRole('button', { name: 'Connect' }).click();
    const phoneNumberId = whatsapp.getByRole('textbox', { name: 'Phone number ID' });
    await expect(phoneNumberId).toHaveAttribute('aria-invalid', 'true');
    await expect(phoneNumberId).toHaveAccessibleDescription(
      /the number Meta shows under WhatsApp, API setup/,
    );
    await expect(phoneNumberId).toBeFocused();
    await expect(whatsapp.getByLabel('App secret')).toHaveAccessibleDescription(
      "Paste the app secret from the Meta app's basic settings",
    );
    await page.screenshot({ path: testInfo.outputPath('settings-connect-empty-1280.png'), fullPage: true });
  });

  test('Disconnect asks before it erases the saved credentials, and says when it has', async ({
    openAs,
    page,
    seeded,
  }, testInfo) => {
    await openAs(seeded.cookie, { path: '/integrations' });
    const whatsapp = page.getByRole('form', { name: /WhatsApp .* settings/ });
    await whatsapp.getByRole('textbox', { name: 'Phone number ID' }).fill('109876543210');
    await whatsapp.getByLabel('Access token').fill('EAAG-test-access-token-0123456789');
    await whatsapp.getByLabel('App secret').fill('0123456789abcdef0123');
    await whatsapp.getByRole('button', { name: 'Connect' }).click();
    await expect(whatsapp.getByRole('button', { name: 'Save changes' })).toBeVisible();

    await whatsapp.getByRole('button', { name: 'Disconnect' }).click();
    const question = page.getByRole('alertdialog', { name: 'Disconnect WhatsApp?' });
    await expect(question).toContainText('The saved WhatsApp credentials are erased');
    await page.screenshot({ path: testInfo.outputPath('disconnect-1280.png') });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(whatsapp.getByRole('button', { name: 'Save changes' })).toBeVisible();

    await whatsapp.getByRole('button', { name: 'Disconnect' }).click();
    await question.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('WhatsApp disconnected')).toBeVisible();
    await expect(whatsapp.getByRole('button', { name: 'Connect' })).toBeVisible();
  });
});
