import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking } from '../../src/domain/booking';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { DAY, makeBooking, serveSlot } from './slotFixtures';

const withTours = {
  ...company,
  tours: [
    { _id: 't1', id: 'old-town', label: 'Old Town Walk', color: 'pink' as const, flag: 'spain' as const },
    { _id: 't2', id: 'tapas', label: 'Tapas Tour', color: 'green' as const, flag: 'uk' as const },
  ],
};
const departures = [
  { time: '10:00', tour: 'Old Town Walk', capacity: null },
  { time: '19:30', tour: 'Tapas Tour', capacity: 25 },
];

/** The day with its departures and nobody booked; add-booking answers the booking it was sent. */
function serveDay(days = departures) {
  const sent: Array<Record<string, unknown>> = [];
  serveSlot({ bookings: [] });
  server.use(
    http.get(apiUrl(`/api/bookings/date/${DAY}`), () =>
      HttpResponse.json({ bookings: [], departures: days, hiddenSlots: 0 }),
    ),
    http.post(apiUrl('/api/bookings/add-booking'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      const booking: Booking = makeBooking({
        _id: 'new-1',
        name: String(body.name),
        time: String(body.time),
        tour: String(body.tour),
      });
      return HttpResponse.json(booking, { status: 201 });
    }),
    http.get(apiUrl('/api/bookings/date/:day/:time/:tour'), () =>
      HttpResponse.json({ bookings: [], modifiable: true }),
    ),
  );
  return sent;
}

describe('Add Booking from the day page', () => {
  it("adds the first walk-in to one of the day's departures and opens its slot", async () => {
    const sent = serveDay();
    const { user, pathname } = renderRoute(`/bookings/date/${DAY}`, {
      preloadedState: signedIn(makeUser({ role: 'Guide', company: withTours })),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Booking' }));
    const departure = await screen.findByRole('combobox', { name: 'Departure' });
    expect(departure).toHaveTextContent('10:00 · Old Town Walk');
    await user.click(departure);
    expect(screen.queryByRole('option', { name: 'Another time…' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: '19:30 · Tapas Tour' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'First walk-in');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: 'First walk-in',
      date: DAY,
      time: '19:30',
      tour: 'Tapas Tour',
      source: 'Walkin',
    });
    await waitFor(() => expect(pathname()).toBe(`/bookings/date/${DAY}/19:30/Tapas%20Tour`));
  });

  it('lets a Manager add at another time, any active tour', async () => {
    const sent = serveDay();
    const { user } = renderRoute(`/bookings/date/${DAY}`, {
      preloadedState: signedIn(makeUser({ company: withTours })),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Booking' }));
    await user.click(await screen.findByRole('combobox', { name: 'Departure' }));
    await user.click(screen.getByRole('option', { name: 'Another time…' }));
    const create = screen.getByRole('button', { name: 'Create' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Private group');
    expect(create).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Tour' }));
    await user.click(screen.getByRole('option', { name: 'Old Town Walk' }));
    await user.type(screen.getByLabelText('Time'), '14:15');
    await user.click(create);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ time: '14:15', tour: 'Old Town Walk' });
  });

  it('offers a Guide no Add Booking on a day without departures they can see', async () => {
    serveDay([]);
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: signedIn(makeUser({ role: 'Guide', company: withTours })) });
    expect(await screen.findByText('No bookings recorded this day')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Booking' })).not.toBeInTheDocument();
  });
});
