// How a booking's history and a slot's activity read: constants and pure functions only.
import type { HistoryEntry } from './events';
import { todayInZone } from './zonedDates';

/** Most specific first: iPad and iPhone agents also say "Mac OS X", Android ones also say "Linux". */
const DEVICES: Array<[pattern: RegExp, label: string]> = [
  [/iPad/, 'iPad'],
  [/iPhone|iPod/, 'iPhone'],
  [/Android.*Mobile/, 'Android phone'],
  [/Android/, 'Android tablet'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Windows/, 'Windows'],
  [/Linux|X11/, 'Linux'],
  // No platform named: the browser, Edge and Opera before the Chrome they also claim to be.
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** A short name for the device a change was made on, from its browser's user agent. */
export function deviceLabel(userAgent: string | null): string {
  return DEVICES.find(([pattern]) => userAgent && pattern.test(userAgent))?.[1] ?? 'Unknown device';
}

const changeText = ({ field, from, to }: HistoryEntry['changes'][number]) =>
  from === undefined ? `${field} → ${to ?? '—'}` : `${field} ${from} → ${to ?? '—'}`;

/** What happened, without who, where or when: e.g. "Checked in 3 of 4", "Adults 3 → 4". */
export function historySummary(entry: HistoryEntry): string {
  // The server leaves out where it went, and what else changed with the move.
  if (entry.movedOut) return 'Moved to another slot';
  const change = (field: string) => entry.changes.find((c) => c.field === field);
  switch (entry.kind) {
    case 'booking.checkedIn': {
      const guide = change('Guide');
      const counts = entry.checkedIn
        ? `Checked in ${entry.checkedIn.attended} of ${entry.checkedIn.pax}`
        : 'Checked in';
      return guide ? `${counts}, Guide → ${guide.to ?? '—'}` : counts;
    }
    case 'booking.edited':
      return entry.changes.length > 0 ? entry.changes.map(changeText).join(', ') : 'Edited';
    case 'booking.cancelled':
      return 'Cancelled';
    case 'booking.added': {
      // A Manager's "Book anyway" is what a reader of the history looks for.
      const over = change('Over capacity');
      return over ? `Added over capacity (${over.to ?? '—'})` : 'Added';
    }
    case 'booking.guideAssigned':
      return `Guide → ${change('Guide')?.to ?? '—'}`;
    case 'booking.changeRefused':
      // Not made: a channel or an import asked for it while guests were checked in.
      return `Refused, guests checked in: ${entry.changes.map(changeText).join(', ')}`;
    case 'slot.noteSaved': {
      // The log says "—" for an empty value.
      const note = change('Note')?.to;
      return note && note !== '—' ? 'Note saved' : 'Note cleared';
    }
    case 'slot.guidesSaved':
      return `Guides → ${change('Guides')?.to ?? '—'}`;
    default:
      return entry.changes.length > 0 ? entry.changes.map(changeText).join(', ') : entry.kind;
  }
}

/**
 * When, in the company's zone: the time alone today, with the date before that (edits often come days ahead).
 * Intl rather than date-fns-tz, like zonedDates.ts: the dialog opens on guides' phones.
 */
export function historyTime(at: string, timezone: string, now: Date): string {
  const instant = new Date(at);
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const part = Object.fromEntries(format.formatToParts(instant).map(({ type, value }) => [type, value]));
  const time = `${part.hour}:${part.minute}`;
  return todayInZone(timezone, instant) === todayInZone(timezone, now) ? time : `${part.day} ${part.month} ${time}`;
}

/** When: the server's time, after the device's for a check-in made well before it reached the server. */
function whenText(entry: HistoryEntry, timezone: string, now: Date): string {
  const received = historyTime(entry.at, timezone, now);
  if (!entry.madeAt) return received;
  return `made at ${historyTime(entry.madeAt, timezone, now)} on the device, received ${received}`;
}

/** One line of a history: "Checked in 3 of 4 · by Ana · iPad · 10:02"; a slot's activity names the booking first. */
export function historyLine(entry: HistoryEntry, timezone: string, now: Date): string {
  const line = [historySummary(entry), `by ${entry.by}`, deviceLabel(entry.userAgent), whenText(entry, timezone, now)];
  return (entry.bookingName ? `${entry.bookingName}: ` : '') + line.join(' · ');
}
