import { date, foreignKey, index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { companyId } from './columns';
import { tours } from './companies';

// When each tour runs: weekly departures, and one-day exceptions to them.

export const departures = pgTable(
  'departures',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    tourId: uuid('tour_id').notNull(),
    /** ISO weekdays it runs on: 1 Monday … 7 Sunday. */
    weekdays: smallint('weekdays').array().notNull(),
    /** Wall-clock start in the company's zone, HH:mm: the same time of day on both sides of a DST change. */
    time: text('time').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    /** Guests a departure takes at most; null when unlimited. */
    capacity: smallint('capacity'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('departures_tour_idx').on(t.companyId, t.tourId),
    foreignKey({ columns: [t.companyId, t.tourId], foreignColumns: [tours.companyId, tours.id] }).onDelete('cascade'),
  ],
);

export const departureExceptions = pgTable(
  'departure_exceptions',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    tourId: uuid('tour_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    /** `cancelled` takes a weekly departure out of that day; `extra` adds one. */
    kind: text('kind', { enum: ['cancelled', 'extra'] }).notNull(),
    capacity: smallint('capacity'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('departure_exceptions_day_idx').on(t.companyId, t.date),
    foreignKey({ columns: [t.companyId, t.tourId], foreignColumns: [tours.companyId, tours.id] }).onDelete('cascade'),
  ],
);
