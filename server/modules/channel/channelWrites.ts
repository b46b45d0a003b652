import type { Booking } from '../../../src/domain/booking';
import { keepsCheckIns, planBookingUpsert, refusalReason, type WantedBooking } from '../../../src/domain/bookingUpsert';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, type AppError } from '../../errors';
import { recordEvents, type EventActor } from '../eventLog/eventLog';
import { existingBooking, refusedChange } from '../bookings/bookingFacts';
import type { BookingRow } from '../bookings/bookings.repository';
import { createChannelBooking } from './createChannelBooking';
import type { DepartureSeats } from './channelSeats';
import { channelView } from './channelView';
import { updateChannelBooking } from './updateChannelBooking';

export interface Upserted {
  status: 200 | 201;
  booking: Booking;
}
/** A write's answer, or its refusal: thrown once the transaction has committed the refusal's event. */
export type Written = Upserted | { refused: AppError };

/** What a channel's write works on: its reference, the booking found by it, and the wanted departure's seats. */
export interface ChannelWrite {
  actor: EventActor;
  externalId: string;
  row: BookingRow | undefined;
  seats: DepartureSeats | null;
}

/**
 * The write the plan (bookingUpsert.ts) makes of it. A change the booking's check-ins keep out is refused and
 * recorded, so a Manager sees it listed; sent again unchanged, nothing is written.
 */
export async function writeChannelBooking(tx: Db, write: ChannelWrite, wanted: WantedBooking): Promise<Written> {
  const { row } = write;
  const plan = planBookingUpsert(row && existingBooking(row), wanted);
  switch (plan.outcome) {
    case 'reject':
      if (row && keepsCheckIns(plan.refusal)) {
        await recordEvents(tx, write.actor, [refusedChange(row, wanted, plan.refusal)]);
      }
      return { refused: new ConflictError(`${plan.refusal.field}: ${refusalReason(plan.refusal)}`, plan.refusal.code) };
    case 'unchanged':
      if (!row) throw new NotFoundError('No booking of this source has that reference: nothing to cancel');
      return { status: 200, booking: channelView(row) };
    case 'create':
      return { status: 201, booking: await createChannelBooking(tx, write, plan.wanted) };
    default:
      return { status: 200, booking: await updateChannelBooking(tx, write, row as BookingRow, plan) };
  }
}
