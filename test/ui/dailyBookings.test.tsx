import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking } from '../../src/domain/booking';
import { pinClockAt } from './clock';
import { apiUrl, company, emptyDays, makeUser, signedIn } from './fixtures';
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

  it("shows the timetable's departures with 0 pax until booked, and a slot over its capacity", async () => {
    server.use(
      http.get(apiUrl(`/api/bookings/date/${DAY}`), () =>
        HttpResponse.json({
          bookings: [makeBooking({ time: '12:00', tour: 'Tapas Tour', pax: 28 })],
          departures: [
            { time: '10:00', tour: 'Old Town Walk', capacity: null },
            { time: '12:00', tour: 'Tapas Tour', capacity: 25 },
          ],
          hiddenSlots: 0,
        }),
      ),
    );
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: manager() });

    const cards = await slotCards();
    expect(cards.map((card) => card.textContent)).toEqual([
      '10:00Old Town Walk0 pax',
      '12:00Tapas Tour28 / 25 paxOver capacity',
    ]);
    expect(cards[0]).toHaveAttribute('href', `/bookings/date/${DAY}/10:00/Old%20Town%20Walk`);
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

describe('choosing the day', () => {
  // 23:30 UTC on 21 November is already 22 November in Madrid, the company's timezone.
  pinClockAt('2026-11-21T23:30:00Z');
  beforeEach(() => server.use(emptyDays()));

  it("goes to today in the company's timezone with Today, which marks today's page as current", async () => {
    const { user, pathname } = renderRoute(`/bookings/date/${DAY}`, { preloadedState: manager() });
    const todayLink = await screen.findByRole('link', { name: 'Today' });
    expect(todayLink).not.toHaveAttribute('aria-current');

    await user.click(todayLink);

    expect(pathname()).toBe('/bookings/date/2026-11-22');
    expect(await screen.findByText('Sunday, 22 November 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'date');
  });

  it('shows the day as d/m/yyyy and goes to the day picked in the calendar, from the keyboard', async () => {
    const { user, pathname } = renderRoute(`/bookings/date/${DAY}`, { preloadedState: manager() });
    const chooser = await screen.findByRole('button', { name: 'Choose a date, 21/11/2026' });
    expect(chooser).toHaveTextContent('21/11/2026');

    act(() => chooser.focus());
    await user.keyboard('{Enter}');
    const calendar = await screen.findByRole('dialog', { name: 'Choose a date' });
    await waitFor(() => expect(within(calendar).getByRole('gridcell', { name: '21' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');

    expect(pathname()).toBe('/bookings/date/2026-11-28');
    expect(await screen.findByText('Saturday, 28 November 2026')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Choose a date, 28/11/2026' })).toHaveFocus();
  });

  it('goes to a day of another month tapped in the calendar, and Cancel stays on the day', async () => {
    const { user, pathname } = renderRoute(`/bookings/date/${DAY}`, { preloadedState: manager() });

    await user.click(await screen.findByRole('button', { name: 'Choose a date, 21/11/2026' }));
    let calendar = await screen.findByRole('dialog', { name: 'Choose a date' });
    await user.click(within(calendar).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(pathname()).toBe(`/bookings/date/${DAY}`);

    await user.click(screen.getByRole('button', { name: 'Choose a date, 21/11/2026' }));
    calendar = await screen.findByRole('dialog', { name: 'Choose a date' });
    await user.click(within(calendar).getByRole('button', { name: 'Next month' }));
    await user.click(await within(calendar).findByRole('gridcell', { name: '5' }));

    expect(pathname()).toBe('/bookings/date/2026-12-05');
    expect(await screen.findByRole('button', { name: 'Choose a date, 5/12/2026' })).toBeInTheDocument();
  });

  it('says when the calendar does not download, and tries again on the next tap', async () => {
    const dialogModule = '../../src/features/bookings/DayPickerDialog';
    jest.doMock(dialogModule, () => {
      throw new Error('Loading chunk day-picker failed');
    });
    const { user } = renderRoute(`/bookings/date/${DAY}`, { preloadedState: manager() });
    const chooser = await screen.findByRole('button', { name: 'Choose a date, 21/11/2026' });

    await user.click(chooser);
    expect(await screen.findByRole('alert')).toHaveTextContent('The calendar did not load');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    jest.dontMock(dialogModule);
    await user.click(chooser);
    expect(await screen.findByRole('dialog', { name: 'Choose a date' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe("a Guide's hidden slots", () => {
  // 08:00 in Madrid (UTC+1 in November) on Saturday 21 November 2026.
  pinClockAt('2026-11-21T07:00:00Z');
  const guide = () => signedIn(makeUser({ role: 'Guide' }));
  const serveOpening = (day: string, nextOpening: object, bookings: Booking[] = []) =>
    server.use(
      http.get(apiUrl(`/api/bookings/date/${day}`), () => HttpResponse.json({ bookings, hiddenSlots: 2, nextOpening })),
    );

  it("keeps 'Only Managers can see these tours' and says when the next departure opens, in the company's zone", async () => {
    serveOpening(DAY, { day: DAY, time: '10:00', tour: 'Old Town Walk', opensAt: '2026-11-21T08:00:00.000Z' });
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: guide() });
    expect(await screen.findByText('Only Managers can see these tours')).toBeInTheDocument();
    expect(await screen.findByText('The 10:00 Old Town Walk opens to guides at 09:00.')).toBeVisible();
  });

  it("names tomorrow's departure when today's are over", async () => {
    serveOpening(DAY, { day: '2026-11-22', time: '10:00', tour: 'Tapas Tour', opensAt: '2026-11-22T08:00:00.000Z' });
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: guide() });
    expect(await screen.findByText('Tomorrow’s 10:00 Tapas Tour opens to guides tomorrow at 09:00.')).toBeVisible();
  });

  it('says it below the slots a Guide sees, and on a later day with its date', async () => {
    serveOpening(DAY, { day: DAY, time: '12:30', tour: 'Tapas Tour', opensAt: '2026-11-21T10:30:00.000Z' }, [
      makeBooking({ time: '08:30', tour: 'Old Town Walk' }),
    ]);
    serveOpening('2026-11-24', {
      day: '2026-11-24',
      time: '10:00',
      tour: 'Old Town Walk',
      opensAt: '2026-11-24T08:00:00.000Z',
    });
    const { unmount } = renderRoute(`/bookings/date/${DAY}`, { preloadedState: guide() });
    expect(await slotCards()).toHaveLength(1);
    expect(screen.getByText('2 more slots that only Managers can see')).toBeInTheDocument();
    expect(await screen.findByText('The 12:30 Tapas Tour opens to guides at 11:30.')).toBeVisible();
    unmount();

    renderRoute('/bookings/date/2026-11-24', { preloadedState: guide() });
    expect(await screen.findByText('The 10:00 Old Town Walk opens to guides on 24/11/2026 at 09:00.')).toBeVisible();
  });
});
