import type { BookingSnapshot } from '../../../src/domain/bookingChanges';
import { differencesText } from '../../../src/domain/bookingChanges';
import {
  planBookingUpsert,
  refusalReason,
  UNCHANGED_REASONS,
  type UpsertRefusal,
} from '../../../src/domain/bookingUpsert';
import {
  overCapacityMessage,
  type SeatLedger,
  type SeatOverrides,
  type SeatVerdict,
} from '../../../src/domain/capacity';
import type { ImportedBooking } from '../../../src/domain/importRow';
import { IMPORT_FIELD_LABELS, type ImportOutcome } from '../../../src/domain/imports';
import { existingBooking, seatMoveOf } from '../bookings/bookingFacts';
import type { BookingRow } from '../bookings/bookings.repository';

export interface RowPlan {
  outcome: ImportOutcome;
  /** What a rejected or unchanged row is, or what an update changes. */
  reason?: string;
  /** The booking as it will be (create, update, cancel). */
  wanted?: BookingSnapshot;
  /** Why the booking's rules refused the row, for the event of a refusal the check-ins made. */
  refusal?: UpsertRefusal;
}

/** An import's seats: the departures its rows touch, and what the Manager allowed for the file. */
export interface ImportSeats {
  ledger: SeatLedger;
  overrides: SeatOverrides;
}

function seatRefusalReason(verdict: Exclude<SeatVerdict, { ok: true }>, wanted: BookingSnapshot): string {
  const departure = `${wanted.tour} at ${wanted.time}`;
  if (verdict.code === 'NO_DEPARTURE') return `Time: the timetable has no departure of ${departure} that day`;
  return `Over capacity: ${overCapacityMessage(verdict.seatsLeft).toLowerCase()} (${departure}, ${verdict.capacity} seats)`;
}

/**
 * What one row does to the company's bookings, by its reference, as the channel API decides (bookingUpsert.ts):
 * creates, updates or cancels one, changes nothing, or is rejected naming the field. A departure's seats and the
 * timetable then hold, unless the Manager allowed otherwise; a row that passes takes its seats in the ledger, for
 * the rows after it.
 */
export function planRow(booking: ImportedBooking, existing: BookingRow | undefined, seats: ImportSeats): RowPlan {
  const plan = planBookingUpsert(existing && existingBooking(existing), booking);
  switch (plan.outcome) {
    case 'reject': {
      const { refusal } = plan;
      return { outcome: 'reject', reason: `${IMPORT_FIELD_LABELS[refusal.field]}: ${refusalReason(refusal)}`, refusal };
    }
    case 'unchanged': {
      const reason = UNCHANGED_REASONS[plan.reason];
      return { outcome: 'unchanged', ...(reason && { reason }) };
    }
  }
  const verdict = seats.ledger.take(seatMoveOf(existing, plan.wanted), seats.overrides);
  if (!verdict.ok) return { outcome: 'reject', reason: seatRefusalReason(verdict, plan.wanted) };
  const reason = plan.outcome === 'update' ? differencesText(plan.changes) : undefined;
  return { outcome: plan.outcome, wanted: plan.wanted, ...(reason && { reason }) };
}
