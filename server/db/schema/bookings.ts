import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './companies';
import { companyId } from './columns';
import type { BookingChange } from '../../../src/domain/bookingChanges';

// Bookings, and the per-day counts that keep report totals fast.

export const bookings = pgTable(
  'bookings',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    /** The channel's own reference; empty when none was given, 'Manually added' for manual bookings. */
    bookingId: text('booking_id').notNull().default(''),
    /** Tourdesk's own short code for the booking (its QR and a guide's scan), unique per company. */
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** The phone is the one a channel sent through the API: only such a phone is shown back to the channel's keys. */
    phoneFromChannel: boolean('phone_from_channel').notNull().default(false),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    tour: text('tour').notNull(),
    source: text('source').notNull(),
    /** Counts per customer type as columns, so reports over millions of bookings aggregate from indexes. */
    adults: smallint('adults').notNull().default(0),
    teens: smallint('teens').notNull().default(0),
    children: smallint('children').notNull().default(0),
    attendedAdults: smallint('attended_adults').notNull().default(0),
    attendedTeens: smallint('attended_teens').notNull().default(0),
    attendedChildren: smallint('attended_children').notNull().default(0),
    pax: smallint('pax').notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    manual: boolean('manual').notNull().default(false),
    modifiedBy: text('modified_by'),
    /** What the last edit changed, shown to each viewer without the fields they may not see (bookings.mapper). */
    changes: jsonb('changes').$type<BookingChange[]>(),
    /** The last edit's account as text, from before `changes` (migration 0009): filtered by its labels when shown. */
    differences: text('differences'),
    /** The member who leads the booking; `guide` is their name as shown (it stays when they leave). */
    guideId: uuid('guide_id'),
    guide: text('guide'),
    /** Optimistic concurrency: an edit based on an older version is refused with 409. */
    version: integer('version').notNull().default(1),
    // Milliseconds, as JavaScript dates hold: the report stream resumes after the last row's exact createdAt, and
    // the channel's change list after the last row's exact updatedAt (a whole import batch shares one `now()`).
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // A slot's bookings, and report pages by tour day in (date, time, tour, id) order.
    index('bookings_slot_idx').on(t.companyId, t.date, t.time, t.tour, t.id),
    // A guide's bookings over a range of days (time-range reports).
    index('bookings_guide_idx').on(t.companyId, t.guideId, t.date),
    // Reservation reports page and stream in (createdAt, id) order.
    index('bookings_created_idx').on(t.companyId, t.createdAt, t.id),
    // The reservation report's total adds the cancelled bookings made in its range, which report_counts leaves out.
    index('bookings_cancelled_created_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`${t.cancelled}`),
    // A channel's booking by its own reference (the channel API and CSV imports), and what changed since a time.
    index('bookings_channel_idx').on(t.companyId, t.source, t.bookingId),
    uniqueIndex('bookings_reference_key').on(t.companyId, t.reference),
    // A scanned voucher's channel reference, whatever its source and case.
    index('bookings_channel_ref_idx').on(t.companyId, sql`lower(${t.bookingId})`),
    index('bookings_updated_idx').on(t.companyId, t.updatedAt, t.id),
    foreignKey({ columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);

/**
 * Non-cancelled bookings per day, source and tour, by tour date (`date`) and by the booking's day in the company's
 * timezone (`created`): a report total sums at most days × sources × tours rows instead of counting bookings.
 * Kept exact by triggers on bookings and on companies.timezone (migration 0003); never written by the app.
 */
export const reportCounts = pgTable(
  'report_counts',
  {
    companyId: companyId(),
    field: text('field', { enum: ['date', 'created'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    tour: text('tour').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.field, t.day, t.source, t.tour] }),
    foreignKey({ columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);
