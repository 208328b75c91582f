// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';

afterEach(cleanup);

test('labels the control and reads the error with it', () => {
  render(
    <FormField label="Email" description="We send the leads here." error="Valid email is required">
      <Input type="email" />
    </FormField>,
  );
  const input = screen.getByLabelText('Email');
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
  expect(texts).toEqual(['We send the leads here.', 'Valid email is required']);
});

test('a valid field is not marked invalid and keeps its own id', () => {
  render(
    <FormField label="Phone">
      <Input id="phone" />
    </FormField>,
  );
  const input = screen.getByLabelText('Phone');
  expect(input.id).toBe('phone');
  expect(input.getAttribute('aria-invalid')).toBeNull();
  expect(input.getAttribute('aria-describedby')).toBeNull();
});

test('a render function puts the wiring on the part that takes focus', () => {
  render(
    <FormField label="Plan" error="Choose a plan">
      {(props) => (
        <div>
          <button type="button" {...props}>
            Free
          </button>
        </div>
      )}
    </FormField>,
  );
  const trigger = screen.getByLabelText('Plan');
  expect(trigger.tagName).toBe('BUTTON');
  expect(trigger.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(trigger.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    'Choose a plan',
  );
});
