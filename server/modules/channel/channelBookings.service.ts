import { v7 as uuidv7 } from 'uuid';
import type { Booking } from '../../../src/domain/booking';
import { bookingChanges, type BookingSnapshot } from '../../../src/domain/bookingChanges';
import { CUSTOMER_TYPES, totalCount, type CustomerCounts } from '../../../src/domain/customerTypes';
import type { ChannelBookingBody, ChannelChanges } from '../../../src/domain/schemas/channel';
import type { Db } from '../../db/client';
import type { Tenancy } from '../../db/tenancy';
import { takesSeats } from '../../../src/domain/capacity';
import { hasStarted } from '../../../src/domain/departureTimes';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { changedFacts, recordEvent, type EventActor } from '../events/eventLog';
import { rowSnapshot, seatMoveOf, slotOfBooking, snapshotFacts } from '../bookings/bookingFacts';
import { findCompanySettings } from '../companies/companies.repository';
import { takeSeats } from '../timetable/departureSeats';
import { attendedCounts, toBookingDto, type Viewer } from '../bookings/bookings.mapper';
import { insertBooking, updateBooking, type BookingRow } from '../bookings/bookings.repository';
import { staleError } from '../bookings/bookings.rules';
import { channelTourLabel } from './channelCatalog';
import type { ParsedApiKey } from './apiKeySecret';
import { runAsKey } from './channelActor';
import { bookingsChangedSince, findChannelBooking, lockChannelBooking } from './channelBookings.repository';

/** The channel sent the booking: it sees all of it. */
const CHANNEL_VIEWER: Viewer = { role: 'Manager', showPhone: true, showSource: true };
const PAGE_SIZE = 500;
/** Longer than any write's transaction: an import batch takes well under a second. */
const SETTLE_SECONDS = 30;

export interface Upserted {
  status: 200 | 201;
  booking: Booking;
}

const countsOf = (body: ChannelBookingBody): CustomerCounts => ({
  Adults: body.adults,
  Teens: body.teens ?? 0,
  Children: body.children ?? 0,
});

function snapshotOf(body: ChannelBookingBody, source: string, tour: string): BookingSnapshot {
  const { name, date, time } = body;
  return {
    name,
    date,
    time,
    tour,
    source,
    phone: body.phone || null,
    counts: countsOf(body),
    cancelled: !!body.cancelled,
  };
}

/** The channel API (issue 24): a booking created or updated by its channel reference, cancelled, or listed by change. */
export class ChannelBookingsService {
  constructor(
    private readonly tenancy: Tenancy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  upsert(key: ParsedApiKey, source: string, externalId: string, body: ChannelBookingBody): Promise<Upserted> {
    return runAsKey(this.tenancy, key, async (tx, actor) => {
      const tour = await channelTourLabel(tx, actor.companyId, source, body.tour);
      await lockChannelBooking(tx, actor.companyId, source, externalId);
      const wanted = snapshotOf(body, source, tour);
      const existing = await findChannelBooking(tx, actor.companyId, source, externalId);
      if (!existing) return { status: 201, booking: await this.create(tx, actor, externalId, wanted) };
      return { status: 200, booking: await this.update(tx, actor, existing, wanted) };
    });
  }

  cancel(key: ParsedApiKey, source: string, externalId: string): Promise<Booking> {
    return runAsKey(this.tenancy, key, async (tx, actor) => {
      await lockChannelBooking(tx, actor.companyId, source, externalId);
      const existing = await findChannelBooking(tx, actor.companyId, source, externalId);
      if (!existing) throw new NotFoundError('No booking of this source has that reference');
      return this.update(tx, actor, existing, { ...rowSnapshot(existing), cancelled: true });
    });
  }

  changes(key: ParsedApiKey, since: string, after: string | undefined): Promise<ChannelChanges> {
    return runAsKey(this.tenancy, key, async (tx, actor) => {
      const rows = await bookingsChangedSince(
        tx,
        actor.companyId,
        new Date(since),
        after ?? null,
        PAGE_SIZE,
        SETTLE_SECONDS,
      );
      const last = rows.at(-1);
      const next =
        rows.length === PAGE_SIZE && last
          ? `/api/v1/bookings?since=${encodeURIComponent(last.updatedAt.toISOString())}&after=${last.id}`
          : null;
      const changes = rows.map((row) => ({
        changedAt: row.updatedAt.toISOString(),
        booking: toBookingDto(row, CHANNEL_VIEWER),
      }));
      return { changes, next };
    });
  }

  private async create(tx: Db, actor: EventActor, externalId: string, wanted: BookingSnapshot): Promise<Booking> {
    await this.takeSeats(tx, actor.companyId, undefined, wanted);
    const { counts } = wanted;
    const row = await insertBooking(tx, {
      companyId: actor.companyId,
      id: uuidv7(),
      bookingId: externalId,
      name: wanted.name,
      phone: wanted.phone,
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
    await recordEvent(tx, actor, {
      kind: 'booking.added',
      bookingIds: [row.id],
      slot: slotOfBooking(row),
      after: snapshotFacts(rowSnapshot(row)),
    });
    return toBookingDto(row, CHANNEL_VIEWER);
  }

  /** Sent again unchanged: nothing written. Check-ins are never lost: counts below them are refused. */
  private async update(tx: Db, actor: EventActor, row: BookingRow, wanted: BookingSnapshot): Promise<Booking> {
    const before = rowSnapshot(row);
    const changes = bookingChanges(before, wanted);
    if (changes.length === 0 || row.cancelled) {
      if (row.cancelled && !wanted.cancelled) {
        throw new ConflictError(
          'cancelled: this booking was cancelled; a cancelled booking is not reopened',
          'CANCELLED',
        );
      }
      return toBookingDto(row, CHANNEL_VIEWER);
    }
    const attended = attendedCounts(row);
    const below = CUSTOMER_TYPES.find((type) => wanted.counts[type] < attended[type]);
    if (below) {
      const field = below.toLowerCase();
      const message = `${field}: ${attended[below]} already checked in; the booking cannot have fewer`;
      throw new ConflictError(message, 'COUNTS_BELOW_CHECKED_IN');
    }
    await this.takeSeats(tx, actor.companyId, row, wanted);
    const { counts } = wanted;
    const updated = await updateBooking(
      tx,
      actor.companyId,
      row.id,
      {
        name: wanted.name,
        phone: wanted.phone,
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
    if (!updated) throw staleError(toBookingDto(row, CHANNEL_VIEWER));
    const facts = changedFacts(snapshotFacts(before), snapshotFacts(wanted));
    await recordEvent(tx, actor, {
      kind: wanted.cancelled ? 'booking.cancelled' : 'booking.edited',
      bookingIds: [row.id],
      slot: slotOfBooking(updated),
      ...facts,
    });
    return toBookingDto(updated, CHANNEL_VIEWER);
  }

  /**
   * A write that puts guests on a departure (a new booking, more guests, a move) must find it in the timetable, not
   * yet started, with the seats: 400 DEPARTURE_PAST, 409 NO_DEPARTURE or OVER_CAPACITY. A channel has no override.
   */
  private async takeSeats(tx: Db, companyId: string, row: BookingRow | undefined, wanted: BookingSnapshot) {
    const move = seatMoveOf(row, wanted);
    if (!takesSeats(move)) return;
    const company = await findCompanySettings(tx, companyId);
    if (hasStarted(move.to.slot, company?.timezone ?? 'UTC', this.now())) {
      throw new BadRequestError(
        'date: this departure has already started: its seats are no longer sold',
        'DEPARTURE_PAST',
      );
    }
    await takeSeats(tx, companyId, move);
  }
}
