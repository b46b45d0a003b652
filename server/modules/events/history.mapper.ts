import { deviceTimeDiffers } from '../../../src/domain/checkInMerge';
import { CUSTOMER_TYPES } from '../../../src/domain/customerTypes';
import type { BookingChange } from '../../../src/domain/bookingChanges';
import type { EventKind, HistoryEntry } from '../../../src/domain/events';
import type { Viewer } from '../bookings/bookings.mapper';
import type { Facts } from './eventLog';
import type { EventRow } from './events.repository';

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

/** One event as this reader may see it: the fields their role is not shown are left out. */
export function historyEntry(row: EventRow, viewer: Viewer, bookingId?: string, bookingName?: string): HistoryEntry {
  const before = row.before as Facts | null;
  const after = row.after as Facts | null;
  const hidden = hiddenFrom(viewer);
  const entry: HistoryEntry = {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind as EventKind,
    by: row.memberName,
    userAgent: row.userAgent,
    changes: changesOf(row.kind as EventKind, before, after, bookingId).filter((c) => !hidden.has(c.field)),
    slot: row.day && row.time && row.tour ? { day: row.day, time: row.time, tour: row.tour } : null,
  };
  if (row.kind === 'booking.checkedIn' && after) {
    const attended = CUSTOMER_TYPES.reduce((sum, type) => sum + (Number(after[type]) || 0), 0);
    entry.checkedIn = { attended, pax: Number(after.Booked) || 0 };
    const madeAt = typeof after['Made at'] === 'string' ? new Date(after['Made at']) : null;
    if (madeAt && deviceTimeDiffers(madeAt, row.at)) entry.madeAt = madeAt.toISOString();
  }
  if (bookingName !== undefined) entry.bookingName = bookingName;
  return entry;
}
