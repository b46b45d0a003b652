import { v7 as uuidv7 } from 'uuid';
import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Timetable } from '../../../src/domain/timetable';
import type { Db } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { departureExceptions, departures, tours } from '../../db/schema';

/** The columns of a weekly departure and of an exception, as the domain's `Timetable` holds them. */
export const departureColumns = {
  tourId: departures.tourId,
  weekdays: departures.weekdays,
  time: departures.time,
  validFrom: departures.validFrom,
  validUntil: departures.validUntil,
  capacity: departures.capacity,
};
type Departure = Timetable['departures'][number] & { tour: string };
type Exception = Timetable['exceptions'][number] & { tour: string };

export const exceptionColumns = {
  tourId: departureExceptions.tourId,
  date: departureExceptions.date,
  time: departureExceptions.time,
  kind: departureExceptions.kind,
  capacity: departureExceptions.capacity,
};

export async function readTimetable(db: Db, companyId: string): Promise<Timetable> {
  const [weekly, exceptions] = await Promise.all([
    db
      .select(departureColumns)
      .from(departures)
      .where(eq(departures.companyId, companyId))
      .orderBy(departures.tourId, departures.time, departures.validFrom),
    db
      .select(exceptionColumns)
      .from(departureExceptions)
      .where(eq(departureExceptions.companyId, companyId))
      .orderBy(departureExceptions.date, departureExceptions.time),
  ]);
  return { departures: weekly, exceptions };
}

/** The whole timetable replaced, in the caller's transaction. */
export async function replaceTimetable(db: Db, companyId: string, timetable: Timetable): Promise<void> {
  await db.delete(departures).where(eq(departures.companyId, companyId));
  await db.delete(departureExceptions).where(eq(departureExceptions.companyId, companyId));
  const ids = () => ({ companyId, id: uuidv7() });
  if (timetable.departures.length > 0) {
    await db.insert(departures).values(timetable.departures.map((d) => ({ ...ids(), ...d })));
  }
  if (timetable.exceptions.length > 0) {
    await db.insert(departureExceptions).values(timetable.exceptions.map((e) => ({ ...ids(), ...e })));
  }
}

/**
 * What could run on `day` (weekly departures valid then, that day's exceptions) of tours not archived, with the tours'
 * names by id.
 */
type DayValues = { companyId: string; day: string };
const day = sql.placeholder('day');
const active = and(eq(tours.companyId, sql.placeholder('companyId')), isNull(tours.archivedAt));

const departuresOfDay = preparedRead<DayValues, Departure[]>('departures_of_day', (db, name) =>
  db
    .select({ ...departureColumns, tour: tours.label })
    .from(departures)
    .innerJoin(tours, and(eq(tours.companyId, departures.companyId), eq(tours.id, departures.tourId)))
    .where(
      and(active, lte(departures.validFrom, day), or(isNull(departures.validUntil), gte(departures.validUntil, day))),
    )
    .prepare(name),
);

const exceptionsOfDay = preparedRead<DayValues, Exception[]>('exceptions_of_day', (db, name) =>
  db
    .select({ ...exceptionColumns, tour: tours.label })
    .from(departureExceptions)
    .innerJoin(tours, and(eq(tours.companyId, departureExceptions.companyId), eq(tours.id, departureExceptions.tourId)))
    .where(and(active, eq(departureExceptions.date, day)))
    .prepare(name),
);

export async function timetableOfDay(
  db: Db,
  companyId: string,
  day: string,
): Promise<Timetable & { tourNames: Map<string, string> }> {
  const [weekly, exceptions] = await Promise.all([
    departuresOfDay(db, { companyId, day }),
    exceptionsOfDay(db, { companyId, day }),
  ]);
  const tourNames = new Map([...weekly, ...exceptions].map((d) => [d.tourId, d.tour]));
  return { departures: weekly, exceptions, tourNames };
}
