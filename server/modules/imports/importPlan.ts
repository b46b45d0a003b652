import { bookingChanges, type BookingSnapshot } from '../../../src/domain/bookingChanges';
import { CUSTOMER_TYPES } from '../../../src/domain/customerTypes';
import type { ImportedBooking } from '../../../src/domain/importRow';
import type { ImportOutcome } from '../../../src/domain/imports';
import { rowSnapshot } from '../bookings/bookingFacts';
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

/**
 * What one row does to the company's bookings, by its reference: creates, updates or cancels one, changes nothing,
 * or is rejected (check-ins are never lost; a cancelled booking is not reopened).
 */
export function planRow(booking: ImportedBooking, existing: BookingRow | undefined): RowPlan {
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
