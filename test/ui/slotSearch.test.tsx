import { screen, within } from '@testing-library/react';
import { makeUser, signedIn } from './fixtures';
import { loadBeforeTests, renderRoute } from './renderWithProviders';
import { makeBooking, serveSlot, SLOT_PATH } from './slotFixtures';

const names = () =>
  within(screen.getByRole('list', { name: 'Bookings' }))
    .queryAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

/**
 * A slot with more guests than fit a phone's screen, and two to find. Ten, not a big slot's forty: every keystroke
 * renders the list again, and that is not what these tests are about.
 */
function slotGuests() {
  const bookings = Array.from({ length: 8 }, (_, i) => makeBooking({ name: `Guest ${String(i).padStart(2, '0')}` }));
  bookings.push(
    makeBooking({ name: 'Ana Müller', bookingId: 'GYG-77120', phone: '+34 600 123 456' }),
    makeBooking({ name: 'José Núñez', bookingId: 'VIA-5521', phone: '0044 7700 900123' }),
  );
  return bookings;
}

loadBeforeTests(() => import('../../src/features/slot/SlotPage'));

describe('slot search', () => {
  it('filters as you type by name with accents and case ignored, says how many match, and clearing brings all back', async () => {
    serveSlot({ bookings: slotGuests() });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    const search = await screen.findByRole('searchbox', { name: 'Find a booking' });
    expect(screen.getByText('10 bookings')).toBeInTheDocument();

    await user.type(search, 'MULLER');
    expect(names()).toEqual(['Ana Müller']);
    expect(screen.getByText('1 of 10 bookings match')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'jose nunez');
    expect(names()).toEqual(['José Núñez']);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveValue('');
    expect(names()).toHaveLength(10);
    expect(screen.getByText('10 bookings')).toBeInTheDocument();
  });

  it('finds a booking by its channel id and by the digits of its phone', async () => {
    serveSlot({ bookings: slotGuests() });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    const search = await screen.findByRole('searchbox', { name: 'Find a booking' });

    await user.type(search, 'via-55');
    expect(names()).toEqual(['José Núñez']);
    await user.clear(search);
    await user.type(search, '600 123');
    expect(names()).toEqual(['Ana Müller']);
    await user.clear(search);
    await user.type(search, '7700900');
    expect(names()).toEqual(['José Núñez']);
  });

  it('says so when nothing matches, and Escape clears the search', async () => {
    serveSlot({ bookings: slotGuests() });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    const search = await screen.findByRole('searchbox', { name: 'Find a booking' });

    await user.type(search, 'Zebedee');
    expect(screen.getByText('No booking matches this search')).toBeInTheDocument();
    expect(screen.getByText('0 of 10 bookings match')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(names()).toHaveLength(10);
  });

  it('stays at the top of the screen while the list scrolls', async () => {
    // The bar shows above any list of bookings: one is enough to find it.
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })] });
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    const bar = await screen.findByRole('search', { name: 'Bookings of this slot' });
    expect(getComputedStyle(bar).position).toBe('sticky');
  });

  it("shows each booking's guide after a split and lets a Guide list only the bookings assigned to them", async () => {
    serveSlot({
      bookings: [
        makeBooking({ name: 'Ana', guide: 'Lucia' }),
        makeBooking({ name: 'Ben', guide: 'Marco' }),
        makeBooking({ name: 'Cleo', guide: null }),
      ],
    });
    const lucia = makeUser({ role: 'Guide', assignable: false, name: 'Lucia' });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn(lucia) });

    const ana = await screen.findByRole('listitem', { name: 'Ana' });
    expect(within(ana).getByText('Guide: Lucia')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Cleo' })).getByText('No guide assigned')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Only my bookings' }));
    expect(names()).toEqual(['Ana']);
    expect(screen.getByText('1 of 3 bookings match')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Only my bookings' }));
    expect(names()).toEqual(['Ana', 'Ben', 'Cleo']);
  });

  it('says which groups hold the guests that Only my bookings hides from a search, and shows them on request', async () => {
    serveSlot({
      bookings: [
        makeBooking({ name: 'Ana Smith', guide: 'Lucia' }),
        makeBooking({ name: 'Ben Smith', guide: 'Gina' }),
        makeBooking({ name: 'Bo Smith', guide: 'Gina' }),
        makeBooking({ name: 'Cleo Smith', guide: null }),
        makeBooking({ name: 'Dan Jones', guide: 'Marco' }),
        makeBooking({ name: 'Eve Smith', guide: 'Marco' }),
      ],
    });
    const lucia = makeUser({ role: 'Guide', assignable: false, name: 'Lucia' });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn(lucia) });
    await screen.findByRole('listitem', { name: 'Ana Smith' });
    await user.click(screen.getByRole('switch', { name: 'Only my bookings' }));

    await user.type(screen.getByRole('searchbox', { name: 'Find a booking' }), 'ben');
    expect(names()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(
      '0 of 6 bookings match; 1 in Gina’s group (hidden by Only my bookings)',
    );
    expect(screen.queryByText('No booking matches this search')).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Find a booking' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a booking' }), 'smith');
    expect(names()).toEqual(['Ana Smith']);
    expect(screen.getByRole('status')).toHaveTextContent(
      '1 of 6 bookings match; 2 in Gina’s group, 1 in Marco’s group, 1 unassigned (hidden by Only my bookings)',
    );

    await user.click(screen.getByRole('button', { name: 'Show every group' }));
    expect(screen.getByRole('switch', { name: 'Only my bookings' })).not.toBeChecked();
    expect(names()).toEqual(['Ana Smith', 'Ben Smith', 'Bo Smith', 'Cleo Smith', 'Eve Smith']);
    expect(screen.getByRole('status')).toHaveTextContent(/^5 of 6 bookings match$/);
  });

  it('offers no guide filter, and no guide line, while no booking has a guide', async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana' }), makeBooking({ name: 'Ben' })] });
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    await screen.findByRole('listitem', { name: 'Ana' });
    expect(screen.queryByRole('switch', { name: 'Only my bookings' })).not.toBeInTheDocument();
    expect(screen.queryByText('No guide assigned')).not.toBeInTheDocument();
  });
});
