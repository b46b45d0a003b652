import type { Booking } from '../../domain/booking';
import { matchesSearch } from '../../domain/bookingSearch';

export interface SlotListFilter {
  query: string;
  /** Only the bookings assigned to this guide's name; null shows everyone's. */
  guide: string | null;
  /** A booking just added here: listed first, whatever its name, so the guide sees it arrive. */
  pinnedId: string | null;
}

/** The bookings the slot's list shows: sorted by name (spec §2), filtered by the search and the guide. */
export function slotListBookings(bookings: readonly Booking[], { query, guide, pinnedId }: SlotListFilter): Booking[] {
  return bookings
    .filter((booking) => (guide === null || booking.guide === guide) && matchesSearch(booking, query))
    .sort((a, b) => Number(b._id === pinnedId) - Number(a._id === pinnedId) || a.name.localeCompare(b.name));
}

/** Guides are split between bookings once any booking of the slot has one. */
export function hasAssignedGuides(bookings: readonly Booking[]): boolean {
  return bookings.some((booking) => booking.guide !== null);
}

export interface HiddenMatches {
  /** The guide whose group holds them; null for bookings not assigned to anyone. */
  guide: string | null;
  count: number;
}

/**
 * With "Only my bookings" on, the bookings a search finds outside the guide's own group, counted per group (guides by
 * name, then the unassigned): the list would otherwise claim nothing matches.
 */
export function matchesOutsideGroup(bookings: readonly Booking[], query: string, guide: string): HiddenMatches[] {
  if (query.trim() === '') return [];
  const counts = new Map<string | null, number>();
  for (const booking of bookings) {
    if (booking.guide !== guide && matchesSearch(booking, query)) {
      counts.set(booking.guide, (counts.get(booking.guide) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([name, count]) => ({ guide: name, count }))
    .sort((a, b) => (a.guide === null ? 1 : b.guide === null ? -1 : a.guide.localeCompare(b.guide)));
}
