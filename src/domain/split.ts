import { CUSTOMER_TYPES, ZERO_COUNTS, type CustomerCounts } from './customerTypes';

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
