import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { preparedNames } from '../../server/db/prepared';
import { queryRows } from '../../server/db/rows';
import { Tenancy } from '../../server/db/tenancy';
import { findBooking, listDayBookings, listSlotBookings } from '../../server/modules/bookings/bookingReads.repository';
import { capacityOf } from '../../server/modules/timetable/departureSeats';
import { timetableOfDay } from '../../server/modules/timetable/timetable.repository';
import { addBooking } from './fixtures';
import { DB_KINDS, createTestApp, type TestApp } from './helpers';

const HOT_READS = [
  'bookings_of_day',
  'bookings_of_slot',
  'slots_between',
  'booking_by_id',
  'departures_of_day',
  'exceptions_of_day',
  'departures_of_tour',
  'exceptions_of_tour',
];

describe.each(DB_KINDS)('prepared hot reads [%s]', (kind) => {
  let t: TestApp;
  let tenancy: Tenancy;
  const companyId = uuidv7();
  const slot = { day: '2026-06-15', time: '10:00', tour: 'Old Town Walk' };

  beforeAll(async () => {
    // One connection, so every read below runs on the connection the statements were prepared on.
    t = await createTestApp(kind, { poolSize: 1 });
    tenancy = new Tenancy(t.database);
    await t.db.execute(sql`insert into companies (id, name) values (${companyId}, 'Prepared')`);
  });
  afterAll(() => t?.close());

  test('every statement name is given once, the hot reads among them', () => {
    expect(new Set(preparedNames).size).toBe(preparedNames.length);
    expect(preparedNames).toEqual(expect.arrayContaining(HOT_READS));
  });

  test('a prepared read answers each call with its own values, again and again on one connection', async () => {
    const kept = await addBooking(t.db, companyId, { date: slot.day, time: slot.time, tour: slot.tour, name: 'First' });
    await addBooking(t.db, companyId, { date: '2026-06-16', time: '11:00', name: 'Second' });
    for (let round = 0; round < 2; round++) {
      const [day15, day16, inSlot, byId, other] = await tenancy.read(companyId, (tx) =>
        Promise.all([
          listDayBookings(tx, companyId, '2026-06-15'),
          listDayBookings(tx, companyId, '2026-06-16'),
          listSlotBookings(tx, companyId, slot),
          findBooking(tx, companyId, kept.id),
          listDayBookings(tx, uuidv7(), '2026-06-15'),
        ]),
      );
      expect(day15.map((b) => b.name)).toEqual(['First']);
      expect(day16.map((b) => b.name)).toEqual(['Second']);
      expect(inSlot.map((b) => b.name)).toEqual(['First']);
      expect(byId?.name).toBe('First');
      expect(other).toEqual([]);
    }
  });

  if (kind === 'postgres') {
    test('PostgreSQL holds the hot reads as named statements of the connection', async () => {
      const names = await tenancy.read(companyId, async (tx) => {
        await Promise.all([
          listDayBookings(tx, companyId, slot.day),
          timetableOfDay(tx, companyId, slot.day),
          capacityOf(tx, companyId, slot),
        ]);
        return queryRows<{ name: string }>(tx, sql`select name from pg_prepared_statements order by name`);
      });
      expect(names.map((n) => n.name)).toEqual(
        expect.arrayContaining([
          'auth_begin_request',
          'bookings_of_day',
          'departures_of_day',
          'exceptions_of_day',
          'departures_of_tour',
          'exceptions_of_tour',
        ]),
      );
    });
  }
});
