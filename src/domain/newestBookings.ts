import type { Booking } from './booking';

/**
 * A fresh answer's bookings, each kept at the newest version the device already shows: an answer read on the
 * server before a check-in was applied can arrive after that check-in's own answer, and must not take it back.
 * The same array when no shown booking is newer.
 */
export function newestBookings(fresh: Booking[], shown: readonly Booking[] | undefined): Booking[] {
  if (!shown || shown.length === 0) return fresh;
  const shownById = new Map(shown.map((booking) => [booking._id, booking]));
  let changed = false;
  const newest = fresh.map((booking) => {
    const kept = shownById.get(booking._id);
    if (!kept || kept.version <= booking.version) return booking;
    changed = true;
    return kept;
  });
  return changed ? newest : fresh;
}
