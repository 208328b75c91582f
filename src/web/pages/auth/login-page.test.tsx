// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, expect, test } from 'vitest';
import { queryClient } from '#web/lib/query-client.ts';
import LoginPage from './login-page.tsx';

afterEach(cleanup);

test('says what an empty sign-in form needs', async () => {
  const user = userEvent.setup();
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LoginPage />
      </QueryClientProvider>
    </StrictMode>,
  );
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Email is required')).toBeTruthy();
  expect(await screen.findByText('Password is required')).toBeTruthy();
});
