import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { TOUR_COLOR_HEX } from '../../src/components/tourLook';
import type { Booking } from '../../src/domain/booking';
import { loggedOut } from '../../src/services/authEvents';
import { apiUrl, company, freshToken, makeUser, signedIn } from './fixtures';
import { serveLive } from './liveFixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { DAY, makeBooking, makeShift, serveSlot, SLOT_PATH, TIME, TOUR } from './slotFixtures';

const SLOT = { day: DAY, time: TIME, tour: TOUR };
const row = (name: string) => screen.findByRole('listitem', { name });

/** The live stream, answered after the page's own calls so that it wins over their broader patterns. */
function openLive() {
  const live = serveLive();
  server.use(live.handler);
  return live;
}

/** The slot page showing `bookings`, with its stream open. */
async function slotPage(bookings: Booking[]) {
  const calls = serveSlot({ bookings });
  const live = openLive();
  const view = renderRoute(SLOT_PATH, { preloadedState: signedIn() });
  await row(bookings[0]!.name);
  await waitFor(() => expect(live.requests).toHaveLength(1));
  return { ...view, calls, live };
}

describe('live updates', () => {
  it("shows a check-in made on another device in the slot's counts, without reading the slot again", async () => {
    const ana = makeBooking({ name: 'Ana', customers: [{ Adults: 2 }], attendees: [{ Adults: 0 }] });
    const { calls, live } = await slotPage([ana]);
    expect(screen.getByText('0/2 guests checked in')).toBeInTheDocument();

    live.send({
      kind: 'booking.checkedIn',
      slot: SLOT,
      bookings: [{ ...ana, attendees: [{ Adults: 2 }], version: 2 }],
    });

    expect(await screen.findByText('2/2 guests checked in')).toBeInTheDocument();
    expect(within(await row('Ana')).getByRole('switch', { name: 'Checked in: Ana' })).toBeChecked();
    expect(calls.slot).toHaveLength(1);
  });

  it('keeps the newer copy when an older event arrives late', async () => {
    const ana = makeBooking({ name: 'Ana', customers: [{ Adults: 2 }], attendees: [{ Adults: 2 }], version: 5 });
    const ben = makeBooking({ name: 'Ben', customers: [{ Adults: 3 }], attendees: [{ Adults: 0 }] });
    const { live } = await slotPage([ana, ben]);

    live.send({
      kind: 'booking.checkedIn',
      slot: SLOT,
      bookings: [{ ...ana, attendees: [{ Adults: 0 }], version: 4 }],
    });
    live.send({
      kind: 'booking.checkedIn',
      slot: SLOT,
      bookings: [{ ...ben, attendees: [{ Adults: 3 }], version: 2 }],
    });

    expect(await screen.findByText('5/5 guests checked in')).toBeInTheDocument();
  });

  it('takes away a booking moved to another slot, and one the reader may no longer see', async () => {
    const ana = makeBooking({ name: 'Ana' });
    const ben = makeBooking({ name: 'Ben' });
    const cleo = makeBooking({ name: 'Cleo' });
    const { calls, live } = await slotPage([ana, ben, cleo]);

    live.send({ kind: 'booking.edited', slot: SLOT, bookings: [{ ...ana, time: '12:00', version: 2 }] });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ana' })).not.toBeInTheDocument());

    live.send({ kind: 'booking.edited', slot: SLOT, gone: [ben._id] });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ben' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Cleo' })).toBeInTheDocument();
    expect(calls.slot).toHaveLength(1);
  });

  it('adds a booking made in this slot elsewhere', async () => {
    const { live } = await slotPage([makeBooking({ name: 'Ana' })]);

    live.send({ kind: 'booking.added', slot: SLOT, bookings: [makeBooking({ name: 'Walk-in Wes' })] });

    expect(await row('Walk-in Wes')).toBeInTheDocument();
  });

  it("shows the slot's note saved on another device", async () => {
    const { live } = await slotPage([makeBooking({ name: 'Ana' })]);

    live.send({ kind: 'slot.noteSaved', slot: SLOT, note: 'Meet at gate B' });

    expect(await screen.findByRole('region', { name: 'Note' })).toHaveTextContent('Meet at gate B');
  });

  it("reads the slot's guides again when another device assigns a booking, not on a plain check-in", async () => {
    const ana = makeBooking({ name: 'Ana', customers: [{ Adults: 4 }], guide: 'Gabriel Guide' });
    const ben = makeBooking({ name: 'Ben', customers: [{ Adults: 3 }] });
    const calls = serveSlot({
      bookings: [ana, ben],
      shift: makeShift([{ _id: 'guide-1', name: 'Gabriel Guide', counts: { Adults: 4 } }]),
    });
    const live = openLive();
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });
    expect(await screen.findByText('Gabriel Guide: 4 Adults')).toBeInTheDocument();
    await waitFor(() => expect(live.requests).toHaveLength(1));

    live.send({
      kind: 'booking.checkedIn',
      slot: SLOT,
      bookings: [{ ...ana, attendees: [{ Adults: 4 }], version: 2 }],
    });
    expect(await screen.findByText('4/7 guests checked in')).toBeInTheDocument();
    expect(calls.shift).toHaveLength(1);

    calls.held.shift = makeShift([{ _id: 'guide-1', name: 'Gabriel Guide', counts: { Adults: 7 } }]);
    live.send({
      kind: 'booking.guideAssigned',
      slot: SLOT,
      bookings: [{ ...ben, guide: 'Gabriel Guide', version: 2 }],
    });

    expect(await screen.findByText('Gabriel Guide: 7 Adults')).toBeInTheDocument();
    expect(calls.shift).toHaveLength(2);
  });

  it('reads everything shown again when the stream cannot replay what was missed', async () => {
    server.use(http.get(apiUrl('/api/company'), () => HttpResponse.json(company)));
    const { calls, live } = await slotPage([makeBooking({ name: 'Ana' })]);

    live.frame('id: 250\nevent: reset\ndata: {}\n\n');

    await waitFor(() => expect(calls.slot).toHaveLength(2));
  });

  it('shows a company change in the header', async () => {
    server.use(http.get(apiUrl('/api/company'), () => HttpResponse.json({ ...company, name: 'Renamed Tours' })));
    const { calls, live } = await slotPage([makeBooking({ name: 'Ana' })]);

    live.send({ kind: 'company.settingsChanged' });

    expect(await screen.findByRole('link', { name: 'Renamed Tours' })).toBeInTheDocument();
    await waitFor(() => expect(calls.slot).toHaveLength(2));
  });

  it("shows a tour colour a Manager changed on a Guide's open day page", async () => {
    const walk = { _id: 't1', id: 'old-town', label: 'Old Town Walk', color: 'blue', flag: 'uk' } as const;
    const before = { ...company, tours: [walk] };
    server.use(
      http.get(apiUrl(`/api/bookings/date/${DAY}`), () =>
        HttpResponse.json({ bookings: [makeBooking({ tour: 'Old Town Walk' })], hiddenSlots: 0 }),
      ),
      http.get(apiUrl('/api/company'), () => HttpResponse.json({ ...before, tours: [{ ...walk, color: 'yellow' }] })),
    );
    const live = openLive();
    const guide = makeUser({ role: 'Guide', assignable: false, company: before });
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: signedIn(guide) });
    const card = within(await screen.findByRole('list', { name: 'Tour slots' })).getByRole('listitem');
    expect(card).toHaveStyle({ borderLeft: `8px solid ${TOUR_COLOR_HEX.blue}` });
    await waitFor(() => expect(live.requests).toHaveLength(1));

    live.send({ kind: 'company.tourChanged' });

    await waitFor(() => expect(card).toHaveStyle({ borderLeft: `8px solid ${TOUR_COLOR_HEX.yellow}` }));
  });

  it('adds a booking made elsewhere to the day page, and leaves out one of another day', async () => {
    server.use(
      http.get(apiUrl(`/api/bookings/date/${DAY}`), () =>
        HttpResponse.json({
          bookings: [makeBooking({ time: '10:30', tour: 'Old Town Walk', pax: 2 })],
          hiddenSlots: 0,
        }),
      ),
    );
    const live = openLive();
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: signedIn() });
    const slots = await screen.findByRole('list', { name: 'Tour slots' });
    await waitFor(() => expect(live.requests).toHaveLength(1));

    live.send({
      kind: 'booking.added',
      slot: { day: '2026-11-22', time: '09:00', tour: 'Old Town Walk' },
      bookings: [makeBooking({ date: '2026-11-22', time: '09:00', pax: 9 })],
    });
    live.send({
      kind: 'booking.added',
      slot: { day: DAY, time: '12:00', tour: 'Tapas Tour' },
      bookings: [makeBooking({ time: '12:00', tour: 'Tapas Tour', pax: 3, customers: [{ Adults: 3 }] })],
    });

    await waitFor(() =>
      expect(
        within(slots)
          .getAllByRole('link')
          .map((card) => card.textContent),
      ).toEqual(['10:30Old Town Walk2 pax', '12:00Tapas Tour3 pax']),
    );
  });
});

