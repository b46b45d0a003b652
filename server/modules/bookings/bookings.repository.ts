import { and, asc, between, eq, getTableColumns, inArray, sql, type Query } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { CustomerCounts } from '../../../src/domain/customerTypes';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import { firstRow, type Prefetch } from '../../db/reads';
import { prepared } from '../../db/tenancy';

export type NewBooking = typeof bookings.$inferInsert;
export type BookingChanges = Partial<
  Pick<
    BookingRow,
    | 'name'
    | 'phone'
    | 'date'
    | 'time'
    | 'tour'
    | 'source'
    | 'adults'
    | 'teens'
    | 'children'
    | 'attendedAdults'
    | 'attendedTeens'
    | 'attendedChildren'
    | 'pax'
    | 'cancelled'
    | 'modifiedBy'
    | 'differences'
    | 'guide'
  >
>;

/**
 * A booking as the reads answer it: every column but `updated_at`, which no answer shows (PostgreSQL formatting it
 * and the server parsing it into a Date cost about 1 µs per row on a day's list).
 */
const { updatedAt: _updatedAt, ...columns } = getTableColumns(bookings);
export type BookingRow = Omit<typeof bookings.$inferSelect, 'updatedAt'>;

type BookingColumns = typeof columns;
type Selection<C extends Partial<BookingColumns>> = { [K in keyof C & keyof BookingRow]: BookingRow[K] };

/**
 * Rows of a select of `selected` (in their order), each value mapped by its column as Drizzle maps it, minus
 * Drizzle's generic walk of the selection with `is()` checks for every cell: that walk was 40 % of the cost of
 * mapping a day's bookings.
 */
function rowMapper<C extends Partial<BookingColumns>>(selected: C): (rows: unknown[][]) => Selection<C>[] {
  const decoders = Object.entries(selected) as [string, BookingColumns[keyof BookingColumns]][];
  return (rows) =>
    rows.map((row) => {
      const booking: Record<string, unknown> = {};
      for (let i = 0; i < decoders.length; i++) {
        const [key, column] = decoders[i] as (typeof decoders)[number];
        const value = row[i];
        booking[key] = value === null ? null : column.mapFromDriverValue(value);
      }
      return booking as Selection<C>;
    });
}

const selectOf = <C extends Partial<BookingColumns>>(db: Db, selected: C) => db.select(selected).from(bookings);

/**
 * A hot read of bookings' `selected` columns (all of a BookingRow's unless given), prepared once per Tenancy (see
 * `prepared`): its SQL is built once, PostgreSQL parses a named one once per connection, and its rows are mapped by
 * `rowMapper`.
 */
export function preparedBookings<C extends Partial<BookingColumns> = BookingColumns>(
  name: string,
  build: (select: ReturnType<typeof selectOf<C>>) => { toSQL(): Query },
  selected: C = columns as C,
): (db: Db) => PgPreparedQuery<PreparedQueryConfig & { execute: Selection<C>[] }> {
  const toRows = rowMapper(selected);
  return prepared((db) =>
    db._.session.prepareQuery<PreparedQueryConfig & { execute: Selection<C>[] }>(
      build(selectOf(db, selected)).toSQL(),
      undefined,
      name,
      true,
      toRows,
    ),
  );
}

const dayBookings = preparedBookings('bookings_day', (select) =>
  select
    .where(and(eq(bookings.companyId, sql.placeholder('companyId')), eq(bookings.date, sql.placeholder('day'))))
    .orderBy(asc(bookings.time), asc(bookings.tour), asc(bookings.name)),
);

/** The day's read as a statement and its values: run by `listDayBookings`, or sent ahead (`Prefetch`). */
export const dayBookingsRead = (db: Db, companyId: string, day: string) =>
  ({ statement: dayBookings(db), values: { companyId, day } }) satisfies Prefetch;

export async function listDayBookings(db: Db, companyId: string, day: string): Promise<BookingRow[]> {
  const { statement, values } = dayBookingsRead(db, companyId, day);
  return statement.execute(values);
}

const slotBookings = preparedBookings('bookings_slot', (select) =>
  select
    .where(
      and(
        eq(bookings.companyId, sql.placeholder('companyId')),
        eq(bookings.date, sql.placeholder('day')),
        eq(bookings.time, sql.placeholder('time')),
        eq(bookings.tour, sql.placeholder('tour')),
      ),
    )
    .orderBy(sql`lower(${bookings.name})`, asc(bookings.id)),
);

export const slotBookingsRead = (db: Db, companyId: string, slot: { day: string; time: string; tour: string }) =>
  ({
    statement: slotBookings(db),
    values: { companyId, day: slot.day, time: slot.time, tour: slot.tour },
  }) satisfies Prefetch;

export async function listSlotBookings(
  db: Db,
  companyId: string,
  slot: { day: string; time: string; tour: string },
): Promise<BookingRow[]> {
  const { statement, values } = slotBookingsRead(db, companyId, slot);
  return statement.execute(values);
}

export interface SlotPax {
  time: string;
  tour: string;
  pax: number;
}

