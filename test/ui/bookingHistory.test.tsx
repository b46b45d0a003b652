import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { HistoryEntry } from '../../src/domain/events';
import { pinClockAt } from './clock';
import { apiUrl, signedIn } from './fixtures';
import { serveLive } from './liveFixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { DAY, makeBooking, serveSlot, SLOT_PATH, TIME, TOUR } from './slotFixtures';

const SLOT = { day: DAY, time: TIME, tour: TOUR };
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15';

const entry = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  at: '2026-11-21T08:40:00.000Z',
  kind: 'booking.edited',
  by: 'manager@demo.test',
  userAgent: MAC,
  changes: [],
  slot: SLOT,
  ...overrides,
});

const checkIn = entry({
  id: 2,
  at: '2026-11-21T09:02:00.000Z',
  kind: 'booking.checkedIn',
  by: 'Ana',
  userAgent: IPAD,
  changes: [{ field: 'Adults', to: '3' }],
  checkedIn: { attended: 3, pax: 4 },
});
const edit = entry({ id: 1, changes: [{ field: 'Adults', from: '3', to: '4' }] });

/** Answers a booking's history with `entries()` as they are at each call; returns the calls made. */
function serveHistory(entries: () => HistoryEntry[] | Response) {
  const calls: string[] = [];
  server.use(
    http.get(apiUrl('/api/bookings/:id/history'), ({ params }) => {
      calls.push(params.id as string);
      const answer = entries();
      return Array.isArray(answer) ? HttpResponse.json(answer) : answer;
    }),
  );
  return calls;
}

async function openHistory(name: string) {
  const view = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
  const row = await screen.findByRole('listitem', { name });
  await view.user.click(within(row).getByRole('button', { name: `History of ${name}` }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: `History of ${name}` }) };
}

describe("a booking's history", () => {
  pinClockAt('2026-11-21T15:00:00.000Z');

  it('lists the changes newest first: what, by whom, on which device and when, in the company zone', async () => {
    const ana = makeBooking({ name: 'Ana' });
    serveSlot({ bookings: [ana] });
    const calls = serveHistory(() => [checkIn, edit]);
    const { dialog } = await openHistory('Ana');

    const list = await within(dialog).findByRole('list', { name: 'History of Ana' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Checked in 3 of 4 · by Ana · iPad · 10:02', 'Adults 3 → 4 · by manager@demo.test · Mac · 09:40']);
    expect(calls).toEqual([ana._id]);
  });

  it("shows a check-in made offline at the device's time and at the time the server received it", async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })] });
    serveHistory(() => [{ ...checkIn, at: '2026-11-21T09:40:00.000Z', madeAt: '2026-11-21T09:02:00.000Z' }]);
    const { dialog } = await openHistory('Ana');

    expect(
      await within(dialog).findByText(
        'Checked in 3 of 4 · by Ana · iPad · made at 10:02 on the device, received 10:40',
      ),
    ).toBeInTheDocument();
  });

  it('says "No changes recorded yet" for a booking without any', async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })] });
    serveHistory(() => []);
    const { dialog } = await openHistory('Ana');

    expect(await within(dialog).findByText('No changes recorded yet')).toBeInTheDocument();
  });

  it("shows the server's reason when the history cannot be read, and tries again", async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })] });
    let failing = true;
    serveHistory(() =>
      failing ? HttpResponse.json({ error: 'The database is unavailable', code: 'INTERNAL' }, { status: 500 }) : [edit],
    );
    const { dialog, user } = await openHistory('Ana');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The database is unavailable');
    failing = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Adults 3 → 4 · by manager@demo.test · Mac · 09:40')).toBeInTheDocument();
  });

  it('reads the history again when the booking changes while it is open', async () => {
    const ana = makeBooking({ name: 'Ana' });
    serveSlot({ bookings: [ana] });
    const entries = [edit];
    const calls = serveHistory(() => entries);
    const live = serveLive();
    server.use(live.handler);
    const { dialog } = await openHistory('Ana');
    expect(await within(dialog).findByText(/^Adults 3 → 4/)).toBeInTheDocument();

    entries.unshift(checkIn);
    live.send({ kind: 'booking.checkedIn', slot: SLOT, bookings: [{ ...ana, version: 2 }] });

    expect(await within(dialog).findByText('Checked in 3 of 4 · by Ana · iPad · 10:02')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('closes with "Close"', async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })] });
    serveHistory(() => []);
    const { dialog, user } = await openHistory('Ana');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe("a slot's recent activity", () => {
  pinClockAt('2026-11-21T15:00:00.000Z');

  it('is read only when opened, names the booking of each change and says when one left the slot', async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })] });
    const calls: Array<Record<string, string>> = [];
    server.use(
      http.get(apiUrl('/api/bookings/date/:day/:time/:tour/activity'), ({ params }) => {
        calls.push(params as Record<string, string>);
        return HttpResponse.json([
          entry({ id: 3, kind: 'slot.noteSaved', changes: [{ field: 'Note', from: '—', to: 'Gate B' }] }),
          { ...checkIn, bookingName: 'Ana' },
          entry({ id: 0, at: '2026-11-21T08:30:00.000Z', movedOut: true }),
        ]);
      }),
    );
    const { user } = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    const toggle = await screen.findByRole('button', { name: 'Recent activity' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls).toEqual([]);

    await user.click(toggle);

    const list = await screen.findByRole('list', { name: 'Recent activity' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Note saved · by manager@demo.test · Mac · 09:40',
      'Ana: Checked in 3 of 4 · by Ana · iPad · 10:02',
      'Moved to another slot · by manager@demo.test · Mac · 09:30',
    ]);
    expect(calls).toEqual([{ day: DAY, time: TIME, tour: TOUR }]);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});
