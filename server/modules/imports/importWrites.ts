import { sql } from 'drizzle-orm';
import type { BookingChange, BookingSnapshot } from '../../../src/domain/bookingChanges';
import { totalCount } from '../../../src/domain/customerTypes';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { newBookingReferences, REFERENCE_TRIES } from '../bookings/bookingReferences';

/** A booking an import writes, as the SQL below reads it from JSON. */
export interface ImportedRow {
  id: string;
  name: string;
  phone: string | null;
  date: string;
  time: string;
  tour: string;
  adults: number;
  teens: number;
  children: number;
  pax: number;
  modified_by: string;
}

/** The booking `snapshot` describes, as written by `modifiedBy`. */
export const importedRow = (snapshot: BookingSnapshot, id: string, modifiedBy: string): ImportedRow => ({
  id,
  name: snapshot.name,
  phone: snapshot.phone,
  date: snapshot.date,
  time: snapshot.time,
  tour: snapshot.tour,
  adults: snapshot.counts.Adults,
  teens: snapshot.counts.Teens,
  children: snapshot.counts.Children,
  pax: totalCount(snapshot.counts),
  modified_by: modifiedBy,
});

const FIELDS = `id uuid, name text, phone text, date date, time text, tour text, adults int, teens int, children int,
  pax int, modified_by text`;

// A batch is one statement with one JSON parameter: 500 rows as 7,500 bound values cost the drivers more than
// the database (bench/RESULTS.md, CSV import).

/**
 * Inserts new bookings, each with a reference of its own; answers them by id. A reference already taken in the
 * company skips its row (the transaction goes on), and the rows skipped are inserted again with new ones.
 */
export async function insertImported(
  db: Db,
  companyId: string,
  rows: Array<ImportedRow & { booking_id: string; source: string }>,
): Promise<Map<string, string>> {
  const references = new Map<string, string>();
  let pending = rows;
  for (let tries = 0; pending.length > 0; tries++) {
    if (tries === REFERENCE_TRIES) throw new Error('no free booking reference');
    const drawn = newBookingReferences(pending.length);
    const withReferences = pending.map((row, i) => ({ ...row, reference: drawn[i] as string }));
    const inserted = await queryRows<{ id: string; reference: string }>(
      db,
      sql`
      insert into bookings (company_id, id, booking_id, reference, name, phone, date, time, tour, source, adults, teens,
                            children, pax, modified_by)
      select ${companyId}::uuid, r.id, r.booking_id, r.reference, r.name, r.phone, r.date, r.time, r.tour, r.source,
             r.adults, r.teens, r.children, r.pax, r.modified_by
        from jsonb_to_recordset(${JSON.stringify(withReferences)}::jsonb)
          as r(${sql.raw(FIELDS)}, booking_id text, reference text, source text)
      on conflict (company_id, reference) do nothing
      returning id, reference`,
    );
    for (const row of inserted) references.set(row.id, row.reference);
    pending = pending.filter((row) => !references.has(row.id));
  }
  return references;
}

/**
 * Updates bookings still at their version and not cancelled (or cancelled too, with `reopen`: an undone import puts
 * back the bookings it cancelled); answers the ids it updated (the rest changed meanwhile).
 */
export async function updateImported(
  db: Db,
  companyId: string,
  rows: Array<ImportedRow & { version: number; cancelled: boolean; changes: BookingChange[] }>,
  { reopen = false } = {},
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const updated = await queryRows<{ id: string }>(
    db,
    sql`
    update bookings b
       set name = r.name, phone = r.phone, date = r.date, time = r.time, tour = r.tour, adults = r.adults,
           teens = r.teens, children = r.children, pax = r.pax, cancelled = r.cancelled, changes = r.changes,
           differences = null, modified_by = r.modified_by, version = b.version + 1, updated_at = now(),
           -- A file's phone is not the channel API's: a key no longer reads back one the file changed.
           phone_from_channel = b.phone_from_channel and b.phone is not distinct from r.phone
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(${sql.raw(FIELDS)}, version int, cancelled boolean, changes jsonb)
     where b.company_id = ${companyId}::uuid and b.id = r.id and b.version = r.version and (${reopen} or not b.cancelled)
    returning b.id`,
  );
  return new Set(updated.map((row) => row.id));
}
