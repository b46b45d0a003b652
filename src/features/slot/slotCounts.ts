import type { Booking } from '../../domain/booking';
import { CUSTOMER_TYPES, countsFromList, ZERO_COUNTS, type CustomerCounts } from '../../domain/customerTypes';

/** "Adults 2 of 3 · Children 0 of 1": checked in of booked, for the types that were booked. */
export function attendanceText(checkedIn: CustomerCounts, booked: CustomerCounts): string {
  return (
    CUSTOMER_TYPES.filter((type) => booked[type] > 0 || checkedIn[type] > 0)
      .map((type) => `${type} ${checkedIn[type]} of ${booked[type]}`)
      .join(' · ') || 'No guests'
  );
}

/** "Adults 4, Children 2", leaving out types nobody was counted in. */
export function countsText(counts: CustomerCounts): string {
  return (
    CUSTOMER_TYPES.filter((type) => counts[type] > 0)
      .map((type) => `${type} ${counts[type]}`)
      .join(', ') || 'No guests'
  );
}

export interface GuideCount {
  name: string;
  counts: CustomerCounts;
}

/**
 * The guides named on the slot's live bookings (the one they were checked in as), with the guests each checked
 * in. Stands in for the slot's shift until shifts arrive.
 */
export function guidesOnBookings(bookings: readonly Booking[]): GuideCount[] {
  const guides = new Map<string, CustomerCounts>();
  for (const booking of bookings) {
    if (booking.cancelled || !booking.guide) continue;
    const counts = guides.get(booking.guide) ?? { ...ZERO_COUNTS };
    const attended = countsFromList(booking.attendees);
    for (const type of CUSTOMER_TYPES) counts[type] += attended[type];
    guides.set(booking.guide, counts);
  }
  return [...guides.entries()].map(([name, counts]) => ({ name, counts })).sort((a, b) => a.name.localeCompare(b.name));
}
