import type { Source } from '../../domain/company';
import {
  countsFromList,
  CUSTOMER_TYPES,
  ZERO_COUNTS,
  type CustomerCounts,
  type CustomerType,
} from '../../domain/customerTypes';
import { msg } from '../../domain/messageFormat';
import type { FeeRow } from '../../domain/reports';

/** The customer-type choice: one type (spec §9, Adults by default), or every type at once. */
export const ALL_TYPES = msg('All types') as 'All types';
export type FeeType = CustomerType | typeof ALL_TYPES;

/** One line of the fees table: a tour on a day, and one customer type's checked-in guests per source. */
export interface FeeGridRow {
  id: string;
  date: string;
  tour: string;
  type: CustomerType;
  bySource: Record<string, CustomerCounts>;
}

function add(a: CustomerCounts, b: CustomerCounts): CustomerCounts {
  const sum = { ...a };
  for (const type of CUSTOMER_TYPES) sum[type] += b[type];
  return sum;
}

/**
 * Folds the server's day × tour × source lines into one line per day and tour, sorted by day then tour, and repeats
 * each for every type when all types are shown.
 */
export function toFeeGridRows(fees: readonly FeeRow[], type: FeeType): FeeGridRow[] {
  const tours = new Map<string, Omit<FeeGridRow, 'type'>>();
  for (const fee of fees) {
    // Neither part can hold a NUL, so the key cannot be shared by two different (date, tour) pairs.
    const id = `${fee.date}\u0000${fee.tour}`;
    const row = tours.get(id) ?? { id, date: fee.date, tour: fee.tour, bySource: {} };
    row.bySource[fee.source] = add(row.bySource[fee.source] ?? ZERO_COUNTS, countsFromList(fee.attendees));
    tours.set(id, row);
  }
  const types = type === ALL_TYPES ? CUSTOMER_TYPES : [type];
  return [...tours.values()]
    .sort((a, b) => a.date.localeCompare(b.date) || a.tour.localeCompare(b.tour))
    .flatMap((row) => types.map((t) => ({ ...row, id: `${row.id}\u0000${t}`, type: t })));
}

/** A line's checked-in guests of its type from one source. */
export const feeCount = (row: FeeGridRow, label: string): number => row.bySource[label]?.[row.type] ?? 0;

/**
 * The source columns: the company's sources in its order, then any source found only on bookings (one renamed or
 * removed since), so no checked-in guest goes missing from the table.
 */
export function feeSourceLabels(sources: readonly Source[], fees: readonly FeeRow[]): string[] {
  const labels = sources.map((source) => source.label);
  for (const fee of fees) if (!labels.includes(fee.source)) labels.push(fee.source);
  return labels;
}

/** Each source column's sum over the table's lines, then all sources together under `allSources`. */
export function feeTotals(
  rows: readonly FeeGridRow[],
  labels: readonly string[],
  allSources: string,
): { label: string; value: number }[] {
  const bySource = labels.map((label) => ({
    label,
    value: rows.reduce((sum, row) => sum + feeCount(row, label), 0),
  }));
  return [...bySource, { label: allSources, value: bySource.reduce((sum, source) => sum + source.value, 0) }];
}
