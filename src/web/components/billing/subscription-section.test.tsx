// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import { freeCompany } from '#tests/helpers/web.ts';
import { SubscriptionSection } from './subscription-section.tsx';

const free = freeCompany;

const medium: CompanyDto = {
  ...free,
  accountType: 'medium',
  accountLimit: 1500,
  currentCount: 1500,
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_1',
  subscriptionStatus: 'active',
  currentPeriodEnd: '2026-03-14T10:00:00.000Z',
};

function renderSection(company: CompanyDto) {
  const location = memoryLocation({ path: '/my-account', record: true });
  render(
    <Router hook={location.hook}>
      <SubscriptionSection company={company} />
      <Toaster />
    </Router>,
  );
  return location;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SubscriptionSection', () => {
  it.each([
    ['active', 'Active', 'emerald'],
    ['past_due', 'Past due', 'amber'],
    ['canceled', 'Canceled', 'red'],
    ['incomplete', 'Incomplete', 'secondary'],
    [null, 'No subscription', 'secondary'],
  ] as const)('shows status %s as %s in %s', (status, label, colour) => {
    renderSection({ ...medium, subscriptionStatus: status });
    const region = screen.getByRole('region', { name: 'Subscription' });
    const badge = within(region).getByText(label);
    expect(badge.className).toContain(colour);
  });

  it("an active subscription says when its credits reset, in the credits card's words", () => {
    renderSection(medium);
    expect(screen.getByText('Resets on billing cycle: next on 14 Mar 2026')).toBeTruthy();
  });

  it('the free plan: no time limit, and the next reset as the credits card gives it', () => {
    renderSection({ ...free, countResetDate: '2026-01-05T10:00:00.000Z' });
    expect(screen.getByText(/no time limit/)).toBeTruthy();
    expect(screen.getByText('Next reset: 5 Feb 2026')).toBeTruthy();
  });

  it('a free company is offered Upgrade Plan, which goes to the pricing page', async () => {
    const location = renderSection(free);
    expect(screen.queryByRole('button', { name: /Manage Subscription/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Upgrade Plan' }));
    expect(location.history.at(-1)).toBe('/pricing');
  });

  it('cancel at period end: the notice gives the date and the drop to the free plan, and the plan stays', () => {
    renderSection({ ...medium, cancelAtPeriodEnd: true });
    expect(screen.getByRole('status').textContent).toBe(
      'Your subscription ends on 14 Mar 2026. Your account will then drop to the free plan (30 enquiry credits a month).',
    );
    expect(screen.getByText('Medium')).toBeTruthy();
    expect(screen.queryByText(/next on/)).toBeNull();
  });

  it.each([['1970-01-01T00:00:00.000Z'], [null]])(
    'a cancellation date of %s gives the generic notice',
    (end) => {
      renderSection({ ...medium, cancelAtPeriodEnd: true, currentPeriodEnd: end });
      expect(screen.getByRole('status').textContent).toBe(
        'Your subscription will end at the close of the current billing period. Your account will then drop to the free plan (30 enquiry credits a month).',
      );
    },
  );

  it('a waiting downgrade says when it applies', () => {
    renderSection({ ...medium, accountType: 'large', pendingAccountType: 'small' });
    expect(screen.getByText(/Your plan changes to/).textContent).toBe(
      'Your plan changes to Small (500 credits a month) on 14 Mar 2026. Until then you keep Large.',
    );
  });

  it('Manage Subscription opens the portal', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.stubGlobal('fetch', async () =>
      Response.json({ success: true, portalUrl: 'https://billing.example/session/1' }, { status: 200 }),
    );
    renderSection(medium);
    await userEvent.setup().click(screen.getByRole('button', { name: /Manage Subscription/ }));
    expect(assign).toHaveBeenCalledWith('https://billing.example/session/1');
  });

  it("a refused portal session shows 'Failed to create portal session'", async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ message: 'There is no subscription to manage yet.' }, { status: 400 }),
    );
    renderSection(medium);
    await userEvent.setup().click(screen.getByRole('button', { name: /Manage Subscription/ }));
    expect(await screen.findByText('Failed to create portal session')).toBeTruthy();
    expect(screen.getByText('There is no subscription to manage yet.')).toBeTruthy();
  });

  it("a network failure shows 'Failed to access subscription management'", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderSection(medium);
    await userEvent.setup().click(screen.getByRole('button', { name: /Manage Subscription/ }));
    expect(await screen.findByText('Failed to access subscription management')).toBeTruthy();
  });
});
