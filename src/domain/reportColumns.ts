import { formatInTimeZone } from 'date-fns-tz';
import { countsFromList, type CustomerType } from './customerTypes';
import { msg } from './messageFormat';
import { noShows, type ReportRow, type ReportType } from './reports';

export interface ReportColumn {
  field: string;
  header: string;
  value: (row: ReportRow, timezone: string) => string | number;
}

/** d/M/yyyy (spec §5) straight from the calendar date's parts: a tour date has no timezone to shift. */
export function displayDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${Number(d)}/${Number(m)}/${y}`;
}

const noShow = (row: ReportRow, type: CustomerType) =>
  noShows(countsFromList(row.customers)[type], countsFromList(row.attendees)[type]);

const id: ReportColumn = { field: 'bookingId', header: msg('ID'), value: (r) => r.bookingId };
const source: ReportColumn = { field: 'source', header: msg('Source'), value: (r) => r.source };
const name: ReportColumn = { field: 'name', header: msg('Name'), value: (r) => r.name };
const tour: ReportColumn = { field: 'tour', header: msg('Tour'), value: (r) => r.tour };
const tourDate: ReportColumn = { field: 'date', header: msg('Tour Date'), value: (r) => displayDay(r.date) };
/** Beyond spec §9, after its columns: Tourdesk's own code, which a voucher's QR code carries. */
const reference: ReportColumn = { field: 'reference', header: msg('Reference'), value: (r) => r.reference };

/** The reservation report's Cancelled column, so it reconciles with a channel's statement of every reservation. */
export const CANCELLED = { yes: msg('Yes'), no: msg('No') };

/** Spec §9: the columns of each report, used by the results grid and by the server's CSV alike. */
export const REPORT_COLUMNS: Record<ReportType, ReportColumn[]> = {
  checkinStatus: [
    id,
    source,
    name,
    tour,
    { field: 'time', header: msg('Time'), value: (r) => r.time },
    { field: 'noShowAdults', header: msg('No Show Adults'), value: (r) => noShow(r, 'Adults') },
    // Beyond spec §9's Adults and Children: a booking listed for a missing teen must show why.
    { field: 'noShowTeens', header: msg('No Show Teens'), value: (r) => noShow(r, 'Teens') },
    { field: 'noShowChildren', header: msg('No Show Children'), value: (r) => noShow(r, 'Children') },
    tourDate,
    reference,
  ],
  reservationDate: [
    {
      field: 'createdAt',
      header: msg('Booked on'),
      value: (r, timezone) => formatInTimeZone(new Date(r.createdAt), timezone, 'd/M/yyyy HH:mm'),
    },
    id,
    source,
    name,
    tour,
    tourDate,
    { field: 'pax', header: msg('Pax'), value: (r) => r.pax },
    // Beyond spec §9: cancelled bookings are listed too, and say so.
    { field: 'cancelled', header: msg('Cancelled'), value: (r) => (r.cancelled ? CANCELLED.yes : CANCELLED.no) },
    reference,
  ],
};
