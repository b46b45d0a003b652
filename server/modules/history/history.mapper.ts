import { deviceTimeDiffers } from '../../../src/domain/checkInMerge';
import { CUSTOMER_TYPES } from '../../../src/domain/customerTypes';
import type { BookingChange } from '../../../src/domain/bookingChanges';
import type { EventKind, EventSlot, HistoryEntry } from '../../../src/domain/events';
import type { SlotRef } from '../../../src/domain/slotRules';
import type { Viewer } from '../bookings/bookings.mapper';
import type { Facts } from '../eventLog/eventLog';
import type { EventRow } from '../eventLog/eventLog.repository';

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
};

/** Labels a reader may not be shown (spec §6), as the event log names them. */
function hiddenFrom(viewer: Viewer): Set<string> {
  const hidden = new Set<string>();
  if (!viewer.showPhone) hidden.add('Phone');
  if (!viewer.showSource) hidden.add('Source');
  return hidden;
}

function changesOf(kind: EventKind, before: Facts | null, after: Facts | null, bookingId?: string): BookingChange[] {
  if (!after) return Object.entries(before ?? {}).map(([field, value]) => ({ field, from: shown(value) }));
  if (kind === 'booking.guideAssigned') {
    const from = bookingId && before ? shown(before[bookingId]) : undefined;
    return [{ field: 'Guide', ...(from !== undefined ? { from } : {}), to: shown(after.Guide) }];
  }
  if (!before) return Object.entries(after).map(([field, value]) => ({ field, to: shown(value) }));
  return Object.keys(after)
    .filter((field) => field in before && before[field] !== after[field])
    .map((field) => ({ field, from: shown(before[field]), to: shown(after[field]) }));
}

/** Who reads a history: what their role is shown (spec §6), and whether they may see a slot now (a Guide's window). */
export interface HistoryReader {
  viewer: Viewer;
  sees: (slot: SlotRef) => boolean;
}

/** The labels that place a booking; a Guide is shown none that name a slot outside their window. */
const SLOT_FIELDS = new Set(['Date', 'Time', 'Tour']);

/** Where an edit took its booking, when it moved it: the event's slot with the changed date, time or tour. */
function movedTo(slot: EventSlot | null, before: Facts | null, after: Facts | null): EventSlot | null {
  if (!slot || !before || !after) return null;
  const changed = (label: string) => label in before && label in after && before[label] !== after[label];
  if (![...SLOT_FIELDS].some(changed)) return null;
  const fact = (label: string, unchanged: string) => (changed(label) ? String(after[label]) : unchanged);
  return { day: fact('Date', slot.day), time: fact('Time', slot.time), tour: fact('Tour', slot.tour) };
}

/**
 * The changes without what places the booking in a slot the reader may not see: a value from a hidden slot loses
 * its `from`, one to a hidden slot its `to`, and a change left with neither goes.
 */
function placedChanges(changes: BookingChange[], fromShown: boolean, toShown: boolean): BookingChange[] {
  return changes.flatMap((change) => {
    if (!SLOT_FIELDS.has(change.field)) return [change];
    const { field, from, to } = change;
    const kept: BookingChange = {
      field,
      ...(fromShown && from !== undefined ? { from } : {}),
      ...(toShown && to !== undefined ? { to } : {}),
    };
    return kept.from === undefined && kept.to === undefined ? [] : [kept];
  });
}

/**
 * One event as this reader may see it: the fields their role is not shown are left out, and so is every slot
 * outside their window. A booking moved out of it reads "moved to another slot", with none of its changes.
 */
export function historyEntry(
  row: EventRow,
  reader: HistoryReader,
  bookingId?: string,
  bookingName?: string,
  bookingReference?: string,
): HistoryEntry {
  const before = row.before as Facts | null;
  const after = row.after as Facts | null;
  const hidden = hiddenFrom(reader.viewer);
  const slot = row.day && row.time && row.tour ? { day: row.day, time: row.time, tour: row.tour } : null;
  const destination = movedTo(slot, before, after);
  const slotShown = slot !== null && reader.sees(slot);
  const destinationShown = destination ? reader.sees(destination) : slotShown;
  const movedOut = slotShown && !destinationShown;
  const changes = changesOf(row.kind as EventKind, before, after, bookingId).filter((c) => !hidden.has(c.field));
  const entry: HistoryEntry = {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind as EventKind,
    by: row.memberName,
    userAgent: row.userAgent,
    changes: movedOut ? [] : placedChanges(changes, slotShown, destinationShown),
    slot: slotShown ? slot : null,
  };
  if (movedOut) entry.movedOut = true;
  if (row.kind === 'booking.checkedIn' && after) {
    const attended = CUSTOMER_TYPES.reduce((sum, type) => sum + (Number(after[type]) || 0), 0);
    entry.checkedIn = { attended, pax: Number(after.Booked) || 0 };
    const madeAt = typeof after['Made at'] === 'string' ? new Date(after['Made at']) : null;
    if (madeAt && deviceTimeDiffers(madeAt, row.at)) entry.madeAt = madeAt.toISOString();
  }
  if (bookingName !== undefined) entry.bookingName = bookingName;
  if (bookingReference !== undefined) entry.bookingReference = bookingReference;
  return entry;
}
