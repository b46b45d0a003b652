import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { slotKeyOf, type SlotKey } from '../../../src/domain/capacity';
import type { Timetable } from '../../../src/domain/timetable';
import { lockNames } from '../../db/advisoryLocks';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { bookings, departureExceptions, departures, tours } from '../../db/schema';
import { departureColumns, exceptionColumns } from './timetable.repository';

/** What the slots' departures are judged from: their tours' timetable, and the tours' ids by name. */
export interface Schedule {
  timetable: Timetable;
  tourIds: Map<string, string>;
}

/**
 * The timetable of the slots' tours (not archived): every weekly departure and extra of those tours (whether a tour
 * runs on a timetable at all), and the cancellations of the slots' days.
 */
export async function scheduleOf(db: Db, companyId: string, slots: SlotKey[]): Promise<Schedule> {
  const labels = [...new Set(slots.map((s) => s.tour))];
  const days = [...new Set(slots.map((s) => s.day))];
  const named = await db
    .select({ id: tours.id, label: tours.label })
    .from(tours)
    .where(and(eq(tours.companyId, companyId), inArray(tours.label, labels), isNull(tours.archivedAt)));
  const tourIds = new Map(named.map((t) => [t.label, t.id]));
  const ids = [...tourIds.values()];
  if (ids.length === 0) return { timetable: { departures: [], exceptions: [] }, tourIds };
  const [weekly, exceptions] = await Promise.all([
    db
      .select(departureColumns)
      .from(departures)
      .where(and(eq(departures.companyId, companyId), inArray(departures.tourId, ids))),
    db
      .select(exceptionColumns)
      .from(departureExceptions)
      .where(
        and(
          eq(departureExceptions.companyId, companyId),
          inArray(departureExceptions.tourId, ids),
          or(inArray(departureExceptions.date, days), eq(departureExceptions.kind, 'extra')),
        ),
      ),
  ]);
  return { timetable: { departures: weekly, exceptions }, tourIds };
}

const slotValues = (slots: SlotKey[]) =>
  sql.join(
    slots.map((s) => sql`(${s.day}::date, ${s.time}, ${s.tour})`),
    sql`, `,
  );

/** Guests of the slots' not-cancelled bookings, by slot (`slotKeyOf`); a slot nobody booked is absent. */
export async function bookedOn(db: Db, companyId: string, slots: SlotKey[]): Promise<Map<string, number>> {
  if (slots.length === 0) return new Map();
  const rows = await queryRows<{ day: string; time: string; tour: string; booked: number }>(
    db,
    sql`select ${bookings.date}::text as day, ${bookings.time} as time, ${bookings.tour} as tour,
               sum(${bookings.pax})::int as booked
          from ${bookings}
         where ${bookings.companyId} = ${companyId}::uuid and not ${bookings.cancelled}
           and (${bookings.date}, ${bookings.time}, ${bookings.tour}) in (values ${slotValues(slots)})
         group by ${bookings.date}, ${bookings.time}, ${bookings.tour}`,
  );
  return new Map(rows.map((row) => [slotKeyOf(row), Number(row.booked)]));
}

/** The advisory lock's name of a departure. */
export const departureLockName = (companyId: string, s: SlotKey) =>
  `departure|${companyId}|${s.day}|${s.time}|${s.tour}`;

/**
 * Holds the departures until commit, in one order (no deadlock): two writes taking seats on one departure wait for
 * each other, so both cannot take its last seats. Taken after a channel reference's lock, before the event log's.
 */
export async function lockDepartures(db: Db, companyId: string, slots: SlotKey[]): Promise<void> {
  await lockNames(
    db,
    slots.map((s) => departureLockName(companyId, s)),
  );
}
