import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notes } from '../../db/schema';

export async function findNote(db: Db, companyId: string, uniqueId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ note: notes.note })
    .from(notes)
    .where(and(eq(notes.companyId, companyId), eq(notes.uniqueId, uniqueId)));
  return row?.note;
}

export async function upsertNote(
  db: Db,
  companyId: string,
  uniqueId: string,
  note: string,
  updatedBy: string,
): Promise<string> {
  const [row] = await db
    .insert(notes)
    .values({ companyId, uniqueId, note, updatedBy })
    .onConflictDoUpdate({ target: [notes.companyId, notes.uniqueId], set: { note, updatedBy, updatedAt: new Date() } })
    .returning({ note: notes.note });
  return row?.note ?? note;
}
