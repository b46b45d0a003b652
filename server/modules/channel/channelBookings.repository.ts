import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import { bookingColumns, type BookingRow } from '../bookings/bookings.repository';

export interface ChangesPage {
  since: Date;
  /** The last booking id of the page before, changed at `since`. */
  afterId: string | null;
  limit: number;
  settleSeconds: number;
}

/**
 * The bookings of these sources changed after (`since`, `afterId`), oldest change first, and at least `settleSeconds`
 * ago: `updated_at` is its transaction's start, so a change is listed only once any transaction that began before it
 * has committed.
 */
export function bookingsChangedSince(
  db: Db,
  companyId: string,
  sources: string[],
  { since, afterId, limit, settleSeconds }: ChangesPage,
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
        inArray(bookings.source, sources),
        after,
        sql`${bookings.updatedAt} <= now() - make_interval(secs => ${settleSeconds})`,
      ),
    )
    .orderBy(bookings.updatedAt, bookings.id)
    .limit(limit);
}
