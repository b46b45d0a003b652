/**
 * bench/outbox.ts's verdict, read from the database after the run: every operation a device made is in the event
 * log exactly once (its Idempotency-Key is the event's operation_id), and each booking holds the counts of the last
 * check-in queued for it.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { queryRows } from '../../server/db/rows';
import { bookings } from '../../server/db/schema';
import { CUSTOMER_TYPES, type CustomerCounts } from '../../src/domain/customerTypes';
import type { Operation } from './outboxPlan';

export interface OutboxCheck {
  /** booking.checkedIn events in the log. */
  events: number;
  /** Operation ids with more than one event. */
  duplicates: string[];
  /** Operations the devices made that have no event. */
  lost: string[];
  /** Events whose operation id no device made (or that have none). */
  strangers: number;
  /** Bookings whose stored counts are not the last ones queued for them. */
  wrongCounts: string[];
}

export async function checkOutbox(db: Db, operations: Operation[]): Promise<OutboxCheck> {
  const logged = await queryRows<{ operation_id: string | null; n: number }>(
    db,
    sql`select operation_id, count(*)::int as n from events where kind = 'booking.checkedIn' group by 1`,
  );
  const made = new Set(operations.map((op) => op.id));
  const seen = new Map(logged.map((row) => [row.operation_id, row.n]));
  const intended = new Map<string, CustomerCounts>();
  for (const op of operations) intended.set(op.bookingId, op.counts);

  const stored = await db
    .select({
      id: bookings.id,
      Adults: bookings.attendedAdults,
      Teens: bookings.attendedTeens,
      Children: bookings.attendedChildren,
    })
    .from(bookings)
    .where(inArray(bookings.id, [...intended.keys()]));
  const wrongCounts = stored.flatMap((row) => {
    const wanted = intended.get(row.id) as CustomerCounts;
    const same = CUSTOMER_TYPES.every((type) => row[type] === wanted[type]);
    return same ? [] : [`${row.id}: stored ${JSON.stringify(row)}, last queued ${JSON.stringify(wanted)}`];
  });
  return {
    events: logged.reduce((sum, row) => sum + row.n, 0),
    duplicates: logged.filter((row) => row.n > 1).map((row) => `${row.operation_id}: ${row.n} events`),
    lost: operations.filter((op) => !seen.has(op.id)).map((op) => op.id),
    strangers: logged
      .filter((row) => row.operation_id === null || !made.has(row.operation_id))
      .reduce((sum, row) => sum + row.n, 0),
    wrongCounts: [...wrongCounts, ...(stored.length < intended.size ? ['some check-in bookings are missing'] : [])],
  };
}
