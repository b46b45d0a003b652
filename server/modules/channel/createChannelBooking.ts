import { v7 as uuidv7 } from 'uuid';
import type { Booking } from '../../../src/domain/booking';
import type { BookingSnapshot } from '../../../src/domain/bookingChanges';
import { totalCount } from '../../../src/domain/customerTypes';
import type { Db } from '../../db/client';
import { recordEvents } from '../eventLog/eventLog';
import { rowSnapshot, slotOfBooking, snapshotFacts } from '../bookings/bookingFacts';
import { insertBooking } from '../bookings/bookings.repository';
import { takeChannelSeats } from './channelSeats';
import { channelView } from './channelView';
import type { ChannelWrite } from './channelWrites';

/** A booking new to its reference, on seats its departure has; its phone is the one the channel sent. */
export async function createChannelBooking(
  tx: Db,
  { actor, externalId, seats }: ChannelWrite,
  wanted: BookingSnapshot,
): Promise<Booking> {
  takeChannelSeats(undefined, wanted, seats);
  const { counts } = wanted;
  const row = await insertBooking(tx, {
    companyId: actor.companyId,
    id: uuidv7(),
    bookingId: externalId,
    name: wanted.name,
    phone: wanted.phone,
    phoneFromChannel: true,
    date: wanted.date,
    time: wanted.time,
    tour: wanted.tour,
    source: wanted.source,
    adults: counts.Adults,
    teens: counts.Teens,
    children: counts.Children,
    pax: totalCount(counts),
    cancelled: wanted.cancelled,
    modifiedBy: actor.name,
  });
  const after = { ...snapshotFacts(rowSnapshot(row)), Reference: row.reference };
  await recordEvents(tx, actor, [{ kind: 'booking.added', bookingIds: [row.id], slot: slotOfBooking(row), after }]);
  return channelView(row);
}
