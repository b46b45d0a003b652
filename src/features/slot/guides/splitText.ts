import { CUSTOMER_TYPES, countsFromList, type CustomerCounts, type CustomerType } from '../../../domain/customerTypes';
import { splitMatchesTotals } from '../../../domain/split';
import type { Shift } from '../../../domain/team';
import type { Translate } from '../../../services/i18n/useT';

// "4 Adults", "1 Child": the count and its type in one message, so each language words its own singular.
const countOf = (count: number, type: CustomerType, t: Translate) =>
  t(
    '{type, select, Adults {{count, plural, one {# Adult} other {# Adults}}} Teens {{count, plural, one {# Teen} other {# Teens}}} other {{count, plural, one {# Child} other {# Children}}}}',
    { type, count },
  );

const countOfInText = (count: number, type: CustomerType, t: Translate) =>
  t(
    '{type, select, Adults {{count, plural, one {# adult} other {# adults}}} Teens {{count, plural, one {# teen} other {# teens}}} other {{count, plural, one {# child} other {# children}}}}',
    { type, count },
  );

/** "4 Adults, 1 Child": a guide's share, leaving out the types they have none of. */
export function shareText(counts: CustomerCounts, t: Translate): string {
  return (
    CUSTOMER_TYPES.filter((type) => counts[type] > 0)
      .map((type) => countOf(counts[type], type, t))
      .join(', ') || t('No guests')
  );
}

/** Each saved guide's share, in the order the shift lists them. */
export const shiftShares = (shift: Shift): CustomerCounts[] => shift.guides.map((g) => countsFromList(g.attendees));

/**
 * Spec §4: "Assigned guests (6 adults) do not match the slot total (7 adults)", naming the types that differ;
 * null when the shares add up (or nobody is chosen: with no guides there is no split to be wrong).
 */
export function mismatchText(shares: readonly CustomerCounts[], totals: CustomerCounts, t: Translate): string | null {
  if (shares.length === 0 || splitMatchesTotals(shares, totals)) return null;
  const assigned = Object.fromEntries(
    CUSTOMER_TYPES.map((type) => [type, shares.reduce((sum, share) => sum + share[type], 0)]),
  ) as CustomerCounts;
  const differing = CUSTOMER_TYPES.filter((type) => assigned[type] !== totals[type]);
  const list = (counts: CustomerCounts) => differing.map((type) => countOfInText(counts[type], type, t)).join(', ');
  return t('Assigned guests ({assigned}) do not match the slot total ({total})', {
    assigned: list(assigned),
    total: list(totals),
  });
}
