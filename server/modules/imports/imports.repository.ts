import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ImportMapping } from '../../../src/domain/schemas/imports';
import { lockNames } from '../../db/advisoryLocks';
import type { Db } from '../../db/client';
import { bookings, events, importMappings } from '../../db/schema';
import { bookingColumns, type BookingRow } from '../bookings/bookings.repository';

/** A booking's channel identity: its source and the channel's booking id. */
export const referenceKey = (source: string, reference: string) => `${source}\u0000${reference}`;

/** The company's bookings with these references, by reference; the oldest when a reference was booked twice. */
export async function findByReferences(
  db: Db,
  companyId: string,
  wanted: Array<{ source: string; reference: string }>,
): Promise<Map<string, BookingRow>> {
  const found = new Map<string, BookingRow>();
  if (wanted.length === 0) return found;
  const sources = [...new Set(wanted.map((w) => w.source))];
  const references = [...new Set(wanted.map((w) => w.reference))];
  const rows = await db
    .select(bookingColumns)
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, companyId),
        inArray(bookings.source, sources),
        inArray(bookings.bookingId, references),
      ),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  // Oldest last, so it is the one kept.
  for (const row of rows) found.set(referenceKey(row.source, row.bookingId), row);
  return found;
}

/** The channel API's lock (channelBookings.repository.ts), on many references at once, in one order: no deadlock. */
export async function lockReferences(db: Db, companyId: string, keys: Array<{ source: string; reference: string }>) {
  await lockNames(
    db,
    keys.map((k) => `${companyId}|${k.source}|${k.reference}`),
  );
}

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
