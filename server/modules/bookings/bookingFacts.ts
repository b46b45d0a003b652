import type { SeatMove } from '../../../src/domain/capacity';
import { CUSTOMER_TYPES, totalCount } from '../../../src/domain/customerTypes';
import type { BookingSnapshot } from '../../../src/domain/bookingChanges';
import type { ExistingBooking, UpsertRefusal, WantedBooking } from '../../../src/domain/bookingUpsert';
import type { EventSlot } from '../../../src/domain/events';
import { changedFacts, type Change, type Facts } from '../eventLog/eventLog';
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

/** A snapshot with facts, as `snapshotFacts` labels them, put back over it: the booking as an event's `before` had it. */
export function withFacts(snapshot: BookingSnapshot, facts: Facts): BookingSnapshot {
  const text = (label: string, now: string) => (label in facts ? String(facts[label]) : now);
  const counts = { ...snapshot.counts };
  for (const type of CUSTOMER_TYPES) if (type in facts) counts[type] = Number(facts[type]);
  return {
    name: text('Name', snapshot.name),
    counts,
    date: text('Date', snapshot.date),
    time: text('Time', snapshot.time),
    tour: text('Tour', snapshot.tour),
    source: text('Source', snapshot.source),
    phone: 'Phone' in facts ? (facts.Phone === null ? null : String(facts.Phone)) : snapshot.phone,
    cancelled: 'Cancelled' in facts ? facts.Cancelled === true : snapshot.cancelled,
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

/** A booking as a channel's write finds it (bookingUpsert.ts). */
export const existingBooking = (row: BookingRow): ExistingBooking => ({
  snapshot: rowSnapshot(row),
  attended: attendedCounts(row),
});

/**
 * The event of a channel's or an import's change that the booking's check-ins kept out: what it asked for beside the
 * booking now, and the guests checked in. It changes nothing; it is there for the Manager's list of such refusals.
 * The phone is left out: a refusal is about guests, and the list is read whatever the company shows of phones.
 */
export function refusedChange(
  row: BookingRow,
  wanted: WantedBooking,
  refusal: UpsertRefusal,
  /** Where the change came from, e.g. an import's `File`. */
  origin: Facts = {},
): Change {
  const now = rowSnapshot(row);
  const asked = refusal.code === 'CANCEL_CHECKED_IN' ? { ...now, cancelled: true } : { ...now, ...wanted };
  const { before, after } = changedFacts(snapshotFacts(now), snapshotFacts({ ...asked, phone: now.phone }));
  return {
    kind: 'booking.changeRefused',
    bookingIds: [row.id],
    slot: slotOfBooking(row),
    before: { ...before, 'Checked in': totalCount(attendedCounts(row)) },
    after: { ...after, ...origin, Refused: refusal.code },
  };
}
