import { bookingChanges, type BookingSnapshot } from '../../../src/domain/bookingChanges';
import { importStatus } from '../../../src/domain/imports';
import { importUndoState, type ImportUndoState } from '../../../src/domain/importUndo';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../db/signedIn';
import { ConflictError, NotFoundError } from '../../errors';
import { rowSnapshot, slotOfBooking, snapshotFacts, withFacts } from '../bookings/bookingFacts';
import { changedFacts, recordEvents, type Change, type Facts } from '../eventLog/eventLog';
import { endImport, findImport, type ImportRow } from './imports.repository';
import { importEndedAt } from './pastImports';
import { findUndoEvents, importedEvents, listChangedSince, lockImportedBookings } from './importUndo.repository';
import { importedRow, updateImported } from './importWrites';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

/** Bookings named in a refusal for changes since; the count covers them all. */
const CHANGED_LISTED = 20;

const CHANGE_WORDS: Record<string, string> = {
  'booking.checkedIn': 'checked in',
  'booking.edited': 'edited',
  'booking.cancelled': 'cancelled',
  'booking.added': 'added',
  'booking.guideAssigned': 'given a guide',
};

function refusal(state: Exclude<ImportUndoState, 'possible'>, undone: { by: string; at: Date } | undefined) {
  switch (state) {
    case 'undone':
      return new ConflictError(`This import was already undone by ${undone?.by ?? 'someone'}`, 'IMPORT_ALREADY_UNDONE');
    case 'expired':
      return new ConflictError(
        'This import ended more than 24 hours ago: it can no longer be undone',
        'IMPORT_UNDO_EXPIRED',
      );
    default:
      return new ConflictError(ERROR_MESSAGES.IMPORT_NOT_UNDOABLE, 'IMPORT_NOT_UNDOABLE');
  }
}

/**
 * Undoes an import in the caller's transaction, all or nothing: each booking it created is cancelled, each it updated
 * or cancelled is put back as it was, one event each, then one for the undo. Refused (409) past 24 hours, when undone
 * already, or when any of its bookings has an event after the import's own: a check-in, an edit, another import.
 * The bookings are locked first: a check-in racing the undo has either committed (and its event is seen) or waits,
 * then finds the booking at a new version.
 */
export async function undoImport(tx: Db, auth: AuthContext, importId: string, now: Date): Promise<ImportRow> {
  const { companyId } = auth;
  // Locked: a batch of this import, were it still to write, waits, then finds it ended.
  let own = await findImport(tx, companyId, importId, { lock: true });
  if (!own) throw new NotFoundError('Import not found');
  const status = importStatus(own.status, own.aliveAt, now);
  if (status === 'running') {
    throw new ConflictError(ERROR_MESSAGES.IMPORT_RUNNING, 'IMPORT_RUNNING');
  }
  // Its process died mid-file: it ended when it was last heard of.
  if (own.status === 'running') own = (await endImport(tx, companyId, importId, 'interrupted', own.aliveAt)) ?? own;
  const rows = await lockImportedBookings(tx, companyId, importId);
  const undone = (await findUndoEvents(tx, companyId, [importId])).get(importId);
  const changed = await listChangedSince(tx, companyId, importId, CHANGED_LISTED);
  const state = importUndoState(
    {
      endedAt: importEndedAt(own),
      recorded: own.recorded,
      running: false,
      undone: !!undone,
      changedSince: changed.total,
    },
    now,
  );
  if (state === 'changed') {
    const named = changed.bookings.map((b) => `${b.name} (${b.bookingId}) ${CHANGE_WORDS[b.change] ?? 'changed'}`);
    const more = changed.total > named.length ? `, and ${changed.total - named.length} more` : '';
    throw new ConflictError(
      `${changed.total} of this import's bookings ${changed.total === 1 ? 'was' : 'were'} checked in or changed ` +
        `since: ${named.join(', ')}${more}. Change them back by hand instead.`,
      'IMPORT_CHANGED_SINCE',
      { details: { changed: changed.total, bookings: changed.bookings } },
    );
  }
  if (state !== 'possible') throw refusal(state, undone);

  const wrote = new Map((await importedEvents(tx, companyId, importId)).map((e) => [e.bookingId, e]));
  const restored = rows.flatMap((row) => {
    const event = wrote.get(row.id);
    if (!event) return [];
    const before = rowSnapshot(row);
    const wanted: BookingSnapshot =
      event.kind === 'booking.added' ? { ...before, cancelled: true } : withFacts(before, event.before ?? {});
    return [{ row, before, wanted }];
  });
  await updateImported(
    tx,
    companyId,
    restored.map(({ row, before, wanted }) => ({
      ...importedRow(wanted, row.id, auth.name),
      version: row.version,
      cancelled: wanted.cancelled,
      changes: bookingChanges(before, wanted),
    })),
    { reopen: true },
  );
  const counts = { Cancelled: 0, Restored: 0 };
  const bookingEvents = restored.map(({ row, before, wanted }): Change => {
    const created = wrote.get(row.id)?.kind === 'booking.added';
    counts[created ? 'Cancelled' : 'Restored'] += 1;
    const facts = changedFacts(snapshotFacts(before), snapshotFacts(wanted));
    const kind = wanted.cancelled ? 'booking.cancelled' : 'booking.edited';
    return { kind, bookingIds: [row.id], slot: slotOfBooking(wanted), ...facts };
  });
  const after: Facts = { File: own.fileName, ...counts };
  const undoEvent: Change = { kind: 'bookings.importUndone', after, operationId: importId };
  await recordEvents(tx, auth, [...bookingEvents, undoEvent]);
  return own;
}
