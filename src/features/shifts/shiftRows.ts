import type { Source } from '../../domain/company';
import { countsFromList, totalCount, type CustomerCounts } from '../../domain/customerTypes';
import type { GuideShiftRow } from '../../domain/team';

/** One row of the shifts grid: the guide's share of a slot, plain (per type) and per source. */
export interface ShiftGridRow extends CustomerCounts {
  /** The slot's shiftString: stable across refetches, so the grid keeps its sort and page. */
  id: string;
  date: string;
  time: string;
  tour: string;
  /** Checked-in guests per source column label. */
  bySource: Record<string, number>;
  /** All checked-in guests of the guide's bookings in the slot, whichever source they came from. */
  total: number;
}

/** Bookings name their source by label (ids are accepted too, for older data). */
function columnOf(source: string, sources: readonly Source[]): string {
  return sources.find((s) => s.label === source)?.label ?? sources.find((s) => s.id === source)?.label ?? source;
}

/**
 * The per-source columns of the detailed report: the company's sources in their order, then any source the
 * bookings name that the company no longer lists, so the columns always add up to Total.
 */
export function sourceColumnLabels(sources: readonly Source[], shifts: readonly GuideShiftRow[]): string[] {
  const labels = sources.map((s) => s.label);
  const extra = new Set<string>();
  for (const shift of shifts) {
    for (const { source } of shift.bySource) {
      const label = columnOf(source, sources);
      if (!labels.includes(label)) extra.add(label);
    }
  }
  return [...labels, ...[...extra].sort((a, b) => a.localeCompare(b))];
}

export function toGridRows(shifts: readonly GuideShiftRow[], sources: readonly Source[]): ShiftGridRow[] {
  return shifts
    .map((shift) => {
      const bySource: Record<string, number> = {};
      for (const { source, attendees } of shift.bySource) {
        const label = columnOf(source, sources);
        bySource[label] = (bySource[label] ?? 0) + totalCount(countsFromList(attendees));
      }
      return {
        id: shift.shiftString,
        date: shift.date,
        time: shift.time,
        tour: shift.tour,
        ...countsFromList(shift.attendees),
        bySource,
        total: Object.values(bySource).reduce((sum, count) => sum + count, 0),
      };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.tour.localeCompare(b.tour));
}
