import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import { bookingColumns, type BookingRow } from '../bookings/bookings.repository';

/** A channel's booking by its reference; the oldest, should the channel have sent one twice before keys existed. */
export async function findChannelBooking(
  db: Db,
  companyId: string,
  source: string,
  externalId: string,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select(bookingColumns)
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.source, source), eq(bookings.bookingId, externalId)))
    .orderBy(bookings.createdAt, bookings.id)
    .limit(1);
  return row;
}

/** Two writes of one channel reference (a retry racing the original) wait for each other: one booking, not two. */
export async function lockChannelBooking(db: Db, companyId: string, source: string, externalId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${companyId}|${source}|${externalId}`}, 0))`);
}

/**
 * Bookings changed after (`since`, `afterId`), oldest change first, and at least `settleSeconds` ago: `updated_at` is
 * its transaction's start, so a change is listed only once any transaction that began before it has committed.
 */
export function bookingsChangedSince(
  db: Db,
  companyId: string,
  since: Date,
  afterId: string | null,
  limit: number,
  settleSeconds: number,
): Promise<Array<BookingRow & { updatedAt: Date }>> {
  const after = afterId
    ? sql`(${bookings.updatedAt}, ${bookings.id}) > (${since.toISOString()}::timestamptz, ${afterId}::uuid)`
    : sql`${bookings.updatedAt} > ${since.toISOString()}::timestamptz`;
  return db
    .select({ ...bookingColumns, updatedAt: bookings.updatedAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, companyId),
        after,
        sql`${bookings.updatedAt} <= now() - make_interval(secs => ${settleSeconds})`,
      ),
    )
    .orderBy(bookings.updatedAt, bookings.id)
    .limit(limit);
}
