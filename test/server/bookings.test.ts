import { eq } from 'drizzle-orm';
import { bookings } from '../../server/db/schema';
import { addBooking, createCompany, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb, type TestApp } from './helpers';

// 12:00 in Madrid (summer time, UTC+2) on 15 June 2026.
const NOW = new Date('2026-06-15T10:00:00Z');
const DAY = '2026-06-15';

type Rows = Record<'started15' | 'started30' | 'started60' | 'inTwoHours' | 'soon' | 'tomorrow', string>;

async function setUp(t: TestApp, settings = {}): Promise<{ c: CompanyFixture; ids: Rows }> {
  const c = await createCompany(t.app, t.db, settings);
  const add = (time: string, extra = {}) => addBooking(t.db, c.companyId, { date: DAY, time, ...extra });
  const ids: Rows = {
    started15: (await add('11:45', { name: 'Zoe', adults: 3, children: 1, pax: 4 })).id,
    started30: (await add('11:30')).id,
    started60: (await add('11:00', { tour: 'Hop-On Harbour Cruise' })).id,
    inTwoHours: (await add('14:00')).id,
    soon: (await add('12:59')).id,
    tomorrow: (await addBooking(t.db, c.companyId, { date: '2026-06-16', time: '10:00' })).id,
  };
  await add('11:45', { name: 'ana', phone: null, bookingId: '' });
  await add('11:45', { name: 'Bruno', cancelled: true, adults: 5, pax: 5 });
  return { c, ids };
}

