import { act, screen, within } from '@testing-library/react';
import { pinClockAt } from './clock';
import { signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { makeBooking, serveSlot, SLOT_PATH } from './slotFixtures';

/** A desk's screen: every min-width media query matches (jsdom has no layout, so MUI asks matchMedia). */
function wideScreen(wide: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

afterEach(() => {
  delete (window as Partial<Window>).matchMedia;
});

const bookings = () => [
  makeBooking({
    name: 'Ana',
    bookingId: 'GYG-77120',
    source: 'Viator',
    phone: '+34 600 123 456',
    customers: [{ Adults: 2 }, { Children: 1 }],
    attendees: [{ Adults: 2 }, { Children: 0 }],
    guide: 'Lucia',
  }),
  makeBooking({ name: 'Ben', bookingId: '', phone: null, customers: [{ Adults: 1 }], attendees: [{ Adults: 0 }] }),
];

describe('slot manifest', () => {
  it('shows the bookings as a dense table on a wide screen, with what a desk needs, and prints it', async () => {
    wideScreen(true);
    const print = jest.fn();
    window.print = print;
    serveSlot({ bookings: bookings() });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Manifest' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'ID', 'Source', 'Phone', 'Adults', 'Teens', 'Children', 'Checked in', 'Guide']);
    const ana = within(table).getByRole('row', { name: /Ana/ });
    expect(
      within(ana)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['GYG-77120', 'Viator', '+34 600 123 456', '2', '0', '1', '2/3', 'Lucia']);
    const ben = within(table).getByRole('row', { name: /Ben/ });
    expect(ben).toHaveTextContent('No Id');
    expect(ben).toHaveTextContent('No phone collected');

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);

    await user.type(screen.getByRole('searchbox', { name: 'Find a booking' }), 'ben');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('keeps the cards on a phone, with no table to switch to', async () => {
    wideScreen(false);
    serveSlot({ bookings: bookings() });
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    expect(await screen.findByRole('list', { name: 'Bookings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Table' })).not.toBeInTheDocument();
  });
});

describe('the desk and paper', () => {
  // 10:00 in Madrid on Saturday 21 November 2026.
  pinClockAt('2026-11-21T09:00:00Z');

  it('opens every slot as the desk left the last: Table stays chosen on this device, and so do Cards', async () => {
    wideScreen(true);
    serveSlot({ bookings: bookings() });
    const first = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    await first.user.click(await screen.findByRole('button', { name: 'Table' }));
    await screen.findByRole('table', { name: 'Manifest' });
    first.unmount();

    const again = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    expect(await screen.findByRole('table', { name: 'Manifest' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    await again.user.click(screen.getByRole('button', { name: 'Cards' }));
    again.unmount();

    renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    expect(await screen.findByRole('list', { name: 'Bookings' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Manifest' })).not.toBeInTheDocument();
  });

  it('puts the company, the time it is printed and a column of boxes to tick on paper only', async () => {
    wideScreen(true);
    serveSlot({ bookings: bookings() });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Manifest' });

    const printed = screen.getByText('Demo Tours · printed 21/11/2026 10:00');
    expect(printed).not.toBeVisible();
    const [tick] = within(table).getAllByRole('columnheader', { hidden: true });
    expect(tick).toHaveAttribute('aria-label', 'Tick');
    expect(tick).not.toBeVisible();
    for (const row of within(table).getAllByRole('row').slice(1)) {
      expect(within(row).getAllByRole('cell', { hidden: true })[0]).not.toBeVisible();
    }

    // The print dialog opens later: the line says when it did.
    jest.setSystemTime(new Date('2026-11-21T09:47:00Z'));
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByText('Demo Tours · printed 21/11/2026 10:47')).toBeInTheDocument();
  });
});
