// When tours run: weekly departures with one-day exceptions, expanded to a day's departures.

/** A weekly departure of a tour: ISO weekdays (1 Monday … 7 Sunday), a wall-clock time, dates it holds between. */
export interface WeeklyDeparture {
  tourId: string;
  weekdays: number[];
  time: string;
  validFrom: string;
  validUntil: string | null;
  capacity: number | null;
}

/** One day's change: a weekly departure cancelled, or an extra one. */
export interface DepartureException {
  tourId: string;
  date: string;
  time: string;
  kind: 'cancelled' | 'extra';
  capacity: number | null;
}

export interface Timetable {
  departures: WeeklyDeparture[];
  exceptions: DepartureException[];
}

export interface ScheduledDeparture {
  tourId: string;
  time: string;
  capacity: number | null;
}

/** The ISO weekday of a calendar day (a date has no zone: its weekday is the same everywhere). */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/**
 * The departures of one day in time order: the weekly ones that hold that day, less those cancelled, plus extras.
 * Times are the company's wall clock, so a 10:00 departure is at 10:00 on both sides of a DST change.
 */
export function departuresOn(day: string, timetable: Timetable): ScheduledDeparture[] {
  const weekday = isoWeekday(day);
  const key = (d: { tourId: string; time: string }) => `${d.tourId}|${d.time}`;
  const todays = timetable.exceptions.filter((e) => e.date === day);
  const cancelled = new Set(todays.filter((e) => e.kind === 'cancelled').map(key));
  const found = new Map<string, ScheduledDeparture>();
  for (const d of timetable.departures) {
    const holds = d.weekdays.includes(weekday) && d.validFrom <= day && (d.validUntil === null || day <= d.validUntil);
    if (holds && !cancelled.has(key(d))) found.set(key(d), { tourId: d.tourId, time: d.time, capacity: d.capacity });
  }
  for (const e of todays) {
    if (e.kind === 'extra') found.set(key(e), { tourId: e.tourId, time: e.time, capacity: e.capacity });
  }
  return [...found.values()].sort((a, b) => a.time.localeCompare(b.time) || a.tourId.localeCompare(b.tourId));
}
