import type { Booking } from './booking';
import type { CountList } from './customerTypes';
import type { CheckInConflict } from './schemas/booking';
import { formatMessage, msg, type MessageValues } from './messageFormat';

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

export interface SyncSummary {
  waiting: number;
  conflicts: number;
  refused: number;
}

export function syncSummary(entries: readonly OutboxEntry[]): SyncSummary {
  const count = (state: OutboxEntry['state']) => entries.filter((entry) => entry.state === state).length;
  return { waiting: count('waiting'), conflicts: count('conflict'), refused: count('refused') };
}

/**
 * The header's words for the sync state: "Offline · 2 waiting · 1 conflict", "Not live" while the live stream is down
 * (`live` false); once check-ins that had to wait are all on the server, "3 check-ins sent" (`sent`); null when there
 * is nothing to say. `words` puts each message in the reader's language (the screen passes its `t`).
 */
export function syncLabel(
  summary: SyncSummary,
  online: boolean,
  syncing: boolean,
  sent = 0,
  live = true,
  words: (message: string, values?: MessageValues) => string = formatMessage,
): string | null {
  const parts = [
    ...(online ? [] : [words(msg('Offline'))]),
    // Offline says it already: nothing comes from other devices then.
    ...(online && !live ? [words(msg('Not live'))] : []),
    ...(online && syncing && summary.waiting > 0 ? [words(msg('Syncing'))] : []),
    ...(summary.waiting > 0 ? [words(msg('{count, plural, other {# waiting}}'), { count: summary.waiting })] : []),
    ...(summary.conflicts > 0
      ? [words(msg('{count, plural, one {# conflict} other {# conflicts}}'), { count: summary.conflicts })]
      : []),
    ...(summary.refused > 0 ? [words(msg('{count, plural, other {# not saved}}'), { count: summary.refused })] : []),
  ];
  if (parts.length > 0) return parts.join(' · ');
  return sent > 0
    ? words(msg('{count, plural, one {# check-in sent} other {# check-ins sent}}'), { count: sent })
    : null;
}
