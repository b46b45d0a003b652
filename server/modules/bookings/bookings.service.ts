import { v7 as uuidv7 } from 'uuid';
import {
  MANUAL_BOOKING_ID,
  describeDifferences,
  type AddBookingBody,
  type Booking,
  type CheckInBody,
  type DayBookings,
  type EditBookingBody,
  type NearbySlot,
  type SlotBookings,
} from '../../../src/domain/booking';
import { WALKIN_SOURCE } from '../../../src/domain/company';
import { CUSTOMER_TYPES, countsFromList, totalCount, type CustomerCounts } from '../../../src/domain/customerTypes';
import { canModifySlot, canSeeSlot, type SlotRef } from '../../../src/domain/slotRules';
import type { Db } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError, type AppError } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { listSourceLabels, listTourLabels, type CompanySettings } from '../companies/companies.repository';
import { attendedCounts, bookedCounts, toBookingDto, viewerOf } from './bookings.mapper';
import type { Prefetch } from '../../db/reads';
import {
  bookingByIdRead,
  checkInBooking,
  dayBookingsRead,
  findBooking,
  insertBooking,
  listDayBookings,
  listSlotBookings,
  listSlotsBetween,
  slotBookingsRead,
  slotsBetweenRead,
  updateBooking,
  type BookingRow,
} from './bookings.repository';
import { assertMember, assertModifiable, assertVisible, companyOf } from './bookings.rules';

export interface Slot extends SlotRef {
  tour: string;
}

/** Check-ins racing other writes of the same booking retry this often before answering 409. */
const CHECK_IN_ATTEMPTS = 5;

