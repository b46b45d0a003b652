import { TIME_PATTERN } from '../../domain/dates';
import type { DepartureException, Timetable, WeeklyDeparture } from '../../domain/timetable';

export const WEEKDAYS = [
  { day: 1, short: 'Mon', name: 'Monday' },
  { day: 2, short: 'Tue', name: 'Tuesday' },
  { day: 3, short: 'Wed', name: 'Wednesday' },
  { day: 4, short: 'Thu', name: 'Thursday' },
  { day: 5, short: 'Fri', name: 'Friday' },
  { day: 6, short: 'Sat', name: 'Saturday' },
  { day: 7, short: 'Sun', name: 'Sunday' },
] as const;

export function newDeparture(tourId: string, today: string): WeeklyDeparture {
  return { tourId, weekdays: [1, 2, 3, 4, 5, 6, 7], time: '10:00', validFrom: today, validUntil: null, capacity: null };
}

export function newException(tourId: string, today: string): DepartureException {
  return { tourId, date: today, time: '10:00', kind: 'cancelled', capacity: null };
}

/** What is wrong with a departure, said as the form shows it; null when it can be saved. */
export function departureProblem(d: WeeklyDeparture): string | null {
  if (!d.tourId) return 'Pick a tour';
  if (!TIME_PATTERN.test(d.time)) return 'Enter the time as HH:mm';
  if (d.weekdays.length === 0) return 'Pick at least one weekday';
  if (!d.validFrom) return 'Enter the first day';
  if (d.validUntil && d.validUntil < d.validFrom) return 'The last day comes before the first';
  if (d.capacity !== null && (!Number.isInteger(d.capacity) || d.capacity < 1)) return 'Capacity: 1 guest or more';
  return null;
}

export function exceptionProblem(e: DepartureException): string | null {
  if (!e.tourId) return 'Pick a tour';
  if (!e.date) return 'Enter the day';
  if (!TIME_PATTERN.test(e.time)) return 'Enter the time as HH:mm';
  if (e.capacity !== null && (!Number.isInteger(e.capacity) || e.capacity < 1)) return 'Capacity: 1 guest or more';
  return null;
}

export function sameTimetable(a: Timetable, b: Timetable): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A capacity field's text as the API takes it: empty is no limit. */
export function capacityOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}
