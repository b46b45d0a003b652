import { and, eq, sql } from 'drizzle-orm';
import { bookings, events } from '../../server/db/schema';
import { addBooking, addDeparture, createCompany, editBooking, type CompanyFixture } from './fixtures';
import { bearer, createTestApp, describeEachDb, type TestApp } from './helpers';

const NOW = new Date('2026-06-15T08:00:00Z'); // Monday, 10:00 in Madrid
const DAY = '2026-06-15';
const TOUR = 'Old Town Walk';

const add = (t: TestApp, token: string, adults: number, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings/add-booking',
    headers: bearer(token),
    payload: { name: 'Walk In', customers: [{ Adults: adults }], time: '10:30', tour: TOUR, date: DAY, ...extra },
  });

const slotPax = async (t: TestApp, c: CompanyFixture, time: string) => {
  const [row] = await t.db
    .select({ pax: sql<number>`coalesce(sum(${bookings.pax}) filter (where not ${bookings.cancelled}), 0)::int` })
    .from(bookings)
    .where(and(eq(bookings.companyId, c.companyId), eq(bookings.date, DAY), eq(bookings.time, time)));
  return Number(row?.pax);
};

const eventsOf = (t: TestApp, c: CompanyFixture) =>
  t.db.select().from(events).where(eq(events.companyId, c.companyId)).orderBy(events.id);

/** Guides see the whole day: what is judged here is seats, not the Guide's window. */
const ALL_VISIBLE = { hideBookings: false };

/** A company whose Old Town Walk leaves at 10:30 with 20 seats, `booked` of them taken (and 5 more cancelled). */
async function companyWithDeparture(t: TestApp, booked: number) {
  const c = await createCompany(t.app, t.db, ALL_VISIBLE);
  await addDeparture(t.db, c.companyId, c.tourIds[TOUR], { time: '10:30', capacity: 20 });
  if (booked > 0) await addBooking(t.db, c.companyId, { date: DAY, time: '10:30', adults: booked });
  await addBooking(t.db, c.companyId, { date: DAY, time: '10:30', adults: 5, cancelled: true });
  return c;
}

describeEachDb(
  'seats on a departure, for Add Booking and edits',
  (ctx) => {
    it('refuses 25 adults on a 20-seat departure that has 3 (409 OVER_CAPACITY, 17 seats left), writing nothing', async () => {
      const t = ctx();
      const c = await companyWithDeparture(t, 3);
      const refused = await add(t, c.manager.token, 25);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'Only 17 seats left on this departure',
        code: 'OVER_CAPACITY',
        details: { seatsLeft: 17, capacity: 20 },
      });
      expect(await slotPax(t, c, '10:30')).toBe(3);
      expect(await eventsOf(t, c)).toEqual([]);

      expect((await add(t, c.guide.token, 17)).statusCode).toBe(201);
      const full = await add(t, c.guide.token, 1);
      expect([full.statusCode, full.json().error, full.json().details]).toEqual([
        409,
        'No seats left on this departure',
        { seatsLeft: 0, capacity: 20 },
      ]);
      expect(await slotPax(t, c, '10:30')).toBe(20);
    });

    it('lets a Manager book anyway, and the event says the departure went over capacity', async () => {
      const t = ctx();
      const c = await companyWithDeparture(t, 3);
      const booked = await add(t, c.manager.token, 25, { allowOverCapacity: true });
      expect(booked.statusCode).toBe(201);
      expect(await slotPax(t, c, '10:30')).toBe(28);
      const [added] = await eventsOf(t, c);
      expect(added).toMatchObject({
        kind: 'booking.added',
        after: expect.objectContaining({ 'Over capacity': '28 / 20 pax' }),
      });
      // Within the seats, the flag changes nothing and the event says nothing of it.
      const other = await createCompany(t.app, t.db);
      await addDeparture(t.db, other.companyId, other.tourIds[TOUR], { time: '10:30', capacity: 20 });
      expect((await add(t, other.manager.token, 2, { allowOverCapacity: true })).statusCode).toBe(201);
      const [plain] = await eventsOf(t, other);
      expect(plain?.after).not.toHaveProperty('Over capacity');
    });

    it('refuses a Guide who asks to book anyway (403), and writes nothing', async () => {
      const t = ctx();
      const c = await companyWithDeparture(t, 3);
      const refused = await add(t, c.guide.token, 25, { allowOverCapacity: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: "You don't have permission to perform that action", code: 'FORBIDDEN' });
      expect(await slotPax(t, c, '10:30')).toBe(3);
      expect(await eventsOf(t, c)).toEqual([]);
    });

    it('adds at any time for a tour without a timetable, and outside the timetable (as Managers may)', async () => {
      const t = ctx();
      const c = await companyWithDeparture(t, 19);
      expect((await add(t, c.manager.token, 25, { time: '03:17' })).statusCode).toBe(201);
      const cruise = { tour: 'Hop-On Harbour Cruise', time: '10:30' };
      expect((await add(t, c.manager.token, 25, cruise)).statusCode).toBe(201);
    });

    it("answers a slot's capacity with its bookings: the departure's, or null without one", async () => {
      const t = ctx();
      const c = await companyWithDeparture(t, 3);
      const slot = (time: string) =>
        t.app.inject({
          url: `/api/bookings/date/${DAY}/${time}/${encodeURIComponent(TOUR)}`,
          headers: bearer(c.guide.token),
        });
      expect((await slot('10:30')).json()).toMatchObject({ capacity: 20, modifiable: true });
      expect((await slot('10:45')).json()).toMatchObject({ capacity: null });
    });

    it('judges an edit that adds guests or moves a booking onto a departure; fewer guests always pass', async () => {
      const t = ctx();
      const c = await companyWithDeparture(t, 17);
      const mover = await addBooking(t.db, c.companyId, { date: DAY, time: '11:45', adults: 2 });
      const onIt = await addBooking(t.db, c.companyId, { date: DAY, time: '10:30', adults: 2 });
      /** The Guide's edit of the booking on the departure: 10:30 with these changes, based on `version`. */
      const editOnIt = (changes: Record<string, unknown>, version: number) =>
        editBooking(t.app, c.guide.token, onIt.id, { time: '10:30', ...changes }, { day: DAY, version });
      // 19 of 20 taken: 2 more do not fit, whether moved onto it or added to a booking on it.
      const moved = await editBooking(t.app, c.guide.token, mover.id, { time: '10:30' }, { day: DAY });
      expect([moved.statusCode, moved.json().code, moved.json().details]).toEqual([
        409,
        'OVER_CAPACITY',
        { seatsLeft: 1, capacity: 20 },
      ]);
      const grown = await editOnIt({ customers: [{ Adults: 4 }] }, 1);
      expect([grown.statusCode, grown.json().code]).toEqual([409, 'OVER_CAPACITY']);
      expect((await editOnIt({ customers: [{ Adults: 3 }] }, 1)).statusCode).toBe(200);
      // Now full: a name change passes, as do fewer guests.
      expect((await editOnIt({ customers: [{ Adults: 3 }], name: 'Ana Renamed' }, 2)).statusCode).toBe(200);
      expect((await editOnIt({ customers: [{ Adults: 1 }] }, 3)).statusCode).toBe(200);
      expect(await slotPax(t, c, '10:30')).toBe(18);
    });

    it('lets a Manager save an edit anyway, recorded in its event; a Guide may not', async () => {
      const t = ctx();
      const c = await companyWithDeparture(t, 20);
      const mover = await addBooking(t.db, c.companyId, { date: DAY, time: '11:45', adults: 2 });
      const anyway = { extra: { allowOverCapacity: true } };
      const guide = await editBooking(t.app, c.guide.token, mover.id, { time: '10:30' }, { day: DAY, ...anyway });
      expect(guide.statusCode).toBe(403);
      const manager = await editBooking(t.app, c.manager.token, mover.id, { time: '10:30' }, { day: DAY, ...anyway });
      expect(manager.statusCode).toBe(200);
      expect(await slotPax(t, c, '10:30')).toBe(22);
      const [edited] = await eventsOf(t, c);
      expect(edited).toMatchObject({
        kind: 'booking.edited',
        before: { Time: '11:45', 'Over capacity': null },
        after: { Time: '10:30', 'Over capacity': '22 / 20 pax' },
      });
    });
  },
  { now: () => NOW },
);

