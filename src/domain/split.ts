import { addCounts, CUSTOMER_TYPES, ZERO_COUNTS, type CustomerCounts } from './customerTypes';

/**
 * Spec §4: the slot's guests shared evenly between the chosen guides, per customer type — an integer split with
 * the remainder given to the first guides.
 */
export function splitEvenly(totals: CustomerCounts, guideCount: number): CustomerCounts[] {
  if (guideCount <= 0) return [];
  return Array.from({ length: guideCount }, (_, index) => {
    const share = { ...ZERO_COUNTS };
    for (const type of CUSTOMER_TYPES) {
      const base = Math.floor(totals[type] / guideCount);
      share[type] = base + (index < totals[type] % guideCount ? 1 : 0);
    }
    return share;
  });
}

/** True when the guides' shares add up to the slot's totals for every type (else the split shows a warning). */
export function splitMatchesTotals(shares: readonly CustomerCounts[], totals: CustomerCounts): boolean {
  return CUSTOMER_TYPES.every((type) => shares.reduce((sum, share) => sum + share[type], 0) === totals[type]);
}

/** A booking as the split reads it: who leads it (a member's id or name, as the caller keys guides), its guests. */
export interface AssignedBooking {
  guide: string | null;
  counts: CustomerCounts;
  cancelled: boolean;
}

export interface AssignedSplit {
  /** Each guide's guests, in the order the guides were given. */
  shares: CustomerCounts[];
  /** Guests of live bookings led by none of these guides (no guide yet, or one left out of the split). */
  unassigned: CustomerCounts;
}

/**
 * Once any live booking of the slot has a guide, the split follows the assignment: each guide's share is the guests
 * of the bookings assigned to them (none: 0). Null while no live booking has a guide: then the split is as chosen
 * (even, or edited by hand).
 */
export function splitByAssignment(
  guides: readonly string[],
  bookings: readonly AssignedBooking[],
): AssignedSplit | null {
  const live = bookings.filter((booking) => !booking.cancelled);
  if (!live.some((booking) => booking.guide)) return null;
  const shares = guides.map(() => ({ ...ZERO_COUNTS }));
  const unassigned = { ...ZERO_COUNTS };
  for (const booking of live) {
    const index = booking.guide ? guides.indexOf(booking.guide) : -1;
    addCounts(shares[index] ?? unassigned, booking.counts);
  }
  return { shares, unassigned };
}
