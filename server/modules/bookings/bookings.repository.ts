import { and, arrayContains, asc, between, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { CustomerCounts } from '../../../src/domain/customerTypes';
import type { Db } from '../../db/client';
import { bookings, events } from '../../db/schema';
import { newBookingReference, REFERENCE_TRIES } from './bookingReferences';

export type NewBooking = Omit<typeof bookings.$inferInsert, 'reference'>;
export type BookingRow = Omit<typeof bookings.$inferSelect, 'updatedAt'>;
export type BookingUpdate = Partial<
  Pick<
    BookingRow,
    | 'name'
    | 'phone'
    | 'phoneFromChannel'
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
    | 'changes'
    | 'differences'
    | 'guideId'
    | 'guide'
  >
>;

/** Every column an answer shows: all but `updated_at`, which only the database's own bookkeeping reads. */
const { updatedAt: _updatedAt, ...columns } = getTableColumns(bookings);
export const bookingColumns = columns;

/** Checked-in guests per customer type over grouped bookings (`::int`: a number on both drivers). */
export const attendedSums = {
  adults: sql<number>`sum(${bookings.attendedAdults})::int`,
  teens: sql<number>`sum(${bookings.attendedTeens})::int`,
  children: sql<number>`sum(${bookings.attendedChildren})::int`,
};

/** A new booking with a reference of its own: one already taken in the company is drawn again. */
export async function insertBooking(db: Db, booking: NewBooking): Promise<BookingRow> {
  for (let tries = 0; tries < REFERENCE_TRIES; tries++) {
    // On conflict with the reference only: the transaction goes on, where a unique violation would abort it.
    const [row] = await db
      .insert(bookings)
      .values({ ...booking, reference: newBookingReference() })
      .onConflictDoNothing({ target: [bookings.companyId, bookings.reference] })
      .returning(columns);
    if (row) return row;
  }
  throw new Error('no free booking reference');
}

/**
 * A check-in's write: the attended counts, and the guide when one is chosen (`undefined` leaves it), applied only if
 * the booking is still at `version` and not cancelled; undefined means another write got there first.
 */
export function checkInBooking(
  db: Db,
  companyId: string,
  id: string,
  attended: CustomerCounts,
  guide: { guideId: string | null; guide: string | null } | undefined,
  version: number,
): Promise<BookingRow | undefined> {
  return updateBooking(
    db,
    companyId,
    id,
    {
      attendedAdults: attended.Adults,
      attendedTeens: attended.Teens,
      attendedChildren: attended.Children,
      ...guide,
    },
    version,
  );
}

/**
 * Applies changes only if the booking is still at `expectedVersion` (when given) and not cancelled;
 * undefined means another write got there first.
 */
export async function updateBooking(
  db: Db,
  companyId: string,
  id: string,
  changes: BookingUpdate,
  expectedVersion?: number,
): Promise<BookingRow | undefined> {
  const conditions = [eq(bookings.companyId, companyId), eq(bookings.id, id), eq(bookings.cancelled, false)];
  if (expectedVersion !== undefined) conditions.push(eq(bookings.version, expectedVersion));
  // A phone written by anyone but a channel is no longer the one the channel sent (which its key may read back).
  const phoneOwner =
    changes.phone !== undefined && changes.phoneFromChannel === undefined
      ? {
          phoneFromChannel: sql`${bookings.phoneFromChannel} and ${bookings.phone} is not distinct from ${changes.phone}`,
        }
      : {};
  const [row] = await db
    .update(bookings)
    .set({ ...changes, ...phoneOwner, version: sql`${bookings.version} + 1`, updatedAt: sql`now()` })
    .where(and(...conditions))
    .returning(columns);
  return row;
}

export function findBookings(db: Db, companyId: string, ids: string[]): Promise<BookingRow[]> {
  return db
    .select(columns)
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), inArray(bookings.id, ids)));
}

export function setGuide(
  db: Db,
  companyId: string,
  ids: string[],
  guide: { guideId: string | null; guide: string | null },
): Promise<BookingRow[]> {
  return db
    .update(bookings)
    .set({ ...guide, version: sql`${bookings.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(bookings.companyId, companyId), inArray(bookings.id, ids)))
    .returning(columns);
}

export function listGuideBookings(
  db: Db,
  companyId: string,
  guideId: string,
  start: string,
  end: string,
): Promise<BookingRow[]> {
  return db
    .select(columns)
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.guideId, guideId), between(bookings.date, start, end)))
    .orderBy(asc(bookings.date), asc(bookings.time), asc(bookings.tour), asc(bookings.name));
}

/** Who changed a booking last, and when: its latest event (a check-in conflict names them). */
export async function lastChangeOf(
  db: Db,
  companyId: string,
  bookingId: string,
): Promise<{ memberName: string; at: Date } | undefined> {
  const [row] = await db
    .select({ memberName: events.memberName, at: events.at })
    .from(events)
    .where(and(eq(events.companyId, companyId), arrayContains(events.bookingIds, [bookingId])))
    .orderBy(desc(events.id))
    .limit(1);
  return row;
}
