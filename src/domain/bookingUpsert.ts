// A channel's booking written by its reference (the channel API and CSV imports): the one rule both doors apply.
import { MANUAL_BOOKING_ID } from './booking';
import { bookingChanges, type BookingChange, type BookingSnapshot } from './bookingChanges';
import { CUSTOMER_TYPES, totalCount, type CustomerCounts } from './customerTypes';
import { formatMessage, msg, type MessageValues } from './messageFormat';

/** A booking a channel's reference found: as it is, and the guests checked in on it. */
export interface ExistingBooking {
  snapshot: BookingSnapshot;
  attended: CustomerCounts;
}

/** The booking a channel asks for; `phone` undefined keeps the booking's (a file without a phone column). */
export type WantedBooking = Omit<BookingSnapshot, 'phone'> & { phone: string | null | undefined };

/** Why a write is refused, by the field a channel sent (`adults`, `date`, …). */
export type UpsertRefusal =
  | { code: 'CANCELLED'; field: 'cancelled' }
  | { code: 'COUNTS_BELOW_CHECKED_IN'; field: 'adults' | 'teens' | 'children'; checkedIn: number }
  | { code: 'CANCEL_CHECKED_IN'; field: 'cancelled'; checkedIn: number }
  | { code: 'MOVE_CHECKED_IN'; field: 'date' | 'time' | 'tour'; checkedIn: number };

export type UpsertPlan =
  | { outcome: 'create'; wanted: BookingSnapshot }
  | { outcome: 'update' | 'cancel'; wanted: BookingSnapshot; changes: BookingChange[] }
  | { outcome: 'unchanged'; reason: 'SAME' | 'ALREADY_CANCELLED' | 'NOTHING_TO_CANCEL' }
  | { outcome: 'reject'; refusal: UpsertRefusal };

const MOVE_FIELDS = ['date', 'time', 'tour'] as const;

/** The booking's facts of what a channel asks for, with the phone it will have (a row may carry more). */
const snapshotOf = (wanted: WantedBooking, phone: string | null): BookingSnapshot => ({
  name: wanted.name,
  counts: wanted.counts,
  date: wanted.date,
  time: wanted.time,
  tour: wanted.tour,
  source: wanted.source,
  phone,
  cancelled: wanted.cancelled,
});

/** Whether a refusal keeps guests who are checked in: the conflicts a Manager sees listed. */
export const keepsCheckIns = (refusal: UpsertRefusal): boolean => refusal.code !== 'CANCELLED';

/**
 * What a channel's write does to the booking its reference found (or none): creates, updates or cancels it, changes
 * nothing, or is refused. Check-ins are never lost: a booking with guests checked in is not cancelled, not moved to
 * another date, time or tour, and keeps at least those guests. A cancelled booking is not reopened; a cancellation
 * keeps the booking as it was. Seats are judged afterwards, by capacity.ts, on the plan's `wanted`.
 */
export function planBookingUpsert(existing: ExistingBooking | undefined, wanted: WantedBooking): UpsertPlan {
  if (!existing) {
    if (wanted.cancelled) return { outcome: 'unchanged', reason: 'NOTHING_TO_CANCEL' };
    return { outcome: 'create', wanted: snapshotOf(wanted, wanted.phone ?? null) };
  }
  const { snapshot, attended } = existing;
  if (snapshot.cancelled) {
    if (wanted.cancelled) return { outcome: 'unchanged', reason: 'ALREADY_CANCELLED' };
    return { outcome: 'reject', refusal: { code: 'CANCELLED', field: 'cancelled' } };
  }
  const checkedIn = totalCount(attended);
  if (wanted.cancelled) {
    if (checkedIn > 0)
      return { outcome: 'reject', refusal: { code: 'CANCEL_CHECKED_IN', field: 'cancelled', checkedIn } };
    const cancelled = { ...snapshot, cancelled: true };
    return { outcome: 'cancel', wanted: cancelled, changes: bookingChanges(snapshot, cancelled) };
  }
  const after = snapshotOf(wanted, wanted.phone === undefined ? snapshot.phone : wanted.phone);
  const changes = bookingChanges(snapshot, after);
  if (changes.length === 0) return { outcome: 'unchanged', reason: 'SAME' };
  const below = CUSTOMER_TYPES.find((type) => after.counts[type] < attended[type]);
  if (below) {
    const field = below.toLowerCase() as 'adults' | 'teens' | 'children';
    return { outcome: 'reject', refusal: { code: 'COUNTS_BELOW_CHECKED_IN', field, checkedIn: attended[below] } };
  }
  const moved = MOVE_FIELDS.find((field) => after[field] !== snapshot[field]);
  if (moved && checkedIn > 0) {
    return { outcome: 'reject', refusal: { code: 'MOVE_CHECKED_IN', field: moved, checkedIn } };
  }
  return { outcome: 'update', wanted: after, changes };
}

/** Why, after the field's name, by the refusal's code: "2 already checked in; the booking cannot have fewer". */
const REFUSAL_MESSAGES: Record<UpsertRefusal['code'], string> = {
  CANCELLED: msg('this booking was cancelled; a cancelled booking is not reopened'),
  COUNTS_BELOW_CHECKED_IN: msg('{checkedIn} already checked in; the booking cannot have fewer'),
  CANCEL_CHECKED_IN: msg(
    '{checkedIn, plural, one {# guest is checked in} other {# guests are checked in}}; a booking with check-ins is not cancelled',
  ),
  MOVE_CHECKED_IN: msg(
    '{checkedIn, plural, one {# guest is checked in} other {# guests are checked in}}; a booking with check-ins keeps its date, time and tour',
  ),
};

/** Why, as a message and its values, for a screen to word in its reader's language. */
export function refusalMessage(refusal: UpsertRefusal): { message: string; values?: MessageValues } {
  const message = REFUSAL_MESSAGES[refusal.code];
  return 'checkedIn' in refusal ? { message, values: { checkedIn: refusal.checkedIn } } : { message };
}

/** Why, in English, after the field's name. */
export function refusalReason(refusal: UpsertRefusal): string {
  const { message, values } = refusalMessage(refusal);
  return formatMessage(message, values);
}

export const UNCHANGED_REASONS: Record<Extract<UpsertPlan, { outcome: 'unchanged' }>['reason'], string | undefined> = {
  SAME: undefined,
  ALREADY_CANCELLED: msg('Already cancelled'),
  NOTHING_TO_CANCEL: msg('Cancelled, and not in Tourdesk: nothing to cancel'),
};

/**
 * Tourdesk's mark of a manual booking is never a channel's reference: refusing it keeps every channel write off the
 * bookings made at the desk. Compared as a channel might send it (any case, spaces around).
 */
export const isManualReference = (reference: string): boolean =>
  reference.trim().toLowerCase() === MANUAL_BOOKING_ID.toLowerCase();

/** Why a channel's reference may not be Tourdesk's mark of a manual booking (`{reference}`: that mark). */
export const MANUAL_REFERENCE_MESSAGE = msg(
  '"{reference}" marks a booking made in Tourdesk; it is no channel\'s reference',
);
export const MANUAL_REFERENCE_REASON = formatMessage(MANUAL_REFERENCE_MESSAGE, { reference: MANUAL_BOOKING_ID });
