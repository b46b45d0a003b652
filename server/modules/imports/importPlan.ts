import { differencesText, type BookingChange, type BookingSnapshot } from '../../../src/domain/bookingChanges';
import {
  planBookingUpsert,
  refusalMessage,
  UNCHANGED_REASONS,
  type UpsertRefusal,
} from '../../../src/domain/bookingUpsert';
import type { SeatLedger, SeatOverrides, SeatVerdict } from '../../../src/domain/capacity';
import type { ImportedBooking } from '../../../src/domain/importRow';
import {
  reasonText,
  ROW_REASONS,
  type ImportOutcome,
  type ImportReason,
  type ImportRowResult,
} from '../../../src/domain/imports';
import { existingBooking, seatMoveOf } from '../bookings/bookingFacts';
import type { BookingRow } from '../bookings/bookings.repository';

export interface RowPlan {
  outcome: ImportOutcome;
  /** What a rejected or unchanged row is. */
  reason?: ImportReason;
  /** What an update changes. */
  changes?: BookingChange[];
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

function seatRefusalReason(verdict: Exclude<SeatVerdict, { ok: true }>, wanted: BookingSnapshot): ImportReason {
  const departure = { tour: wanted.tour, time: wanted.time };
  if (verdict.code === 'NO_DEPARTURE') return { field: 'time', message: ROW_REASONS.noDeparture, values: departure };
  const values = { ...departure, left: verdict.seatsLeft, capacity: verdict.capacity };
  return { message: ROW_REASONS.overCapacity, values };
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
      return { outcome: 'reject', reason: { field: refusal.field, ...refusalMessage(refusal) }, refusal };
    }
    case 'unchanged': {
      const message = UNCHANGED_REASONS[plan.reason];
      return { outcome: 'unchanged', ...(message && { reason: { message } }) };
    }
  }
  const verdict = seats.ledger.take(seatMoveOf(existing, plan.wanted), seats.overrides);
  if (!verdict.ok) return { outcome: 'reject', reason: seatRefusalReason(verdict, plan.wanted) };
  return { outcome: plan.outcome, wanted: plan.wanted, ...(plan.outcome === 'update' && { changes: plan.changes }) };
}

/** A row's reason as an answer lists it: in English (`reason`), and as the message or changes a screen words. */
export function rowReason(
  reason: ImportReason | undefined,
  changes?: BookingChange[],
): Pick<ImportRowResult, 'reason' | 'reasonMessage' | 'changes'> {
  if (changes?.length) return { reason: differencesText(changes), changes };
  return reason ? { reason: reasonText(reason), reasonMessage: reason } : {};
}
