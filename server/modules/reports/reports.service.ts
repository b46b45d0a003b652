import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type { Pool } from 'pg';
import { CUSTOMER_TYPES, listFromCounts } from '../../../src/domain/customerTypes';
import { REPORT_COLUMNS } from '../../../src/domain/reportColumns';
import {
  REPORT_FIELD_OF,
  decodeNameList,
  rangeInstants,
  type FeeRow,
  type ReportField,
  type ReportPage,
  type ReportRow,
  type ReportType,
} from '../../../src/domain/reports';
import type { Prefetch } from '../../db/reads';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError } from '../../errors';
import { isoInstant } from '../../lib/instants';
import type { AuthContext } from '../../plugins/auth';
import { attendedCounts, bookedCounts } from '../bookings/bookings.mapper';
import { companyOf } from '../bookings/bookings.rules';
import { copyCsv } from './reports.copy';
import { noShowSummaryRead, summariseNoShows } from './reports.noShows';
import {
  countReport,
  countReportRead,
  feesOfDay,
  reportBatches,
  reportCopyQuery,
  reportPage,
  reportPageRead,
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

/**
 * RFC 4180: a cell holding a line break is quoted. csv-stringify quotes a lone LF or CR only when asked once the
 * record delimiter is set; without it a name typed with a line break split its row in two.
 */
const CSV_OPTIONS = {
  bom: true,
  escape_formulas: true,
  record_delimiter: 'windows',
  quote_record_delimiter: true,
} as const;

/** Spanning more than this is almost surely a typo (year 2062), and would read the whole table. */
const MAX_RANGE_DAYS = 3 * 366;

function toReportRow(row: ReportBookingRow): ReportRow {
  const booked = bookedCounts(row);
  const types = CUSTOMER_TYPES.filter((type) => booked[type] > 0);
  return {
    _id: row.id,
    bookingId: row.bookingId,
    name: row.name,
    source: row.source,
    tour: row.tour,
    date: row.date,
    time: row.time,
    createdAt: isoInstant(row.createdAt),
    pax: row.pax,
    customers: listFromCounts(booked),
    attendees: listFromCounts(attendedCounts(row), types),
  };
}

const MAX_KNOWN_ZONES = 10_000;

/** A report request's filter, in the company's zone; 400 for a range that is reversed or too long. */
function reportFilter(companyId: string, request: ReportRequest, timezone: string): ReportFilter {
  const { startDate, endDate } = request;
  if (startDate > endDate) throw new BadRequestError('The range starts after it ends', 'VALIDATION');
  const days = (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000;
  if (days > MAX_RANGE_DAYS) throw new BadRequestError('A report covers at most three years', 'VALIDATION');
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
    sources: decodeNameList(request.sources),
    tours: decodeNameList(request.tours),
    onlyNoShows: request.onlyNoShows === true,
  };
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
  /** `pool` (PostgreSQL only) gives the CSV stream a client of its own for COPY. */
  constructor(
    private readonly tenancy: Tenancy,
    private readonly pool?: Pool,
  ) {}

  /**
   * Each company's zone as last read with a member: a page by booking date is prefetched with it (a page by tour day
   * does not depend on it). Should it have changed since, the prefetched page misses and is read again.
   */
  private readonly zones = new Map<string, string>();

  private get db() {
    return this.tenancy.db;
  }

  /** The reads `page` makes, known before the member is (route `config.prefetch`); none for an invalid request. */
  readonly reads = {
    page: (companyId: string, request: ReportRequest, page: number, pageSize: number): Prefetch[] => {
      let filter: ReportFilter;
      try {
        filter = reportFilter(companyId, request, this.zones.get(companyId) ?? 'UTC');
      } catch {
        return [];
      }
      return [
        ...(filter.onlyNoShows ? [] : [countReportRead(this.db, filter)]),
        ...(filter.field === 'date' ? [noShowSummaryRead(this.db, filter)] : []),
        reportPageRead(this.db, filter, page, pageSize),
      ];
    },
  };

  /** In the request's scope (a nested `run` joins it); its own when called outside one. */
  page(auth: AuthContext, request: ReportRequest, page: number, pageSize: number): Promise<ReportPage> {
    return this.tenancy.run(auth.companyId, async () => {
      const filter = await this.filter(auth, request);
      // The no-show report's totals (and, with only no-shows, its count) come from its bookings; any other count
      // from the per-day counts.
      const [count, summary, rows] = await Promise.all([
        filter.onlyNoShows ? undefined : countReport(this.db, filter),
        filter.field === 'date' ? summariseNoShows(this.db, filter) : undefined,
        reportPage(this.db, filter, page, pageSize),
      ]);
      const answer = { rows: rows.map(toReportRow), total: count ?? summary?.bookings ?? 0, page, pageSize };
      if (!summary) return answer;
      const missing = { Adults: summary.adults, Teens: summary.teens, Children: summary.children };
      return { ...answer, noShowTotals: listFromCounts(missing, CUSTOMER_TYPES) };
    });
  }

  /**
   * The full result as CSV (UTF-8 with a BOM, RFC 4180 quoting, formulas defused, CRLF). On PostgreSQL the database
   * writes the rows (COPY); on PGlite they are read in keyset batches and written by csv-stringify. Same bytes.
   */
  async csv(auth: AuthContext, request: ReportRequest, type: ReportType | undefined): Promise<Readable> {
    // The stream outlives the request's handler, so it opens its own scopes (the route opts out of the request's).
    const { tenancy } = this;
    const reportType = csvType(request, type);
    const filter = await tenancy.run(auth.companyId, () => this.filter(auth, request));
    const columns = REPORT_COLUMNS[reportType];
    const timezone = filter.timezone;
    if (this.pool) {
      const query = reportCopyQuery(
        filter,
        columns.map((c) => c.field),
        timezone,
      );
      return copyCsv(this.pool, filter.companyId, query, stringifySync([columns.map((c) => c.header)], CSV_OPTIONS));
    }
    const batches = reportBatches(this.db, filter);
    async function* records() {
      for (;;) {
        // One short transaction per batch: the company is set for each, and none stays open while the client reads.
        const next = await tenancy.run(filter.companyId, () => batches.next());
        if (next.done) return;
        for (const row of next.value) {
          const reportRow = toReportRow(row);
          yield columns.map((column) => column.value(reportRow, timezone));
        }
      }
    }
    const csv = stringify({ ...CSV_OPTIONS, header: true, columns: columns.map((c) => c.header) });
    // pipeline, not pipe: a query failing mid-stream must end the response, not hang it or crash the process.
    return pipeline(Readable.from(records()), csv, () => {});
  }

  async fees(auth: AuthContext, day: string): Promise<FeeRow[]> {
    const rows = await feesOfDay(this.db, auth.companyId, day);
    return rows.map((r) => ({
      date: day,
      tour: r.tour,
      source: r.source,
      attendees: listFromCounts({ Adults: r.adults, Teens: r.teens, Children: r.children }, CUSTOMER_TYPES),
    }));
  }

  private async filter(auth: AuthContext, request: ReportRequest): Promise<ReportFilter & { timezone: string }> {
    const { timezone } = await companyOf(this.db, auth);
    const filter = reportFilter(auth.companyId, request, timezone);
    // Bounded by the number of companies; a process serving more than this many forgets them all at once.
    if (this.zones.size >= MAX_KNOWN_ZONES) this.zones.clear();
    this.zones.set(auth.companyId, timezone);
    return { ...filter, timezone };
  }
}
