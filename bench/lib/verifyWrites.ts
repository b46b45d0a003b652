/** Proof that nothing acknowledged was lost: the stored bookings against the check-ins the traffic saw answered. */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { bookings } from '../../server/db/schema';
import type { CheckInAck } from './traffic';

const BATCH = 500;

export interface WriteCheck {
  acknowledged: number;
  bookings: number;
  /** Acknowledged check-ins the database does not show. */
  lost: string[];
  /** Check-ins stored whose answer never arrived (in flight when the run stopped). */
  unacknowledged: number;
}

/**
 * Every acknowledged check-in must be stored: a booking's version counts one per write, so it must be past each
 * acknowledged version, and where the last acknowledged write is the last write, its counts are the stored ones.
 * Seeded bookings start at version 1 and only their own connection checks them in.
 */
export async function verifyCheckIns(db: Db, acks: CheckInAck[]): Promise<WriteCheck> {
  const byBooking = new Map<string, CheckInAck[]>();
  for (const ack of acks) byBooking.set(ack.bookingId, [...(byBooking.get(ack.bookingId) ?? []), ack]);
  const ids = [...byBooking.keys()];
  const check: WriteCheck = { acknowledged: acks.length, bookings: ids.length, lost: [], unacknowledged: 0 };
  for (let i = 0; i < ids.length; i += BATCH) {
    const rows = await db
      .select({
        id: bookings.id,
        version: bookings.version,
        adults: bookings.attendedAdults,
        teens: bookings.attendedTeens,
        children: bookings.attendedChildren,
      })
      .from(bookings)
      .where(inArray(bookings.id, ids.slice(i, i + BATCH)));
    const stored = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids.slice(i, i + BATCH)) {
      const mine = (byBooking.get(id) ?? []).sort((a, b) => a.version - b.version);
      const last = mine[mine.length - 1] as CheckInAck;
      const row = stored.get(id);
      const versions = new Set(mine.map((ack) => ack.version));
      if (!row) {
        check.lost.push(`${id}: booking missing`);
      } else if (versions.size !== mine.length) {
        check.lost.push(`${id}: two acknowledged check-ins share a version`);
      } else if (row.version < last.version || row.version - 1 < mine.length) {
        check.lost.push(`${id}: stored version ${row.version}, ${mine.length} acknowledged up to ${last.version}`);
      } else if (row.version === last.version) {
        const counts = { Adults: row.adults, Teens: row.teens, Children: row.children };
        if (JSON.stringify(counts) !== JSON.stringify(last.counts)) {
          check.lost.push(`${id}: stored ${JSON.stringify(counts)}, last acknowledged ${JSON.stringify(last.counts)}`);
        }
      } else {
        check.unacknowledged += row.version - Math.max(last.version, 1 + mine.length);
      }
    }
  }
  return check;
}
