import { importStatus } from '../../../src/domain/imports';
import { importUndoDeadline, importUndoState } from '../../../src/domain/importUndo';
import type { PastImport } from '../../../src/domain/schemas/imports';
import type { Db } from '../../db/client';
import type { ImportRow } from './imports.repository';
import { countChangedSince, findUndoEvents } from './importUndo.repository';

/** When an import ended, for its undo: an interrupted one, when it was last heard of. */
export const importEndedAt = (row: ImportRow): Date => row.endedAt ?? row.aliveAt;

/**
 * Imports as Recent imports lists them, each read at `now`: how it stands, and whether it may be undone (its
 * bookings' changes since are read while it may be).
 */
export async function pastImports(tx: Db, companyId: string, rows: ImportRow[], now: Date): Promise<PastImport[]> {
  const read = rows.map((row) => ({
    row,
    status: importStatus(row.status, row.aliveAt, now),
    endedAt: importEndedAt(row),
  }));
  const undone = await findUndoEvents(
    tx,
    companyId,
    rows.flatMap((row) => (row.recorded ? [row.id] : [])),
  );
  const open = read.flatMap(({ row, status, endedAt }) =>
    row.recorded && status !== 'running' && !undone.has(row.id) && importUndoDeadline(endedAt) >= now ? [row.id] : [],
  );
  const changed = await countChangedSince(tx, companyId, open);
  return read.map(({ row, status, endedAt }) => {
    const undoneBy = undone.get(row.id);
    const changedSince = changed.get(row.id) ?? 0;
    const running = status === 'running';
    const facts = { endedAt, recorded: row.recorded, running, undone: !!undoneBy, changedSince };
    return {
      _id: row.id,
      at: (running ? row.startedAt : endedAt).toISOString(),
      by: row.memberName,
      fileName: row.fileName,
      status,
      created: row.created,
      updated: row.updated,
      cancelled: row.cancelled,
      rejected: row.rejected,
      undo: importUndoState(facts, now),
      undoUntil: importUndoDeadline(endedAt).toISOString(),
      changedSince,
      undone: undoneBy ? { by: undoneBy.by, at: undoneBy.at.toISOString() } : null,
    };
  });
}
