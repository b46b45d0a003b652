// Undoing a CSV import: for how long, and whether it may be undone now. Pure rules; `now` is a parameter.

/** An import may be undone this long after it ended: long enough to notice a wrong file, short of the tours. */
export const IMPORT_UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether an import may be undone: `possible`; `undone` already; `expired`, past the window; `changed`, one of its
 * bookings checked in or changed since; `running` still; `unavailable`, an import recorded before imports could be
 * undone.
 */
export const IMPORT_UNDO_STATES = ['possible', 'undone', 'expired', 'changed', 'running', 'unavailable'] as const;
export type ImportUndoState = (typeof IMPORT_UNDO_STATES)[number];

export interface ImportUndoFacts {
  /** When the import ended: read the whole file, stopped, or was last heard of before its server stopped. */
  endedAt: Date;
  /** Still reading its file: what it did is not all written yet. */
  running: boolean;
  /** Its bookings' events carry its id, so undo can find them. */
  recorded: boolean;
  undone: boolean;
  /** Its bookings with an event after the import's own event on them. */
  changedSince: number;
}

/** The last moment an import that ended at `endedAt` may be undone. */
export function importUndoDeadline(endedAt: Date): Date {
  return new Date(endedAt.getTime() + IMPORT_UNDO_WINDOW_MS);
}

export function importUndoState(facts: ImportUndoFacts, now: Date): ImportUndoState {
  if (!facts.recorded) return 'unavailable';
  if (facts.running) return 'running';
  if (facts.undone) return 'undone';
  if (now.getTime() > importUndoDeadline(facts.endedAt).getTime()) return 'expired';
  if (facts.changedSince > 0) return 'changed';
  return 'possible';
}
