import type { Booking } from '../../../src/domain/booking';
import type { ChannelBookingBody, ChannelChanges } from '../../../src/domain/schemas/channel';
import type { Tenancy } from '../../db/tenancy';
import { NotFoundError } from '../../errors';
import { rowSnapshot } from '../bookings/bookingFacts';
import { findChannelBookings, lockBookingReferences, referenceKey } from '../bookings/channelReferences.repository';
import type { ParsedApiKey } from '../../lib/apiKeySecret';
import type { CallLimit } from './callLimit';
import { channelTour } from './channelCatalog';
import { runAsKey, type KeyCall } from './channelActor';
import { bookingsChangedSince } from './channelBookings.repository';
import { lockChannelWrite, readChannelWrite } from './channelWrite.repository';
import { channelView, wantedOf } from './channelView';
import { writeChannelBooking, type Upserted, type Written } from './channelWrites';

const PAGE_SIZE = 500;
/** Longer than any write's transaction: an import batch takes well under a second. */
const SETTLE_SECONDS = 30;

/** A key reaches the bookings of its own sources: any other source's reads as no booking at all. */
function assertReaches(call: KeyCall, source: string): void {
  if (!call.sources.has(source)) {
    throw new NotFoundError("No booking of this source for this API key: a key reaches its own sources' bookings only");
  }
}

function settled(written: Written): Upserted {
  if ('refused' in written) throw written.refused;
  return written;
}

/** The channel API: a booking created or updated by its channel reference, cancelled, or listed by change. */
export class ChannelBookingsService {
  constructor(
    private readonly tenancy: Tenancy,
    private readonly calls: CallLimit,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The key and catalogue, the locks, then the booking with its departure: three statements before the write. */
  async upsert(key: ParsedApiKey, source: string, externalId: string, body: ChannelBookingBody): Promise<Upserted> {
    const written = await runAsKey(this.tenancy, key, this.calls, async (tx, call) => {
      assertReaches(call, source);
      const { companyId } = call.actor;
      const tour = channelTour(call.catalogue, source, body.tour);
      const ref = { source, reference: externalId };
      const slot = { day: body.date, time: body.time, tour: tour.label };
      await lockChannelWrite(tx, companyId, ref, slot);
      const state = await readChannelWrite(tx, companyId, ref, slot, tour.id);
      const seats = { state, tourId: tour.id, timezone: call.catalogue.timezone, now: this.now() };
      const write = { actor: call.actor, externalId, row: state.row, seats };
      return writeChannelBooking(tx, write, wantedOf(body, source, tour.label));
    });
    return settled(written);
  }

  async cancel(key: ParsedApiKey, source: string, externalId: string): Promise<Booking> {
    const written = await runAsKey(this.tenancy, key, this.calls, async (tx, call) => {
      assertReaches(call, source);
      const { companyId } = call.actor;
      const ref = { source, reference: externalId };
      await lockBookingReferences(tx, companyId, [ref]);
      const row = (await findChannelBookings(tx, companyId, [ref])).get(referenceKey(source, externalId));
      if (!row) throw new NotFoundError('No booking of this source has that reference');
      const write = { actor: call.actor, externalId, row, seats: null };
      return writeChannelBooking(tx, write, { ...rowSnapshot(row), cancelled: true });
    });
    return settled(written).booking;
  }

  changes(key: ParsedApiKey, since: string, after: string | undefined): Promise<ChannelChanges> {
    return runAsKey(this.tenancy, key, this.calls, async (tx, { actor, sources }) => {
      const rows = await bookingsChangedSince(tx, actor.companyId, [...sources], {
        since: new Date(since),
        afterId: after ?? null,
        limit: PAGE_SIZE,
        settleSeconds: SETTLE_SECONDS,
      });
      const last = rows.at(-1);
      const next =
        rows.length === PAGE_SIZE && last
          ? `/api/v1/bookings?since=${encodeURIComponent(last.updatedAt.toISOString())}&after=${last.id}`
          : null;
      const changes = rows.map((row) => ({ changedAt: row.updatedAt.toISOString(), booking: channelView(row) }));
      return { changes, next };
    });
  }
}
