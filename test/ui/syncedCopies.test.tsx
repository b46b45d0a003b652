import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking, CheckInBody } from '../../src/domain/booking';
import { slotApi } from '../../src/features/slot/slotApi';
import { loadSnapshot } from '../../src/services/offline/snapshots';
import { apiUrl, gate, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { DAY, makeBooking, serveSlot, SLOT_PATH, TIME, TOUR } from './slotFixtures';

const SLOT = { day: DAY, time: TIME, tour: TOUR };
const COPY = `slot|${DAY}|${TIME}|${TOUR}`;
const toggleOf = async (name: string) =>
  within(await screen.findByRole('listitem', { name })).getByRole('switch', { name: `Checked in: ${name}` });

/** Check-ins answered with the booking as the server then holds it, one version on; `answered` counts them. */
function serveCheckIns(booking: Booking) {
  const calls = { answered: 0 };
  server.use(
    http.patch(apiUrl('/api/bookings/:id'), async ({ request }) => {
      const { attendees } = (await request.json()) as CheckInBody;
      calls.answered += 1;
      return HttpResponse.json({ ...booking, attendees, version: booking.version + 1 });
    }),
  );
  return calls;
}

describe('what the device shows after a sync is what the server holds', () => {
  it('keeps an online check-in in the copy on the device, so a reload without a network still shows it', async () => {
    const ana = makeBooking({ name: 'Ana Kept', customers: [{ Adults: 2 }], attendees: [{ Adults: 0 }] });
    serveSlot({ bookings: [ana] });
    serveCheckIns(ana);
    const guide = signedIn(makeUser({ _id: 'guide-synced-1', role: 'Guide', assignable: false }));
    const first = renderRoute(SLOT_PATH, { preloadedState: guide });
    await first.user.click(await toggleOf('Ana Kept'));
    await waitFor(async () =>
      expect((await loadSnapshot('guide-synced-1', COPY))?.data).toMatchObject({
        bookings: [{ _id: ana._id, attendees: [{ Adults: 2 }], version: 2 }],
      }),
    );
    first.unmount();

    server.use(http.get(apiUrl('/api/bookings/date/:day/:time/:tour'), () => HttpResponse.error()));
    renderRoute(SLOT_PATH, { preloadedState: guide });
    expect(await toggleOf('Ana Kept')).toBeChecked();
    expect(screen.getByText('2/2 guests checked in')).toBeInTheDocument();
  });

  it('does not take a check-in back when a read made before it is answered after it', async () => {
    const ben = makeBooking({ name: 'Ben Raced', customers: [{ Adults: 3 }], attendees: [{ Adults: 0 }] });
    serveSlot({ bookings: [ben] });
    const checkIns = serveCheckIns(ben);
    const { user, store } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    const toggle = await toggleOf('Ben Raced');

    // The slot is read again (a reconnect) and the server reads it before the check-in: its answer waits.
    const answer = gate();
    server.use(
      http.get(apiUrl('/api/bookings/date/:day/:time/:tour'), async () => {
        await answer.opened;
        return HttpResponse.json({ bookings: [ben], modifiable: true });
      }),
    );
    const reread = store.dispatch(slotApi.endpoints.getSlotBookings.initiate(SLOT, { forceRefetch: true }));
    await user.click(toggle);
    await waitFor(() => expect(checkIns.answered).toBe(1));
    await waitFor(() => expect(store.getState().outbox.entries).toEqual([]));
    answer.open();
    await reread;
    reread.unsubscribe();

    const shown = slotApi.endpoints.getSlotBookings.select(SLOT)(store.getState()).data;
    expect(shown?.bookings).toMatchObject([{ _id: ben._id, attendees: [{ Adults: 3 }], version: 2 }]);
    await waitFor(() => expect(screen.getByText('3/3 guests checked in')).toBeInTheDocument());
    expect(toggle).toBeChecked();
  });
});