const checkIn = (t: TestApp, token: string, id: string, attendees: unknown, extra = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/bookings/${id}`,
    headers: bearer(token),
    payload: { attendees, _id: id, ...extra },
  });

describeEachDb(
  'bookings',
  (ctx) => {
    describe('GET /api/bookings/date/:day', () => {
      it('gives a Manager every booking of the day', async () => {
        const t = ctx();
        const { c } = await setUp(t);
        const res = await t.app.inject({ url: `/api/bookings/date/${DAY}`, headers: bearer(c.manager.token) });
        expect(res.statusCode).toBe(200);
        expect(res.json().bookings).toHaveLength(7);
        expect(res.json().hiddenSlots).toBe(0);
      });

      it('gives a Guide only the slots in the window and counts the others', async () => {
        const t = ctx();
        const { c } = await setUp(t);
        const res = await t.app.inject({ url: `/api/bookings/date/${DAY}`, headers: bearer(c.guide.token) });
        const times = [...new Set(res.json().bookings.map((b: { time: string }) => b.time))].sort();
        // 11:00 starts exactly afterTime (60) ago, 12:59 within beforeTime; 14:00 is outside.
        expect(times).toEqual(['11:00', '11:30', '11:45', '12:59']);
        expect(res.json().hiddenSlots).toBe(1);
      });

      it('tells a Guide which hidden slot opens next and when, and tells a Manager nothing of it', async () => {
        const t = ctx();
        const { c } = await setUp(t);
        const guide = await t.app.inject({ url: `/api/bookings/date/${DAY}`, headers: bearer(c.guide.token) });
        // 14:00 opens beforeTime (60) before its start: 13:00 in Madrid.
        expect(guide.json().nextOpening).toEqual({
          day: DAY,
          time: '14:00',
          tour: 'Old Town Walk',
          opensAt: '2026-06-15T11:00:00.000Z',
        });
        const manager = await t.app.inject({ url: `/api/bookings/date/${DAY}`, headers: bearer(c.manager.token) });
        expect(manager.json()).not.toHaveProperty('nextOpening');
      });

      it("names tomorrow's first slot when nothing hidden today will open, and nothing of its bookings", async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        await addBooking(t.db, c.companyId, { date: DAY, time: '09:00' });
        await addBooking(t.db, c.companyId, { date: '2026-06-16', time: '10:00', tour: 'Hop-On Harbour Cruise' });
        await addBooking(t.db, c.companyId, { date: '2026-06-16', time: '18:00' });
        const res = await t.app.inject({ url: `/api/bookings/date/${DAY}`, headers: bearer(c.guide.token) });
        expect(res.json()).toEqual({
          bookings: [],
          departures: [],
          hiddenSlots: 1,
          nextOpening: {
            day: '2026-06-16',
            time: '10:00',
            tour: 'Hop-On Harbour Cruise',
            opensAt: '2026-06-16T07:00:00.000Z',
          },
        });
      });

      it('has no next opening for a day whose slots are all past, nor when Guides see everything', async () => {
        const t = ctx();
        const { c } = await setUp(t);
        const yesterday = await t.app.inject({ url: '/api/bookings/date/2026-06-14', headers: bearer(c.guide.token) });
        expect(yesterday.json().nextOpening).toBeNull();
        const open = await setUp(t, { hideBookings: false });
        const all = await t.app.inject({ url: `/api/bookings/date/${DAY}`, headers: bearer(open.c.guide.token) });
        expect(all.json().nextOpening).toBeNull();
      });

      it('shows a Guide everything when hideBookings is explicitly false', async () => {
        const t = ctx();
        const { c } = await setUp(t, { hideBookings: false });
        const res = await t.app.inject({ url: `/api/bookings/date/${DAY}`, headers: bearer(c.guide.token) });
        expect(res.json().bookings).toHaveLength(7);
      });

      it('keeps the window when hideBookings is unset', async () => {
        const t = ctx();
        const { c } = await setUp(t, { hideBookings: null });
        const res = await t.app.inject({ url: `/api/bookings/date/${DAY}`, headers: bearer(c.guide.token) });
        expect(res.json().hiddenSlots).toBe(1);
      });

      it('never answers another company’s bookings', async () => {
        const t = ctx();
        const a = await setUp(t);
        const b = await createCompany(t.app, t.db);
        const res = await t.app.inject({ url: `/api/bookings/date/${DAY}`, headers: bearer(b.manager.token) });
        expect(res.json().bookings).toEqual([]);
        expect(a.c.companyId).not.toBe(b.companyId);
      });

      it('refuses a malformed day with 400', async () => {
        const t = ctx();
        const { c } = await setUp(t);
        for (const day of ['2026-13-01', 'yesterday', '2026-6-1']) {
          const res = await t.app.inject({ url: `/api/bookings/date/${day}`, headers: bearer(c.manager.token) });
          expect(res.statusCode).toBe(400);
        }
      });
    });

    describe('GET /api/bookings/date/:day/:time/:tour', () => {
      const slotUrl = (time: string, tour = 'Old Town Walk') =>
        `/api/bookings/date/${DAY}/${time}/${encodeURIComponent(tour)}`;

      it('lists the slot sorted by name, with phones and sources for a Manager', async () => {
        const t = ctx();
        const { c } = await setUp(t);
        const res = await t.app.inject({ url: slotUrl('11:45'), headers: bearer(c.manager.token) });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.modifiable).toBe(true);
        expect(body.bookings.map((b: { name: string }) => b.name)).toEqual(['ana', 'Bruno', 'Zoe']);
        const zoe = body.bookings[2];
        expect(zoe).toMatchObject({
          customers: [{ Adults: 3 }, { Children: 1 }],
          attendees: [{ Adults: 0 }, { Children: 0 }],
          pax: 4,
          source: 'Viator',
          phone: '+34 600 000 000',
        });
        expect(body.bookings[0].phone).toBeNull();
      });

      it('tells a Guide a slot past the lock is not modifiable, a Manager that it is', async () => {
        const t = ctx();
        const { c } = await setUp(t);
        const asGuide = await t.app.inject({
          url: slotUrl('11:00', 'Hop-On Harbour Cruise'),
          headers: bearer(c.guide.token),
        });
        expect(asGuide.json().modifiable).toBe(false);
        const atThirty = await t.app.inject({ url: slotUrl('11:30'), headers: bearer(c.guide.token) });
        expect(atThirty.json().modifiable).toBe(true);
        const asManager = await t.app.inject({
          url: slotUrl('11:00', 'Hop-On Harbour Cruise'),
          headers: bearer(c.manager.token),
        });
        expect(asManager.json().modifiable).toBe(true);
      });

      it('answers a Guide outside the window with 403 and the spec message', async () => {
        const t = ctx();
        const { c } = await setUp(t);
        const res = await t.app.inject({ url: slotUrl('14:00'), headers: bearer(c.guide.token) });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: 'Only Managers can see these tours', code: 'SLOT_HIDDEN' });
        const manager = await t.app.inject({ url: slotUrl('14:00'), headers: bearer(c.manager.token) });
        expect(manager.statusCode).toBe(200);
      });

      it('leaves phones and sources out for roles the company does not show them to', async () => {
        const t = ctx();
        const { c } = await setUp(t, { showPhoneToGuides: false, showPhoneToManagers: false, display: false });
        const guide = await t.app.inject({ url: slotUrl('11:45'), headers: bearer(c.guide.token) });
        for (const booking of guide.json().bookings) {
          expect(booking).not.toHaveProperty('phone');
          expect(booking).not.toHaveProperty('source');
        }
        const manager = await t.app.inject({ url: slotUrl('11:45'), headers: bearer(c.manager.token) });
        expect(manager.json().bookings[0]).not.toHaveProperty('phone');
        expect(manager.json().bookings[0]).toHaveProperty('source');
      });
    });

    describe('GET /api/bookings/nearbytours', () => {
      it('sums live guests per slot within the window, only visible ones for a Guide', async () => {
        const t = ctx();
        const { c } = await setUp(t);
        const manager = await t.app.inject({
          url: `/api/bookings/nearbytours/${DAY}/11:30/14:00`,
          headers: bearer(c.manager.token),
        });
        expect(manager.json()).toEqual([
          { time: '11:30', tour: 'Old Town Walk', pax: 2 },
          { time: '11:45', tour: 'Old Town Walk', pax: 6 },
          { time: '12:59', tour: 'Old Town Walk', pax: 2 },
          { time: '14:00', tour: 'Old Town Walk', pax: 2 },
        ]);
        const guide = await t.app.inject({
          url: `/api/bookings/nearbytours/${DAY}/11:30/14:00`,
          headers: bearer(c.guide.token),
        });
        expect(guide.json().map((s: { time: string }) => s.time)).toEqual(['11:30', '11:45', '12:59']);
      });
    });

    describe('PATCH /api/bookings/:id (check-in)', () => {
      it('records attendees per type for a Guide within the lock', async () => {
        const t = ctx();
        const { c, ids } = await setUp(t);
        const res = await checkIn(t, c.guide.token, ids.started15, [{ Adults: 2 }, { Children: 1 }]);
        expect(res.statusCode).toBe(200);
        expect(res.json().attendees).toEqual([{ Adults: 2 }, { Children: 1 }]);
        const [row] = await t.db.select().from(bookings).where(eq(bookings.id, ids.started15));
        expect(row).toMatchObject({ attendedAdults: 2, attendedChildren: 1, version: 2 });
      });

      it('refuses a Guide on a locked slot with 403 and changes nothing', async () => {
        const t = ctx();
        const { c, ids } = await setUp(t);
        const res = await checkIn(t, c.guide.token, ids.started60, [{ Adults: 2 }]);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('SLOT_LOCKED');
        const [row] = await t.db.select().from(bookings).where(eq(bookings.id, ids.started60));
        expect(row?.attendedAdults).toBe(0);
        const manager = await checkIn(t, c.manager.token, ids.started60, [{ Adults: 2 }]);
        expect(manager.statusCode).toBe(200);
      });

      it('refuses a Guide on an invisible slot with 403', async () => {
        const t = ctx();
        const { c, ids } = await setUp(t);
        const res = await checkIn(t, c.guide.token, ids.inTwoHours, [{ Adults: 1 }]);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('SLOT_HIDDEN');
      });

      it('refuses more attendees than booked, negative counts and unknown fields with 400', async () => {
        const t = ctx();
        const { c, ids } = await setUp(t);
        expect((await checkIn(t, c.manager.token, ids.started15, [{ Adults: 4 }])).json().code).toBe(
          'ATTENDEES_OVER_BOOKED',
        );
        expect((await checkIn(t, c.manager.token, ids.started15, [{ Adults: -1 }])).statusCode).toBe(400);
        expect((await checkIn(t, c.manager.token, ids.started15, [{ Seniors: 1 }])).statusCode).toBe(400);
        const extra = await checkIn(t, c.manager.token, ids.started15, [{ Adults: 1 }], { modifiedBy: 'x@y.z' });
        expect(extra.statusCode).toBe(400);
      });

      it('records the chosen guide only for assignable members', async () => {
        const t = ctx();
        const { c, ids } = await setUp(t);
        const asManager = await checkIn(t, c.manager.token, ids.started15, [{ Adults: 1 }], {
          chosenGuide: c.guideName,
        });
        expect(asManager.json().guide).toBe(c.guideName);
        // A check-in that names no guide leaves the booking's.
        const keeps = await checkIn(t, c.manager.token, ids.started15, [{ Adults: 0 }]);
        expect(keeps.json()).toMatchObject({ guide: c.guideName, attendees: expect.arrayContaining([{ Adults: 0 }]) });
        const asGuide = await checkIn(t, c.guide.token, ids.started30, [{ Adults: 1 }], { chosenGuide: c.managerName });
        expect(asGuide.statusCode).toBe(200);
        expect(asGuide.json().guide).toBeNull();
        const stranger = await checkIn(t, c.manager.token, ids.started15, [{ Adults: 1 }], { chosenGuide: 'Nobody' });
        expect(stranger.statusCode).toBe(400);
      });

      it('answers another company’s booking with 404 and a malformed id with 400', async () => {
        const t = ctx();
        const { ids } = await setUp(t);
        const other = await createCompany(t.app, t.db);
        const res = await checkIn(t, other.manager.token, ids.started15, [{ Adults: 1 }]);
        expect(res.statusCode).toBe(404);
        const [row] = await t.db.select().from(bookings).where(eq(bookings.id, ids.started15));
        expect(row?.attendedAdults).toBe(0);
        expect((await checkIn(t, other.manager.token, 'not-a-uuid', [{ Adults: 1 }])).statusCode).toBe(400);
      });
    });
  },
  { now: () => NOW },
);
