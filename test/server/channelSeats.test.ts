import { and, eq, sql } from 'drizzle-orm';
import { bookings } from '../../server/db/schema';
import { addBooking, addDeparture, createCompany, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb, type TestApp } from './helpers';

const NOW = new Date('2026-06-15T08:00:00Z'); // Monday, 10:00 in Madrid
const DAY = '2026-06-16';
const BOAT = 'Hop-On Harbour Cruise';

const booking = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Web',
  date: DAY,
  time: '19:00',
  tour: BOAT,
  adults: 2,
  ...overrides,
});

const put = (t: TestApp, c: CompanyFixture, ref: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/bookings/Viator/${ref}`, headers: bearer(c.apiKey), payload });

const boatPax = async (t: TestApp, c: CompanyFixture) => {
  const [row] = await t.db
    .select({ pax: sql<number>`coalesce(sum(${bookings.pax}) filter (where not ${bookings.cancelled}), 0)::int` })
    .from(bookings)
    .where(and(eq(bookings.companyId, c.companyId), eq(bookings.tour, BOAT), eq(bookings.time, '19:00')));
  return Number(row?.pax);
};

describeEachDb(
  'seats for the channel API',
  (ctx) => {
    let c: CompanyFixture;
    beforeEach(async () => {
      const t = ctx();
      c = await createCompany(t.app, t.db);
      // The boat leaves daily at 19:00 with 30 seats, 28 taken on DAY; the Old Town Walk has no timetable.
      await addDeparture(t.db, c.companyId, c.tourIds[BOAT], { time: '19:00', capacity: 30 });
      await addBooking(t.db, c.companyId, { date: DAY, time: '19:00', tour: BOAT, adults: 28, bookingId: 'GYG-1' });
    });

    it('answers 409 OVER_CAPACITY with the seats left, and takes the last ones', async () => {
      const t = ctx();
      const over = await put(t, c, 'V-1', booking({ adults: 3 }));
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({
        error: 'Only 2 seats left on this departure',
        code: 'OVER_CAPACITY',
        details: { seatsLeft: 2, capacity: 30 },
      });
      expect((await put(t, c, 'V-1', booking({ adults: 2 }))).statusCode).toBe(201);
      const full = await put(t, c, 'V-2', booking({ adults: 1 }));
      expect([full.statusCode, full.json().details]).toEqual([409, { seatsLeft: 0, capacity: 30 }]);
      expect(await boatPax(t, c)).toBe(30);
    });

    it('judges an update that adds guests; the same booking again, fewer guests or a cancellation always pass', async () => {
      const t = ctx();
      expect((await put(t, c, 'V-3', booking({ adults: 1 }))).statusCode).toBe(201);
      const more = await put(t, c, 'V-3', booking({ adults: 3 }));
      expect([more.statusCode, more.json().code]).toEqual([409, 'OVER_CAPACITY']);
      expect((await put(t, c, 'V-3', booking({ adults: 2 }))).statusCode).toBe(200);
      // Full now: sending it again, renaming it and cancelling it still work.
      expect((await put(t, c, 'V-3', booking({ adults: 2 }))).statusCode).toBe(200);
      expect((await put(t, c, 'V-3', booking({ adults: 2, name: 'Ana Webb' }))).statusCode).toBe(200);
      expect((await put(t, c, 'V-3', booking({ adults: 1 }))).statusCode).toBe(200);
      const cancelled = await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/bookings/Viator/V-3',
        headers: bearer(c.apiKey),
      });
      expect(cancelled.statusCode).toBe(200);
      expect(await boatPax(t, c)).toBe(28);
    });

    it('answers 409 NO_DEPARTURE for a time the timetable has no departure at, for a tour that has a timetable', async () => {
      const t = ctx();
      const night = await put(t, c, 'V-4', booking({ time: '03:17' }));
      expect(night.statusCode).toBe(409);
      expect(night.json()).toEqual({
        error: 'The timetable has no departure of this tour at this time',
        code: 'NO_DEPARTURE',
      });
      const created = await put(t, c, 'V-5', booking({ adults: 1 }));
      const moved = await put(t, c, 'V-5', booking({ adults: 1, time: '19:30' }));
      expect([created.statusCode, moved.statusCode, moved.json().code]).toEqual([201, 409, 'NO_DEPARTURE']);
      // A tour without a timetable is booked at any time.
      expect((await put(t, c, 'V-6', booking({ tour: 'Old Town Walk', time: '03:17' }))).statusCode).toBe(201);
    });

    it('answers 400 for a departure that has already started, in the company zone, and writes nothing', async () => {
      const t = ctx();
      const old = await put(t, c, 'V-7', booking({ date: '2020-01-01', tour: 'Old Town Walk' }));
      expect(old.statusCode).toBe(400);
      expect(old.json()).toEqual({
        error: 'date: this departure has already started: its seats are no longer sold',
        code: 'DEPARTURE_PAST',
      });
      // 09:59 in Madrid has started at 10:00 there; 10:01 has not (it is 08:01 in UTC).
      const started = await put(t, c, 'V-8', booking({ date: '2026-06-15', time: '09:59', tour: 'Old Town Walk' }));
      const coming = await put(t, c, 'V-9', booking({ date: '2026-06-15', time: '10:01', tour: 'Old Town Walk' }));
      expect([started.statusCode, coming.statusCode]).toEqual([400, 201]);
      const rows = await t.db.select().from(bookings).where(eq(bookings.companyId, c.companyId));
      expect(rows.map((row) => row.bookingId).sort()).toEqual(['GYG-1', 'V-9']);
    });

    it('still updates and cancels a booking whose departure has started, as long as it takes no more seats', async () => {
      const t = ctx();
      await addBooking(t.db, c.companyId, { date: '2026-06-14', time: '19:00', tour: BOAT, bookingId: 'V-10' });
      const past = { date: '2026-06-14', adults: 2, name: 'Ana Renamed' };
      expect((await put(t, c, 'V-10', booking(past))).statusCode).toBe(200);
      expect((await put(t, c, 'V-10', booking({ ...past, adults: 3 }))).json()).toMatchObject({
        code: 'DEPARTURE_PAST',
      });
      expect((await put(t, c, 'V-10', booking({ ...past, cancelled: true }))).json()).toMatchObject({
        cancelled: true,
      });
    });

    it('documents its answers in the API description', async () => {
      const t = ctx();
      const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
      const route = doc.paths['/api/v1/bookings/{source}/{externalId}'].put;
      expect(route.description).toEqual(expect.stringContaining('409 `OVER_CAPACITY`'));
      expect(route.description).toEqual(expect.stringContaining('400 `DEPARTURE_PAST`'));
      expect(JSON.stringify(route.responses['409'])).toEqual(expect.stringContaining('NO_DEPARTURE'));
      expect(JSON.stringify(route.responses['409'])).toEqual(expect.stringContaining('seatsLeft'));
    });
  },
  { now: () => NOW },
);
