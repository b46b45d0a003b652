import type { Booking, EditBookingBody } from '../../../src/domain/booking';
import { bookingChanges } from '../../../src/domain/bookingChanges';
import { CUSTOMER_TYPES, countsFromList, totalCount } from '../../../src/domain/customerTypes';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import { overCapacityFacts, takeSeats } from '../timetable/departureSeats';
import { attendedCounts, bookedCounts, toBookingDto, viewerOf } from './bookings.mapper';
import { findBooking } from './bookingReads.repository';
import { updateBooking } from './bookings.repository';
import { rowSnapshot, seatMoveOf, slotOfBooking, snapshotFacts } from './bookingFacts';
import { changedFacts, recordEvents } from '../eventLog/eventLog';
import { followBookingChange } from './shiftHeads';
import {
  assertKnownSource,
  assertKnownTour,
  assertModifiable,
  cancelledError,
  chosenGuide,
  modifiableBooking,
  staleError,
} from './bookings.rules';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

/** Spec §4 booking edit: the version it was based on must still be current (409 with the current booking if not). */
export class BookingEditsService {
  constructor(
    private readonly tenancy: Tenancy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  edit(caller: Caller, bookingId: string, body: EditBookingBody): Promise<Booking> {
    return this.tenancy.runAs(caller, async (tx, auth) => {
      const viewer = viewerOf(auth.role, auth.company);
      const row = await modifiableBooking(tx, auth, bookingId, this.now());
      if (row.version !== body.version) throw staleError(toBookingDto(row, viewer));
      const edit = body.bookingAfterEditServer;
      assertModifiable(auth, auth.company, { day: edit.date, time: edit.time }, this.now());
      if (body.allowOverCapacity && auth.role !== 'Manager') throw new ForbiddenError();

      const source = edit.source ?? row.source;
      if (source !== row.source) {
        if (!row.manual) throw new BadRequestError(ERROR_MESSAGES.SOURCE_LOCKED, 'SOURCE_LOCKED');
        await assertKnownSource(tx, auth.companyId, source);
      }
      if (edit.tour !== row.tour) await assertKnownTour(tx, auth.companyId, edit.tour);

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
      const changes = bookingChanges(rowSnapshot(row), after);
      const guide = await chosenGuide(tx, auth, body.chosenGuideName);
      if (changes.length === 0 && guide === undefined) return toBookingDto(row, viewer);
      // More guests, or a move: judged as a new booking is, on the departure it goes to.
      const seats = await takeSeats(tx, auth.companyId, seatMoveOf(row, after), {
        overCapacity: body.allowOverCapacity,
        // Spec §5: an edit's time is free text; the timetable does not bind it.
        outsideTimetable: true,
      });

      const updated = await updateBooking(
        tx,
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
          // A new account replaces the last one (and any text from before `changes`); a guide change alone keeps it.
          ...(changes.length > 0 ? { changes, differences: null } : {}),
          ...guide,
        },
        body.version,
      );
      if (updated) {
        const split = await followBookingChange(tx, auth.companyId, row, updated);
        const facts = changedFacts(
          { ...snapshotFacts(rowSnapshot(row)), Guide: row.guide, ...split?.before },
          {
            ...snapshotFacts(after),
            Guide: guide ? guide.guide : row.guide,
            ...split?.after,
            ...overCapacityFacts(seats),
          },
        );
        const kind = !row.cancelled && after.cancelled ? 'booking.cancelled' : 'booking.edited';
        await recordEvents(tx, auth, [{ kind, bookingIds: [row.id], slot: slotOfBooking(row), ...facts }]);
        return toBookingDto(updated, viewer);
      }
      const current = await findBooking(tx, auth.companyId, row.id);
      if (!current) throw new NotFoundError('Booking not found');
      if (current.cancelled) throw cancelledError();
      throw staleError(toBookingDto(current, viewer));
    });
  }
}
