import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { CUSTOMER_TYPES, type CustomerCounts } from './customerTypes';
import { msg } from './messageFormat';

/** Spec §9: checkinStatus lists no-shows by tour date; reservationDate lists bookings by the day they were made. */
export const REPORT_TYPES = ['checkinStatus', 'reservationDate'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
/** The path's filter field: `date` is the tour date, `createdAt` the booking date. */
export const REPORT_FIELDS = ['createdAt', 'date'] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

export const REPORT_FIELD_OF: Record<ReportType, ReportField> = { checkinStatus: 'date', reservationDate: 'createdAt' };
export const REPORT_PAGE_SIZE_MAX = 100;
export const SELECT_BOTH = msg('Both Source and Tour need to be selected');
export const NO_REPORT_ROWS = msg('No data to display. You may try different filters :)');
export const NO_PERMISSION_REPORT = msg("You don't have the required permission");

/**
 * The report path joins names with dashes (spec §7), and names may hold dashes themselves ("Hop-On Cruise").
 * Inside a name `~` is written `~~` and `-` is written `~d`, so the joining dashes are the only bare ones.
 */
export function encodeNameList(names: readonly string[]): string {
  return names.map((name) => name.replace(/~/g, '~~').replace(/-/g, '~d')).join('-');
}

export function decodeNameList(joined: string): string[] {
  return joined.split('-').map((part) => part.replace(/~(~|d)/g, (_, c: string) => (c === 'd' ? '-' : '~')));
}

/** True when the text is a well-formed encodeNameList result (no stray `~`). */
export function isEncodedNameList(joined: string): boolean {
  return joined.split('-').every((part) => part.length > 0 && /^(?:[^~]|~~|~d)*$/.test(part));
}

/** A report path's list read against the company's names: the names, or why it names none (see readNameList). */
export type NameListReading = { names: string[] } | { unknown: string[] } | { ambiguous: [string[], string[]] };

/**
 * Reads a list that a client may have joined without escaping the dashes inside names ("Hop-On Harbour Cruise").
 * Each bare dash joins two names when every piece it leaves is one of the company's names (any case), as the
 * encoding says. Otherwise the pieces are read back together with their neighbours: the one way in which every
 * piece is a name is taken, two ways are ambiguous, none leaves the pieces that belong to no name unknown.
 */
export function readNameList(joined: string, known: readonly string[]): NameListReading {
  const byLowerCase = new Map(known.map((name) => [name.toLowerCase(), name]));
  const find = (name: string) => byLowerCase.get(name.toLowerCase());
  const pieces = decodeNameList(joined);
  const direct = pieces.map(find);
  if (direct.every((name) => name !== undefined)) return { names: direct };

  const nameAt = (start: number, end: number) => find(pieces.slice(start, end).join('-'));
  const longest = Math.max(1, ...known.map((name) => name.split('-').length));
  // readings[i]: up to two ways to read pieces i… as names (two are enough to call it ambiguous).
  const readings: string[][][] = [];
  readings[pieces.length] = [[]];
  const covered = new Set<number>();
  for (let start = pieces.length - 1; start >= 0; start--) {
    readings[start] = [];
    for (let end = start + 1; end <= Math.min(pieces.length, start + longest); end++) {
      const name = nameAt(start, end);
      if (name === undefined) continue;
      for (let piece = start; piece < end; piece++) covered.add(piece);
      for (const rest of readings[end]!) readings[start]!.push([name, ...rest]);
    }
    readings[start] = readings[start]!.slice(0, 2);
  }
  const [first, second] = readings[0]!;
  if (first && second) return { ambiguous: [first, second] };
  if (first) return { names: first };
  const unknown = pieces.filter((_, index) => !covered.has(index));
  return { unknown: unknown.length > 0 ? unknown : [pieces.join('-')] };
}

/**
 * The first instant of a calendar day in a zone. Where a DST change skips midnight (America/Santiago in September)
 * the day starts at the change; where it repeats the hour before or after midnight, at its first 00:00.
 */
function startOfZonedDay(day: string, timezone: string): Date {
  return new Date(firstInstantOfDay(day, timezone));
}

function firstInstantOfDay(day: string, timezone: string): number {
  const guess = fromZonedTime(`${day}T00:00:00.000`, timezone).getTime();
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  const hour = 3_600_000;
  // The zone's offset at an instant, from its wall clock (date-fns-tz's getTimezoneOffset is off next to a change).
  const offsetAt = (instant: number) =>
    Date.parse(formatInTimeZone(instant, timezone, "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")) - instant;
  const starts = [guess - 3 * hour, guess, guess + 3 * hour]
    .map((instant) => midnightUtc - offsetAt(instant))
    .filter((instant) => formatInTimeZone(instant, timezone, 'yyyy-MM-dd') === day);
  // A day the zone skipped whole (Pacific/Apia, 30 December 2011) has no instant: it "starts" where the next one does.
  return starts.length > 0 ? Math.min(...starts) : firstInstantOfDay(nextDay(day), timezone);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * Spec §5/§9: a range runs from the first instant of its first day to the last (23:59:59.999) of its last, in the
 * company's zone: exactly the bookings whose creation day, in that zone, is within the range.
 */
export function rangeInstants(start: string, end: string, timezone: string): { from: Date; to: Date } {
  return {
    from: startOfZonedDay(start, timezone),
    to: new Date(startOfZonedDay(nextDay(end), timezone).getTime() - 1),
  };
}

/** Guests booked but not checked in, never below zero. */
export function noShows(booked: number, attended: number): number {
  return Math.max(booked - attended, 0);
}

/**
 * The "only no-shows" rule: a booking has a no-show when, for at least one customer type, fewer guests were checked in
 * than were booked (its no-shows summed over the types are above zero). The server applies it in SQL.
 */
export function hasNoShow(booked: CustomerCounts, attended: CustomerCounts): boolean {
  return CUSTOMER_TYPES.some((type) => noShows(booked[type], attended[type]) > 0);
}

export type { FeeRow, FeesBody, ReportPage, ReportRow } from './schemas/reports';
