import { sql } from 'drizzle-orm';
import { bigint, date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyId } from './columns';

/**
 * Every change, as it happened: appended in the transaction of the change, never updated or deleted (the
 * app's role may only insert and read, migration 0014). The id is the event's place in its company's log, counted
 * per company (`event_log_heads`), so it says nothing of what other companies write; it orders the company's events
 * as they committed, so a stream resumes after the last id it sent.
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).notNull(),
    companyId: companyId(),
    kind: text('kind').notNull(),
    /** The bookings it changed; empty for a slot's or the company's change. */
    bookingIds: uuid('booking_ids').array().notNull().default([]),
    /** The slot it happened in, when it happened in one. */
    day: date('day', { mode: 'string' }),
    time: text('time'),
    tour: text('tour'),
    memberId: uuid('member_id'),
    /** Who, as they were named then: a member deleted later still shows in the history. */
    memberName: text('member_name').notNull(),
    deviceId: text('device_id'),
    userAgent: text('user_agent'),
    /** The client's id for the operation (its Idempotency-Key): one event however often it was retried. */
    operationId: text('operation_id'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('events_booking_idx').using('gin', t.bookingIds),
    index('events_slot_idx').on(t.companyId, t.day, t.time, t.tour, t.id),
    // An import's events carry its id: undoing it finds them, and its undo, by that id.
    index('events_operation_idx')
      .on(t.companyId, t.operationId)
      .where(sql`${t.operationId} is not null`),
  ],
);

/**
 * The last event id each company has given: an append takes the next ones from here, and the row's lock, held until
 * commit, makes the company's events commit in the order of their ids.
 */
export const eventLogHeads = pgTable('event_log_heads', {
  companyId: companyId().primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
});
