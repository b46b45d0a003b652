import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, notes, shifts, sources, tours } from '../../db/schema';
import { UUID } from '../../lib/ids';

/** A company's tours or its sources: the lists a Manager keeps, alike but for what a rename carries. */
export type Catalog = typeof tours | typeof sources;
export type CatalogRow = { id: string; key: string; label: string; position: number; archivedAt: Date | null };

/** The company's entries in their order. */
export function listEntries(db: Db, table: Catalog, companyId: string): Promise<CatalogRow[]> {
  return db
    .select({
      id: table.id,
      key: table.key,
      label: table.label,
      position: table.position,
      archivedAt: table.archivedAt,
    })
    .from(table)
    .where(eq(table.companyId, companyId))
    .orderBy(asc(table.position), asc(table.label));
}

/** A source's scan pattern now, and set to `pattern` (null: none). */
export async function replaceScanPattern(
  db: Db,
  companyId: string,
  id: string,
  pattern: string | null,
): Promise<string | null> {
  const where = and(eq(sources.companyId, companyId), eq(sources.id, id));
  const [before] = await db.select({ pattern: sources.scanPattern }).from(sources).where(where);
  await db.update(sources).set({ scanPattern: pattern }).where(where);
  return before?.pattern ?? null;
}

/** An entry by its row id (`_id`) or its short key (`id`). */
export function entryMatches(table: Catalog, ref: string) {
  return UUID.test(ref) ? or(eq(table.id, ref), eq(table.key, ref)) : eq(table.key, ref);
}

export async function insertEntry(db: Db, table: Catalog, row: typeof tours.$inferInsert): Promise<void> {
  await db.insert(table).values(row);
}

export async function updateEntry(
  db: Db,
  table: Catalog,
  companyId: string,
  id: string,
  changes: { label?: string; position?: number; archivedAt?: Date | null },
): Promise<void> {
  await db
    .update(table)
    .set(changes)
    .where(and(eq(table.companyId, companyId), eq(table.id, id)));
}

/** Whether any booking names `label` as its tour (or source): a rename onto it would merge two. */
export async function bookingsName(db: Db, column: 'tour' | 'source', companyId: string, label: string) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings[column], label)))
    .limit(1);
  return row !== undefined;
}

/** Bookings (and with them the report counts, by trigger) follow a renamed tour or source. */
export async function renameInBookings(db: Db, column: 'tour' | 'source', companyId: string, from: string, to: string) {
  await db
    .update(bookings)
    .set({ [column]: to })
    .where(and(eq(bookings.companyId, companyId), eq(bookings[column], from)));
}

/** Slot notes and shifts are keyed `yyyy-MM-dd-HH:mm-<tour>` (17 characters before the tour): they follow it. */
export async function renameTourInSlots(db: Db, companyId: string, from: string, to: string): Promise<void> {
  await db
    .update(notes)
    .set({ uniqueId: sql`substr(${notes.uniqueId}, 1, 17) || ${to}` })
    .where(and(eq(notes.companyId, companyId), sql`substr(${notes.uniqueId}, 18) = ${from}`));
  await db
    .update(shifts)
    .set({ tour: to, shiftString: sql`substr(${shifts.shiftString}, 1, 17) || ${to}` })
    .where(and(eq(shifts.companyId, companyId), eq(shifts.tour, from)));
}

/** Each tour's other names, by the tour's row id. */
export async function listTourAliases(db: Db, companyId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ id: tours.id, aliases: tours.aliases })
    .from(tours)
    .where(eq(tours.companyId, companyId));
  return new Map(rows.map((row) => [row.id, row.aliases]));
}

export async function setTourAliases(db: Db, companyId: string, id: string, aliases: string[]): Promise<void> {
  await db
    .update(tours)
    .set({ aliases })
    .where(and(eq(tours.companyId, companyId), eq(tours.id, id)));
}

/**
 * Held until the transaction ends: the company's tour and source lists change one request at a time, and not while
 * a reader holds it `shared` (an import's batch, between reading the names and writing bookings under them).
 */
export async function lockCatalog(db: Db, companyId: string, { shared = false } = {}): Promise<void> {
  const key = sql`hashtextextended(${`catalog|${companyId}`}, 0)`;
  await db.execute(
    shared ? sql`select pg_advisory_xact_lock_shared(${key})` : sql`select pg_advisory_xact_lock(${key})`,
  );
}
