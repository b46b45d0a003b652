import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking, CheckInBody } from '../../src/domain/booking';
import type { CheckInConflict } from '../../src/domain/schemas/booking';
import { stopOutbox } from '../../src/features/slot/outbox/outboxSync';
import { entriesOf } from '../../src/services/offline/outboxStore';
import { apiUrl, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { DAY, makeBooking, serveSlot, SLOT_PATH } from './slotFixtures';

const row = (name: string) => screen.findByRole('listitem', { name });
const badge = () => screen.getByRole('status', { name: 'Sync' });
const online = () => window.dispatchEvent(new Event('online'));

interface Sent {
  key: string | null;
  body: CheckInBody;
}

/** PATCH check-ins: refused at the network while `network.down`, otherwise answered by `answer` and recorded. */
function serveCheckIns(answer: (body: CheckInBody) => Response, network = { down: false }) {
  const sent: Sent[] = [];
  server.use(
    http.patch(apiUrl('/api/bookings/:id'), async ({ request }) => {
      if (network.down) return HttpResponse.error();
      const body = (await request.json()) as CheckInBody;
      sent.push({ key: request.headers.get('idempotency-key'), body });
      return answer(body);
    }),
  );
  return { sent, network };
}

const applied = (booking: Booking) => (body: CheckInBody) =>
  HttpResponse.json({ ...booking, attendees: body.attendees, version: booking.version + 1 });

describe('street mode: check-ins kept on the device until the server has them', () => {
  it('keeps a check-in made offline through a reload and sends it once, under its operation id, when back', async () => {
    const guide = makeUser({ _id: 'guide-street-1', role: 'Guide', assignable: false });
    const ana = makeBooking({ name: 'Ana Street', customers: [{ Adults: 4 }], attendees: [{ Adults: 0 }] });
    serveSlot({ bookings: [ana] });
    const { sent, network } = serveCheckIns(applied(ana), { down: true });
    const first = renderRoute(SLOT_PATH, { preloadedState: signedIn(guide) });

    await first.user.click(within(await row('Ana Street')).getByRole('switch', { name: 'Checked in: Ana Street' }));
    expect(await within(await row('Ana Street')).findByText('Waiting to send')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('Offline · 1 waiting'));
    await waitFor(async () => expect(await entriesOf('guide-street-1')).toHaveLength(1));
    const [kept] = await entriesOf('guide-street-1');

    // A reload: a new page with a new store, the entry only on the device.
    first.unmount();
    stopOutbox();
    renderRoute(SLOT_PATH, { preloadedState: signedIn(guide) });
    const toggle = within(await row('Ana Street')).getByRole('switch', { name: 'Checked in: Ana Street' });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(within(await row('Ana Street')).getByText('Waiting to send')).toBeInTheDocument();

    network.down = false;
    online();
    // All sent and the network back: the badge says so, once.
    await waitFor(() => expect(badge()).toHaveTextContent(/^1 check-in sent$/));
    expect(within(await row('Ana Street')).queryByText('Waiting to send')).not.toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(sent).toEqual([{ key: kept?.id, body: expect.objectContaining({ attendees: [{ Adults: 4 }] }) }]);
    expect(await entriesOf('guide-street-1')).toEqual([]);
  });

  it("counts a waiting check-in in the day's slot card too", async () => {
    const guide = makeUser({ _id: 'guide-street-4', role: 'Guide', assignable: false });
    const ana = makeBooking({ name: 'Ana Day', customers: [{ Adults: 4 }], attendees: [{ Adults: 0 }] });
    serveSlot({ bookings: [ana] });
    server.use(http.get(apiUrl(`/api/bookings/date/${DAY}`), () => HttpResponse.json({ bookings: [ana] })));
    serveCheckIns(applied(ana), { down: true });
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn(guide) });

    await user.click(within(await row('Ana Day')).getByRole('switch', { name: 'Checked in: Ana Day' }));
    expect(await within(await row('Ana Day')).findByText('Waiting to send')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to day' }));
    const card = await screen.findByRole('link', { name: /Old Town Walk/ });
    expect(card).toHaveTextContent('4 checked in');
  });

  describe('a conflict with another device', () => {
    const ana = makeBooking({ name: 'Ana Conflict', customers: [{ Adults: 4 }], attendees: [{ Adults: 0 }] });
    const current = { ...ana, attendees: [{ Adults: 3 }], version: ana.version + 1 };
    const conflicts: CheckInConflict[] = [
      { type: 'Adults', base: 0, yours: 4, theirs: 3, by: 'Lucia', at: '2026-11-21T09:02:00.000Z' },
    ];
    const conflictOnce = () => {
      let first = true;
      return (body: CheckInBody) => {
        if (!first) return applied(current)(body);
        first = false;
        const error = 'Checked in on another device meanwhile: their counts were kept';
        return HttpResponse.json({ error, code: 'CHECK_IN_CONFLICT', current, conflicts }, { status: 409 });
      };
    };

    async function checkInIntoConflict() {
      serveSlot({ bookings: [ana] });
      const checkIns = serveCheckIns(conflictOnce());
      const view = renderRoute(SLOT_PATH, { preloadedState: signedIn(makeUser({ _id: 'guide-street-2' })) });
      await view.user.click(
        within(await row('Ana Conflict')).getByRole('switch', { name: 'Checked in: Ana Conflict' }),
      );
      const alert = await within(await row('Ana Conflict')).findByRole('alert');
      expect(alert).toHaveTextContent('Lucia checked in 3 adults at 10:02 (you: 4)');
      expect(badge()).toHaveTextContent('1 conflict');
      return { ...view, ...checkIns, alert };
    }

    it('"Keep 3" keeps the other device\'s count and sends nothing more', async () => {
      const { user, alert, sent } = await checkInIntoConflict();
      await user.click(within(alert).getByRole('button', { name: 'Keep 3' }));

      await waitFor(() =>
        expect(within(screen.getByRole('listitem', { name: 'Ana Conflict' })).queryByRole('alert')).toBeNull(),
      );
      expect(within(await row('Ana Conflict')).getByText('3 of 4')).toBeInTheDocument();
      expect(sent).toHaveLength(1);
      expect(await entriesOf('guide-street-2')).toEqual([]);
    });

    it('"Use your 4" sends the device\'s count again, made on the count the server has now', async () => {
      const { user, alert, sent } = await checkInIntoConflict();
      await user.click(within(alert).getByRole('button', { name: 'Use your 4' }));

      await waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[1]?.body).toMatchObject({ attendees: [{ Adults: 4 }], base: [{ Adults: 3 }] });
      expect(sent[1]?.key).not.toBe(sent[0]?.key);
      await waitFor(() =>
        expect(within(screen.getByRole('listitem', { name: 'Ana Conflict' })).queryByRole('alert')).toBeNull(),
      );
      expect(
        within(await row('Ana Conflict')).getByRole('switch', { name: 'Checked in: Ana Conflict' }),
      ).toHaveAccessibleDescription('Checked in');
    });
  });

  it('warns before signing out with check-ins waiting, and keeps them for that member', async () => {
    const ana = makeBooking({ name: 'Ana Leaving' });
    serveSlot({ bookings: [ana] });
    serveCheckIns(applied(ana), { down: true });
    server.use(http.post(apiUrl('/auth/logout'), () => new HttpResponse(null, { status: 204 })));
    const { user, pathname } = renderRoute(SLOT_PATH, {
      preloadedState: signedIn(makeUser({ _id: 'guide-street-3' })),
    });
    await user.click(within(await row('Ana Leaving')).getByRole('switch', { name: 'Checked in: Ana Leaving' }));
    await waitFor(async () => expect(await entriesOf('guide-street-3')).toHaveLength(1));

    const logout = async () => {
      await user.click(screen.getByRole('button', { name: 'Account menu' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
      return screen.findByRole('dialog', { name: 'Sign out with check-ins unsent?' });
    };
    const dialog = await logout();
    expect(dialog).toHaveTextContent('1 check-in has not reached the server yet');
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(pathname()).toBe(SLOT_PATH);

    await user.click(within(await logout()).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(await entriesOf('guide-street-3')).toHaveLength(1);
  });
});
