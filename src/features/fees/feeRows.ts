import type { Source } from '../../domain/company';
import {
  countsFromList,
  CUSTOMER_TYPES,
  ZERO_COUNTS,
  type CustomerCounts,
  type CustomerType,
} from '../../domain/customerTypes';
import type { FeeRow } from '../../domain/reports';

/** One line of the fees table: a tour on a day, with its checked-in guests per source. */
export interface FeeGridRow {
  id: string;
  date: string;
  tour: string;
  bySource: Record<string, CustomerCounts>;
}

function add(a: CustomerCounts, b: CustomerCounts): CustomerCounts {
  const sum = { ...a };
  for (const type of CUSTOMER_TYPES) sum[type] += b[type];
  return sum;
}

/** Folds the server's tour × source lines into one row per tour, sorted by tour name. */
export function toFeeGridRows(fees: readonly FeeRow[]): FeeGridRow[] {
  const rows = new Map<string, FeeGridRow>();
  for (const fee of fees) {
    // Neither part can hold a NUL, so the key cannot be shared by two different (date, tour) pairs.
    const id = `${fee.date}\u0000${fee.tour}`;
    const row = rows.get(id) ?? { id, date: fee.date, tour: fee.tour, bySource: {} };
    row.bySource[fee.source] = add(row.bySource[fee.source] ?? ZERO_COUNTS, countsFromList(fee.attendees));
    rows.set(id, row);
  }
  return [...rows.values()].sort((a, b) => a.date.localeCompare(b.date) || a.tour.localeCompare(b.tour));
}

/**
 * The source columns: the company's sources in its order, then any source found only on bookings (one renamed or
 * removed since), so no checked-in guest goes missing from the table.
 */
export function feeSourceLabels(sources: readonly Source[], fees: readonly FeeRow[]): string[] {
  const labels = sources.map((source) => source.label);
  for (const fee of fees) if (!labels.includes(fee.source)) labels.push(fee.source);
  return labels;
}

/** Each source column's sum of one customer type over the day's tours, then all sources together. */
export function feeTotals(
  rows: readonly FeeGridRow[],
  labels: readonly string[],
  type: CustomerType,
): { label: string; value: number }[] {
  const bySource = labels.map((label) => ({
    label,
    value: rows.reduce((sum, row) => sum + (row.bySource[label]?.[type] ?? 0), 0),
  }));
  return [...bySource, { label: 'All sources', value: bySource.reduce((sum, source) => sum + source.value, 0) }];
}
