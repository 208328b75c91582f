import type { Page, TestInfo } from '@playwright/test';
import {
  addMember,
  createCompanyUser,
  insertLead,
  insertProperty,
  unique,
} from '#tests/helpers/factories.ts';
import {
  addSessionCookie,
  test as base,
  expect,
  expectNoSeriousA11yViolations,
  holdRequests,
  type LetLeadServer,
  linkFromOutbox,
  startSeededServer,
} from './fixtures.ts';

/**
 * The owner invites a negotiator from the Team page; the negotiator opens the emailed link on a
 * phone, makes an account and lands on the dashboard; My Account then offers them no billing,
 * team, integrations or account closure, and says why.
 */

type Seeded = { cookie: string };
/** A second agency with a negotiator already on the team, for assignment. */
type Quay = { companyId: string; owner: Seeded; negotiator: Seeded & { userId: string } };
/** A third agency with an admin to remove. */
type Dock = { companyId: string; owner: Seeded };

const test = base.extend<
  object,
  { seeded: { server: LetLeadServer; owner: Seeded; quay: Quay; dock: Dock } }
>({
  seeded: [
    async ({}, use) => {
      const { server, seeded, stop } = await startSeededServer(async (app) => {
        const { company, ...user } = await createCompanyUser(
          app,
          { name: 'Harbour Lettings', slug: unique('harbour') },
          { firstName: 'Olive', lastName: 'Owner' },
        );
        await insertLead(app.ctx.db, company.id, { name: 'Sam Patel' });

        const { company: quay, ...quayOwner } = await createCompanyUser(
          app,
          { name: 'Quay Lettings', slug: unique('quay') },
          { firstName: 'Quinn', lastName: 'Owner' },
        );
        const negotiator = await addMember(app, quay.id, 'negotiator');
        await insertProperty(app, quay.id, quay.slug);
        await insertLead(app.ctx.db, quay.id, { name: 'Ravi Shah' });
        await insertLead(app.ctx.db, quay.id, { name: 'Lena Moss' });

        const { company: dock, ...dockOwner } = await createCompanyUser(
          app,
          { name: 'Dock Lettings', slug: unique('dock') },
          { firstName: 'Dora', lastName: 'Owner' },
        );
        await addMember(app, dock.id, 'admin');
        return {
          dock: { companyId: dock.id, owner: { cookie: dockOwner.cookie } },
          owner: { cookie: user.cookie },
          quay: {
            companyId: quay.id,
            owner: { cookie: quayOwner.cookie },
            negotiator: { cookie: negotiator.cookie, userId: negotiator.userId },
          },
        };
      });
      await use({ server, ...seeded });
      await stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ seeded }, use) => {
    await use(seeded.server.url);
  },
});

