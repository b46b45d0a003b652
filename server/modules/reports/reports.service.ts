import type { Readable } from 'node:stream';
import type { Language } from '../../../src/domain/languages';
import { CUSTOMER_TYPES, listFromCounts } from '../../../src/domain/customerTypes';
import {
  REPORT_FIELD_OF,
  rangeInstants,
  readNameList,
  type FeeRow,
  type ReportField,
  type ReportPage,
  type ReportRow,
  type ReportType,
} from '../../../src/domain/reports';
import type { Db } from '../../db/client';
import { sources, tours } from '../../db/schema';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError } from '../../errors';
import type { Caller } from '../../db/signedIn';
import { attendedCounts, bookedCounts } from '../bookings/bookings.mapper';
import { listEntries, type Catalog } from '../companies/catalog.repository';
import { reportCsv } from './reports.csv';
import {
  countReport,
  feesBetween,
  reportPage,
  summariseNoShows,
  type ReportBookingRow,
  type ReportFilter,
} from './reports.repository';

export interface ReportRequest {
  field: ReportField;
  startDate: string;
  endDate: string;
  sources: string;
  tours: string;
  /** The query's `onlyNoShows`: for a report by tour date only. */
  onlyNoShows?: boolean;
}

/** Spanning more than this is almost surely a typo (year 2062), and would read the whole table. */
const MAX_RANGE_DAYS = 3 * 366;
/** A fee table has a row per day and tour: a year of them is already more than anyone reads. */
const MAX_FEE_DAYS = 366;

