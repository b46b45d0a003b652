import type { BookingSnapshot } from '../../../src/domain/bookingChanges';
import { departureFit, takesSeats } from '../../../src/domain/capacity';
import { hasStarted } from '../../../src/domain/departureTimes';
import { BadRequestError } from '../../errors';
import { seatMoveOf } from '../bookings/bookingFacts';
import type { BookingRow } from '../bookings/bookings.repository';
import { takeSeatsRead } from '../timetable/departureSeats';
import type { ChannelWriteState } from './channelWrite.repository';

/** The wanted departure as the write read it under its lock, with the company's zone and the time now. */
export interface DepartureSeats {
  state: Pick<ChannelWriteState, 'timetable' | 'booked'>;
  tourId: string;
  timezone: string;
  now: Date;
}

/**
 * A write that puts guests on a departure (a new booking, more guests, a move) must find it in the timetable, not
 * yet started, with the seats: 400 DEPARTURE_PAST, 409 NO_DEPARTURE or OVER_CAPACITY. A channel has no override.
 * `seats` is null for a write that never takes any (a cancellation).
 */
export function takeChannelSeats(row: BookingRow | undefined, wanted: BookingSnapshot, seats: DepartureSeats | null) {
  const move = seatMoveOf(row, wanted);
  if (!takesSeats(move)) return;
  if (!seats) throw new Error('a write that takes seats read no departure');
  if (hasStarted(move.to.slot, seats.timezone, seats.now)) {
    throw new BadRequestError(
      'date: this departure has already started: its seats are no longer sold',
      'DEPARTURE_PAST',
    );
  }
  const { timetable, booked } = seats.state;
  takeSeatsRead(move, departureFit(timetable, seats.tourId, move.to.slot.day, move.to.slot.time), booked);
}
