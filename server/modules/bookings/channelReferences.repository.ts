import { and, desc, eq, inArray } from 'drizzle-orm';
import { lockNames } from '../../db/advisoryLocks';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import { bookingColumns, type BookingRow } from './bookings.repository';

/** A channel's booking as it names it: its source and the channel's own booking id. */
export interface BookingReference {
  source: string;
  reference: string;
}

export const referenceKey = (source: string, reference: string) => `${source}\u0000${reference}`;

/** The advisory lock's name of a channel reference. */
export const referenceLockName = (companyId: string, ref: BookingReference) =>
  `${companyId}|${ref.source}|${ref.reference}`;

/**
 * Two writes of one channel reference (a retry racing the original, an import beside the channel API) wait for each
 * other: one booking, not two. Many at once are locked in one order, so two batches cannot deadlock.
 */
export async function lockBookingReferences(db: Db, companyId: string, refs: BookingReference[]): Promise<void> {
  await lockNames(
    db,
    refs.map((ref) => referenceLockName(companyId, ref)),
  );
}

/**
 * The channel bookings with these references, by `referenceKey`; the oldest when a reference was booked twice. A
 * booking made in Tourdesk (`manual`) is never a channel's, whatever its booking id.
 */
export async function findChannelBookings(
  db: Db,
  companyId: string,
  refs: BookingReference[],
): Promise<Map<string, BookingRow>> {
  const found = new Map<string, BookingRow>();
  if (refs.length === 0) return found;
  const rows = await db
    .select(bookingColumns)
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, companyId),
        eq(bookings.manual, false),
        inArray(bookings.source, [...new Set(refs.map((ref) => ref.source))]),
        inArray(bookings.bookingId, [...new Set(refs.map((ref) => ref.reference))]),
      ),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  // Oldest last, so it is the one kept.
  for (const row of rows) found.set(referenceKey(row.source, row.bookingId), row);
  return found;
}
