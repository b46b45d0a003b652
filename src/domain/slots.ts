import type { Booking } from './booking';
import { CUSTOMER_TYPES, countsFromList, ZERO_COUNTS, type CustomerCounts } from './customerTypes';

export interface SlotSummary {
  time: string;
  tour: string;
  /** Guests booked, cancelled bookings left out. */
  pax: number;
  checkedIn: number;
  /** The departure's capacity in the timetable; null or absent when it has none (or is not scheduled). */
  capacity?: number | null;
}

type SlotBooking = Pick<Booking, 'time' | 'tour' | 'pax' | 'cancelled' | 'attendees'>;
type Departure = { time: string; tour: string; capacity: number | null };

/**
 * Spec §2: a day's bookings grouped by tour and time, pax summed, sorted by time then tour name; with the timetable's
 * departures of the day (issue 21), each a slot even before anyone has booked it.
 */
export function groupSlots(bookings: readonly SlotBooking[], departures: readonly Departure[] = []): SlotSummary[] {
  const slots = new Map<string, SlotSummary>();
  const keyOf = (slot: { time: string; tour: string }) => `${slot.time}\u0000${slot.tour}`;
  for (const { time, tour, capacity } of departures)
    slots.set(keyOf({ time, tour }), { time, tour, pax: 0, checkedIn: 0, capacity });
  for (const booking of bookings) {
    const key = keyOf(booking);
    const slot = slots.get(key) ?? { time: booking.time, tour: booking.tour, pax: 0, checkedIn: 0 };
    if (!booking.cancelled) {
      slot.pax += booking.pax;
      const attended = countsFromList(booking.attendees);
      slot.checkedIn += CUSTOMER_TYPES.reduce((sum, type) => sum + attended[type], 0);
    }
    slots.set(key, slot);
  }
  return [...slots.values()].sort((a, b) => a.time.localeCompare(b.time) || a.tour.localeCompare(b.tour));
}

/** Spec §4: the stepper value is clamped to 0…booked; anything non-numeric becomes 0. */
export function clampAttendance(value: string | number, booked: number): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(value.trim(), 10);
  if (!Number.isFinite(parsed)) return 0;
  return Math.min(Math.max(Math.trunc(parsed), 0), booked);
}

/** Spec §4: radios up to 4 guests of a type, a stepper above. */
export const RADIO_MAX = 4;

/** Spec §2: a messaging link from the digits only, leading zeros removed; null when no digits remain. */
export function phoneLink(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^0+/, '');
  return digits ? `https://wa.me/${digits}` : null;
}

export interface SlotTotals {
  booked: CustomerCounts;
  checkedIn: CustomerCounts;
  bySource: Array<{ source: string; counts: CustomerCounts }>;
}

function add(into: CustomerCounts, counts: CustomerCounts): void {
  for (const type of CUSTOMER_TYPES) into[type] += counts[type];
}

/** Per-type totals of a slot's live (not cancelled) bookings, overall and per source. */
export function slotTotals(
  bookings: ReadonlyArray<Pick<Booking, 'customers' | 'attendees' | 'cancelled' | 'source'>>,
): SlotTotals {
  const booked = { ...ZERO_COUNTS };
  const checkedIn = { ...ZERO_COUNTS };
  const sources = new Map<string, CustomerCounts>();
  for (const booking of bookings) {
    if (booking.cancelled) continue;
    const counts = countsFromList(booking.customers);
    add(booked, counts);
    add(checkedIn, countsFromList(booking.attendees));
    const source = booking.source ?? 'Unknown';
    const perSource = sources.get(source) ?? { ...ZERO_COUNTS };
    add(perSource, counts);
    sources.set(source, perSource);
  }
  const bySource = [...sources.entries()]
    .map(([source, counts]) => ({ source, counts }))
    .sort((a, b) => a.source.localeCompare(b.source));
  return { booked, checkedIn, bySource };
}

function countsText(counts: CustomerCounts): string {
  return (
    CUSTOMER_TYPES.filter((type) => counts[type] > 0)
      .map((type) => `${type}: ${counts[type]}`)
      .join(', ') || 'No guests'
  );
}

/** The plain-text summary Copy pax puts on the clipboard (issue: date, time, tour, per type, per source). */
export function slotSummaryText(
  slot: { dateLabel: string; time: string; tour: string },
  totals: SlotTotals,
  includeSources: boolean,
): string {
  const total = CUSTOMER_TYPES.reduce((sum, type) => sum + totals.booked[type], 0);
  const lines = [`${slot.dateLabel} ${slot.time} ${slot.tour}`, `Total: ${total} (${countsText(totals.booked)})`];
  if (includeSources) {
    for (const { source, counts } of totals.bySource) lines.push(`${source}: ${countsText(counts)}`);
  }
  return lines.join('\n');
}
