import {
  boolean,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companyId, createdAt, language, languageCheck } from './columns';

// A company (a tenant) and the tours and sources its bookings name.

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    /** The zone is sign-up's guess (the browser's, or UTC) until a Manager confirms or changes it. */
    timezoneGuessed: boolean('timezone_guessed').notNull().default(false),
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
    /** What a new member speaks until they pick their own. */
    defaultLanguage: language('default_language'),
    createdAt: createdAt(),
  },
  (t) => [languageCheck('companies_default_language_check', t.defaultLanguage)],
);

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
    /** The names channels' files and calls use for this tour ("Amsterdam: 75-Minute Canal Cruise"). */
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** An archived tour leaves the timetable and the pickers; its bookings and reports keep it. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
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
    /** A regular expression whose first group finds the channel's reference in a scanned voucher. */
    scanPattern: text('scan_pattern'),
    /** An archived source is offered for no new booking; its bookings and reports keep it. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('sources_company_label_key').on(t.companyId, t.label),
    foreignKey({ columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);
