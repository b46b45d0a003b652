import { and, between, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { firstRow, type Prefetch } from '../../db/reads';
import { bookings } from '../../db/schema';
import { prepared } from '../../db/tenancy';
import type { ReportFilter } from './reports.repository';

const placeholder = sql.placeholder;

/** Guests of a type booked but not checked in, never below zero (src/domain/reports.ts `noShows`). */
export const missing = (booked: AnyPgColumn, attended: AnyPgColumn) => sql`greatest(${booked} - ${attended}, 0)`;

/** `hasNoShow` in SQL: fewer checked in than booked for at least one customer type. */
export const hasNoShow = sql`(${bookings.attendedAdults} < ${bookings.adults}
  or ${bookings.attendedTeens} < ${bookings.teens}
  or ${bookings.attendedChildren} < ${bookings.children})`;

const missingSum = (booked: AnyPgColumn, attended: AnyPgColumn, name: string) =>
  sql<number>`coalesce(sum(${missing(booked, attended)}), 0)::int`.as(name);

/**
 * The no-show report's totals over every booking of the range (not a page): guests missing per type, and how many
 * bookings have a no-show (the report's total when it lists only those). Unnamed, as the pages are: planned for each
 * range. A booking without a no-show adds nothing to the sums, so they are the same with or without the option.
 *
 * Aliased: prefetched on PGlite, a read comes back as JSON objects, where unnamed `coalesce` columns would clash.
 */
const noShowSummary = prepared((db) =>
  db
    .select({
      bookings: sql<number>`count(*) filter (where ${hasNoShow})::int`.as('bookings'),
      adults: missingSum(bookings.adults, bookings.attendedAdults, 'adults'),
      teens: missingSum(bookings.teens, bookings.attendedTeens, 'teens'),
      children: missingSum(bookings.children, bookings.attendedChildren, 'children'),
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, placeholder('companyId')),
        between(bookings.date, placeholder('start'), placeholder('end')),
        eq(bookings.cancelled, false),
        sql`${bookings.source} = any(${placeholder('sources')})`,
        sql`${bookings.tour} = any(${placeholder('tours')})`,
      ),
    )
    .prepare(''),
);

/** The summary's statement and values (a report by tour date only): run by `summariseNoShows`, or sent ahead. */
export const noShowSummaryRead = (db: Db, filter: ReportFilter) =>
  ({
    statement: noShowSummary(db),
    values: {
      companyId: filter.companyId,
      start: filter.startDay,
      end: filter.endDay,
      sources: filter.sources,
      tours: filter.tours,
    },
  }) satisfies Prefetch;

export interface NoShowSummary {
  bookings: number;
  adults: number;
  teens: number;
  children: number;
}

export async function summariseNoShows(db: Db, filter: ReportFilter): Promise<NoShowSummary> {
  const row = await firstRow(noShowSummaryRead(db, filter));
  return {
    bookings: Number(row?.bookings ?? 0),
    adults: Number(row?.adults ?? 0),
    teens: Number(row?.teens ?? 0),
    children: Number(row?.children ?? 0),
  };
}
