import { msg } from './messageFormat';

export const CUSTOMER_TYPES = ['Adults', 'Teens', 'Children'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** The types as a screen names them, `t(CUSTOMER_TYPE_LABELS[type])`: the wire and the data keep the English keys. */
export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = {
  Adults: msg('Adults'),
  Teens: msg('Teens'),
  Children: msg('Children'),
};

/** Counts keyed by customer type, the shape the rules work with. */
export type CustomerCounts = Record<CustomerType, number>;

/** The spec's wire shape: a list of single-key objects, e.g. [{ Adults: 2 }, { Children: 1 }]. */
export type CountList = Array<Partial<Record<CustomerType, number>>>;

export const ZERO_COUNTS: CustomerCounts = { Adults: 0, Teens: 0, Children: 0 };

export function countsFromList(list: CountList): CustomerCounts {
  const counts = { ...ZERO_COUNTS };
  for (const entry of list) {
    for (const type of CUSTOMER_TYPES) {
      const value = entry[type];
      if (value !== undefined) counts[type] += value;
    }
  }
  return counts;
}

/**
 * Each type's entry built by a literal of its own, so all entries of a type share one shape: every booking of a day
 * list or a report page answers two lists, and this halves their cost against filter/map with a computed key.
 */
const ENTRY: Record<CustomerType, (count: number) => CountList[number]> = {
  Adults: (count) => ({ Adults: count }),
  Teens: (count) => ({ Teens: count }),
  Children: (count) => ({ Children: count }),
};

/** Types with a zero count are left out unless listed in `keep` (a booking keeps the types it was booked with). */
export function listFromCounts(counts: CustomerCounts, keep: readonly CustomerType[] = []): CountList {
  const list: CountList = [];
  for (const type of CUSTOMER_TYPES) {
    if (counts[type] > 0 || keep.includes(type)) list.push(ENTRY[type](counts[type]));
  }
  return list;
}

/** Adds `counts` into `into`, type by type. */
export function addCounts(into: CustomerCounts, counts: CustomerCounts): void {
  for (const type of CUSTOMER_TYPES) into[type] += counts[type];
}

export function totalCount(counts: CustomerCounts): number {
  return CUSTOMER_TYPES.reduce((sum, type) => sum + counts[type], 0);
}
