import type { LiveEvent, EventKind } from '../../../src/domain/events';
import { canSeeSlot } from '../../../src/domain/slotRules';
import type { AuthContext } from '../../db/signedIn';
import { toBookingDto, viewerOf } from '../bookings/bookings.mapper';
import type { BookingRow } from '../bookings/bookings.repository';
import type { EventRow } from '../eventLog/eventLog.repository';

/**
 * An event as one member's stream carries it, or null when it is nothing of theirs: the same rules as the answers
 * (a Guide's window, phones and sources by role), applied to the bookings as they are now.
 */
export function liveEventFor(
  row: EventRow,
  bookings: ReadonlyMap<string, BookingRow>,
  auth: AuthContext,
  now: Date,
): LiveEvent | null {
  const sees = (day: string, time: string) => canSeeSlot(auth.role, auth.company, { day, time }, now);
  const slot = row.day && row.time && row.tour ? { day: row.day, time: row.time, tour: row.tour } : null;
  const slotSeen = slot === null || sees(slot.day, slot.time);
  const changed = row.bookingIds.map((id) => bookings.get(id)).filter((b) => b !== undefined);
  const shown = changed.filter((b) => sees(b.date, b.time));
  if (!slotSeen && shown.length === 0) return null;
  const viewer = viewerOf(auth.role, auth.company);
  const event: LiveEvent = {
    id: row.id,
    kind: row.kind as EventKind,
    slot: slotSeen ? slot : null,
    bookings: shown.map((b) => toBookingDto(b, viewer)),
    gone: changed.filter((b) => !shown.includes(b)).map((b) => b.id),
  };
  if (row.kind === 'slot.noteSaved' && slotSeen) {
    event.note = String((row.after as { Note?: unknown } | null)?.Note ?? '');
  }
  return event;
}

/** Events after which a stream reads the member and company again (a rule, a role or the member may have changed). */
export const changesMember = (kind: string): boolean => kind.startsWith('company.') || kind.startsWith('team.');
