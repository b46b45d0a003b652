import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import type { ReportFilter } from './reports.repository';

/** Guests of a type booked but not checked in, never below zero (src/domain/reports.ts `noShows`). */
export const missing = (booked: AnyPgColumn, attended: AnyPgColumn) => sql`greatest(${booked} - ${attended}, 0)`;

/** `hasNoShow` in SQL: fewer checked in than booked for at least one customer type. */
export const hasNoShow = sql`(${bookings.attendedAdults} < ${bookings.adults}
  or ${bookings.attendedTeens} < ${bookings.teens}
  or ${bookings.attendedChildren} < ${bookings.children})`;

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
