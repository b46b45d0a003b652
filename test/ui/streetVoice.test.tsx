import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { stopOutbox } from '../../src/features/slot/outbox/outboxSync';
import { loadSnapshot } from '../../src/services/offline/snapshots';
import { apiUrl, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { DAY, makeBooking, serveSlot, SLOT_PATH } from './slotFixtures';

const badge = () => screen.getByRole('status', { name: 'Sync' });
/** Every read fails at the network, as on a phone without signal. */
const networkGone = () => server.use(http.get(apiUrl('/api/*'), () => HttpResponse.error()));

describe('street mode says one thing, one way', () => {
  it('offline, a slot opened before shows its bookings and note from the device, and says "Offline" once, calmly', async () => {
    const guide = signedIn(makeUser({ _id: 'guide-voice-1', role: 'Guide', assignable: false }));
    serveSlot({ bookings: [makeBooking({ name: 'Ana Voice' })], note: 'Meet at the fountain' });
    const first = renderRoute(SLOT_PATH, { preloadedState: guide });
    expect(await screen.findByText('Meet at the fountain')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await loadSnapshot('guide-voice-1', `note|${DAY}-10:30-Old Town Walk`)).toBeDefined(),
    );
    first.unmount();
    stopOutbox();

    networkGone();
    renderRoute(SLOT_PATH, { preloadedState: guide });
    expect(await screen.findByRole('listitem', { name: 'Ana Voice' })).toBeInTheDocument();
    expect(await screen.findByText('Meet at the fountain')).toBeInTheDocument();
    expect(screen.getByText(/^Offline · as of \d\d:\d\d$/)).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent(/^Offline$/));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded|Cannot reach the server/)).not.toBeInTheDocument();
  });

  it('keeps saying "Offline" after a reload without a network when nothing waits to be sent', async () => {
    const guide = signedIn(makeUser({ _id: 'guide-voice-2', role: 'Guide', assignable: false }));
    networkGone();
    renderRoute(SLOT_PATH, { preloadedState: guide });
    // The reads that failed say so; the outbox finding nothing to send says nothing about the network.
    await waitFor(() => expect(badge()).toHaveTextContent(/^Offline$/));
    expect(await screen.findByText(/^Offline · this slot was not opened on this device/)).toBeInTheDocument();
    expect(badge()).toHaveTextContent(/^Offline$/);
  });

  it('says plainly that a day never opened on this device loads when the network is back', async () => {
    networkGone();
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: signedIn(makeUser({ _id: 'guide-voice-3' })) });
    expect(
      await screen.findByText('Offline · this day was not opened on this device. It loads when the network is back.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Bookings are not available right now.')).not.toBeInTheDocument();
  });
});
