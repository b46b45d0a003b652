import { and, asc, eq, sql } from 'drizzle-orm';
import type { SlotKey } from '../../../src/domain/capacity';
import type { Timetable } from '../../../src/domain/timetable';
import { lockInOrder } from '../../db/advisoryLocks';
import type { Db } from '../../db/client';
import { bookings, departureExceptions, departures } from '../../db/schema';
import { bookingColumns, type BookingRow } from '../bookings/bookings.repository';
import { referenceLockName, type BookingReference } from '../bookings/channelReferences.repository';
import { departureLockName } from '../timetable/departureSeats.repository';

/** What a channel's write is judged on, read under its locks. */
export interface ChannelWriteState {
  /** The channel booking with the reference; the oldest when it was booked twice. */
  row: BookingRow | undefined;
  /** The wanted tour's timetable: its weekly departures, and its extras and the wanted day's cancellations. */
  timetable: Timetable;
  /** Guests of the wanted departure's not-cancelled bookings. */
  booked: number;
}

/**
 * The reference's lock, then the wanted departure's, in one statement and in the order every writer takes them: two
 * writes of one reference, or two taking seats on one departure, wait for each other until commit.
 */
export function lockChannelWrite(db: Db, companyId: string, ref: BookingReference, slot: SlotKey): Promise<void> {
  return lockInOrder(db, [referenceLockName(companyId, ref), departureLockName(companyId, slot)]);
}

/**
 * The booking, the departure and its guests in one statement, after `lockChannelWrite` (its own statement, so this
 * one sees what the locks' last holders committed). A booking made in Tourdesk (`manual`) is never a channel's.
 */
export async function readChannelWrite(
  db: Db,
  companyId: string,
  ref: BookingReference,
  slot: SlotKey,
  tourId: string,
): Promise<ChannelWriteState> {
  const [found] = await db
    .select({
      ...bookingColumns,
      departures: sql<Timetable['departures']>`(select coalesce(json_agg(json_build_object('tourId', d.tour_id,
          'weekdays', d.weekdays, 'time', d.time, 'validFrom', d.valid_from, 'validUntil', d.valid_until,
          'capacity', d.capacity)), '[]'::json)
        from ${departures} d where d.company_id = ${companyId}::uuid and d.tour_id = ${tourId}::uuid)`,
      exceptions: sql<Timetable['exceptions']>`(select coalesce(json_agg(json_build_object('tourId', e.tour_id,
          'date', e.date, 'time', e.time, 'kind', e.kind, 'capacity', e.capacity)), '[]'::json)
        from ${departureExceptions} e where e.company_id = ${companyId}::uuid and e.tour_id = ${tourId}::uuid
          and (e.date = ${slot.day}::date or e.kind = 'extra'))`,
      booked: sql<number>`(select coalesce(sum(o.pax), 0)::int from ${bookings} o
        where o.company_id = ${companyId}::uuid and not o.cancelled
          and o.date = ${slot.day}::date and o.time = ${slot.time} and o.tour = ${slot.tour})`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(
      bookings,
      and(
        eq(bookings.companyId, companyId),
        eq(bookings.manual, false),
        eq(bookings.source, ref.source),
        eq(bookings.bookingId, ref.reference),
      ),
    )
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .limit(1);
  if (!found) throw new Error('the write state read no row');
  const { departures: weekly, exceptions, booked, ...row } = found;
  return {
    row: row.id === null ? undefined : (row as BookingRow),
    timetable: { departures: weekly, exceptions },
    booked: Number(booked),
  };
}