export class BookingsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The reads `day`, `slot`, `nearby` and a booking's writes make first (route `config.prefetch`). */
  readonly reads = {
    booking: (companyId: string, id: string): Prefetch[] => [bookingByIdRead(this.db, companyId, id)],
    day: (companyId: string, day: string): Prefetch[] => [dayBookingsRead(this.db, companyId, day)],
    slot: (companyId: string, slot: Slot): Prefetch[] => [slotBookingsRead(this.db, companyId, slot)],
    nearby: (companyId: string, day: string, startTime: string, endTime: string): Prefetch[] => [
      slotsBetweenRead(this.db, companyId, day, startTime, endTime),
    ],
  };

  async day(auth: AuthContext, day: string): Promise<DayBookings> {
    const company = await companyOf(this.db, auth);
    const viewer = viewerOf(auth.role, company);
    const now = this.now();
    const rows = await listDayBookings(this.db, auth.companyId, day);
    const visible: BookingRow[] = [];
    const hidden = new Set<string>();
    // Visibility depends on the start time only: one zone computation per time, not per booking.
    const visibleAt = new Map<string, boolean>();
    for (const row of rows) {
      let seen = visibleAt.get(row.time);
      if (seen === undefined) {
        seen = canSeeSlot(auth.role, company, { day, time: row.time }, now);
        visibleAt.set(row.time, seen);
      }
      if (seen) visible.push(row);
      else hidden.add(`${row.time}|${row.tour}`);
    }
    return { bookings: visible.map((row) => toBookingDto(row, viewer)), hiddenSlots: hidden.size };
  }

  async slot(auth: AuthContext, slot: Slot): Promise<SlotBookings> {
    const company = await companyOf(this.db, auth);
    const now = this.now();
    assertVisible(auth, company, slot, now);
    const viewer = viewerOf(auth.role, company);
    const rows = await listSlotBookings(this.db, auth.companyId, slot);
    return {
      bookings: rows.map((row) => toBookingDto(row, viewer)),
      modifiable: canModifySlot(auth.role, company, slot, now),
    };
  }

  async nearby(auth: AuthContext, day: string, startTime: string, endTime: string): Promise<NearbySlot[]> {
    if (startTime > endTime) throw new BadRequestError('startTime must not be after endTime', 'VALIDATION');
    const company = await companyOf(this.db, auth);
    const now = this.now();
    const slots = await listSlotsBetween(this.db, auth.companyId, day, startTime, endTime);
    return slots.filter((s) => canSeeSlot(auth.role, company, { day, time: s.time }, now));
  }

  async checkIn(auth: AuthContext, bookingId: string, body: CheckInBody): Promise<Booking> {
    const company = await companyOf(this.db, auth);
    const attended = countsFromList(body.attendees);
    const guide = await this.chosenGuide(auth, body.chosenGuide);
    // An edit may lower the booked counts between the read and the write: the write applies only to the version
    // checked here, and a check-in that lost that race is checked again against the fresh row.
    for (let attempt = 1; ; attempt++) {
      const row = await this.modifiableBooking(auth, company, bookingId);
      assertAttendeesBooked(attended, bookedCounts(row));
      const updated = await checkInBooking(this.db, auth.companyId, row.id, attended, guide, row.version);
      if (updated) return toBookingDto(updated, viewerOf(auth.role, company));
      if (attempt === CHECK_IN_ATTEMPTS) throw staleError(toBookingDto(row, viewerOf(auth.role, company)));
    }
  }

  async edit(auth: AuthContext, bookingId: string, body: EditBookingBody): Promise<Booking> {
    const company = await companyOf(this.db, auth);
    const viewer = viewerOf(auth.role, company);
    const row = await this.modifiableBooking(auth, company, bookingId);
    if (row.version !== body.version) throw staleError(toBookingDto(row, viewer));
    const edit = body.bookingAfterEditServer;
    const target: Slot = { day: edit.date, time: edit.time, tour: edit.tour };
    assertModifiable(auth, company, target, this.now());

    const source = edit.source ?? row.source;
    if (source !== row.source) {
      if (!row.manual) throw new BadRequestError('Only manually added bookings can change source', 'SOURCE_LOCKED');
      await this.assertKnownSource(auth.companyId, source);
    }
    if (edit.tour !== row.tour) await this.assertKnownTour(auth.companyId, edit.tour);

    const counts = countsFromList(edit.customers);
    // Types the edit does not mention keep their count; a type sent as 0 is emptied.
    for (const type of CUSTOMER_TYPES) {
      if (!edit.customers.some((entry) => type in entry)) counts[type] = bookedCounts(row)[type];
    }
    const attended = attendedCounts(row);
    const phone = viewer.showPhone && edit.phone !== undefined ? edit.phone || null : row.phone;
    const after = {
      name: edit.name ?? row.name,
      counts,
      time: edit.time,
      tour: edit.tour,
      date: edit.date,
      source,
      phone,
      cancelled: edit.cancelled,
    };
    const differences = describeDifferences(snapshot(row), after);
    const guide = await this.chosenGuide(auth, body.chosenGuideName);
    if (!differences && guide === undefined) return toBookingDto(row, viewer);

    const updated = await updateBooking(
      this.db,
      auth.companyId,
      row.id,
      {
        name: after.name,
        date: after.date,
        time: after.time,
        tour: after.tour,
        source: after.source,
        phone: after.phone,
        adults: counts.Adults,
        teens: counts.Teens,
        children: counts.Children,
        // Nobody can have attended more guests than are now booked.
        attendedAdults: Math.min(attended.Adults, counts.Adults),
        attendedTeens: Math.min(attended.Teens, counts.Teens),
        attendedChildren: Math.min(attended.Children, counts.Children),
        pax: totalCount(counts),
        cancelled: after.cancelled,
        modifiedBy: auth.email,
        differences: differences || row.differences,
        ...(guide !== undefined ? { guide } : {}),
      },
      body.version,
    );
    if (updated) return toBookingDto(updated, viewer);
    const current = await findBooking(this.db, auth.companyId, row.id);
    if (!current) throw new NotFoundError('Booking not found');
    if (current.cancelled) throw cancelledError();
    throw staleError(toBookingDto(current, viewer));
  }

  async add(auth: AuthContext, body: AddBookingBody): Promise<Booking> {
    const company = await companyOf(this.db, auth);
    const slot: Slot = { day: body.date, time: body.time, tour: body.tour };
    assertModifiable(auth, company, slot, this.now());
    const source = body.source?.trim() || WALKIN_SOURCE;
    await this.assertKnownSource(auth.companyId, source);
    const counts = countsFromList(body.customers);
    const attended = countsFromList(body.attendees ?? []);
    assertAttendeesBooked(attended, counts);
    const row = await insertBooking(this.db, {
      companyId: auth.companyId,
      id: uuidv7(),
      bookingId: MANUAL_BOOKING_ID,
      manual: true,
      name: body.name,
      phone: body.phone || null,
      date: body.date,
      time: body.time,
      tour: body.tour,
      source,
      adults: counts.Adults,
      teens: counts.Teens,
      children: counts.Children,
      attendedAdults: attended.Adults,
      attendedTeens: attended.Teens,
      attendedChildren: attended.Children,
      pax: totalCount(counts),
      modifiedBy: auth.email,
    });
    return toBookingDto(row, viewerOf(auth.role, company));
  }

  private async modifiableBooking(auth: AuthContext, company: CompanySettings, bookingId: string): Promise<BookingRow> {
    const row = await findBooking(this.db, auth.companyId, bookingId);
    if (!row) throw new NotFoundError('Booking not found');
    assertModifiable(auth, company, { day: row.date, time: row.time }, this.now());
    if (row.cancelled) throw cancelledError();
    return row;
  }

  /** `undefined` leaves the booking's guide alone: only members with `assignable` may check in as someone. */
  private async chosenGuide(auth: AuthContext, chosen: string | null | undefined): Promise<string | undefined> {
    if (!auth.assignable || !chosen) return undefined;
    await assertMember(this.db, auth.companyId, chosen);
    return chosen;
  }

  private async assertKnownSource(companyId: string, source: string): Promise<void> {
    if (!(await listSourceLabels(this.db, companyId)).includes(source)) {
      throw new BadRequestError(`Unknown source: ${source}`, 'UNKNOWN_SOURCE');
    }
  }

  private async assertKnownTour(companyId: string, tour: string): Promise<void> {
    if (!(await listTourLabels(this.db, companyId)).includes(tour)) {
      throw new BadRequestError(`Unknown tour: ${tour}`, 'UNKNOWN_TOUR');
    }
  }
}

function snapshot(row: BookingRow) {
  return {
    name: row.name,
    counts: bookedCounts(row),
    time: row.time,
    tour: row.tour,
    date: row.date,
    source: row.source,
    phone: row.phone,
    cancelled: row.cancelled,
  };
}

function assertAttendeesBooked(attended: CustomerCounts, booked: CustomerCounts): void {
  for (const type of CUSTOMER_TYPES) {
    if (attended[type] > booked[type]) {
      throw new BadRequestError(
        `${type}: ${attended[type]} checked in but only ${booked[type]} booked`,
        'ATTENDEES_OVER_BOOKED',
      );
    }
  }
}

function cancelledError(): AppError {
  return new ConflictError('This booking was cancelled and can no longer be changed', 'BOOKING_CANCELLED');
}

function staleError(current: Booking): AppError {
  return new ConflictError(
    'Someone else changed this booking meanwhile. Check the current details and try again.',
    'STALE_BOOKING',
    { current },
  );
}