/** Until `count` requests of this database wait for a lock (the test holds one they need). */
async function untilWaiting(db: TestApp['db'], count: number) {
  for (let tries = 0; tries < 500; tries++) {
    // Inside a transaction the activity view is read once, unless asked afresh.
    await db.execute(sql`select pg_stat_clear_snapshot()`);
    const [row] = await db
      .select({
        waiting: sql<number>`(select count(*)::int from pg_stat_activity
                               where datname = current_database() and wait_event_type = 'Lock')`,
      })
      .from(sql`(select 1) as one`);
    if (Number(row?.waiting) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${count} requests never waited for a lock`);
}

// Two writes truly at once need a second connection: PostgreSQL's. The embedded database runs one at a time.
if (process.env.TEST_DATABASE_URL) {
  describe('the last seats asked for at the same moment [postgres]', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('postgres', {}, { now: () => NOW });
    });
    afterAll(() => t.close());

    it('go to one of Add Booking and the channel API; the other finds them taken', async () => {
      const c = await createCompany(t.app, t.db, ALL_VISIBLE);
      await addDeparture(t.db, c.companyId, c.tourIds[TOUR], { time: '12:00', capacity: 20 });
      await addBooking(t.db, c.companyId, { date: DAY, time: '12:00', adults: 18 });
      const channel = () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/v1/bookings/Viator/W-race',
          headers: bearer(c.apiKey),
          payload: { name: 'Web Guest', date: DAY, time: '12:00', tour: TOUR, adults: 2 },
        });
      let both: Promise<Array<{ statusCode: number }>> | undefined;
      // Each write appends its event last, under the lock of its company's event log head: held here, a write that
      // has counted the seats and booked stops just before it commits, so the other runs while the first is in flight.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into event_log_heads as h (company_id, last_id) values (${c.companyId}, 0)
                             on conflict (company_id) do update set last_id = h.last_id`);
        both = Promise.all([add(t, c.manager.token, 2, { time: '12:00' }), channel()]);
        await untilWaiting(tx, 2);
      });
      const statuses = (await both)?.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([201, 409]);
      expect(await slotPax(t, c, '12:00')).toBe(20);
    });
  });
}
