import { and, asc, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReportField } from '../../../src/domain/reports';
import type { Db } from '../../db/client';
import { bookings, reportCounts } from '../../db/schema';
import { attendedSums, type BookingRow } from '../bookings/bookings.repository';
import { hasNoShow, missing } from './reports.noShows';

/** What a report row shows (reports.service toReportRow), and no more. */
const reportColumns = {
  id: bookings.id,
  bookingId: bookings.bookingId,
  reference: bookings.reference,
  name: bookings.name,
  source: bookings.source,
  tour: bookings.tour,
  date: bookings.date,
  time: bookings.time,
  createdAt: bookings.createdAt,
  pax: bookings.pax,
  cancelled: bookings.cancelled,
  adults: bookings.adults,
  teens: bookings.teens,
  children: bookings.children,
  attendedAdults: bookings.attendedAdults,
  attendedTeens: bookings.attendedTeens,
  attendedChildren: bookings.attendedChildren,
};
export type ReportBookingRow = Pick<BookingRow, keyof typeof reportColumns>;

export interface ReportFilter {
  companyId: string;
  field: ReportField;
  /** Tour days (field `date`) … */
  startDay: string;
  endDay: string;
  /** … or booking instants (field `createdAt`), already widened to whole days in the company's zone. */
  from: Date;
  to: Date;
  sources: string[];
  tours: string[];
  /** Only bookings with a no-show (src/domain/reports.ts `hasNoShow`); the no-show report's option. */
  onlyNoShows?: boolean;
}

/**
 * The no-show report's bookings by tour date, not cancelled; the reservation report's by booking instant, cancelled
 * ones included (marked in a column), as a channel's statement lists them.
 */
function where(filter: ReportFilter): SQL {
  const range =
    filter.field === 'date'
      ? and(between(bookings.date, filter.startDay, filter.endDay), eq(bookings.cancelled, false))
      : between(bookings.createdAt, filter.from, filter.to);
  return and(
    eq(bookings.companyId, filter.companyId),
    range,
    inArray(bookings.source, filter.sources),
    inArray(bookings.tour, filter.tours),
    filter.onlyNoShows ? hasNoShow : undefined,
  ) as SQL;
}

/**
 * One total order per field, so pages and the CSV's keyset batches never skip or repeat a booking. Each is an index's
 * order (bookings_slot_idx, bookings_created_idx): a page reads its rows off the index and stops, with no sort of
 * the whole range.
 */
function order(field: ReportField) {
  return field === 'date'
    ? [asc(bookings.date), asc(bookings.time), asc(bookings.tour), asc(bookings.id)]
    : [asc(bookings.createdAt), asc(bookings.id)];
}

/**
 * Sums the per-day counts (a few rows a day) instead of counting bookings. By creation day this is the same as the
 * instant range: rangeInstants spans exactly the first to the last instant of whole days in the company's zone.
 */
