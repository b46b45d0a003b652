import { addDays, format, parse } from 'date-fns';
import type { Timetable } from '../src/domain/timetable';

/**
 * The demo's timetable: every tour daily at its times around the seeded month (so most departures have bookings and
 * some, where the seed left a slot empty, show 0 pax), capacities on the boat and the tapas, and one departure nobody
 * has booked yet: Museum Highlights at 17:30 at weekends.
 */
export function demoTimetable(tours: Array<{ id: string; label: string; times: string[] }>, day: string): Timetable {
  const idOf = (label: string) => tours.find((t) => t.label === label)?.id ?? '';
  const validFrom = format(addDays(parse(day, 'yyyy-MM-dd', new Date()), -30), 'yyyy-MM-dd');
  const validUntil = format(addDays(parse(day, 'yyyy-MM-dd', new Date()), 60), 'yyyy-MM-dd');
  const capacity: Record<string, number> = { 'Sunset Boat Trip': 30, 'Tapas Tour': 25 };
  const everyDay = [1, 2, 3, 4, 5, 6, 7];
  const departures = tours.flatMap((tour) =>
    tour.times.map((time) => ({
      tourId: tour.id,
      weekdays: everyDay,
      time,
      validFrom,
      validUntil,
      capacity: capacity[tour.label] ?? null,
    })),
  );
  departures.push({
    tourId: idOf('Museum Highlights'),
    weekdays: [6, 7],
    time: '17:30',
    validFrom,
    validUntil,
    capacity: 20,
  });
  return { departures, exceptions: [] };
}
