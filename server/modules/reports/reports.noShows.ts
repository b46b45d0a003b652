import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bookings } from '../../db/schema';

/** Guests of a type booked but not checked in, never below zero (src/domain/reports.ts `noShows`). */
export const missing = (booked: AnyPgColumn, attended: AnyPgColumn) => sql`greatest(${booked} - ${attended}, 0)`;

/** `hasNoShow` in SQL: fewer checked in than booked for at least one customer type. */
export const hasNoShow = sql`(${bookings.attendedAdults} < ${bookings.adults}
  or ${bookings.attendedTeens} < ${bookings.teens}
  or ${bookings.attendedChildren} < ${bookings.children})`;
