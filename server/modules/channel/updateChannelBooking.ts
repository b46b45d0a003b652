import type { Booking } from '../../../src/domain/booking';
import type { UpsertPlan } from '../../../src/domain/bookingUpsert';
import { totalCount } from '../../../src/domain/customerTypes';
import type { Db } from '../../db/client';
import { changedFacts, recordEvents } from '../eventLog/eventLog';
import { rowSnapshot, slotOfBooking, snapshotFacts } from '../bookings/bookingFacts';
import { updateBooking, type BookingRow } from '../bookings/bookings.repository';
import { staleError } from '../bookings/bookings.rules';
import { takeChannelSeats } from './channelSeats';
import { channelView } from './channelView';
import type { ChannelWrite } from './channelWrites';

/** A change or cancellation of the booking with the reference, if it is still at the version the write read. */
export async function updateChannelBooking(
  tx: Db,
  { actor, seats }: ChannelWrite,
  row: BookingRow,
  plan: Extract<UpsertPlan, { outcome: 'update' | 'cancel' }>,
): Promise<Booking> {
  const { wanted, changes } = plan;
  takeChannelSeats(row, wanted, seats);
  const { counts } = wanted;
  const updated = await updateBooking(
    tx,
    actor.companyId,
    row.id,
    {
      name: wanted.name,
      phone: wanted.phone,
      // The phone is now the one this channel sent; a cancellation sends none.
      ...(plan.outcome === 'update' && { phoneFromChannel: true }),
      date: wanted.date,
      time: wanted.time,
      tour: wanted.tour,
      adults: counts.Adults,
      teens: counts.Teens,
      children: counts.Children,
      pax: totalCount(counts),
      cancelled: wanted.cancelled,
      changes,
      differences: null,
      modifiedBy: actor.name,
    },
    row.version,
  );
  if (!updated) throw staleError(channelView(row));
  const facts = changedFacts(snapshotFacts(rowSnapshot(row)), snapshotFacts(wanted));
  const kind = plan.outcome === 'cancel' ? 'booking.cancelled' : 'booking.edited';
  await recordEvents(tx, actor, [{ kind, bookingIds: [row.id], slot: slotOfBooking(updated), ...facts }]);
  return channelView(updated);
}
