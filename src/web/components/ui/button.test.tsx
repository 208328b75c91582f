// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { PendingButton } from './button.tsx';

afterEach(cleanup);

test('a pending button keeps the focus and refuses a second press', () => {
  const presses: string[] = [];
  const form = (isPending: boolean) => (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        presses.push('submit');
      }}
    >
      <PendingButton type="submit" isPending={isPending}>
        Send a test message
      </PendingButton>
    </form>
  );
  const { rerender } = render(form(false));
  const button = screen.getByRole('button', { name: 'Send a test message' });
  button.focus();
  fireEvent.click(button);
  expect(presses).toEqual(['submit']);

  rerender(form(true));
  // Still focusable (a disabled button would drop the focus to the page), but said to be busy.
  expect(button.hasAttribute('disabled')).toBe(false);
  expect(button.getAttribute('aria-disabled')).toBe('true');
  expect(button.getAttribute('aria-busy')).toBe('true');
  expect(document.activeElement).toBe(button);
  fireEvent.click(button);
  expect(presses).toEqual(['submit']);
});
