// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { freeCompany, json, stubServer } from '#tests/helpers/web.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { PrivacySection } from './privacy-section.tsx';

const company = { ...freeCompany, countResetDate: null };

function renderSection() {
  const location = memoryLocation({ path: '/my-account', record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        <PrivacySection company={company} />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return location;
}

beforeEach(() => {
  queryClient.setQueryData(['/api/auth/user'], { id: 'user-1', company });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('PrivacySection', () => {
  it('closes the account after the company name and password, signs out and goes home', async () => {
    const calls = stubServer(() =>
      json(200, { message: 'Your account has been closed and your data erased.' }),
    );
    const location = renderSection();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Close account' }));
    const dialog = await screen.findByRole('dialog', { name: /Close your account\?/ });
    expect(dialog.textContent).toMatch(/cannot be undone/);

    await user.type(screen.getByLabelText('Company name'), 'Harbour');
    await user.type(screen.getByLabelText('Password'), 'Sunny-Flat-42!');
    await user.click(screen.getByRole('button', { name: 'Close account permanently' }));
    expect(await screen.findByText('The name does not match your company name')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText('Company name'));
    await user.type(screen.getByLabelText('Company name'), 'Harbour Lettings');
    await user.click(screen.getByRole('button', { name: 'Close account permanently' }));

    expect(await screen.findByText('Your account has been closed')).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'DELETE',
        url: `/api/companies/${company.id}`,
        body: { confirm: 'Harbour Lettings', password: 'Sunny-Flat-42!' },
      },
    ]);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(queryClient.getQueryData(['/api/auth/user'])).toBeNull();
  });

  it('shows a wrong password under the password field and keeps the dialog open', async () => {
    stubServer(() =>
      json(400, {
        message: 'That password is not correct',
        errors: { password: 'That password is not correct' },
      }),
    );
    const location = renderSection();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Close account' }));
    await user.type(await screen.findByLabelText('Company name'), 'Harbour Lettings');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Close account permanently' }));

    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('That password is not correct')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/my-account');
  });

  it('downloads the export as the file the server names', async () => {
    const calls = stubServer(() =>
      json(
        200,
        { company: { id: company.id } },
        {
          'content-disposition': 'attachment; filename="letlead-export-harbour-lettings-2026-11-22.json"',
        },
      ),
    );
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderSection();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Download started')).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET /api/companies/${company.id}/export`,
    ]);
    expect(saved).toEqual(['letlead-export-harbour-lettings-2026-11-22.json']);
    click.mockRestore();
  });
});
