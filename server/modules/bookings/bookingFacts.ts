import { CUSTOMER_TYPES } from '../../../src/domain/customerTypes';
import type { BookingSnapshot } from '../../../src/domain/bookingChanges';
import type { EventSlot } from '../../../src/domain/events';
import type { Facts } from '../events/eventLog';
import { attendedCounts, bookedCounts } from './bookings.mapper';
import type { BookingRow } from './bookings.repository';

/** What the event log keeps of a booking: its slot, its check-in and its editable facts, by their labels. */
export const slotOfBooking = (row: Pick<BookingRow, 'date' | 'time' | 'tour'>): EventSlot => ({
  day: row.date,
  time: row.time,
  tour: row.tour,
});

/** Guests checked in per booked type. */
export function attendanceFacts(row: BookingRow): Facts {
  const booked = bookedCounts(row);
  const attended = attendedCounts(row);
  return Object.fromEntries(CUSTOMER_TYPES.filter((type) => booked[type] > 0).map((type) => [type, attended[type]]));
}

export function snapshotFacts(snapshot: BookingSnapshot): Facts {
  return {
    Name: snapshot.name,
    ...snapshot.counts,
    Date: snapshot.date,
    Time: snapshot.time,
    Tour: snapshot.tour,
    Source: snapshot.source,
    Phone: snapshot.phone,
    Cancelled: snapshot.cancelled,
  };
}

export function rowSnapshot(row: BookingRow): BookingSnapshot {
  return {
    name: row.name,
    counts: bookedCounts(row),
    time: row.time,
    tour: row.tour,
    date: row.date,
    source: row.source,
    phone: row.phone,
    cancelled: row.cancelled,
  };
}
