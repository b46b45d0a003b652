// Seats on a departure: the one rule every door that makes or changes bookings applies (Add Booking and edits,
// the channel API, CSV imports).
import { formatMessage, msg } from './messageFormat';
import { departuresOn, type Timetable } from './timetable';

/**
 * What the timetable says of a slot: a departure (capacity null: no limit), no departure at that time of a tour that
 * runs on a timetable, or a tour with no timetable at all (booked at any time, without a limit).
 */
export type DepartureFit =
  { kind: 'departure'; capacity: number | null } | { kind: 'noDeparture' } | { kind: 'unscheduled' };

export interface SlotKey {
  day: string;
  time: string;
  tour: string;
}

export const slotKeyOf = ({ day, time, tour }: SlotKey) => `${day}\u0000${time}\u0000${tour}`;

/** `tourId` undefined: a tour the timetable cannot name (unknown or archived), so it has no timetable. */
export function departureFit(
  timetable: Timetable,
  tourId: string | undefined,
  day: string,
  time: string,
): DepartureFit {
  if (tourId === undefined) return { kind: 'unscheduled' };
  const departure = departuresOn(day, timetable).find((d) => d.tourId === tourId && d.time === time);
  if (departure) return { kind: 'departure', capacity: departure.capacity };
  const scheduled =
    timetable.departures.some((d) => d.tourId === tourId) ||
    timetable.exceptions.some((e) => e.tourId === tourId && e.kind === 'extra');
  return scheduled ? { kind: 'noDeparture' } : { kind: 'unscheduled' };
}

/** Free seats of a departure; none (not fewer) once it is over capacity. */
export const seatsLeft = (capacity: number, booked: number) => Math.max(0, capacity - booked);

/** "2 seats left", "1 seat left", "No seats left": a screen shows it with `t(SEATS_LEFT, { left })`. */
export const SEATS_LEFT = msg('{left, plural, =0 {No seats left} one {# seat left} other {# seats left}}');

export const seatsLeftText = (left: number): string => formatMessage(SEATS_LEFT, { left });

export interface SeatChange {
  /** Guests of the departure's not-cancelled bookings now, this booking's own included when it is there. */
  booked: number;
  /** This booking's guests on the departure before the write (0: new, moved in, or cancelled) and after it. */
  before: number;
  after: number;
}

/** What a Manager allows: a booking over capacity (Add Booking, edits), or both (an import of history). */
export interface SeatOverrides {
  overCapacity?: boolean;
  outsideTimetable?: boolean;
}

export type SeatVerdict =
  | { ok: true; overCapacity?: { capacity: number; booked: number } }
  | { ok: false; code: 'OVER_CAPACITY'; seatsLeft: number; capacity: number }
  | { ok: false; code: 'NO_DEPARTURE' };

/**
 * Only a write that puts guests on a departure is judged (a new booking, more guests, a move onto it): fewer guests,
 * a cancellation or a change of name pass even where a departure is already over capacity or was taken off the
 * timetable. With an override the write passes, and says so (`overCapacity`, for its event).
 */
export function seatVerdict(fit: DepartureFit, change: SeatChange, overrides: SeatOverrides = {}): SeatVerdict {
  const wanted = change.after - change.before;
  if (wanted <= 0) return { ok: true };
  if (fit.kind === 'noDeparture')
    return overrides.outsideTimetable ? { ok: true } : { ok: false, code: 'NO_DEPARTURE' };
  if (fit.kind === 'unscheduled' || fit.capacity === null) return { ok: true };
  const left = seatsLeft(fit.capacity, change.booked);
  if (wanted <= left) return { ok: true };
  if (overrides.overCapacity) {
    return { ok: true, overCapacity: { capacity: fit.capacity, booked: change.booked + wanted } };
  }
  return { ok: false, code: 'OVER_CAPACITY', seatsLeft: left, capacity: fit.capacity };
}

/** "Only 2 seats left on this departure": the words for OVER_CAPACITY, on the server's answer and in the app. */
export const OVER_CAPACITY = msg(
  '{left, plural, =0 {No seats left on this departure} one {Only # seat left on this departure} other {Only # seats left on this departure}}',
);

export const overCapacityMessage = (left: number): string => formatMessage(OVER_CAPACITY, { left });

export const NO_DEPARTURE_MESSAGE = msg('The timetable has no departure of this tour at this time');

/** A booking's guests where they are (null: nowhere yet, or cancelled) and where a write puts them. */
export interface SeatMove {
  from: { slot: SlotKey; pax: number } | null;
  to: { slot: SlotKey; pax: number };
}

const sameSlot = (a: SlotKey, b: SlotKey) => slotKeyOf(a) === slotKeyOf(b);

/** Whether a write puts guests on a departure, which is what the seat rules judge. */
export const takesSeats = ({ from, to }: SeatMove) => to.pax > (from && sameSlot(from.slot, to.slot) ? from.pax : 0);

/**
 * The departures some writes touch, with their guests now, judged one write after another: each write that passes
 * counts for the next (an import's rows, in file order), so a batch cannot take more seats than its rows may alone.
 */
export class SeatLedger {
  private readonly departures = new Map<string, { fit: DepartureFit; booked: number }>();

  has(slot: SlotKey): boolean {
    return this.departures.has(slotKeyOf(slot));
  }

  add(slot: SlotKey, fit: DepartureFit, booked: number): void {
    this.departures.set(slotKeyOf(slot), { fit, booked });
  }

  /** Judges a write and, when it passes, books it: its guests leave where they were and count where they go. */
  take(move: SeatMove, overrides: SeatOverrides = {}): SeatVerdict {
    const target = this.departures.get(slotKeyOf(move.to.slot));
    if (!target) throw new Error(`seats of ${slotKeyOf(move.to.slot)} were not read`);
    const before = move.from && sameSlot(move.from.slot, move.to.slot) ? move.from.pax : 0;
    const verdict = seatVerdict(target.fit, { booked: target.booked, before, after: move.to.pax }, overrides);
    if (!verdict.ok) return verdict;
    const origin = move.from && this.departures.get(slotKeyOf(move.from.slot));
    if (origin && move.from) origin.booked -= move.from.pax;
    target.booked += move.to.pax;
    return verdict;
  }
}
