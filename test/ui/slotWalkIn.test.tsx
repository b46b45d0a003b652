import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AddBookingBody } from '../../src/domain/booking';
import { apiUrl, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { makeBooking, serveSlot, SLOT_PATH } from './slotFixtures';

describe('a walk-in added on the slot page', () => {
  it('arrives checked in, first in the list and highlighted, with a confirmation', async () => {
    const slot = serveSlot({ bookings: [makeBooking({ name: 'Ana' }), makeBooking({ name: 'Ben' })] });
    server.use(
      http.post(apiUrl('/api/bookings/add-booking'), async ({ request }) => {
        const body = (await request.json()) as AddBookingBody;
        const added = makeBooking({
          name: body.name,
          customers: body.customers,
          attendees: body.attendees,
          bookingId: 'Manually added',
          manual: true,
        });
        slot.held.bookings = [...slot.held.bookings, added];
        return HttpResponse.json(added, { status: 201 });
      }),
    );
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'Add Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add booking' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Zed Walker');
    expect(within(dialog).getByRole('switch', { name: 'Checked in now' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Zed Walker added and checked in')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add booking' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Bookings' }))
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('aria-label')),
      ).toEqual(['Zed Walker', 'Ana', 'Ben']),
    );
    const zed = screen.getByRole('listitem', { name: 'Zed Walker' });
    expect(within(zed).getByRole('switch', { name: 'Checked in: Zed Walker' })).toBeChecked();
    expect(within(zed).getByText('Just added')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Ana' })).queryByText('Just added')).not.toBeInTheDocument();
  });
});
