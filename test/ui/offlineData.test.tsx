import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { loggedOut } from '../../src/services/authEvents';
import { loadSnapshot } from '../../src/services/offline/snapshots';
import { apiUrl, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { DAY, makeBooking, serveSlot, SLOT_PATH } from './slotFixtures';

const offline = () =>
  server.use(
    http.get(apiUrl('/api/bookings/date/:day/:time/:tour'), () => HttpResponse.error()),
    http.get(apiUrl('/api/bookings/date/:day'), () => HttpResponse.error()),
  );

describe('a day and a slot seen before, with the network gone', () => {
  it('shows the slot as last seen on this device, saying how old it is', async () => {
    const guide = signedIn(makeUser({ _id: 'guide-offline-1', role: 'Guide', assignable: false }));
    serveSlot({ bookings: [makeBooking({ name: 'Ana Offline', customers: [{ Adults: 3 }] })] });
    const first = renderRoute(SLOT_PATH, { preloadedState: guide });
    expect(await screen.findByRole('listitem', { name: 'Ana Offline' })).toBeInTheDocument();
    await waitFor(async () =>
      expect(await loadSnapshot('guide-offline-1', `slot|${DAY}|10:30|Old Town Walk`)).toBeDefined(),
    );
    first.unmount();

    offline();
    renderRoute(SLOT_PATH, { preloadedState: guide });
    expect(await screen.findByRole('listitem', { name: 'Ana Offline' })).toBeInTheDocument();
    expect(screen.getByText(/^Offline · as of \d\d:\d\d$/)).toBeInTheDocument();
  });

  it("never shows one member's copy to another member on the same device", async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Only Mine' })] });
    const first = renderRoute(SLOT_PATH, { preloadedState: signedIn(makeUser({ _id: 'guide-offline-2' })) });
    expect(await screen.findByRole('listitem', { name: 'Only Mine' })).toBeInTheDocument();
    await waitFor(async () =>
      expect(await loadSnapshot('guide-offline-2', `slot|${DAY}|10:30|Old Town Walk`)).toBeDefined(),
    );
    first.unmount();

    offline();
    renderRoute(SLOT_PATH, { preloadedState: signedIn(makeUser({ _id: 'someone-else' })) });
    expect(await screen.findByText(/^Offline · this slot was not opened on this device/)).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Only Mine' })).not.toBeInTheDocument();
  });

  it("forgets the member's copies when they sign out", async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Gone Guest' })] });
    const { store } = renderRoute(SLOT_PATH, { preloadedState: signedIn(makeUser({ _id: 'guide-offline-4' })) });
    expect(await screen.findByRole('listitem', { name: 'Gone Guest' })).toBeInTheDocument();
    const key = `slot|${DAY}|10:30|Old Town Walk`;
    await waitFor(async () => expect(await loadSnapshot('guide-offline-4', key)).toBeDefined());
    store.dispatch(loggedOut());
    await waitFor(async () => expect(await loadSnapshot('guide-offline-4', key)).toBeUndefined());
  });

  it('shows the day as last seen, with no notice while online', async () => {
    const user = signedIn(makeUser({ _id: 'guide-offline-3' }));
    server.use(
      http.get(apiUrl('/api/bookings/date/:day'), () =>
        HttpResponse.json({ bookings: [makeBooking({ name: 'Day Guest' })], departures: [], hiddenSlots: 0 }),
      ),
    );
    const first = renderRoute(`/bookings/date/${DAY}`, { preloadedState: user });
    expect(await screen.findByRole('list', { name: 'Tour slots' })).toBeInTheDocument();
    expect(screen.queryByText(/^Offline/)).not.toBeInTheDocument();
    await waitFor(async () => expect(await loadSnapshot('guide-offline-3', `day|${DAY}`)).toBeDefined());
    first.unmount();

    offline();
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: user });
    expect(await screen.findByRole('list', { name: 'Tour slots' })).toBeInTheDocument();
    expect(screen.getByText(/^Offline · as of /)).toBeInTheDocument();
  });
});
