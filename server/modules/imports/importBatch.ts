import { v7 as uuidv7 } from 'uuid';
import { totalCount } from '../../../src/domain/customerTypes';
import type { ImportedBooking } from '../../../src/domain/importRow';
import type { ImportRowResult } from '../../../src/domain/imports';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../db/signedIn';
import { rowSnapshot, slotOfBooking, snapshotFacts } from '../bookings/bookingFacts';
import { updateBooking, type BookingRow, type NewBooking } from '../bookings/bookings.repository';
import { bookingChanges } from '../../../src/domain/bookingChanges';
import { changedFacts, eventOf } from '../events/eventLog';
import { appendEvents, type NewEvent } from '../events/events.repository';
import { planRow } from './importPlan';
import { findByReferences, insertBookings, lockReferences, referenceKey } from './imports.repository';

/** A row of the file that reads as a booking. */
export interface ReadRow {
  row: number;
  booking: ImportedBooking;
}

const resultOf = (read: ReadRow, outcome: ImportRowResult['outcome'], reason?: string): ImportRowResult => ({
  row: read.row,
  outcome,
  reference: read.booking.reference,
  name: read.booking.name,
  date: read.booking.date,
  ...(reason ? { reason } : {}),
});

const refsOf = (rows: ReadRow[]) => rows.map((r) => ({ source: r.booking.source, reference: r.booking.reference }));
const existingOf = (found: Map<string, BookingRow>, { booking }: ReadRow) =>
  found.get(referenceKey(booking.source, booking.reference));

/** What a batch of rows would do, read only (the preview). */
export async function previewBatch(tx: Db, companyId: string, rows: ReadRow[]): Promise<ImportRowResult[]> {
  const found = await findByReferences(tx, companyId, refsOf(rows));
  return rows.map((read) => {
    const plan = planRow(read.booking, existingOf(found, read));
    return resultOf(read, plan.outcome, plan.reason);
  });
}

/**
 * Applies a batch in the caller's transaction: the references locked as the channel API locks them, new bookings
 * inserted together, changed ones updated one by one, and one event per booking appended last.
 */
export async function applyBatch(tx: Db, auth: AuthContext, rows: ReadRow[]): Promise<ImportRowResult[]> {
  const { companyId } = auth;
  await lockReferences(tx, companyId, refsOf(rows));
  const found = await findByReferences(tx, companyId, refsOf(rows));
  const results: ImportRowResult[] = [];
  const inserts: NewBooking[] = [];
  const events: NewEvent[] = [];
  for (const read of rows) {
    const existing = existingOf(found, read);
    const plan = planRow(read.booking, existing);
    const wanted = plan.wanted;
    if (plan.outcome === 'create' && wanted) {
      const { counts } = wanted;
      inserts.push({
        companyId,
        name: wanted.name,
        phone: wanted.phone,
        date: wanted.date,
        time: wanted.time,
        tour: wanted.tour,
        source: wanted.source,
        id: uuidv7(),
        bookingId: read.booking.reference,
        adults: counts.Adults,
        teens: counts.Teens,
        children: counts.Children,
        pax: totalCount(counts),
        modifiedBy: auth.name,
      });
    } else if (existing && wanted) {
      const updated = await updateBooking(
        tx,
        companyId,
        existing.id,
        {
          name: wanted.name,
          phone: wanted.phone,
          date: wanted.date,
          time: wanted.time,
          tour: wanted.tour,
          adults: wanted.counts.Adults,
          teens: wanted.counts.Teens,
          children: wanted.counts.Children,
          pax: totalCount(wanted.counts),
          cancelled: wanted.cancelled,
          changes: bookingChanges(rowSnapshot(existing), wanted),
          differences: null,
          modifiedBy: auth.name,
        },
        existing.version,
      );
      if (!updated) {
        results.push(resultOf(read, 'reject', 'Changed in Tourdesk meanwhile: import the file again'));
        continue;
      }
      const facts = changedFacts(snapshotFacts(rowSnapshot(existing)), snapshotFacts(wanted));
      const kind = wanted.cancelled ? 'booking.cancelled' : 'booking.edited';
      events.push(eventOf(auth, { kind, bookingIds: [existing.id], slot: slotOfBooking(updated), ...facts }));
    }
    results.push(resultOf(read, plan.outcome, plan.reason));
  }
  for (const row of await insertBookings(tx, inserts)) {
    const after = snapshotFacts(rowSnapshot(row));
    events.push(eventOf(auth, { kind: 'booking.added', bookingIds: [row.id], slot: slotOfBooking(row), after }));
  }
  if (events.length > 0) auth.eventWritten();
  await appendEvents(tx, companyId, events);
  return results;
}