/** 400 for a range that is reversed or longer than `maxDays`. */
function assertRange(startDate: string, endDate: string, maxDays: number, tooLong: string): void {
  if (startDate > endDate) throw new BadRequestError('The range starts after it ends', 'VALIDATION');
  const days = (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000;
  if (days > maxDays) throw new BadRequestError(tooLong, 'VALIDATION');
}

function toReportRow(row: ReportBookingRow): ReportRow {
  const booked = bookedCounts(row);
  const types = CUSTOMER_TYPES.filter((type) => booked[type] > 0);
  return {
    _id: row.id,
    bookingId: row.bookingId,
    reference: row.reference,
    name: row.name,
    source: row.source,
    tour: row.tour,
    date: row.date,
    time: row.time,
    createdAt: row.createdAt.toISOString(),
    pax: row.pax,
    cancelled: row.cancelled,
    customers: listFromCounts(booked),
    attendees: listFromCounts(attendedCounts(row), types),
  };
}

/** The sources and tours a report names, as the company spells them (archived ones too: their bookings stay). */
interface ReportNames {
  sources: string[];
  tours: string[];
}

/** One of the path's lists read as the company's names (domain `readNameList`); 400 naming what it cannot read. */
async function namesIn(tx: Db, companyId: string, field: keyof ReportNames, joined: string): Promise<string[]> {
  const table: Catalog = field === 'tours' ? tours : sources;
  const known = (await listEntries(tx, table, companyId)).map((entry) => entry.label);
  const reading = readNameList(joined, known);
  if ('names' in reading) return reading.names;
  if ('ambiguous' in reading) {
    const [one, other] = reading.ambiguous.map((names) => names.map((name) => `"${name}"`).join(', '));
    throw new BadRequestError(
      `${field}: reads as ${one} or as ${other}; write a "-" inside a name as "~d"`,
      'AMBIGUOUS_NAMES',
    );
  }
  const unknown = reading.unknown.map((name) => `"${name}"`).join(', ');
  const verb = reading.unknown.length === 1 ? 'is not one of' : 'are not among';
  throw new BadRequestError(
    `${field}: ${unknown} ${verb} this company's ${field}`,
    field === 'tours' ? 'UNKNOWN_TOUR' : 'UNKNOWN_SOURCE',
  );
}

async function reportNames(tx: Db, companyId: string, request: ReportRequest): Promise<ReportNames> {
  return {
    sources: await namesIn(tx, companyId, 'sources', request.sources),
    tours: await namesIn(tx, companyId, 'tours', request.tours),
  };
}

/** A report request's filter, in the company's zone; 400 for a range that is reversed or too long. */
function reportFilter(companyId: string, request: ReportRequest, timezone: string, names: ReportNames): ReportFilter {
  const { startDate, endDate } = request;
  assertRange(startDate, endDate, MAX_RANGE_DAYS, 'A report covers at most three years');
  if (request.onlyNoShows && request.field !== REPORT_FIELD_OF.checkinStatus) {
    throw new BadRequestError('onlyNoShows: only the no-show report (by tour date) has this option', 'VALIDATION');
  }
  const { from, to } = rangeInstants(startDate, endDate, timezone);
  return {
    companyId,
    field: request.field,
    startDay: startDate,
    endDay: endDate,
    from,
    to,
    sources: names.sources,
    tours: names.tours,
    onlyNoShows: request.onlyNoShows === true,
  };
}

/** A page past the last costs the database a walk over every row before it: refused (page 0 of nothing is fine). */
function assertPageExists(page: number, pageSize: number, total: number): void {
  const pages = Math.max(Math.ceil(total / pageSize), 1);
  if (page >= pages) {
    throw new BadRequestError(
      `page: the report has ${pages} page${pages === 1 ? '' : 's'} of ${pageSize}`,
      'VALIDATION',
    );
  }
}

/** The CSV's columns are its type's: a type whose filter field is not the path's would mislabel the rows. */
function csvType(request: ReportRequest, type: ReportType | undefined): ReportType {
  if (type && REPORT_FIELD_OF[type] !== request.field) {
    throw new BadRequestError(`type: a ${type} report is filtered by ${REPORT_FIELD_OF[type]}`, 'VALIDATION');
  }
  return type ?? (request.field === REPORT_FIELD_OF.checkinStatus ? 'checkinStatus' : 'reservationDate');
}

/** Reports and fees are Manager tools (the routes check the role). */
export class ReportsService {
  constructor(private readonly tenancy: Tenancy) {}

  page(caller: Caller, request: ReportRequest, page: number, pageSize: number): Promise<ReportPage> {
    return this.tenancy.readAs(caller, async (tx, auth) => {
      const names = await reportNames(tx, auth.companyId, request);
      const filter = reportFilter(auth.companyId, request, auth.company.timezone, names);
      // The no-show report's totals (and, with only no-shows, its count) come from its bookings; any other count
      // from the per-day counts. The page is read alongside, and refused when past the last.
      const [counted, summary, rows] = await Promise.all([
        filter.onlyNoShows ? undefined : countReport(tx, filter),
        filter.field === 'date' ? summariseNoShows(tx, filter) : undefined,
        reportPage(tx, filter, page, pageSize),
      ]);
      const total = counted ?? summary?.bookings ?? 0;
      assertPageExists(page, pageSize, total);
      const answer = { rows: rows.map(toReportRow), total, page, pageSize };
      if (!summary) return answer;
      const missing = { Adults: summary.adults, Teens: summary.teens, Children: summary.children };
      return { ...answer, noShowTotals: listFromCounts(missing, CUSTOMER_TYPES) };
    });
  }

  /** The full result as CSV (reports.csv.ts), read batch by batch as the client takes it. */
  async csv(
    caller: Caller,
    request: ReportRequest,
    type: ReportType | undefined,
    headerLanguage: Language,
  ): Promise<Readable> {
    const reportType = csvType(request, type);
    // Read first, so a refusal (an invalid range, a member gone) is an answer, not a cut-off download.
    const { timezone, names } = await this.tenancy.readAs(caller, async (tx, auth) => ({
      timezone: auth.company.timezone,
      names: await reportNames(tx, auth.companyId, request),
    }));
    const filter = reportFilter(caller.companyId, request, timezone, names);
    return reportCsv(this.tenancy, filter, reportType, timezone, headerLanguage);
  }

  /** Checked-in guests per day, tour and source over a range of tour days (one day: from = to). */
  async fees(caller: Caller, from: string, to: string): Promise<FeeRow[]> {
    assertRange(from, to, MAX_FEE_DAYS, 'A fee table covers at most a year');
    const rows = await this.tenancy.readAs(caller, (tx, auth) => feesBetween(tx, auth.companyId, from, to));
    return rows.map((r) => ({
      date: r.date,
      tour: r.tour,
      source: r.source,
      attendees: listFromCounts({ Adults: r.adults, Teens: r.teens, Children: r.children }, CUSTOMER_TYPES),
    }));
  }
}
