// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { LostReasonDialog } from './lost-reason-dialog.tsx';

afterEach(cleanup);

function setup() {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(<LostReasonDialog open subject="Sarah Jones" onConfirm={onConfirm} onCancel={onCancel} />);
  return { user: userEvent.setup(), onConfirm, onCancel };
}

describe('LostReasonDialog', () => {
  test('names the lead and asks why', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Mark as lost' })).toBeTruthy();
    expect(screen.getByText(/Why did Sarah Jones not go ahead\?/)).toBeTruthy();
  });

  test('a blank reason is refused in place and nothing is moved', async () => {
    const { user, onConfirm } = setup();
    await user.type(screen.getByLabelText('Reason'), '   ');
    await user.click(screen.getByRole('button', { name: 'Mark as lost' }));
    expect(await screen.findByText('Say why the lead was lost.')).toBeTruthy();
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('the reason, trimmed, is handed over', async () => {
    const { user, onConfirm } = setup();
    await user.type(screen.getByLabelText('Reason'), '  Found a flat elsewhere ');
    await user.click(screen.getByRole('button', { name: 'Mark as lost' }));
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Found a flat elsewhere'));
  });

  test('Cancel leaves the lead where it was', async () => {
    const { user, onConfirm, onCancel } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