export async function countReport(db: Db, filter: ReportFilter): Promise<number> {
  const cancelled = filter.field === 'createdAt' ? await countCancelledMade(db, filter) : 0;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${reportCounts.n}), 0)::int` })
    .from(reportCounts)
    .where(
      and(
        eq(reportCounts.companyId, filter.companyId),
        eq(reportCounts.field, filter.field === 'date' ? 'date' : 'created'),
        between(reportCounts.day, filter.startDay, filter.endDay),
        inArray(reportCounts.source, filter.sources),
        inArray(reportCounts.tour, filter.tours),
      ),
    );
  return Number(row?.total ?? 0) + cancelled;
}

/** The cancelled bookings made in the range (bookings_cancelled_created_idx): report_counts leaves them out. */
async function countCancelledMade(db: Db, filter: ReportFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, filter.companyId),
        eq(bookings.cancelled, true),
        between(bookings.createdAt, filter.from, filter.to),
        inArray(bookings.source, filter.sources),
        inArray(bookings.tour, filter.tours),
      ),
    );
  return Number(row?.total ?? 0);
}

export function reportPage(db: Db, filter: ReportFilter, page: number, pageSize: number): Promise<ReportBookingRow[]> {
  return db
    .select(reportColumns)
    .from(bookings)
    .where(where(filter))
    .orderBy(...order(filter.field))
    .limit(pageSize)
    .offset(page * pageSize);
}

export const REPORT_BATCH_SIZE = 5000;

/** Where a batch ends, the next one starts after it. The creation instant as PostgreSQL writes it: microseconds. */
const batchKey = {
  date: bookings.date,
  time: bookings.time,
  tour: bookings.tour,
  id: bookings.id,
  createdAt: sql<string>`${bookings.createdAt}::text`,
};
export type BatchKey = { [K in keyof typeof batchKey]: string };

/**
 * One batch of the matching bookings in the report's order, starting after `after` (the last key of the batch before),
 * each as `record` (one CSV record, reports.csvCells.ts): memory stays flat however many match, and each batch is an
 * index range, not an offset. Only the last row's key is read in full: a million rows read faster with one column.
 */
export async function reportBatch(
  db: Db,
  filter: ReportFilter,
  record: SQL<string>,
  after: BatchKey | undefined,
  size = REPORT_BATCH_SIZE,
): Promise<{ records: string[]; last: BatchKey | undefined }> {
  // A row comparison, unlike an OR chain, is an index range: each batch starts where the last one ended.
  const resume: SQL | undefined = !after
    ? undefined
    : filter.field === 'date'
      ? sql`(${bookings.date}, ${bookings.time}, ${bookings.tour}, ${bookings.id}) > (${after.date}, ${after.time}, ${after.tour}, ${after.id})`
      : sql`(${bookings.createdAt}, ${bookings.id}) > (${after.createdAt}::timestamptz, ${after.id})`;
  const rows = await db
    .select({ id: bookings.id, record })
    .from(bookings)
    .where(resume ? and(where(filter), resume) : where(filter))
    .orderBy(...order(filter.field))
    .limit(size);
  const lastId = rows.length === size ? rows.at(-1)?.id : undefined;
  const [last] = lastId
    ? await db
        .select(batchKey)
        .from(bookings)
        .where(and(eq(bookings.companyId, filter.companyId), eq(bookings.id, lastId)))
    : [];
  return { records: rows.map((row) => row.record), last };
}

export interface FeeAggregate {
  date: string;
  tour: string;
  source: string;
  adults: number;
  teens: number;
  children: number;
}

/** Checked-in guests per tour day, tour and source, from the first day to the last (both included). */
export async function feesBetween(db: Db, companyId: string, from: string, to: string): Promise<FeeAggregate[]> {
  return db
    .select({ date: bookings.date, tour: bookings.tour, source: bookings.source, ...attendedSums })
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), between(bookings.date, from, to), eq(bookings.cancelled, false)))
    .groupBy(bookings.date, bookings.tour, bookings.source)
    .orderBy(asc(bookings.date), asc(bookings.tour), asc(bookings.source));
}

const missingSum = (booked: AnyPgColumn, attended: AnyPgColumn) =>
  sql<number>`coalesce(sum(${missing(booked, attended)}), 0)::int`;

export interface NoShowSummary {
  bookings: number;
  adults: number;
  teens: number;
  children: number;
}

/**
 * The no-show report's totals over every booking of the range (not a page): guests missing per type, and how many
 * bookings have a no-show (the report's total when it lists only those). A booking without a no-show adds nothing
 * to the sums, so they are the same with or without the option.
 */
export async function summariseNoShows(db: Db, filter: ReportFilter): Promise<NoShowSummary> {
  const [row] = await db
    .select({
      bookings: sql<number>`count(*) filter (where ${hasNoShow})::int`,
      adults: missingSum(bookings.adults, bookings.attendedAdults),
      teens: missingSum(bookings.teens, bookings.attendedTeens),
      children: missingSum(bookings.children, bookings.attendedChildren),
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, filter.companyId),
        between(bookings.date, filter.startDay, filter.endDay),
        eq(bookings.cancelled, false),
        inArray(bookings.source, filter.sources),
        inArray(bookings.tour, filter.tours),
      ),
    );
  return {
    bookings: Number(row?.bookings ?? 0),
    adults: Number(row?.adults ?? 0),
    teens: Number(row?.teens ?? 0),
    children: Number(row?.children ?? 0),
  };
}
