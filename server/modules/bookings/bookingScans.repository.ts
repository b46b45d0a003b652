import { and, asc, desc, eq, inArray, isNotNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { MANUAL_BOOKING_ID } from '../../../src/domain/booking';
import type { ScanCandidates, SourcePattern } from '../../../src/domain/bookingReference';
import type { Db } from '../../db/client';
import { bookings, sources } from '../../db/schema';
import { bookingColumns, type BookingRow } from './bookings.repository';

/** The sources that read a channel's reference from a scan by a pattern of their own. */
export async function listScanPatterns(db: Db, companyId: string): Promise<SourcePattern[]> {
  const rows = await db
    .select({ source: sources.label, pattern: sources.scanPattern })
    .from(sources)
    .where(and(eq(sources.companyId, companyId), isNotNull(sources.scanPattern)))
    .orderBy(asc(sources.position));
  return rows.flatMap(({ source, pattern }) => (pattern ? [{ source, pattern }] : []));
}

const channelReference = sql`lower(${bookings.bookingId})`;

/**
 * The booking a scanned code names, best match first: by its own reference, then by a channel's reference a source's
 * pattern found, then by a channel's reference alone; a live booking before a cancelled one, the latest day first.
 */
export async function findScannedBooking(
  db: Db,
  companyId: string,
  { references, sourceReferences, channelReferences }: ScanCandidates,
): Promise<BookingRow | undefined> {
  const byReference = references.length > 0 ? inArray(bookings.reference, references) : sql`false`;
  const bySource =
    or(
      ...sourceReferences.map(({ source, bookingId }) =>
        and(eq(bookings.source, source), eq(channelReference, bookingId.toLowerCase())),
      ),
    ) ?? sql`false`;
  // A manual booking's `bookingId` is a placeholder, not a channel's reference.
  const byChannel = and(
    inArray(channelReference, channelReferences),
    notInArray(bookings.bookingId, ['', MANUAL_BOOKING_ID]),
  ) as SQL;
  const [row] = await db
    .select(bookingColumns)
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), or(byReference, bySource, byChannel)))
    .orderBy(
      sql`case when ${byReference} then 0 when ${bySource} then 1 else 2 end`,
      asc(bookings.cancelled),
      desc(bookings.date),
      desc(bookings.time),
    )
    .limit(1);
  return row;
}
