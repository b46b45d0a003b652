import { v7 as uuidv7 } from 'uuid';
import {
  MANUAL_BOOKING_ID,
  type AddBookingBody,
  type Booking,
  type DayBookings,
  type NearbySlot,
  type SlotBookings,
} from '../../../src/domain/booking';
import type { ScheduledSlot } from '../../../src/domain/schemas/booking';
import { departuresOn } from '../../../src/domain/timetable';
import { WALKIN_SOURCE } from '../../../src/domain/company';
import { countsFromList, totalCount } from '../../../src/domain/customerTypes';
import { canModifySlot, canSeeSlot, type SlotRef } from '../../../src/domain/slotRules';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError, ForbiddenError } from '../../errors';
import { recordEvents } from '../eventLog/eventLog';
import { capacityOf, overCapacityFacts, takeSeats } from '../timetable/departureSeats';
import { timetableOfDay } from '../timetable/timetable.repository';
import { attendanceFacts, rowSnapshot, slotOfBooking, snapshotFacts } from './bookingFacts';
import { nextOpeningForGuide, type SlotName } from './guideOpening';
import { toBookingDto, viewerOf } from './bookings.mapper';
import { listDayBookings, listSlotBookings, listSlotsBetween } from './bookingReads.repository';
import { insertBooking, type BookingRow } from './bookings.repository';
import {
  assertAttendeesBooked,
  assertKnownSource,
  assertKnownTour,
  assertModifiable,
  assertVisible,
} from './bookings.rules';

export interface Slot extends SlotRef {
  tour: string;
}

const prefixed = (prefix: string, facts: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(facts).map(([key, value]) => [prefix + key, value]));

/** A day's and a slot's bookings, and new bookings (check-ins: checkIns.service.ts; edits: bookingEdits.service.ts). */
export class BookingsService {
  constructor(
    private readonly tenancy: Tenancy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  day(caller: Caller, day: string): Promise<DayBookings> {
    return this.tenancy.readAs(caller, async (tx, auth) => {
      const viewer = viewerOf(auth.role, auth.company);
      const now = this.now();
      const [rows, timetable] = await Promise.all([
        listDayBookings(tx, auth.companyId, day),
        timetableOfDay(tx, auth.companyId, day),
      ]);
      // A day has a few start times and many bookings: each time is judged once.
      const judged = new Map<string, boolean>();
      const canSee = (time: string) => {
        let seen = judged.get(time);
        if (seen === undefined) judged.set(time, (seen = canSeeSlot(auth.role, auth.company, { day, time }, now)));
        return seen;
      };
      const visible: BookingRow[] = [];
      const hidden = new Map<string, SlotName>();
      const hide = (time: string, tour: string) => hidden.set(`${time}|${tour}`, { time, tour });
      for (const row of rows) {
        if (canSee(row.time)) visible.push(row);
        else hide(row.time, row.tour);
      }
      // The timetable's departures of the day, judged by the same window.
      const departures: ScheduledSlot[] = [];
      for (const departure of departuresOn(day, timetable)) {
        const tour = timetable.tourNames.get(departure.tourId) ?? '';
        if (canSee(departure.time)) departures.push({ time: departure.time, tour, capacity: departure.capacity });
        else hide(departure.time, tour);
      }
      const answer = {
        bookings: visible.map((row) => toBookingDto(row, viewer)),
        departures,
        hiddenSlots: hidden.size,
      };
      if (auth.role !== 'Guide') return answer;
      const nextOpening = await nextOpeningForGuide(tx, auth.company, day, [...hidden.values()], now);
      return { ...answer, nextOpening };
    });
  }

  slot(caller: Caller, slot: Slot): Promise<SlotBookings> {
    return this.tenancy.readAs(caller, async (tx, auth) => {
      const now = this.now();
      assertVisible(auth, auth.company, slot, now);
      const [rows, capacity] = await Promise.all([
        listSlotBookings(tx, auth.companyId, slot),
        capacityOf(tx, auth.companyId, slot),
      ]);
      const viewer = viewerOf(auth.role, auth.company);
      return {
        bookings: rows.map((row) => toBookingDto(row, viewer)),
        modifiable: canModifySlot(auth.role, auth.company, slot, now),
        capacity,
      };
    });
  }

  nearby(caller: Caller, day: string, startTime: string, endTime: string): Promise<NearbySlot[]> {
    if (startTime > endTime) throw new BadRequestError('startTime must not be after endTime', 'VALIDATION');
    return this.tenancy.readAs(caller, async (tx, auth) => {
      const now = this.now();
      const slots = await listSlotsBetween(tx, auth.companyId, day, startTime, endTime);
      return slots.filter((s) => canSeeSlot(auth.role, auth.company, { day, time: s.time }, now));
    });
  }

  add(caller: Caller, body: AddBookingBody): Promise<Booking> {
    const source = body.source?.trim() || WALKIN_SOURCE;
    const counts = countsFromList(body.customers);
    const attended = countsFromList(body.attendees ?? []);
    assertAttendeesBooked(attended, counts);
    return this.tenancy.runAs(caller, async (tx, auth) => {
      assertModifiable(auth, auth.company, { day: body.date, time: body.time }, this.now());
      if (body.allowOverCapacity && auth.role !== 'Manager') throw new ForbiddenError();
      await assertKnownTour(tx, auth.companyId, body.tour);
      await assertKnownSource(tx, auth.companyId, source);
      const slot = { day: body.date, time: body.time, tour: body.tour };
      const seats = await takeSeats(
        tx,
        auth.companyId,
        { from: null, to: { slot, pax: totalCount(counts) } },
        // Not bound to the timetable: a Manager may book a tour at another time (spec: any slot).
        { overCapacity: body.allowOverCapacity, outsideTimetable: true },
      );
      const row = await insertBooking(tx, {
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
      const checkedIn = Object.values(attended).some((count) => count > 0) ? attendanceFacts(row) : {};
      await recordEvents(tx, auth, [
        {
          kind: 'booking.added',
          bookingIds: [row.id],
          slot: slotOfBooking(row),
          after: {
            ...snapshotFacts(rowSnapshot(row)),
            Reference: row.reference,
            ...prefixed('Checked in ', checkedIn),
            ...overCapacityFacts(seats),
          },
        },
      ]);
      return toBookingDto(row, viewerOf(auth.role, auth.company));
    });
  }
}
