import { and, asc, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReportField } from '../../../src/domain/reports';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import type { BookingRow } from '../bookings/bookings.repository';

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
}

function where(filter: ReportFilter): SQL {
  const range =
    filter.field === 'date'
      ? between(bookings.date, filter.startDay, filter.endDay)
      : between(bookings.createdAt, filter.from, filter.to);
  return and(
    eq(bookings.companyId, filter.companyId),
    range,
    eq(bookings.cancelled, false),
    inArray(bookings.source, filter.sources),
    inArray(bookings.tour, filter.tours),
  ) as SQL;
}

/** One total order per field, so pages and the CSV's keyset batches never skip or repeat a booking. */
function order(field: ReportField) {
  return field === 'date'
    ? [asc(bookings.date), asc(bookings.time), asc(bookings.id)]
    : [asc(bookings.createdAt), asc(bookings.id)];
}

export async function countReport(db: Db, filter: ReportFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .where(where(filter));
  return Number(row?.total ?? 0);
}

export async function reportPage(db: Db, filter: ReportFilter, page: number, pageSize: number): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(where(filter))
    .orderBy(...order(filter.field))
    .limit(pageSize)
    .offset(page * pageSize);
}

/** Every matching booking in batches, resuming after the last one seen: memory stays flat however many match. */
export async function* reportBatches(db: Db, filter: ReportFilter, batchSize = 2000): AsyncGenerator<BookingRow[]> {
  let last: BookingRow | undefined;
  for (;;) {
    // A row comparison, unlike an OR chain, is an index range: each batch starts where the last one ended.
    const after: SQL | undefined = !last
      ? undefined
      : filter.field === 'date'
        ? sql`(${bookings.date}, ${bookings.time}, ${bookings.id}) > (${last.date}, ${last.time}, ${last.id})`
        : sql`(${bookings.createdAt}, ${bookings.id}) > (${last.createdAt}, ${last.id})`;
    const rows = await db
      .select()
      .from(bookings)
      .where(after ? and(where(filter), after) : where(filter))
      .orderBy(...order(filter.field))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    last = rows[rows.length - 1];
  }
}

export interface FeeAggregate {
  tour: string;
  source: string;
  adults: number;
  teens: number;
  children: number;
}

export async function feesOfDay(db: Db, companyId: string, day: string): Promise<FeeAggregate[]> {
  const rows = await db
    .select({
      tour: bookings.tour,
      source: bookings.source,
      adults: sql<number>`sum(${bookings.attendedAdults})::int`,
      teens: sql<number>`sum(${bookings.attendedTeens})::int`,
      children: sql<number>`sum(${bookings.attendedChildren})::int`,
    })
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.date, day), eq(bookings.cancelled, false)))
    .groupBy(bookings.tour, bookings.source)
    .orderBy(asc(bookings.tour), asc(bookings.source));
  return rows.map((r) => ({ ...r, adults: Number(r.adults), teens: Number(r.teens), children: Number(r.children) }));
}