describe('the live stream', () => {
  it("sends the user's access token and this browser's device id, as every call does", async () => {
    const user = makeUser();
    const dayCalls: Request[] = [];
    server.use(
      http.get(apiUrl(`/api/bookings/date/${DAY}`), ({ request }) => {
        dayCalls.push(request);
        return HttpResponse.json({ bookings: [], hiddenSlots: 0 });
      }),
    );
    const live = openLive();
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: signedIn(user) });

    await waitFor(() => expect(live.requests).toHaveLength(1));
    await waitFor(() => expect(dayCalls).toHaveLength(1));
    const deviceId = localStorage.getItem('tourdesk.deviceId');
    expect(deviceId).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(live.requests[0]!.headers.get('authorization')).toBe(`Bearer ${user.token}`);
    expect(live.requests[0]!.headers.get('x-device-id')).toBe(deviceId);
    expect(live.requests[0]!.headers.get('last-event-id')).toBeNull();
    expect(dayCalls[0]!.headers.get('x-device-id')).toBe(deviceId);
  });

  it('reads everything shown again when the stream opens again with no event to resume from', async () => {
    server.use(http.get(apiUrl('/api/company'), () => HttpResponse.json(company)));
    const { calls, live } = await slotPage([makeBooking({ name: 'Ana' })]);

    live.end();

    await waitFor(() => expect(live.requests).toHaveLength(2));
    expect(live.requests[1]!.headers.get('last-event-id')).toBeNull();
    await waitFor(() => expect(calls.slot).toHaveLength(2));
  });

  it('reconnects after the stream ends, resuming after the last event id it saw', async () => {
    const { live } = await slotPage([makeBooking({ name: 'Ana' })]);

    live.send({ id: 41, kind: 'booking.edited', slot: SLOT });
    live.frame('id: 42\n\n');
    live.end();

    await waitFor(() => expect(live.requests).toHaveLength(2));
    expect(live.requests[1]!.headers.get('last-event-id')).toBe('42');
  });

  it('renews the access token when the stream refuses it, then resumes with the new one', async () => {
    const newToken = freshToken().replace('c2ln', 'bmV3');
    const refreshed: string[] = [];
    server.use(
      http.get(apiUrl('/auth/refresh'), () => {
        refreshed.push('refresh');
        return HttpResponse.json({ accessToken: newToken, user: makeUser({ token: newToken }) });
      }),
    );
    const { live } = await slotPage([makeBooking({ name: 'Ana' })]);

    live.frame('event: renew\ndata: {}\n\n');
    live.end();

    await waitFor(() => expect(live.requests).toHaveLength(2));
    expect(refreshed).toEqual(['refresh']);
    expect(live.requests[1]!.headers.get('authorization')).toBe(`Bearer ${newToken}`);
  });

  it('answers a 401 to the stream request by renewing the token', async () => {
    const newToken = freshToken().replace('c2ln', 'bmV3');
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })] });
    const live = serveLive();
    const refused: string[] = [];
    server.use(
      http.get(apiUrl('/api/events'), ({ request }) => {
        const authorization = request.headers.get('authorization') ?? '';
        if (authorization === `Bearer ${newToken}`) return undefined;
        refused.push(authorization);
        return HttpResponse.json({ error: 'Token expired', code: 'UNAUTHORIZED' }, { status: 401 });
      }),
      live.handler,
      http.get(apiUrl('/auth/refresh'), () =>
        HttpResponse.json({ accessToken: newToken, user: makeUser({ token: newToken }) }),
      ),
    );
    const user = makeUser();
    renderRoute(SLOT_PATH, { preloadedState: signedIn(user) });

    await waitFor(() => expect(live.requests).toHaveLength(1));
    expect(refused).toEqual([`Bearer ${user.token}`]);
    expect(live.requests[0]!.headers.get('authorization')).toBe(`Bearer ${newToken}`);
  });

  it('says "Not live" in the header while the stream cannot be opened, and nothing once it is open again', async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })] });
    const live = serveLive();
    let failures = 1;
    server.use(
      http.get(apiUrl('/api/events'), () => (failures-- > 0 ? HttpResponse.error() : undefined)),
      live.handler,
    );
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    await waitFor(() => expect(screen.getByRole('status', { name: 'Sync' })).toHaveTextContent('Not live'));
    await waitFor(() => expect(live.requests).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Sync' })).not.toBeInTheDocument());
  });

  it('waits as long as the server asks when it refuses the stream with 429, and says it is not live meanwhile', async () => {
    serveSlot({ bookings: [makeBooking({ name: 'Ana' })] });
    const live = serveLive();
    const refusedAt: number[] = [];
    const askedAgainAt: number[] = [];
    server.use(
      http.get(apiUrl('/api/events'), () => {
        if (refusedAt.length > 0) {
          askedAgainAt.push(Date.now());
          return undefined;
        }
        refusedAt.push(Date.now());
        const body = { error: 'Too many live update streams are open', code: 'LIVE_STREAM_LIMIT' };
        return HttpResponse.json(body, { status: 429, headers: { 'Retry-After': '2' } });
      }),
      live.handler,
    );
    renderRoute(SLOT_PATH, { preloadedState: signedIn() });

    expect(await screen.findByRole('status', { name: 'Sync' })).toHaveTextContent('Not live');
    await waitFor(() => expect(live.requests).toHaveLength(1));
    expect(askedAgainAt[0]! - refusedAt[0]!).toBeGreaterThanOrEqual(2_000);
  });

  it('closes the stream when the user signs out', async () => {
    const ana = makeBooking({ name: 'Ana', customers: [{ Adults: 2 }], attendees: [{ Adults: 0 }] });
    const { live, store } = await slotPage([ana]);
    // An event shown: the app is reading the stream.
    live.send({
      kind: 'booking.checkedIn',
      slot: SLOT,
      bookings: [{ ...ana, attendees: [{ Adults: 2 }], version: 2 }],
    });
    expect(await screen.findByText('2/2 guests checked in')).toBeInTheDocument();

    act(() => void store.dispatch(loggedOut()));

    await waitFor(() => expect(live.requests[0]!.signal.aborted).toBe(true));
    expect(live.requests).toHaveLength(1);
  });
});
