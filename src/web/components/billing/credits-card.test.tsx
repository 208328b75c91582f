// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { CreditsCard } from './credits-card.tsx';

afterEach(cleanup);

const freeCompany = {
  accountType: 'free',
  accountLimit: 30,
  currentCount: 30,
  subscriptionStatus: null,
  countResetDate: '2025-01-05T10:00:00.000Z',
};

describe('CreditsCard', () => {
  test('healthy credits: plan, remaining of total, the reset date and no warning', () => {
    render(<CreditsCard company={{ ...freeCompany, currentCount: 7 }} />);
    expect(screen.getByText('Free plan')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByText(/of 30 remaining/)).toBeTruthy();
    expect(screen.getByText('Next reset: 5 Feb 2025')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Credits remaining' }).getAttribute('aria-valuenow')).toBe(
      '7',
    );
    expect(screen.queryByText(/Warning|Critical/)).toBeNull();
  });

  test('at 20 % the amber warning shows', () => {
    render(<CreditsCard company={{ ...freeCompany, currentCount: 6 }} />);
    expect(screen.getByText('Warning: Running low on credits')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe('/pricing');
  });

  test('at 10 % the red warning names the credits left', () => {
    render(<CreditsCard company={{ ...freeCompany, currentCount: 3 }} />);
    expect(screen.getByText('Critical: Only 3 credits left!')).toBeTruthy();
    expect(screen.queryByText('Warning: Running low on credits')).toBeNull();
  });

  test('an active subscription resets with its billing cycle', () => {
    render(
      <CreditsCard
        company={{
          ...freeCompany,
          accountType: 'medium',
          accountLimit: 1500,
          currentCount: 1200,
          subscriptionStatus: 'active',
        }}
      />,
    );
    expect(screen.getByText('Medium plan')).toBeTruthy();
    expect(screen.getByText('Resets on billing cycle')).toBeTruthy();
  });
});
