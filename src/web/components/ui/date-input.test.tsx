// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { DateInput } from './date-input.tsx';
import { FormField } from './form-field.tsx';

afterEach(cleanup);

function MoveInDate({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <FormField label="Move-in date">
      <DateInput value={value} onChange={setValue} />
    </FormField>
  );
}

function setup(initial?: string) {
  const user = userEvent.setup();
  render(<MoveInDate initial={initial} />);
  return { user, input: screen.getByLabelText<HTMLInputElement>('Move-in date') };
}

describe('DateInput', () => {
  test('puts the slashes in after the day and the month', async () => {
    const { user, input } = setup();
    await user.type(input, '12');
    expect(input.value).toBe('12/');
    await user.type(input, '03');
    expect(input.value).toBe('12/03/');
    await user.type(input, '2025');
    expect(input.value).toBe('12/03/2025');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  test('reads digits typed without slashes as dd/mm/yyyy', async () => {
    const { user, input } = setup();
    await user.type(input, '01032025');
    expect(input.value).toBe('01/03/2025');
  });

  test('stops at 10 characters', async () => {
    const { user, input } = setup();
    await user.type(input, '010320251999');
    expect(input.value).toBe('01/03/2025');
  });

  test('backspace removes the slash it put in', async () => {
    const { user, input } = setup();
    await user.type(input, '12');
    await user.type(input, '{Backspace}');
    expect(input.value).toBe('12');
  });

  test('turns red and invalid for 31/04/2025, which is not a date', async () => {
    const { user, input } = setup();
    await user.type(input, '31042025');
    expect(input.value).toBe('31/04/2025');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.className).toContain('text-destructive');
    await user.clear(input);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.className).not.toContain('text-destructive');
  });

  test('the calendar fills in the day picked', async () => {
    const { user, input } = setup('10/03/2025');
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    // The calendar is loaded on demand; give it time on a busy machine.
    const grid = await screen.findByRole('grid', {}, { timeout: 10_000 });
    expect(grid.querySelector('th')?.textContent).toMatch(/^Mo/);
    await user.click(screen.getByRole('button', { name: /20 March 2025/ }));
    expect(input.value).toBe('20/03/2025');
    expect(screen.queryByRole('grid')).toBeNull();
  }, 20_000);
});