async function look(page: Page, testInfo: TestInfo, name: string) {
  // The pointer off the button it just pressed: axe reads a half-finished hover as the colours.
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test('an owner invites a negotiator, who joins from the emailed link and sees only what they may use', async ({
  openAs,
  page,
  browser,
  baseURL,
  seeded,
}, testInfo) => {
  const email = `${unique('nico')}@example.test`;

  // The owner, at a desk.
  await openAs(seeded.owner.cookie, { path: '/my-account', viewport: { width: 1280, height: 900 } });
  await page.getByRole('link', { name: 'Open Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Members' }).getByText('Olive Owner')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('list', { name: 'Open invitations' }).getByText(email)).toBeVisible();
  // Ready for the next colleague: the emptied Email field has the focus, not the page.
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Email')).toBeFocused();
  await look(page, testInfo, 'team-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await look(page, testInfo, 'team-390');

  // The invitee, signed out, on a phone.
  const link = await linkFromOutbox(page.request, email, '/join');
  const invitee = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const phone = await invitee.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: 'Join Harbour Lettings' })).toBeVisible();
  await expect(phone.getByText(`You have been invited as a negotiator, at ${email}.`)).toBeVisible();
  await look(phone, testInfo, 'join-1280');
  await phone.setViewportSize({ width: 390, height: 844 });
  await look(phone, testInfo, 'join-390');

  // A mismatched confirmation is caught before anything is sent.
  await phone.getByLabel('First name').fill('Nico');
  await phone.getByLabel('Last name').fill('Negotiator');
  await phone.getByLabel('Password', { exact: true }).fill('Harbour-View-2025!');
  await phone.getByLabel('Confirm password').fill('Harbour-View-2024!');
  await phone.getByRole('button', { name: 'Create account and join' }).click();
  await expect(phone.getByText("Passwords don't match")).toBeVisible();
  await phone.getByLabel('Confirm password').fill('Harbour-View-2025!');
  await phone.getByRole('button', { name: 'Create account and join' }).click();
  await expect(phone).toHaveURL(/\/$/);
  await expect(phone.getByRole('heading', { name: 'Property Leads' })).toBeVisible();

  // What a negotiator is not offered, and why.
  await phone.goto('/my-account');
  await expect(phone.getByText("Only the company's owner can manage billing.")).toBeVisible();
  await expect(phone.getByText(/Only the company's owner can close the account\./)).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Open Team' })).toHaveCount(0);
  await expect(phone.getByRole('link', { name: 'Open Integrations' })).toHaveCount(0);
  await expect(phone.getByRole('button', { name: 'Close account' })).toHaveCount(0);
  await look(phone, testInfo, 'account-negotiator-390');
  await phone.goto('/team');
  await expect(
    phone.getByText("Only the company's owner or an admin can manage the team and read the audit log."),
  ).toBeVisible();
  await invitee.close();

  // The owner sees them on the team, and their joining in the audit log.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Members' }).getByText('Nico Negotiator')).toBeVisible();
  await page.goto('/my-account');
  const joined = page
    .getByRole('list', { name: 'Audit events' })
    .getByRole('listitem')
    .filter({ hasText: 'Joined the team' });
  await expect(joined).toBeVisible();
  // Who did it reads as such, not as a second name beside the one the event is about.
  await expect(joined.getByText(/^By Nico Negotiator \(/)).toBeVisible();
  await look(page, testInfo, 'account-owner-390');
});

