import type { Booking } from '../../../domain/booking';
import { countsFromList } from '../../../domain/customerTypes';
import { splitByAssignment, type AssignedSplit } from '../../../domain/split';

/**
 * The split as the slot's bookings assign it (src/domain/split.ts), the rule the server stores the heads by; guides
 * are matched by name, as bookings carry them. Null while no live booking has a guide.
 */
export const splitOfBookings = (guideNames: readonly string[], bookings: readonly Booking[]): AssignedSplit | null =>
  splitByAssignment(
    guideNames,
    bookings.map((b) => ({ guide: b.guide, counts: countsFromList(b.customers), cancelled: b.cancelled })),
  );
