import { rangeDays } from '../../components/dayRange';
import { parseDay } from '../../components/days';
import { msg } from '../../domain/messageFormat';
import { todayInZone } from '../../domain/zonedDates';
import type { ReportType } from '../../domain/reports';
import { previousDay } from '../../domain/slotRules';
import type { ReportRequest } from './reportsApi';

export interface ReportFormValues {
  type: ReportType;
  sources: string[];
  tours: string[];
  from: Date | null;
  to: Date | null;
  /** The no-show report's option: only bookings with a no-show. */
  onlyNoShows: boolean;
}

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  checkinStatus: msg('No-shows by tour date'),
  reservationDate: msg('Reservations by booking date'),
};

/** Spec §5: yesterday to yesterday, yesterday being the company's calendar day (not the browser's). */
export function defaultReportForm(timezone: string, now: Date): ReportFormValues {
  const yesterday = parseDay(previousDay(todayInZone(timezone, now)));
  return { type: 'checkinStatus', sources: [], tours: [], from: yesterday, to: yesterday, onlyNoShows: false };
}

export const selectionMissing = ({ sources, tours }: Pick<ReportFormValues, 'sources' | 'tours'>) =>
  sources.length === 0 || tours.length === 0;

/** The request the form describes, or null while it cannot be sent. */
export function reportRequest(values: ReportFormValues): ReportRequest | null {
  const { type, sources, tours } = values;
  const days = rangeDays(values);
  if (selectionMissing(values) || !days) return null;
  return {
    type,
    sources,
    tours,
    startDate: days.start,
    endDate: days.end,
    onlyNoShows: type === 'checkinStatus' && values.onlyNoShows,
  };
}

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => name === b[i]);

/** Whether two requests ask for the same report (the names keep the company's order, so order counts). */
export function sameReport(a: ReportRequest | null, b: ReportRequest | null): boolean {
  if (!a || !b) return false;
  return (
    a.type === b.type &&
    a.startDate === b.startDate &&
    a.endDate === b.endDate &&
    a.onlyNoShows === b.onlyNoShows &&
    sameNames(a.sources, b.sources) &&
    sameNames(a.tours, b.tours)
  );
}
