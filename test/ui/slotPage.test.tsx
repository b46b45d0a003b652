import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { loadBeforeTests, renderRoute } from './renderWithProviders';
import { server } from './server';
import { DAY, DAY_LABEL, makeBooking, makeShift, noteRoute, serveSlot, SLOT_PATH } from './slotFixtures';

const row = async (name: string) => screen.findByRole('listitem', { name });
const guide = (companyOverrides = {}) =>
  signedIn(makeUser({ role: 'Guide', assignable: false, company: { ...company, ...companyOverrides } }));

loadBeforeTests(
  () => import('../../src/features/slot/SlotPage'),
  () => import('../../src/features/slot/NearbyToursList'),
  () => import('../../src/features/slot/guides/SplitDialog'),
  () => import('../../src/components/bookingForm/AddBookingDialog'),
  () => import('../../src/features/slot/EditBookingDialog'),
);

describe('slot page', () => {
  it("shows the back button, the date and the slot header with its totals and the shift's guides", async () => {
    serveSlot({
      shift: makeShift([
        { _id: 'guide-1', name: 'Lucia', counts: { Adults: 5, Children: 1 } },
        { _id: 'guide-2', name: 'Marco', counts: { Adults: 1 } },
      ]),
      bookings: [
        makeBooking({
          name: 'Ana',
          customers: [{ Adults: 2 }, { Children: 1 }],
          attendees: [{ Adults: 2 }, { Children: 1 }],
          guide: 'Lucia',
        }),
        makeBooking({ name: 'Ben', customers: [{ Adults: 4 }], attendees: [{ Adults: 0 }] }),
        makeBooking({ name: 'Cancelled Carl', customers: [{ Adults: 9 }], cancelled: true }),
      ],
    });
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    expect(await screen.findByText('3/7 guests checked in')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Old Town Walk' })).toBeInTheDocument();
    expect(screen.getByText(DAY_LABEL)).toBeInTheDocument();
    expect(screen.getByText('Adults 2 of 6 · Children 1 of 1')).toBeInTheDocument();
    expect(await screen.findByText('Lucia: 5 Adults, 1 Child')).toBeInTheDocument();
    expect(screen.getByText('Marco: 1 Adult')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to day' })).toHaveAttribute('href', `/bookings/date/${DAY}`);
    expect(screen.queryByRole('img', { name: 'Locked' })).not.toBeInTheDocument();
  });

  it('lists the bookings sorted by name, with truncated ids, "No Id" and "Manually added"', async () => {
    serveSlot({
      bookings: [
        makeBooking({ name: 'Zoe', bookingId: 'GYG123456789' }),
        makeBooking({ name: 'Mia', bookingId: '' }),
        makeBooking({ name: 'Ada', bookingId: 'Manually added', manual: true }),
        makeBooking({ name: 'Bo', bookingId: 'V-12345' }),
      ],
    });
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    const list = await screen.findByRole('list', { name: 'Bookings' });
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(names).toEqual(['Ada', 'Bo', 'Mia', 'Zoe']);
    expect(within(await row('Zoe')).getByText('GYG1234...')).toBeInTheDocument();
    expect(within(await row('Mia')).getByText('No Id')).toBeInTheDocument();
    expect(within(await row('Ada')).getByText('Manually added')).toBeInTheDocument();
    expect(within(await row('Bo')).getByText('V-12345')).toBeInTheDocument();
  });

  it('links the phone to a messaging link of its digits without leading zeros, or says none was collected', async () => {
    serveSlot({
      bookings: [
        makeBooking({ name: 'Ana', phone: '0034 600-123 456' }),
        makeBooking({ name: 'Ben', phone: null }),
        makeBooking({ name: 'Cy', phone: undefined }),
      ],
    });
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    const link = within(await row('Ana')).getByRole('link', { name: '0034 600-123 456' });
    expect(link).toHaveAttribute('href', 'https://wa.me/34600123456');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(await row('Ben')).getByText('No phone collected')).toBeInTheDocument();
    expect(within(await row('Cy')).queryByText('No phone collected')).not.toBeInTheDocument();
    expect(within(await row('Cy')).queryByRole('link')).not.toBeInTheDocument();
  });

  it.each([
    ['shows the source to a Manager', signedIn(makeUser({ company: { ...company, display: false } })), true],
    ['shows the source to a Guide when the company displays sources', guide({ display: true }), true],
    ['hides the source from a Guide when the company does not display sources', guide({ display: false }), false],
  ])('%s', async (_case, preloadedState, shown) => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana', source: 'Viator' })] });
    renderRoute(SLOT_PATH, { preloadedState });
    const ana = await row('Ana');
    if (shown) expect(within(ana).getByText(/Viator/)).toBeInTheDocument();
    else expect(within(ana).queryByText(/Viator/)).not.toBeInTheDocument();
  });

  it('strikes out a cancelled booking and gives it no check-in controls', async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana', cancelled: true }), makeBooking({ name: 'Ben' })] });
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    const ana = await row('Ana');
    expect(within(ana).getByText('Cancelled')).toBeInTheDocument();
    expect(within(ana).getByText('Ana')).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(ana).queryByRole('switch', { name: 'Checked in: Ana' })).not.toBeInTheDocument();
    expect(within(await row('Ben')).getByRole('switch', { name: 'Checked in: Ben' })).toBeEnabled();
  });

  it('shows the lock and disables every change when the slot is not modifiable', async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })], modifiable: false });
    renderRoute(SLOT_PATH, { preloadedState: guide() });

    expect(await screen.findByRole('img', { name: 'Locked' })).toBeInTheDocument();
    const ana = await row('Ana');
    expect(within(ana).getByRole('switch', { name: 'Checked in: Ana' })).toBeDisabled();
    expect(within(ana).getByRole('button', { name: /Choose who came/ })).toBeDisabled();
    expect(within(ana).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Booking' })).toBeDisabled();
  });

  it("says 'Only Managers can see these tours' to a Guide outside the window, with the way back", async () => {
    serveSlot({ nearby: [{ time: '10:45', tour: 'Tapas Tour', pax: 8 }] });
    server.use(
      http.get(apiUrl('/api/bookings/date/:day/:time/:tour'), () =>
        HttpResponse.json({ error: 'Only Managers can see these tours', code: 'SLOT_HIDDEN' }, { status: 403 }),
      ),
    );
    renderRoute(SLOT_PATH, { preloadedState: guide() });

    expect(await screen.findByText('Only Managers can see these tours')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to day' })).toHaveAttribute('href', `/bookings/date/${DAY}`);
    expect(screen.queryByRole('button', { name: 'Copy pax' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Nearby tours' })).not.toBeInTheDocument();
  });

  it('links the nearby tours, grouped by time, leaving out this slot', async () => {
    const calls = serveSlot({
      bookings: [makeBooking()],
      nearby: [
        { time: '10:45', tour: 'Tapas Tour', pax: 8 },
        { time: '10:30', tour: 'Old Town Walk', pax: 2 },
        { time: '10:15', tour: 'Bike Tour', pax: 5 },
        { time: '10:30', tour: 'Royal Palace', pax: 12 },
      ],
    });
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    const nearby = await screen.findByRole('navigation', { name: 'Nearby tours' });
    // The heading comes first; the links with the nearby slots' answer, later on a busy machine.
    const links = await within(nearby).findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Bike Tour · 5 pax', `/bookings/date/${DAY}/10:15/Bike%20Tour`],
      ['Royal Palace · 12 pax', `/bookings/date/${DAY}/10:30/Royal%20Palace`],
      ['Tapas Tour · 8 pax', `/bookings/date/${DAY}/10:45/Tapas%20Tour`],
    ]);
    expect(calls.nearby).toEqual([{ day: DAY, startTime: '10:15', endTime: '10:45' }]);
  });

  it('says there are no nearby tours when this slot is the only one', async () => {
    serveSlot({ bookings: [makeBooking()], nearby: [{ time: '10:30', tour: 'Old Town Walk', pax: 2 }] });
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    const nearby = screen.getByRole('navigation', { name: 'Nearby tours' });
    expect(await within(nearby).findByText('None within 15 minutes')).toBeInTheDocument();
    expect(within(nearby).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks for the note, the guides and the nearby tours with the bookings, and shows them in one paint', async () => {
    const calls = serveSlot({
      bookings: [makeBooking({ name: 'Ana' })],
      nearby: [{ time: '10:45', tour: 'Tapas Tour', pax: 8 }],
    });
    let release = () => {};
    const noteHeld = new Promise<void>((resolve) => (release = resolve));
    server.use(
      noteRoute(async () => {
        await noteHeld;
        return HttpResponse.json({ note: 'Meet at the fountain' });
      }),
    );
    const { store } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    const status = (endpoint: string) =>
      Object.values(store.getState().api.queries).find((query) => query?.endpointName === endpoint)?.status;

    // The bookings and the nearby tours answered but the note has not: nothing that sits above the list shows yet.
    await waitFor(() => expect(status('getSlotBookings')).toBe('fulfilled'));
    expect(await screen.findByRole('link', { name: 'Tapas Tour · 8 pax' })).toBeInTheDocument();
    expect(calls.shift).toHaveLength(1);
    expect(status('getNote')).toBe('pending');
    expect(screen.getByRole('status', { name: 'Loading bookings' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Ana' })).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('listitem', { name: 'Ana' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Note' })).toHaveTextContent('Meet at the fountain');
    expect(screen.queryByRole('status', { name: 'Loading bookings' })).not.toBeInTheDocument();
  });

  it('follows a nearby tour to its slot', async () => {
    const calls = serveSlot({ bookings: [makeBooking()], nearby: [{ time: '10:45', tour: 'Tapas Tour', pax: 8 }] });
    const { user, pathname } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await user.click(await screen.findByRole('link', { name: 'Tapas Tour · 8 pax' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Tapas Tour' })).toBeInTheDocument();
    expect(pathname()).toBe(`/bookings/date/${DAY}/10:45/Tapas%20Tour`);
    await waitFor(() => expect(calls.slot).toContainEqual({ day: DAY, time: '10:45', tour: 'Tapas Tour' }));
  });

  it('opens the Split dialog with the totals to share', async () => {
    serveSlot({ bookings: [makeBooking({ customers: [{ Adults: 3 }, { Children: 2 }] })] });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'Split' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split between guides' });
    expect(within(dialog).getByText('5 guests: Adults 3, Children 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the Add booking and Edit booking dialogs', async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })] });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'Add Booking' }));
    expect(await screen.findByRole('dialog', { name: 'Add booking' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await row('Ana')).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit booking' })).toBeInTheDocument();
  });

  it.each(['/bookings/date/2026-11-21/25:00/Walk', '/bookings/date/2026-02-30/10:30/Walk'])(
    'says "Page not found" for %s',
    async (path) => {
      renderRoute(path, { preloadedState: signedIn() });
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    },
  );
});
