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

  test.each([
    ['reads digits typed without slashes as dd/mm/yyyy', '01032025', '01/03/2025'],
    ['stops at 10 characters', '010320251999', '01/03/2025'],
    ['backspace removes the slash it put in', '12{Backspace}', '12'],
  ])('%s (typing %s shows %s)', async (_rule, typed, shown) => {
    const { user, input } = setup();
    await user.type(input, typed);
    expect(input.value).toBe(shown);
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
