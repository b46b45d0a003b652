import type { Booking } from './booking';
import { CUSTOMER_TYPES, countsFromList } from './customerTypes';

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
 * departures of the day, each a slot even before anyone has booked it.
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
