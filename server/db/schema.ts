import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const companyId = () => uuid('company_id').notNull();

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull().default('UTC'),
  beforeTime: integer('before_time').notNull().default(60),
  afterTime: integer('after_time').notNull().default(60),
  /** Nullable on purpose: only an explicit false lifts the guide visibility window (spec §4). */
  hideBookings: boolean('hide_bookings'),
  unlockBookings: boolean('unlock_bookings').notNull().default(false),
  showPhoneToManagers: boolean('show_phone_to_managers').notNull().default(true),
  showPhoneToGuides: boolean('show_phone_to_guides').notNull().default(false),
  display: boolean('display').notNull().default(false),
  hideSourcesCopyOnly: boolean('hide_sources_copy_only').notNull().default(false),
  displaySourcesModal: boolean('display_sources_modal').notNull().default(false),
  detailedShifts: boolean('detailed_shifts').notNull().default(false),
  createdAt: createdAt(),
});

export const tours = pgTable(
  'tours',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    /** The spec's short `id` of a tour (e.g. "old-town"), distinct from the row id `_id`. */
    key: text('key').notNull(),
    label: text('label').notNull(),
    color: text('color').notNull().default('default'),
    flag: text('flag').notNull().default('none'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('tours_company_label_key').on(t.companyId, t.label),
    foreignKey({ columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);

export const sources = pgTable(
  'sources',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('sources_company_label_key').on(t.companyId, t.label),
    foreignKey({ columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);

export const users = pgTable(
  'users',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['Manager', 'Guide'] }).notNull(),
    assignable: boolean('assignable').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    /** Access tokens carry it; a password change bumps it, so every other session's token stops at once. */
    sessionVersion: integer('session_version').notNull().default(1),
    /** Deleted members keep their row so past shifts and check-ins still name them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('users_active_email_key')
      .on(t.email)
      .where(sql`${t.deletedAt} is null`),
    foreignKey({ columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    /** One family per sign-in; reuse of a rotated token revokes the whole family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.companyId, t.familyId),
    index('refresh_tokens_user_idx').on(t.companyId, t.userId),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    /** The channel's own reference; empty when none was given, 'Manually added' for manual bookings. */
    bookingId: text('booking_id').notNull().default(''),
    name: text('name').notNull(),
    phone: text('phone'),
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
    differences: text('differences'),
    guide: text('guide'),
    /** Optimistic concurrency: an edit based on an older version is refused with 409. */
    version: integer('version').notNull().default(1),
    // Milliseconds, as JavaScript dates hold: the report stream resumes after the last row's exact createdAt.
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // A slot's bookings, and report pages by tour day in (date, time, tour, id) order.
    index('bookings_slot_idx').on(t.companyId, t.date, t.time, t.tour, t.id),
    // Reservation reports page and stream in (createdAt, id) order.
    index('bookings_created_idx').on(t.companyId, t.createdAt, t.id),
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

export const shifts = pgTable(
  'shifts',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    shiftString: text('shift_string').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    tour: text('tour').notNull(),
    totalAdults: smallint('total_adults').notNull().default(0),
    totalTeens: smallint('total_teens').notNull().default(0),
    totalChildren: smallint('total_children').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('shifts_company_string_key').on(t.companyId, t.shiftString),
    index('shifts_company_date_idx').on(t.companyId, t.date),
    foreignKey({ columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);

export const shiftGuides = pgTable(
  'shift_guides',
  {
    companyId: companyId(),
    shiftId: uuid('shift_id').notNull(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    adults: smallint('adults').notNull().default(0),
    teens: smallint('teens').notNull().default(0),
    children: smallint('children').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.shiftId, t.userId] }),
    index('shift_guides_user_idx').on(t.companyId, t.userId),
    foreignKey({ columns: [t.companyId, t.shiftId], foreignColumns: [shifts.companyId, shifts.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }),
  ],
);

export const notes = pgTable(
  'notes',
  {
    companyId: companyId(),
    /** day-time-tour, the spec's note key. */
    uniqueId: text('unique_id').notNull(),
    note: text('note').notNull().default(''),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.uniqueId] }),
    foreignKey({ columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);

/**
 * @fastify/rate-limit's counts (server/lib/rateLimitStore.ts), shared by every server process on one database. Not a
 * tenant table: sign-in and signup are counted before any company is known, so no company_id and no row-level
 * security. `key` is a SHA-256 hex of the route's namespace and the limiter's key, which holds an email and an address.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // The sweep of expired windows reads this index; `hits` alone changes on most upserts, which stay HOT updates.
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