test('the owner gives a lead and a listing to a negotiator, who finds the lead under My leads and cannot change listings', async ({
  openAs,
  page,
  browser,
  baseURL,
  seeded,
}, testInfo) => {
  // The owner, at a desk: the lead's side panel.
  await openAs(seeded.quay.owner.cookie, { viewport: { width: 1280, height: 900 } });
  await page.getByRole('row', { name: /Ravi Shah/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Ravi Shah' });
  const assignee = sheet.getByRole('combobox', { name: 'Assigned to' });
  await expect(assignee).toHaveText('Unassigned');
  await assignee.click();
  await page.getByRole('option', { name: 'Nico Agent' }).click();
  await expect(assignee).toHaveText('Nico Agent');
  await expect(sheet.getByRole('list', { name: 'Timeline' })).toContainText('Assigned to Nico Agent');
  await look(page, testInfo, 'lead-assigned-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await look(page, testInfo, 'lead-assigned-390');
  await page.keyboard.press('Escape');

  // The listing: who looks after it, saved without touching its other details.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('tab', { name: 'Property List' }).click();
  const lookedAfter = page.getByRole('combobox', { name: 'Looked after by (2 Bed Flat, Elm Road)' });
  await expect(lookedAfter).toHaveText('Unassigned');
  await lookedAfter.click();
  await page.getByRole('option', { name: 'Nico Agent' }).click();
  await expect(lookedAfter).toHaveText('Nico Agent');
  await page.reload();
  await page.getByRole('tab', { name: 'Property List' }).click();
  await expect(lookedAfter).toHaveText('Nico Agent');
  const row = page.getByRole('row', { name: /2 Bed Flat, Elm Road/ });
  await expect(row).toContainText('14 Elm Road, Leeds LS6 2AB');
  await expect(row).toContainText('Mrs Patel 07700 900123');
  // Editing the listing's details keeps who looks after it.
  await row.getByRole('button', { name: 'Edit 2 Bed Flat, Elm Road' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Property' });
  await edit.getByLabel('Rental price').fill('£1,250 pcm');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('£1,250 pcm');
  await expect(lookedAfter).toHaveText('Nico Agent');
  await look(page, testInfo, 'listings-owner-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('combobox', { name: 'Looked after by (2 Bed Flat, Elm Road)' })).toHaveText(
    'Nico Agent',
  );
  await look(page, testInfo, 'listings-owner-390');

  // The negotiator, on a phone: their lead under My leads; listings to read, not to change.
  const negotiator = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await addSessionCookie(negotiator, baseURL!, seeded.quay.negotiator.cookie);
  const phone = await negotiator.newPage();
  await phone.goto('/');
  const lead = (name: string) => phone.getByRole('heading', { name, level: 3 });
  await expect(lead('Lena Moss')).toBeVisible();
  // My leads is the server's list of the member's leads, not the whole list filtered here.
  const myLeadsRequest = phone.waitForResponse(
    (response) => response.url().endsWith('/dashboard?assignee=me') && response.ok(),
  );
  await phone.getByRole('button', { name: 'My leads' }).click();
  const myLeads = (await (await myLeadsRequest).json()) as { leads: { name: string }[] };
  expect(myLeads.leads.map((row) => row.name)).toEqual(['Ravi Shah']);
  await expect(lead('Ravi Shah')).toBeVisible();
  await expect(lead('Lena Moss')).toHaveCount(0);
  await look(phone, testInfo, 'my-leads-negotiator-390');
  await phone.getByRole('tab', { name: 'Property List' }).click();
  const card = phone.getByRole('list', { name: 'Properties' }).getByRole('listitem');
  await expect(card).toContainText('Looked after by');
  await expect(card).toContainText('Nico Agent');
  await expect(phone.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expect(phone.getByRole('combobox', { name: /Looked after by/ })).toHaveCount(0);
  await look(phone, testInfo, 'listings-negotiator-390');
  await phone.setViewportSize({ width: 1280, height: 900 });
  await expect(phone.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(phone.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await look(phone, testInfo, 'listings-negotiator-1280');
  await negotiator.close();

  // The negotiator leaves the team while the owner's list still offers them: the server refuses,
  // the lead stays unassigned and a toast says why.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('tab', { name: 'Property Leads' }).click();
  await page.getByRole('row', { name: /Lena Moss/ }).click();
  const lena = page.getByRole('dialog', { name: 'Lena Moss' }).getByRole('combobox', { name: 'Assigned to' });
  await expect(lena).toBeEnabled();
  await lena.click();
  const removed = await page.request.delete(
    `/api/companies/${seeded.quay.companyId}/members/${seeded.quay.negotiator.userId}`,
    { headers: { origin: baseURL! } },
  );
  expect(removed.status()).toBe(204);
  await page.getByRole('option', { name: 'Nico Agent' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'The lead could not be assigned' }),
  ).toContainText('The assignee must be a member of your team.');
  await expect(lena).toHaveText('Unassigned');
});

test('removing a member or withdrawing an invitation by keyboard keeps the focus in the list, not on the page', async ({
  openAs,
  page,
  baseURL,
  seeded,
}) => {
  const email = `${unique('ivy')}@example.test`;
  await openAs(seeded.dock.owner.cookie, { path: '/team', viewport: { width: 390, height: 844 } });
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  const invited = await page.request.post(`/api/companies/${seeded.dock.companyId}/invitations`, {
    data: { email, role: 'negotiator' },
    headers: { origin: baseURL! },
  });
  expect(invited.status()).toBe(201);
  await page.reload();

  // The removal's request held: the pressed button keeps the focus, busy, while it runs.
  const { release } = await holdRequests(page, /\/members\//);
  const remove = members.getByRole('button', { name: 'Remove' });
  await remove.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).focus();
  await page.keyboard.press('Enter');
  await expect(remove).toBeFocused();
  await expect(remove).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'removed' })).toBeVisible();
  await expect(members.getByRole('listitem')).toHaveCount(1);
  await expect(members).toBeFocused();

  const invitations = page.getByRole('list', { name: 'Open invitations' });
  await invitations.getByRole('button', { name: 'Withdraw' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw invitation' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('No invitations waiting.')).toBeVisible();
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
    'No invitations waiting.',
  );
});
