import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CANCELLED, REPORT_COLUMNS } from '../../../src/domain/reportColumns';
import type { ReportType } from '../../../src/domain/reports';
import { bookings } from '../../db/schema';
import { missing } from './reports.noShows';

/**
 * The CSV's cells, written by PostgreSQL: a million rows formatted in JavaScript took 13–17 s, in SQL about 2 s
 * (bench/RESULTS.md). Each cell is `REPORT_COLUMNS`' value for its field, as csv-stringify would write it; the
 * report CSV test holds the two byte for byte.
 */

/** OWASP's formula guard, as csv-stringify's `escape_formulas`: a cell that a spreadsheet would run starts with `'`. */
const FORMULA_START = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
/** What makes RFC 4180 quote a cell (strpos, not a regular expression: a third of the time over a million rows). */
const NEEDS_QUOTES = ['"', ',', '\n', '\r'];

/** A text cell: formula-guarded, then quoted when it holds a quote, a comma or a line break. */
function textCell(value: AnyPgColumn): SQL {
  const formula = sql.join(
    FORMULA_START.map((c) => sql`${c}`),
    sql`, `,
  );
  const guarded = sql`case when left(${value}, 1) in (${formula}) then '''' || ${value} else ${value} end`;
  const quoted = sql.join(
    NEEDS_QUOTES.map((c) => sql`strpos(${value}, ${c}) > 0`),
    sql` or `,
  );
  return sql`case when ${quoted} then '"' || replace(${guarded}, '"', '""') || '"' else ${guarded} end`;
}

/** d/M/yyyy, as src/domain/reportColumns.ts `displayDay`. */
const dayPattern = 'FMDD/FMMM/YYYY';

const CELLS: Record<string, (timezone: string) => SQL> = {
  bookingId: () => textCell(bookings.bookingId),
  source: () => textCell(bookings.source),
  name: () => textCell(bookings.name),
  tour: () => textCell(bookings.tour),
  time: () => textCell(bookings.time),
  noShowAdults: () => sql`${missing(bookings.adults, bookings.attendedAdults)}::text`,
  noShowTeens: () => sql`${missing(bookings.teens, bookings.attendedTeens)}::text`,
  noShowChildren: () => sql`${missing(bookings.children, bookings.attendedChildren)}::text`,
  date: () => sql`to_char(${bookings.date}::date, ${dayPattern})`,
  createdAt: (timezone) => sql`to_char(${bookings.createdAt} at time zone ${timezone}, ${`${dayPattern} HH24:MI`})`,
  pax: () => sql`${bookings.pax}::text`,
  reference: () => textCell(bookings.reference),
  cancelled: () => sql`case when ${bookings.cancelled} then ${CANCELLED.yes} else ${CANCELLED.no} end`,
};

/** One CSV record of a report type, without its line break. */
export function csvRecord(type: ReportType, timezone: string): SQL<string> {
  const cells = REPORT_COLUMNS[type].map((column) => {
    const cell = CELLS[column.field];
    if (!cell) throw new Error(`No CSV cell for the report column ${column.field}`);
    return cell(timezone);
  });
  return sql<string>`${sql.join(cells, sql` || ',' || `)}`;
}
