import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { bookings } from '../../db/schema';
import { bookingColumns as columns, type BookingRow } from './bookings.repository';

// The hot reads of a day's and a slot's bookings, built once per connection (db/prepared.ts).

/** The company's id in the statements below, given at each call. */
const company = sql.placeholder('companyId');

const dayBookings = preparedRead<{ companyId: string; day: string }, BookingRow[]>('bookings_of_day', (db, name) =>
  db
    .select(columns)
    .from(bookings)
    .where(and(eq(bookings.companyId, company), eq(bookings.date, sql.placeholder('day'))))
    .orderBy(asc(bookings.time), asc(bookings.tour), asc(bookings.name))
    .prepare(name),
);

export function listDayBookings(db: Db, companyId: string, day: string): Promise<BookingRow[]> {
  return dayBookings(db, { companyId, day });
}

type SlotValues = { companyId: string; day: string; time: string; tour: string };

const slotBookings = preparedRead<SlotValues, BookingRow[]>('bookings_of_slot', (db, name) =>
  db
    .select(columns)
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, company),
        eq(bookings.date, sql.placeholder('day')),
        eq(bookings.time, sql.placeholder('time')),
        eq(bookings.tour, sql.placeholder('tour')),
      ),
    )
    .orderBy(sql`lower(${bookings.name})`, asc(bookings.id))
    .prepare(name),
);

export function listSlotBookings(
  db: Db,
  companyId: string,
  slot: { day: string; time: string; tour: string },
): Promise<BookingRow[]> {
  return slotBookings(db, { companyId, ...slot });
}

export interface SlotPax {
  time: string;
  tour: string;
  pax: number;
}

/** Slots of a day starting between two times, with their live guests. */
type BetweenValues = { companyId: string; day: string; startTime: string; endTime: string };

const slotsBetween = preparedRead<BetweenValues, SlotPax[]>('slots_between', (db, name) =>
  db
    .select({
      time: bookings.time,
      tour: bookings.tour,
      pax: sql<number>`coalesce(sum(${bookings.pax}) filter (where not ${bookings.cancelled}), 0)::int`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, company),
        eq(bookings.date, sql.placeholder('day')),
        between(bookings.time, sql.placeholder('startTime'), sql.placeholder('endTime')),
      ),
    )
    .groupBy(bookings.time, bookings.tour)
    .orderBy(asc(bookings.time), asc(bookings.tour))
    .prepare(name),
);

export function listSlotsBetween(
  db: Db,
  companyId: string,
  day: string,
  startTime: string,
  endTime: string,
): Promise<SlotPax[]> {
  return slotsBetween(db, { companyId, day, startTime, endTime });
}

const bookingById = preparedRead<{ companyId: string; id: string }, BookingRow[]>('booking_by_id', (db, name) =>
  db
    .select(columns)
    .from(bookings)
    .where(and(eq(bookings.companyId, company), eq(bookings.id, sql.placeholder('id'))))
    .prepare(name),
);

export async function findBooking(db: Db, companyId: string, id: string): Promise<BookingRow | undefined> {
  const [row] = await bookingById(db, { companyId, id });
  return row;
}
