import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shiftGuides, shifts } from '../../db/schema';

// A shift's split follows the slot's bookings, so its writer (shiftHeads.ts) and these queries live with the bookings;
// the shifts module reads shifts through them and answers its own reports.
export type ShiftRow = typeof shifts.$inferSelect;
export type ShiftGuideRow = typeof shiftGuides.$inferSelect;

/**
 * Held until the transaction ends: a slot's split is recomputed from its bookings one write at a time, so each sees the
 * bookings the one before it committed. Several at once are taken in one order, so two writes never wait on each other.
 */
export async function lockShifts(db: Db, companyId: string, shiftStrings: string[]): Promise<void> {
  for (const key of [...new Set(shiftStrings)].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`shift|${companyId}|${key}`}, 0))`);
  }
}

export async function findShift(
  db: Db,
  companyId: string,
  shiftString: string,
): Promise<{ shift: ShiftRow; guides: ShiftGuideRow[] } | undefined> {
  const [shift] = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.companyId, companyId), eq(shifts.shiftString, shiftString)));
  if (!shift) return undefined;
  const guides = await db
    .select()
    .from(shiftGuides)
    .where(and(eq(shiftGuides.companyId, companyId), eq(shiftGuides.shiftId, shift.id)))
    .orderBy(asc(shiftGuides.position));
  return { shift, guides };
}

export async function upsertShift(db: Db, row: typeof shifts.$inferInsert): Promise<string> {
  const [saved] = await db
    .insert(shifts)
    .values(row)
    .onConflictDoUpdate({
      target: [shifts.companyId, shifts.shiftString],
      set: {
        totalAdults: row.totalAdults,
        totalTeens: row.totalTeens,
        totalChildren: row.totalChildren,
        updatedAt: new Date(),
      },
    })
    .returning({ id: shifts.id });
  if (!saved) throw new Error('shift upsert returned nothing');
  return saved.id;
}

export async function replaceShiftGuides(
  db: Db,
  companyId: string,
  shiftId: string,
  rows: Array<Omit<typeof shiftGuides.$inferInsert, 'companyId' | 'shiftId'>>,
): Promise<void> {
  await db.delete(shiftGuides).where(and(eq(shiftGuides.companyId, companyId), eq(shiftGuides.shiftId, shiftId)));
  if (rows.length > 0) await db.insert(shiftGuides).values(rows.map((r) => ({ ...r, companyId, shiftId })));
}
