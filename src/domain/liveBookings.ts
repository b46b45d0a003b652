import type { Booking } from './booking';
import type { EventSlot, LiveEvent } from './events';

/**
 * A cached list of bookings after a live event: each changed booking replaces its cached copy unless that is newer
 * (a later answer got there first), joins the list if it now belongs there, leaves it if it moved away; bookings
 * the reader may no longer see leave too. The same array when nothing changed.
 */
export function mergeLiveBookings(
  bookings: Booking[],
  event: Pick<LiveEvent, 'bookings' | 'gone'>,
  belongs: (booking: Booking) => boolean,
): Booking[] {
  const byId = new Map(bookings.map((booking) => [booking._id, booking]));
  let changed = false;
  for (const id of event.gone) changed = byId.delete(id) || changed;
  for (const incoming of event.bookings) {
    const cached = byId.get(incoming._id);
    if (cached && incoming.version < cached.version) continue;
    if (belongs(incoming)) byId.set(incoming._id, incoming);
    else if (!byId.delete(incoming._id)) continue;
    changed = true;
  }
  return changed ? [...byId.values()] : bookings;
}

export const isSameSlot = (a: EventSlot | null, b: EventSlot): boolean =>
  a !== null && a.day === b.day && a.time === b.time && a.tour === b.tour;

export const bookingInSlot = (slot: EventSlot) => (booking: Booking) =>
  booking.date === slot.day && booking.time === slot.time && booking.tour === slot.tour;

/**
 * Whether a live event may have changed the slot's split, which follows the bookings that have a guide (split.ts): a
 * save of its guides, a booking of the slot given another guide, or one with a guide changed in more than its
 * check-in (edited, cancelled, moved in or out).
 */
export function movesSplit(
  event: Pick<LiveEvent, 'kind' | 'slot' | 'bookings'>,
  slot: EventSlot,
  cached: readonly Booking[],
): boolean {
  if (event.kind === 'slot.guidesSaved') return isSameSlot(event.slot, slot);
  const belongs = bookingInSlot(slot);
  return event.bookings.some((incoming) => {
    const before = cached.find((booking) => booking._id === incoming._id);
    if (!before && !belongs(incoming)) return false;
    const guide = incoming.guide || null;
    return (before?.guide || null) !== guide || (guide !== null && event.kind !== 'booking.checkedIn');
  });
}
