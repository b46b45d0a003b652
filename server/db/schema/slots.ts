import {
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
import { companies } from './companies';
import { users } from './members';
import { companyId, createdAt } from './columns';

// What belongs to a slot (day, time, tour) rather than a booking: its shift, guides and note.

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
