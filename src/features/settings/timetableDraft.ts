import { isCalendarDay, TIME_PATTERN } from '../../domain/dates';
import { msg } from '../../domain/messageFormat';
import type { DepartureException, Timetable, WeeklyDeparture } from '../../domain/timetable';

/** ISO weekdays, Monday 1 to Sunday 7; WeekdayPicker names them in the reader's language. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** No weekday until the Manager picks one: a departure saved without a look at its days must not run daily. */
export function newDeparture(tourId: string, today: string): WeeklyDeparture {
  return { tourId, weekdays: [], time: '10:00', validFrom: today, validUntil: null, capacity: null };
}

export function newException(tourId: string, today: string): DepartureException {
  return { tourId, date: today, time: '10:00', kind: 'cancelled', capacity: null };
}

/** What is wrong with a departure, in English as the form shows it before translating it (`t`); null when it can be saved. */
export function departureProblem(d: WeeklyDeparture): string | null {
  if (!d.tourId) return msg('Pick a tour');
  if (!TIME_PATTERN.test(d.time)) return msg('Enter the time as HH:mm');
  if (d.weekdays.length === 0) return msg('Pick at least one weekday');
  if (!isCalendarDay(d.validFrom)) return msg('Enter the first day as d/m/yyyy');
  if (d.validUntil !== null && !isCalendarDay(d.validUntil))
    return msg('Enter the last day as d/m/yyyy, or leave it empty');
  if (d.validUntil !== null && d.validUntil < d.validFrom) return msg('The last day comes before the first');
  if (d.capacity !== null && (!Number.isInteger(d.capacity) || d.capacity < 1)) return msg('Capacity: 1 guest or more');
  return null;
}

export function exceptionProblem(e: DepartureException): string | null {
  if (!e.tourId) return msg('Pick a tour');
  if (!isCalendarDay(e.date)) return msg('Enter the day as d/m/yyyy');
  if (!TIME_PATTERN.test(e.time)) return msg('Enter the time as HH:mm');
  if (e.capacity !== null && (!Number.isInteger(e.capacity) || e.capacity < 1)) return msg('Capacity: 1 guest or more');
  return null;
}

export function sameTimetable(a: Timetable, b: Timetable): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A capacity field's text as the API takes it: empty is no limit. */
export function capacityOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}
