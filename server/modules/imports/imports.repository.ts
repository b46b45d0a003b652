import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ImportMapping } from '../../../src/domain/schemas/imports';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { events, importMappings } from '../../db/schema';

/** The company's remembered mappings, the latest first. */
export async function listMappings(db: Db, companyId: string): Promise<ImportMapping[]> {
  const rows = await db
    .select()
    .from(importMappings)
    .where(eq(importMappings.companyId, companyId))
    .orderBy(desc(importMappings.updatedAt), asc(importMappings.source));
  return rows.map((row) => ({ ...row.mapping, source: row.source }));
}

/** Keeps a mapping for its source and kind of file (`headerKey`), replacing the one kept for them before. */
export async function saveMapping(
  db: Db,
  companyId: string,
  { source, ...mapping }: ImportMapping,
  headerKey: string,
): Promise<void> {
  await db
    .insert(importMappings)
    .values({ companyId, source, headerKey, mapping })
    .onConflictDoUpdate({
      target: [importMappings.companyId, importMappings.source, importMappings.headerKey],
      set: { mapping, updatedAt: sql`now()` },
    });
}

/** An import as its own event recorded it, with its id (none on imports recorded before they had one). */
const importEvent = {
  id: events.id,
  importId: events.operationId,
  at: events.at,
  by: events.memberName,
  after: events.after,
};
export type ImportEvent = { id: number; importId: string | null; at: Date; by: string; after: unknown };

export function recentImportEvents(db: Db, companyId: string, limit: number): Promise<ImportEvent[]> {
  return db
    .select(importEvent)
    .from(events)
    .where(and(eq(events.companyId, companyId), eq(events.kind, 'bookings.imported')))
    .orderBy(desc(events.id))
    .limit(limit);
}

/** The event that ended an import, by the import's id. */
export async function findImportEvent(db: Db, companyId: string, importId: string): Promise<ImportEvent | undefined> {
  const [row] = await db
    .select(importEvent)
    .from(events)
    .where(and(eq(events.companyId, companyId), eq(events.operationId, importId), eq(events.kind, 'bookings.imported')))
    .limit(1);
  return row;
}

export interface RefusedChangeRow {
  id: number;
  at: Date | string;
  by: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  booking: { _id: string; bookingId: string; name: string; source: string; date: string; time: string; tour: string };
}

/** The channel writes and import rows refused for their bookings' check-ins, the latest first, with the booking now. */
export function listRefusedChanges(db: Db, companyId: string, limit: number): Promise<RefusedChangeRow[]> {
  return queryRows<RefusedChangeRow>(
    db,
    sql`select e.id, e.at, e.member_name as by, e.before, e.after,
               json_build_object('_id', b.id, 'bookingId', b.booking_id, 'name', b.name, 'source', b.source,
                                 'date', to_char(b.date, 'YYYY-MM-DD'), 'time', b.time, 'tour', b.tour) as booking
          from events e
          join bookings b on b.company_id = e.company_id and b.id = e.booking_ids[1]
         where e.company_id = ${companyId}::uuid and e.kind = 'booking.changeRefused'
         order by e.id desc
         limit ${limit}`,
  );
}
