// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_LISTING_DETAILS } from '#shared/listing.ts';
import type { PropertyDto } from '#shared/schemas/properties.ts';
import { DEFAULT_VIEWING_SCHEDULE, type ViewingSchedule } from '#shared/schemas/viewings.ts';
import { freeCompany, json, stubServer } from '#tests/helpers/web.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { PropertyFormDialog } from './property-form-dialog.tsx';

const schedule: ViewingSchedule = {
  ...DEFAULT_VIEWING_SCHEDULE,
  windows: [
    { day: 1, start: '17:00', end: '19:00' },
    { day: 6, start: '10:00', end: '13:00' },
  ],
  partiesPerSlot: 2,
};

const property: PropertyDto = {
  id: '0b7e7a51-9d0a-4c55-8f3f-2f1d7d6a1c01',
  companyId: freeCompany.id,
  propertyName: '2 Bed Flat, Elm Road',
  slug: '2-bed-flat-elm-road',
  propertyAddress: '14 Elm Road, Leeds LS6 2AB',
  propertyRentalPrice: '£1,200 pcm',
  numberOfBedrooms: 2,
  parkingSpace: 'One allocated space',
  vacancyDate: '01/03/2027',
  landlord: 'Mrs Patel',
  ...NO_LISTING_DETAILS,
  photos: [],
  chatbotUrl: 'http://localhost:3000/chatbot/harbour-lettings/2-bed-flat-elm-road',
  viewingSettings: {
    bookingOff: false,
    windows: [{ day: 3, start: '12:00', end: '14:00' }],
    partiesPerSlot: 3,
    blockedDates: ['2026-12-25'],
  },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The server: the company's schedule, and a saved property echoed back. */
function stubProperties() {
  return stubServer((call) => {
    if (call.url.endsWith('/viewing-schedule')) return json(200, schedule);
    if (call.method === 'PUT' || call.method === 'POST') {
      return json(call.method === 'POST' ? 201 : 200, { ...property, ...(call.body as object) });
    }
    return json(200, []);
  });
}

function renderForm(editing: PropertyDto | null) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <PropertyFormDialog companyId={freeCompany.id} state={{ property: editing }} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

const saves = (calls: ReturnType<typeof stubServer>) =>
  calls.filter((call) => call.method === 'PUT' || call.method === 'POST');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

// Each test types through a whole form: on a loaded machine that takes longer than the 5 s default.
describe('PropertyFormDialog: viewings', { timeout: 30_000 }, () => {
  it('saving a listing sends its own viewing rules back unchanged', async () => {
    const calls = stubProperties();
    const onClose = renderForm(property);
    const user = userEvent.setup();

    // A property with its own rules opens the group, showing them.
    expect(screen.getByText('(its own rules)')).toBeTruthy();
    expect((screen.getByLabelText('Wednesday from') as HTMLInputElement).value).toBe('12:00');
    expect((screen.getByLabelText('Parties per viewing') as HTMLInputElement).value).toBe('3');
    expect(
      within(screen.getByRole('list', { name: 'Dates with no viewings' })).getByText('25 Dec 2026'),
    ).toBeTruthy();

    await user.clear(screen.getByLabelText('Property name'));
    await user.type(screen.getByLabelText('Property name'), 'Renamed flat');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: `/api/properties/${property.id}`,
        body: expect.objectContaining({
          propertyName: 'Renamed flat',
          viewingSettings: property.viewingSettings,
        }),
      }),
    ]);
  });

  it('gives a property its own hours, copied from the agency’s, and blocks a date', async () => {
    const calls = stubProperties();
    const onClose = renderForm({ ...property, viewingSettings: null });
    const user = userEvent.setup();

    // Nothing of its own: the group is folded, and says it follows the agency.
    expect(screen.getByText("(the agency's hours)")).toBeTruthy();
    await user.click(screen.getByText('Viewings'));
    expect(await screen.findByText('Mon 17:00–19:00, Sat 10:00–13:00')).toBeTruthy();

    await user.click(screen.getByLabelText('Different hours for this property'));
    // Its own hours start as a copy of the agency's.
    expect((screen.getByLabelText('Saturday to') as HTMLInputElement).value).toBe('13:00');
    await user.click(screen.getByRole('button', { name: 'Remove Monday 17:00–19:00' }));
    await user.type(screen.getByLabelText('Dates with no viewings'), '24/12/2026');
    await user.click(screen.getByRole('button', { name: 'Add date' }));
    expect(screen.getByText('24 Dec 2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(calls)[0]?.body).toMatchObject({
      viewingSettings: {
        bookingOff: false,
        windows: [{ day: 6, start: '10:00', end: '13:00' }],
        partiesPerSlot: null,
        blockedDates: ['2026-12-24'],
      },
    });
  });

  it('names hours that end before they start, and sends nothing', async () => {
    const calls = stubProperties();
    renderForm(property);
    const user = userEvent.setup();

    const end = screen.getByLabelText('Wednesday to');
    await user.clear(end);
    await user.type(end, '11:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Wednesday: the end time must be after the start time')).toBeTruthy();
    expect(saves(calls)).toEqual([]);

    await user.click(screen.getByLabelText('Tenants can book a viewing in the chat'));
    expect(screen.getByText('(booking off)')).toBeTruthy();
    expect(screen.queryByLabelText('Parties per viewing')).toBeNull();
  });
});
