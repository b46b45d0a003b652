import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { SlotKey } from '../../../src/domain/capacity';
import type { Timetable } from '../../../src/domain/timetable';
import type { Db } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { departureExceptions, departures, tours } from '../../db/schema';
import { departureColumns, exceptionColumns } from './timetable.repository';

type TourValues = { companyId: string; tour: string };
const tourNamed = and(
  eq(tours.companyId, sql.placeholder('companyId')),
  eq(tours.label, sql.placeholder('tour')),
  isNull(tours.archivedAt),
);

const departuresOfTour = preparedRead<TourValues, Timetable['departures']>('departures_of_tour', (db, name) =>
  db
    .select(departureColumns)
    .from(departures)
    .innerJoin(tours, and(eq(tours.companyId, departures.companyId), eq(tours.id, departures.tourId)))
    .where(tourNamed)
    .prepare(name),
);

const exceptionsOfTour = preparedRead<TourValues & { day: string }, Timetable['exceptions']>(
  'exceptions_of_tour',
  (db, name) =>
    db
      .select(exceptionColumns)
      .from(departureExceptions)
      .innerJoin(
        tours,
        and(eq(tours.companyId, departureExceptions.companyId), eq(tours.id, departureExceptions.tourId)),
      )
      .where(
        and(tourNamed, or(eq(departureExceptions.date, sql.placeholder('day')), eq(departureExceptions.kind, 'extra'))),
      )
      .prepare(name),
);

/**
 * One slot's schedule (departureSeats.repository.ts `scheduleOf` for a single slot, read by the tour's name in two
 * statements that go out together): its tour's weekly departures and extras, and the cancellations of its day.
 */
export async function scheduleOfSlot(
  db: Db,
  companyId: string,
  slot: SlotKey,
): Promise<{ timetable: Timetable; tourId: string | undefined }> {
  const [weekly, exceptions] = await Promise.all([
    departuresOfTour(db, { companyId, tour: slot.tour }),
    exceptionsOfTour(db, { companyId, tour: slot.tour, day: slot.day }),
  ]);
  const tourId = weekly[0]?.tourId ?? exceptions[0]?.tourId;
  return { timetable: { departures: weekly, exceptions }, tourId };
}
