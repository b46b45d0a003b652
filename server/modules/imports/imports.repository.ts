import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { ImportStatus } from '../../../src/domain/imports';
import type { ImportMapping } from '../../../src/domain/schemas/imports';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { importMappings, imports } from '../../db/schema';

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

export type ImportRow = typeof imports.$inferSelect;
/** What a batch adds to its import's counts. */
export type ImportCounts = Pick<ImportRow, 'created' | 'updated' | 'cancelled' | 'rejected'>;

/** An import's start, before its first row is read. */
export async function startImport(
  db: Db,
  companyId: string,
  start: { id: string; fileName: string; memberId: string; memberName: string; at: Date },
): Promise<void> {
  const { at, ...row } = start;
  await db.insert(imports).values({ companyId, ...row, startedAt: at, aliveAt: at, status: 'running' });
}

const running = (companyId: string, id: string) =>
  and(eq(imports.companyId, companyId), eq(imports.id, id), eq(imports.status, 'running'));

/**
 * A batch's counts, in its transaction: what it committed is counted once it commits. False when the import no longer
 * runs (a Manager undid it as interrupted meanwhile).
 */
export async function countImportBatch(
  db: Db,
  companyId: string,
  id: string,
  counts: ImportCounts,
  at: Date,
): Promise<boolean> {
  const counted = await db
    .update(imports)
    .set({
      created: sql`${imports.created} + ${counts.created}`,
      updated: sql`${imports.updated} + ${counts.updated}`,
      cancelled: sql`${imports.cancelled} + ${counts.cancelled}`,
      rejected: sql`${imports.rejected} + ${counts.rejected}`,
      aliveAt: at,
    })
    .where(running(companyId, id))
    .returning({ id: imports.id });
  return counted.length > 0;
}

/** A running import's sign of life while it waits for its file. */
export async function markImportAlive(db: Db, companyId: string, id: string, at: Date): Promise<void> {
  await db.update(imports).set({ aliveAt: at }).where(running(companyId, id));
}

/** Ends a running import; answers it as ended (undefined when it had ended already). */
export async function endImport(
  db: Db,
  companyId: string,
  id: string,
  status: Exclude<ImportStatus, 'running'>,
  at: Date,
): Promise<ImportRow | undefined> {
  const [ended] = await db
    .update(imports)
    .set({ status, endedAt: at, aliveAt: at })
    .where(running(companyId, id))
    .returning();
  return ended;
}

/** The latest imports that wrote a booking, and those running (or were, when their process died). */
export function listRecentImports(db: Db, companyId: string, limit: number): Promise<ImportRow[]> {
  return db
    .select()
    .from(imports)
    .where(
      and(
        eq(imports.companyId, companyId),
        or(sql`${imports.created} + ${imports.updated} + ${imports.cancelled} > 0`, eq(imports.status, 'running')),
      ),
    )
    .orderBy(desc(imports.startedAt))
    .limit(limit);
}

/** An import by its id, locked until commit when `lock`: its batches and its undo take their turns. */
export async function findImport(
  db: Db,
  companyId: string,
  id: string,
  { lock = false } = {},
): Promise<ImportRow | undefined> {
  const query = db
    .select()
    .from(imports)
    .where(and(eq(imports.companyId, companyId), eq(imports.id, id)));
  const [row] = lock ? await query.for('update') : await query;
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
