import type { Booking } from './booking';
import { countsFromList, CUSTOMER_TYPES, listFromCounts, type CountList } from './customerTypes';
import type { CheckInConflict } from './schemas/booking';

export interface OutboxSlot {
  day: string;
  time: string;
  tour: string;
}

/**
 * A check-in kept on the device until the server has it. Its values are absolute counts, with the counts they were
 * made on (`base`): sent twice or late, it never adds anything twice.
 */
export interface OutboxEntry {
  /** The operation id, sent as the `Idempotency-Key`. */
  id: string;
  userId: string;
  bookingId: string;
  slot: OutboxSlot;
  attendees: CountList;
  base: CountList;
  /** The device's time of the tap (ISO): the server judges the lock at it. */
  madeAt: string;
  /** Sending order on this device; entries of one booking are sent in it. */
  seq: number;
  chosenGuide?: string;
  state: 'waiting' | 'conflict' | 'refused';
  /** Another device checked in meanwhile: what the server kept, per type. */
  conflict?: { current: Booking; conflicts: CheckInConflict[] };
  /** Why the server refused it (the lock, a booking gone). */
  refusal?: string;
}

export const byOrder = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq;

/** A booking as the device should show it: the last waiting check-in's counts over the server's copy. */
export function withOutbox(booking: Booking, entries: readonly OutboxEntry[]): Booking {
  let shown = booking;
  for (const entry of entries) {
    if (entry.bookingId !== booking._id) continue;
    if (entry.state === 'conflict' && entry.conflict && entry.conflict.current.version > shown.version) {
      shown = { ...entry.conflict.current, attendees: shown.attendees };
    }
    if (entry.state === 'waiting') shown = { ...shown, attendees: entry.attendees };
  }
  return shown;
}

export interface SyncSummary {
  waiting: number;
  conflicts: number;
  refused: number;
}

export function syncSummary(entries: readonly OutboxEntry[]): SyncSummary {
  const count = (state: OutboxEntry['state']) => entries.filter((entry) => entry.state === state).length;
  return { waiting: count('waiting'), conflicts: count('conflict'), refused: count('refused') };
}

/** The header's words for the sync state: "Offline · 2 waiting · 1 conflict", or null when all is sent. */
export function syncLabel(summary: SyncSummary, online: boolean, syncing: boolean): string | null {
  const parts = [
    ...(online ? [] : ['Offline']),
    ...(online && syncing && summary.waiting > 0 ? ['Syncing'] : []),
    ...(summary.waiting > 0 ? [`${summary.waiting} waiting`] : []),
    ...(summary.conflicts > 0 ? [`${summary.conflicts} conflict${summary.conflicts === 1 ? '' : 's'}`] : []),
    ...(summary.refused > 0 ? [`${summary.refused} not saved`] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * "Use yours" after a conflict: a new check-in made on the server's current counts, with the device's values for the
 * types in conflict and the server's for the rest (which it already applied).
 */
export function overrideEntry(entry: OutboxEntry, id: string, now: Date, seq: number): OutboxEntry {
  const current = entry.conflict?.current;
  if (!current) throw new Error('Only a check-in in conflict can be overridden');
  const counts = countsFromList(current.attendees);
  for (const conflict of entry.conflict?.conflicts ?? []) counts[conflict.type] = conflict.yours;
  const kept = CUSTOMER_TYPES.filter((type) => entry.attendees.some((list) => list[type] !== undefined));
  const attendees = listFromCounts(counts, kept);
  const { conflict: _conflict, refusal: _refusal, ...rest } = entry;
  return { ...rest, id, attendees, base: current.attendees, madeAt: now.toISOString(), seq, state: 'waiting' };
}
