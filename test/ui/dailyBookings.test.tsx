import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking } from '../../src/domain/booking';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { DAY, DAY_LABEL, makeBooking } from './slotFixtures';

function serveDay(day: string, bookings: Booking[], hiddenSlots = 0) {
  server.use(http.get(apiUrl(`/api/bookings/date/${day}`), () => HttpResponse.json({ bookings, hiddenSlots })));
}

const manager = () =>
  signedIn(
    makeUser({
      company: {
        ...company,
        tours: [
          { _id: 't1', id: 'old-town', label: 'Old Town Walk', color: 'pink', flag: 'spain' },
          { _id: 't2', id: 'tapas', label: 'Tapas Tour', color: 'green', flag: 'uk' },
        ],
      },
    }),
  );

const slotCards = async () => within(await screen.findByRole('list', { name: 'Tour slots' })).getAllByRole('link');

describe('daily bookings', () => {
  it('groups the bookings into slots by time and tour, sums pax and sorts by time then tour', async () => {
    serveDay(DAY, [
      makeBooking({ time: '12:00', tour: 'Tapas Tour', pax: 4, customers: [{ Adults: 4 }] }),
      makeBooking({ time: '10:30', tour: 'Tapas Tour', pax: 3 }),
      makeBooking({ time: '10:30', tour: 'Old Town Walk', pax: 2 }),
      makeBooking({ time: '10:30', tour: 'Old Town Walk', pax: 5 }),
      makeBooking({ time: '10:30', tour: 'Old Town Walk', pax: 6, cancelled: true }),
    ]);
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: manager() });

    const cards = await slotCards();
    expect(cards.map((card) => card.textContent)).toEqual([
      '10:30Old Town Walk7 pax',
      '10:30Tapas Tour3 pax',
      '12:00Tapas Tour4 pax',
    ]);
    expect(cards[0]).toHaveAttribute('href', `/bookings/date/${DAY}/10:30/Old%20Town%20Walk`);
    expect(within(cards[0]!).getByRole('img', { name: 'Spanish' })).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('img', { name: 'English' })).toBeInTheDocument();
  });

  it('shows the date of the day in words', async () => {
    serveDay(DAY, []);
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: manager() });
    expect(await screen.findByText(DAY_LABEL)).toBeInTheDocument();
  });

  it('shows "No bookings recorded this day" on an empty day', async () => {
    serveDay(DAY, []);
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: manager() });
    expect(await screen.findByText('No bookings recorded this day')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Tour slots' })).not.toBeInTheDocument();
  });

  it("tells a Guide 'Only Managers can see these tours' when every slot is hidden", async () => {
    serveDay(DAY, [], 3);
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: signedIn(makeUser({ role: 'Guide' })) });
    expect(await screen.findByText('Only Managers can see these tours')).toBeInTheDocument();
    expect(screen.queryByText('No bookings recorded this day')).not.toBeInTheDocument();
  });

  it('shows a Guide the visible slots and how many more only Managers can see', async () => {
    serveDay(DAY, [makeBooking({ time: '10:30', tour: 'Old Town Walk' })], 2);
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: signedIn(makeUser({ role: 'Guide' })) });
    expect(await slotCards()).toHaveLength(1);
    expect(screen.getByText('2 more slots that only Managers can see')).toBeInTheDocument();
  });

  it('moves to the previous and the next day with the chevrons', async () => {
    serveDay(DAY, [makeBooking({ tour: 'Old Town Walk' })]);
    serveDay('2026-11-20', []);
    serveDay('2026-11-22', [makeBooking({ tour: 'Tapas Tour', date: '2026-11-22' })]);
    const { user, pathname } = renderRoute(`/bookings/date/${DAY}`, { preloadedState: manager() });
    await slotCards();

    await user.click(screen.getByRole('link', { name: 'Previous day' }));
    expect(pathname()).toBe('/bookings/date/2026-11-20');
    expect(await screen.findByText('Friday, 20 November 2026')).toBeInTheDocument();
    expect(await screen.findByText('No bookings recorded this day')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Next day' }));
    await user.click(screen.getByRole('link', { name: 'Next day' }));
    expect(pathname()).toBe('/bookings/date/2026-11-22');
    expect(await screen.findByText('Sunday, 22 November 2026')).toBeInTheDocument();
    expect((await slotCards()).map((card) => card.textContent)).toEqual(['10:30Tapas Tour2 pax']);
  });

  it('crosses months and years', async () => {
    serveDay('2026-12-31', []);
    serveDay('2027-01-01', []);
    const { user, pathname } = renderRoute('/bookings/date/2026-12-31', { preloadedState: manager() });
    await screen.findByText('No bookings recorded this day');
    await user.click(screen.getByRole('link', { name: 'Next day' }));
    expect(pathname()).toBe('/bookings/date/2027-01-01');
    expect(await screen.findByText('Friday, 1 January 2027')).toBeInTheDocument();
  });

  it('logs a failed fetch and stays usable', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(apiUrl(`/api/bookings/date/${DAY}`), () =>
        HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: manager() });

    expect(await screen.findByText('Bookings are not available right now.')).toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Database unavailable'));
    expect(screen.getByRole('link', { name: 'Next day' })).toBeInTheDocument();
    logged.mockRestore();
  });

  it.each(['2026-13-01', '2026-02-30', 'tomorrow'])('says "Page not found" for the day %s', async (day) => {
    renderRoute(`/bookings/date/${day}`, { preloadedState: manager() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /today's bookings/ })).toHaveAttribute('href', '/');
  });
});
