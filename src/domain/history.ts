// How a booking's history and a slot's activity read: constants and pure functions only.
import type { HistoryEntry } from './events';
import { formatMessage, msg, type MessageValues } from './messageFormat';
import { todayInZone } from './zonedDates';

/** Puts a message in the reader's language: a screen passes its `t`; English by default. */
export type Words = (message: string, values?: MessageValues) => string;

/** The readers' words for a history: `t` and the locale of its dates, English by default. */
export interface HistoryWords {
  words: Words;
  locale: string;
}

const ENGLISH: HistoryWords = { words: formatMessage, locale: 'en-US' };

// The fields the log records changes of, as a reader sees them; a field not listed reads as recorded.
const FIELD_LABELS = new Set([
  msg('Name'),
  msg('Adults'),
  msg('Teens'),
  msg('Children'),
  msg('Date'),
  msg('Time'),
  msg('Tour'),
  msg('Source'),
  msg('Phone'),
  msg('Cancelled'),
  msg('Guide'),
  msg('Guides'),
  msg('Note'),
  msg('Over capacity'),
]);

/** Most specific first: iPad and iPhone agents also say "Mac OS X", Android ones also say "Linux". */
const DEVICES: Array<[pattern: RegExp, label: string]> = [
  [/iPad/, 'iPad'],
  [/iPhone|iPod/, 'iPhone'],
  [/Android.*Mobile/, msg('Android phone')],
  [/Android/, msg('Android tablet')],
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
export function deviceLabel(userAgent: string | null, words: Words = formatMessage): string {
  const label = DEVICES.find(([pattern]) => userAgent && pattern.test(userAgent))?.[1] ?? msg('Unknown device');
  return words(label);
}

const fieldLabel = (field: string, words: Words) => (FIELD_LABELS.has(field) ? words(field) : field);

const changeText = ({ field, from, to }: HistoryEntry['changes'][number], words: Words) =>
  from === undefined
    ? `${fieldLabel(field, words)} → ${to ?? '—'}`
    : `${fieldLabel(field, words)} ${from} → ${to ?? '—'}`;

/** What happened, without who, where or when: e.g. "Checked in 3 of 4", "Adults 3 → 4". */
export function historySummary(entry: HistoryEntry, words: Words = formatMessage): string {
  // The server leaves out where it went, and what else changed with the move.
  if (entry.movedOut) return words(msg('Moved to another slot'));
  const change = (field: string) => entry.changes.find((c) => c.field === field);
  const changes = () => entry.changes.map((c) => changeText(c, words)).join(', ');
  switch (entry.kind) {
    case 'booking.checkedIn': {
      const guide = change('Guide') && (change('Guide')?.to ?? '—');
      const counts = entry.checkedIn;
      if (!counts) return guide ? words(msg('Checked in, Guide → {guide}'), { guide }) : words(msg('Checked in'));
      const { attended, pax } = counts;
      return guide
        ? words(msg('Checked in {attended} of {pax}, Guide → {guide}'), { attended, pax, guide })
        : words(msg('Checked in {attended} of {pax}'), { attended, pax });
    }
    case 'booking.edited':
      return entry.changes.length > 0 ? changes() : words(msg('Edited'));
    case 'booking.cancelled':
      return words(msg('Cancelled'));
    case 'booking.added': {
      // A Manager's "Book anyway" is what a reader of the history looks for.
      const over = change('Over capacity');
      return over ? words(msg('Added over capacity ({over})'), { over: over.to ?? '—' }) : words(msg('Added'));
    }
    case 'booking.guideAssigned':
      return words(msg('Guide → {guide}'), { guide: change('Guide')?.to ?? '—' });
    case 'booking.changeRefused':
      // Not made: a channel or an import asked for it while guests were checked in.
      return words(msg('Refused, guests checked in: {changes}'), { changes: changes() });
    case 'slot.noteSaved': {
      // The log says "—" for an empty value.
      const note = change('Note')?.to;
      return note && note !== '—' ? words(msg('Note saved')) : words(msg('Note cleared'));
    }
    case 'slot.guidesSaved':
      return words(msg('Guides → {guides}'), { guides: change('Guides')?.to ?? '—' });
    default:
      return entry.changes.length > 0 ? changes() : entry.kind;
  }
}

/**
 * When, in the company's zone: the time alone today, with the date before that (edits often come days ahead).
 * Intl rather than date-fns-tz, like zonedDates.ts: the dialog opens on guides' phones.
 */
export function historyTime(at: string, timezone: string, now: Date, locale = 'en-US'): string {
  const instant = new Date(at);
  const format = new Intl.DateTimeFormat(locale, {
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
function whenText(entry: HistoryEntry, timezone: string, now: Date, { words, locale }: HistoryWords): string {
  const received = historyTime(entry.at, timezone, now, locale);
  if (!entry.madeAt) return received;
  return words(msg('made at {made} on the device, received {received}'), {
    made: historyTime(entry.madeAt, timezone, now, locale),
    received,
  });
}

/** One line of a history: "Checked in 3 of 4 · by Ana · iPad · 10:02"; a slot's activity names the booking first. */
export function historyLine(entry: HistoryEntry, timezone: string, now: Date, reader = ENGLISH): string {
  const { words } = reader;
  const line = [
    historySummary(entry, words),
    words(msg('by {name}'), { name: entry.by }),
    deviceLabel(entry.userAgent, words),
    whenText(entry, timezone, now, reader),
  ].join(' · ');
  return entry.bookingName ? words(msg('{booking}: {line}'), { booking: entry.bookingName, line }) : line;
}
