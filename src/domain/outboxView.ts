import type { Booking } from './booking';
import type { OutboxEntry } from './outbox';

/**
 * A booking as the device should show it: the last waiting check-in's counts over the server's copy, or what the
 * server kept in a conflict if that is newer than the copy.
 */
export function withOutbox(booking: Booking, entries: readonly OutboxEntry[]): Booking {
  let shown = booking;
  for (const entry of entries) {
    if (entry.bookingId !== booking._id) continue;
    if (entry.state === 'conflict' && entry.conflict && entry.conflict.current.version > shown.version) {
      shown = entry.conflict.current;
    }
    if (entry.state === 'waiting') shown = { ...shown, attendees: entry.attendees };
  }
  return shown;
}

/** Every booking as the device should show it; the same array when no waiting check-in or conflict changes one. */
export function bookingsWithOutbox(bookings: Booking[], entries: readonly OutboxEntry[]): Booking[] {
  if (entries.length === 0) return bookings;
  const shown = bookings.map((booking) => withOutbox(booking, entries));
  return shown.every((booking, index) => booking === bookings[index]) ? bookings : shown;
}