const slotsBetween = prepared((db) =>
  db
    .select({
      time: bookings.time,
      tour: bookings.tour,
      // ::int so node-postgres and PGlite both answer a number.
      pax: sql<number>`coalesce(sum(${bookings.pax}) filter (where not ${bookings.cancelled}), 0)::int`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, sql.placeholder('companyId')),
        eq(bookings.date, sql.placeholder('day')),
        between(bookings.time, sql.placeholder('startTime'), sql.placeholder('endTime')),
      ),
    )
    .groupBy(bookings.time, bookings.tour)
    .orderBy(asc(bookings.time), asc(bookings.tour))
    .prepare('bookings_between'),
);

export const slotsBetweenRead = (db: Db, companyId: string, day: string, startTime: string, endTime: string) =>
  ({ statement: slotsBetween(db), values: { companyId, day, startTime, endTime } }) satisfies Prefetch;

/** Slots of a day starting between two times, with their live guests. */
export async function listSlotsBetween(
  db: Db,
  companyId: string,
  day: string,
  startTime: string,
  endTime: string,
): Promise<SlotPax[]> {
  const { statement, values } = slotsBetweenRead(db, companyId, day, startTime, endTime);
  const rows = await statement.execute(values);
  return rows.map((r) => ({ ...r, pax: Number(r.pax) }));
}

/** Checked-in guests per customer type over grouped bookings, for a grouped select (`::int`: a number on both drivers). */
export const attendedSums = {
  adults: sql<number>`sum(${bookings.attendedAdults})::int`,
  teens: sql<number>`sum(${bookings.attendedTeens})::int`,
  children: sql<number>`sum(${bookings.attendedChildren})::int`,
};

const bookingById = preparedBookings('bookings_by_id', (select) =>
  select.where(and(eq(bookings.companyId, sql.placeholder('companyId')), eq(bookings.id, sql.placeholder('id')))),
);

export const bookingByIdRead = (db: Db, companyId: string, id: string) =>
  ({ statement: bookingById(db), values: { companyId, id } }) satisfies Prefetch;

export function findBooking(db: Db, companyId: string, id: string): Promise<BookingRow | undefined> {
  return firstRow(bookingByIdRead(db, companyId, id));
}

export async function insertBooking(db: Db, booking: NewBooking): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(booking).returning(columns);
  if (!row) throw new Error('insert returned no booking');
  return row;
}

const checkInUpdate = prepared((db) =>
  db._.session.prepareQuery<PreparedQueryConfig & { execute: BookingRow[] }>(
    db
      .update(bookings)
      .set({
        attendedAdults: sql`${sql.placeholder('adults')}`,
        attendedTeens: sql`${sql.placeholder('teens')}`,
        attendedChildren: sql`${sql.placeholder('children')}`,
        guide: sql`coalesce(${sql.placeholder('guide')}, ${bookings.guide})`,
        version: sql`${bookings.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(bookings.companyId, sql.placeholder('companyId')),
          eq(bookings.id, sql.placeholder('id')),
          eq(bookings.cancelled, false),
          eq(bookings.version, sql.placeholder('version')),
        ),
      )
      .returning(columns)
      .toSQL(),
    undefined,
    'bookings_check_in',
    true,
    rowMapper(columns),
  ),
);

/**
 * A check-in's write: the attended counts, and the guide when one is chosen (`undefined` leaves it), applied only if
 * the booking is still at `version` and not cancelled; undefined means another write got there first. One statement
 * prepared once per Tenancy: Drizzle builds its SQL once, and PostgreSQL parses it once per connection.
 */
export async function checkInBooking(
  db: Db,
  companyId: string,
  id: string,
  attended: CustomerCounts,
  guide: string | undefined,
  version: number,
): Promise<BookingRow | undefined> {
  const [row] = await checkInUpdate(db).execute({
    companyId,
    id,
    version,
    adults: attended.Adults,
    teens: attended.Teens,
    children: attended.Children,
    guide: guide ?? null,
  });
  return row;
}

/**
 * Applies changes only if the booking is still at `expectedVersion` (when given) and not cancelled;
 * undefined means another write got there first.
 */
export async function updateBooking(
  db: Db,
  companyId: string,
  id: string,
  changes: BookingChanges,
  expectedVersion?: number,
): Promise<BookingRow | undefined> {
  const conditions = [eq(bookings.companyId, companyId), eq(bookings.id, id), eq(bookings.cancelled, false)];
  if (expectedVersion !== undefined) conditions.push(eq(bookings.version, expectedVersion));
  const [row] = await db
    .update(bookings)
    .set({ ...changes, version: sql`${bookings.version} + 1`, updatedAt: sql`now()` })
    .where(and(...conditions))
    .returning(columns);
  return row;
}

export async function findBookings(db: Db, companyId: string, ids: string[]): Promise<BookingRow[]> {
  return db
    .select(columns)
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), inArray(bookings.id, ids)));
}

export async function setGuide(db: Db, companyId: string, ids: string[], guide: string | null): Promise<BookingRow[]> {
  return db
    .update(bookings)
    .set({ guide, version: sql`${bookings.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(bookings.companyId, companyId), inArray(bookings.id, ids)))
    .returning(columns);
}

export async function listGuideBookings(
  db: Db,
  companyId: string,
  guide: string,
  start: string,
  end: string,
): Promise<BookingRow[]> {
  return db
    .select(columns)
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.guide, guide), between(bookings.date, start, end)))
    .orderBy(asc(bookings.date), asc(bookings.time), asc(bookings.tour), asc(bookings.name));
}
