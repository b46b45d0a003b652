import { and, asc, eq, sql } from 'drizzle-orm';
import type { ChangedBooking } from '../../../src/domain/schemas/imports';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { bookings, events } from '../../db/schema';
import type { Facts } from '../eventLog/eventLog';
import { bookingColumns, type BookingRow } from '../bookings/bookings.repository';

// An import's events carry its id (`operation_id`): one per booking it wrote, then its own (`bookings.imported`),
// and its undo's own (`bookings.importUndone`).

const BOOKING_KINDS = sql`('booking.added', 'booking.edited', 'booking.cancelled')`;
/** Many ids as one JSON parameter, as the import's writes send their rows. */
const idList = (ids: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** Who undid each of these imports, and when. */
export async function findUndoEvents(db: Db, companyId: string, importIds: string[]) {
  const undone = new Map<string, { by: string; at: Date }>();
  if (importIds.length === 0) return undone;
  const rows = await db
    .select({ importId: events.operationId, by: events.memberName, at: events.at })
    .from(events)
    .where(
      and(
        eq(events.companyId, companyId),
        eq(events.kind, 'bookings.importUndone'),
        sql`${events.operationId} in ${idList(importIds)}`,
      ),
    );
  for (const { importId, by, at } of rows) if (importId) undone.set(importId, { by, at });
  return undone;
}

/** The bookings an import wrote, locked until commit (in one order, so two undos cannot deadlock). */
export function lockImportedBookings(db: Db, companyId: string, importId: string): Promise<BookingRow[]> {
  return db
    .select(bookingColumns)
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, companyId),
        sql`${bookings.id} in (select e.booking_ids[1] from events e
          where e.company_id = ${companyId}::uuid and e.operation_id = ${importId} and e.kind in ${BOOKING_KINDS})`,
      ),
    )
    .orderBy(asc(bookings.id))
    .for('update');
}

export interface ImportedEvent {
  kind: string;
  bookingId: string;
  before: Facts | null;
}

/** The event the import wrote on each of its bookings. */
export function importedEvents(db: Db, companyId: string, importId: string): Promise<ImportedEvent[]> {
  return queryRows<ImportedEvent>(
    db,
    sql`select kind, booking_ids[1] as "bookingId", before from events
         where company_id = ${companyId}::uuid and operation_id = ${importId} and kind in ${BOOKING_KINDS}`,
  );
}

/**
 * Per import and booking, the first event on the booking after the import's own event on it: a check-in, an edit,
 * another import… (not a refused change). Only events since the imports' first are read (at most a day's, as undo
 * goes).
 */
const changedSince = (companyId: string, importIds: string[]) => sql`
  with imported as (
    select e.operation_id as import_id, e.id, e.booking_ids[1] as booking_id
      from events e
     where e.company_id = ${companyId}::uuid and e.operation_id in ${idList(importIds)} and e.kind in ${BOOKING_KINDS}
  ), later as (
    select l.id, l.kind, u.booking_id
      from events l cross join lateral unnest(l.booking_ids) as u(booking_id)
     where l.company_id = ${companyId}::uuid and l.id > (select min(id) from imported)
       -- A change refused for the booking's check-ins changed nothing.
       and l.kind <> 'booking.changeRefused'
  )
  select distinct on (i.import_id, i.booking_id) i.import_id, i.booking_id, later.id, later.kind
    from imported i join later on later.booking_id = i.booking_id and later.id > i.id
   order by i.import_id, i.booking_id, later.id`;

/** How many of each import's bookings were checked in or changed since it. */
export async function countChangedSince(db: Db, companyId: string, importIds: string[]) {
  const counts = new Map<string, number>();
  if (importIds.length === 0) return counts;
  const rows = await queryRows<{ import_id: string; n: number }>(
    db,
    sql`select import_id, count(*)::int as n from (${changedSince(companyId, importIds)}) c group by import_id`,
  );
  for (const { import_id, n } of rows) counts.set(import_id, n);
  return counts;
}

/** An import's bookings checked in or changed since it, the earliest changed first: how many, and the first few. */
export async function listChangedSince(db: Db, companyId: string, importId: string, limit: number) {
  const rows = await queryRows<ChangedBooking & { total: number }>(
    db,
    sql`select c.booking_id as "_id", b.booking_id as "bookingId", b.name, c.kind as change,
               count(*) over ()::int as total
          from (${changedSince(companyId, [importId])}) c
          join bookings b on b.company_id = ${companyId}::uuid and b.id = c.booking_id
         order by c.id
         limit ${limit}`,
  );
  return { total: rows[0]?.total ?? 0, bookings: rows.map(({ total: _total, ...booking }) => booking) };
}
