// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { ThankYouNote } from './thank-you-note.tsx';

afterEach(cleanup);

const noop = () => {};

describe('the note under an ended chat', () => {
  test('names the viewing the assistant booked and links to where it can be changed', () => {
    render(
      <ThankYouNote
        companyName="Canal Lettings"
        viewing={{
          id: 'v1',
          startsAt: '2026-03-07T10:30:00+00:00',
          label: 'Sat 7 Mar, 10:30',
          manageUrl: 'https://letlead.example/viewings/abc',
        }}
        onNewChat={noop}
      />,
    );
    const note = screen.getByRole('status');
    expect(note.textContent).toContain('Your viewing is booked for Sat 7 Mar, 10:30.');
    expect(note.textContent).not.toContain('in touch to book');
    expect(screen.getByRole('link', { name: 'Change or cancel your viewing' }).getAttribute('href')).toBe(
      'https://letlead.example/viewings/abc',
    );
  });

  test('without a booking, says the agency will be in touch to book the viewing', () => {
    render(<ThankYouNote companyName="Canal Lettings" viewing={null} onNewChat={noop} />);
    expect(screen.getByRole('status').textContent).toContain(
      'Canal Lettings has your details and will be in touch to book the viewing.',
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
