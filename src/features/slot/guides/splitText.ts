import { CUSTOMER_TYPES, countsFromList, type CustomerCounts, type CustomerType } from '../../../domain/customerTypes';
import { splitMatchesTotals } from '../../../domain/split';
import type { Shift } from '../../../domain/team';

const ONE: Record<CustomerType, string> = { Adults: 'Adult', Teens: 'Teen', Children: 'Child' };

const countOf = (count: number, type: CustomerType) => `${count} ${count === 1 ? ONE[type] : type}`;

/** "4 Adults, 1 Child": a guide's share, leaving out the types they have none of. */
export function shareText(counts: CustomerCounts): string {
  return (
    CUSTOMER_TYPES.filter((type) => counts[type] > 0)
      .map((type) => countOf(counts[type], type))
      .join(', ') || 'No guests'
  );
}

/** Each saved guide's share, in the order the shift lists them. */
export const shiftShares = (shift: Shift): CustomerCounts[] => shift.guides.map((g) => countsFromList(g.attendees));

/**
 * Spec §4: "Assigned guests (6 adults) do not match the slot total (7 adults)", naming the types that differ;
 * null when the shares add up (or nobody is chosen: with no guides there is no split to be wrong).
 */
export function mismatchText(shares: readonly CustomerCounts[], totals: CustomerCounts): string | null {
  if (shares.length === 0 || splitMatchesTotals(shares, totals)) return null;
  const assigned = Object.fromEntries(
    CUSTOMER_TYPES.map((type) => [type, shares.reduce((sum, share) => sum + share[type], 0)]),
  ) as CustomerCounts;
  const differing = CUSTOMER_TYPES.filter((type) => assigned[type] !== totals[type]);
  const list = (counts: CustomerCounts) =>
    differing.map((type) => countOf(counts[type], type).toLowerCase()).join(', ');
  return `Assigned guests (${list(assigned)}) do not match the slot total (${list(totals)})`;
}
