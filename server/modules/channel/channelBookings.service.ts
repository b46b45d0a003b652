import { v7 as uuidv7 } from 'uuid';
import type { Booking } from '../../../src/domain/booking';
import type { BookingSnapshot } from '../../../src/domain/bookingChanges';
import {
  keepsCheckIns,
  planBookingUpsert,
  refusalReason,
  type UpsertPlan,
  type UpsertRefusal,
  type WantedBooking,
} from '../../../src/domain/bookingUpsert';
import { takesSeats } from '../../../src/domain/capacity';
import { totalCount } from '../../../src/domain/customerTypes';
import { hasStarted } from '../../../src/domain/departureTimes';
import type { ChannelBookingBody, ChannelChanges } from '../../../src/domain/schemas/channel';
import type { Db } from '../../db/client';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError, ConflictError, NotFoundError, type AppError } from '../../errors';
import { changedFacts, recordEvents, type EventActor } from '../eventLog/eventLog';
import {
  existingBooking,
  refusedChange,
  rowSnapshot,
  seatMoveOf,
  slotOfBooking,
  snapshotFacts,
} from '../bookings/bookingFacts';
import { toBookingDto } from '../bookings/bookings.mapper';
import { insertBooking, updateBooking, type BookingRow } from '../bookings/bookings.repository';
import { staleError } from '../bookings/bookings.rules';
import {
  findChannelBookings,
  lockBookingReferences,
  referenceKey,
  type BookingReference,
} from '../bookings/channelReferences.repository';
import { findCompanySettings } from '../companies/companies.repository';
import { takeSeats } from '../timetable/departureSeats';
import type { ParsedApiKey } from '../../lib/apiKeySecret';
import type { CallLimit } from './callLimit';
import { channelTourLabel } from './channelCatalog';
import { runAsKey, type KeyCall } from './channelActor';
import { bookingsChangedSince } from './channelBookings.repository';

const PAGE_SIZE = 500;
/** Longer than any write's transaction: an import batch takes well under a second. */
const SETTLE_SECONDS = 30;

export interface Upserted {
  status: 200 | 201;
  booking: Booking;
}
/** A write's answer, or its refusal: thrown once the transaction has committed the refusal's event. */
type Written = Upserted | { refused: AppError };

/** The booking as its channel sees it: all of it, but a phone only when it is the one a channel sent. */
const channelView = (row: BookingRow): Booking =>
  toBookingDto(row, { role: 'Manager', showPhone: row.phoneFromChannel, showSource: true });

function wantedOf(body: ChannelBookingBody, source: string, tour: string): WantedBooking {
  const { name, date, time } = body;
  const counts = { Adults: body.adults, Teens: body.teens ?? 0, Children: body.children ?? 0 };
  return { name, date, time, tour, source, phone: body.phone || null, counts, cancelled: !!body.cancelled };
}

function refusalError(refusal: UpsertRefusal): AppError {
  return new ConflictError(`${refusal.field}: ${refusalReason(refusal)}`, refusal.code);
}

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

  async upsert(key: ParsedApiKey, source: string, externalId: string, body: ChannelBookingBody): Promise<Upserted> {
    const written = await runAsKey(this.tenancy, key, this.calls, async (tx, call) => {
      assertReaches(call, source);
      const tour = await channelTourLabel(tx, call.actor.companyId, source, body.tour);
      const row = await this.lockedBooking(tx, call.actor.companyId, { source, reference: externalId });
      return this.write(tx, call.actor, externalId, row, wantedOf(body, source, tour));
    });
    return settled(written);
  }

  async cancel(key: ParsedApiKey, source: string, externalId: string): Promise<Booking> {
    const written = await runAsKey(this.tenancy, key, this.calls, async (tx, call) => {
      assertReaches(call, source);
      const row = await this.lockedBooking(tx, call.actor.companyId, { source, reference: externalId });
      if (!row) throw new NotFoundError('No booking of this source has that reference');
      return this.write(tx, call.actor, externalId, row, { ...rowSnapshot(row), cancelled: true });
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

  /** The channel booking with this reference, its reference locked first (as an import's rows lock theirs). */
  private async lockedBooking(tx: Db, companyId: string, ref: BookingReference): Promise<BookingRow | undefined> {
    await lockBookingReferences(tx, companyId, [ref]);
    return (await findChannelBookings(tx, companyId, [ref])).get(referenceKey(ref.source, ref.reference));
  }

  /**
   * The write the plan (bookingUpsert.ts) makes of it. A change the booking's check-ins keep out is refused and
   * recorded, so a Manager sees it listed; sent again unchanged, nothing is written.
   */
  private async write(
    tx: Db,
    actor: EventActor,
    externalId: string,
    row: BookingRow | undefined,
    wanted: WantedBooking,
  ): Promise<Written> {
    const plan = planBookingUpsert(row && existingBooking(row), wanted);
    switch (plan.outcome) {
      case 'reject':
        if (row && keepsCheckIns(plan.refusal))
          await recordEvents(tx, actor, [refusedChange(row, wanted, plan.refusal)]);
        return { refused: refusalError(plan.refusal) };
      case 'unchanged':
        if (!row) throw new NotFoundError('No booking of this source has that reference: nothing to cancel');
        return { status: 200, booking: channelView(row) };
      case 'create':
        return { status: 201, booking: await this.create(tx, actor, externalId, plan.wanted) };
      default:
        return { status: 200, booking: await this.update(tx, actor, row as BookingRow, plan) };
    }
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
    await recordEvents(tx, actor, [
      {
        kind: 'booking.added',
        bookingIds: [row.id],
        slot: slotOfBooking(row),
        after: snapshotFacts(rowSnapshot(row)),
      },
    ]);
    return channelView(row);
  }

  private async update(
    tx: Db,
    actor: EventActor,
    row: BookingRow,
    plan: Extract<UpsertPlan, { outcome: 'update' | 'cancel' }>,
  ): Promise<Booking> {
    const { wanted, changes } = plan;
    await this.takeSeats(tx, actor.companyId, row, wanted);
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
    await recordEvents(tx, actor, [
      {
        kind: plan.outcome === 'cancel' ? 'booking.cancelled' : 'booking.edited',
        bookingIds: [row.id],
        slot: slotOfBooking(updated),
        ...facts,
      },
    ]);
    return channelView(updated);
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
