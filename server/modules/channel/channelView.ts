import type { Booking } from '../../../src/domain/booking';
import type { WantedBooking } from '../../../src/domain/bookingUpsert';
import type { ChannelBookingBody } from '../../../src/domain/schemas/channel';
import { toBookingDto } from '../bookings/bookings.mapper';
import type { BookingRow } from '../bookings/bookings.repository';

/** The booking as its channel sees it: all of it, but a phone only when it is the one a channel sent. */
export const channelView = (row: BookingRow): Booking =>
  toBookingDto(row, { role: 'Manager', showPhone: row.phoneFromChannel, showSource: true });

/** The booking a channel's body asks for, on the tour by its own name. */
export function wantedOf(body: ChannelBookingBody, source: string, tour: string): WantedBooking {
  const { name, date, time } = body;
  const counts = { Adults: body.adults, Teens: body.teens ?? 0, Children: body.children ?? 0 };
  return { name, date, time, tour, source, phone: body.phone || null, counts, cancelled: !!body.cancelled };
}
