import { bookingChanges, type BookingSnapshot } from '../../../src/domain/bookingChanges';
import {
  overCapacityMessage,
  type SeatLedger,
  type SeatOverrides,
  type SeatVerdict,
} from '../../../src/domain/capacity';
import { CUSTOMER_TYPES } from '../../../src/domain/customerTypes';
import type { ImportedBooking } from '../../../src/domain/importRow';
import type { ImportOutcome } from '../../../src/domain/imports';
import { rowSnapshot, seatMoveOf } from '../bookings/bookingFacts';
import { attendedCounts } from '../bookings/bookings.mapper';
import type { BookingRow } from '../bookings/bookings.repository';

export interface RowPlan {
  outcome: ImportOutcome;
  /** What a rejected or unchanged row is, or what an update changes. */
  reason?: string;
  /** The booking as it will be (create, update, cancel). */
  wanted?: BookingSnapshot;
}

/** The booking a row asks for; a file without a phone column leaves the booking's phone as it is. */
function wantedOf(booking: ImportedBooking, existing: BookingRow | undefined): BookingSnapshot {
  return {
    name: booking.name,
    counts: booking.counts,
    date: booking.date,
    time: booking.time,
    tour: booking.tour,
    source: booking.source,
    phone: booking.phone === undefined ? (existing?.phone ?? null) : booking.phone,
    cancelled: false,
  };
}

/** An import's seats: the departures its rows touch, and what the Manager allowed for the file. */
export interface ImportSeats {
  ledger: SeatLedger;
  overrides: SeatOverrides;
}

function refusalReason(verdict: Exclude<SeatVerdict, { ok: true }>, wanted: BookingSnapshot): string {
  const departure = `${wanted.tour} at ${wanted.time}`;
  if (verdict.code === 'NO_DEPARTURE') return `Time: the timetable has no departure of ${departure} that day`;
  return `Over capacity: ${overCapacityMessage(verdict.seatsLeft).toLowerCase()} (${departure}, ${verdict.capacity} seats)`;
}

/**
 * What one row does to the company's bookings, by its reference: creates, updates or cancels one, changes nothing,
 * or is rejected (check-ins are never lost; a cancelled booking is not reopened; a departure's seats and the
 * timetable hold, as for the channel API, unless the Manager allowed otherwise). A row that passes takes its seats
 * in the ledger, for the rows after it.
 */
export function planRow(booking: ImportedBooking, existing: BookingRow | undefined, seats: ImportSeats): RowPlan {
  const plan = planChange(booking, existing);
  if (!plan.wanted) return plan;
  const verdict = seats.ledger.take(seatMoveOf(existing, plan.wanted), seats.overrides);
  return verdict.ok ? plan : { outcome: 'reject', reason: refusalReason(verdict, plan.wanted) };
}

function planChange(booking: ImportedBooking, existing: BookingRow | undefined): RowPlan {
  if (!existing) {
    if (booking.cancelled) return { outcome: 'unchanged', reason: 'Cancelled, and not in Tourdesk: nothing to cancel' };
    return { outcome: 'create', wanted: wantedOf(booking, existing) };
  }
  if (existing.cancelled) {
    if (booking.cancelled) return { outcome: 'unchanged', reason: 'Already cancelled' };
    return { outcome: 'reject', reason: 'Cancelled in Tourdesk: a cancelled booking is not reopened' };
  }
  if (booking.cancelled) return { outcome: 'cancel', wanted: { ...rowSnapshot(existing), cancelled: true } };
  const wanted = wantedOf(booking, existing);
  const changes = bookingChanges(rowSnapshot(existing), wanted);
  if (changes.length === 0) return { outcome: 'unchanged' };
  const attended = attendedCounts(existing);
  const below = CUSTOMER_TYPES.find((type) => wanted.counts[type] < attended[type]);
  if (below) {
    return {
      outcome: 'reject',
      reason: `${below}: ${attended[below]} already checked in; the booking cannot have fewer`,
    };
  }
  const reason = changes.map((c) => `${c.field}: ${c.from ?? '—'} → ${c.to ?? '—'}`).join('; ');
  return { outcome: 'update', reason, wanted };
}
