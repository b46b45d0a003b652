import type { SeatMove } from '../../../src/domain/capacity';
import { CUSTOMER_TYPES, totalCount } from '../../../src/domain/customerTypes';
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

/** Where a write takes a booking's guests: from its departure (none when new or cancelled) to the one it wants. */
export function seatMoveOf(row: BookingRow | undefined, wanted: BookingSnapshot): SeatMove {
  return {
    from: row && !row.cancelled ? { slot: { day: row.date, time: row.time, tour: row.tour }, pax: row.pax } : null,
    to: {
      slot: { day: wanted.date, time: wanted.time, tour: wanted.tour },
      pax: wanted.cancelled ? 0 : totalCount(wanted.counts),
    },
  };
}
