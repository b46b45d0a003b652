import type { Booking } from '../../../domain/booking';

export interface BookingGroup {
  /** The guide's name, or null for the Unassigned group. */
  guide: string | null;
  bookings: Booking[];
}

/**
 * Spec §4: the slot's live bookings under the guide recorded on each, the Unassigned group first. The shift's
 * guides always have a group (empty ones too, as places to assign to); a guide recorded on a booking but not in
 * the shift (e.g. checked in as someone else) gets one after them. Cancelled bookings are not assignable.
 */
export function bookingGroups(bookings: readonly Booking[], shiftGuides: readonly string[]): BookingGroup[] {
  const live = bookings.filter((b) => !b.cancelled).sort((a, b) => a.name.localeCompare(b.name));
  const others = [...new Set(live.map((b) => b.guide).filter((g): g is string => !!g && !shiftGuides.includes(g)))];
  const guides: Array<string | null> = [null, ...shiftGuides, ...others.sort((a, b) => a.localeCompare(b))];
  return guides.map((guide) => ({ guide, bookings: live.filter((b) => (b.guide || null) === guide) }));
}
